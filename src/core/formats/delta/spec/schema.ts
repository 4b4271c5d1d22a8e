/**
 * The table schema (PROTOCOL.md "Schema Serialization Format"): Spark's JSON schema with primitive
 * types, `decimal(p,s)`, structs, arrays and maps, plus column metadata — column mapping (physical
 * name and id, PROTOCOL.md "Column Mapping"), type changes ("Type Widening"), identity and generated
 * columns, invariants. Pure: no I/O.
 */
import { LakeError } from '../../../errors.ts';
import { parseJson } from '../../../util/json.ts';
import { invalid } from './errors.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef } from '../../../messages/message-parts.ts';

export type PrimitiveName =
  | 'string' | 'long' | 'integer' | 'short' | 'byte' | 'float' | 'double' | 'boolean' | 'binary' | 'date'
  | 'timestamp' | 'timestamp_ntz' | 'decimal' | 'variant' | 'void';

export type DeltaType =
  | { readonly kind: 'primitive'; readonly name: PrimitiveName; readonly precision?: number; readonly scale?: number }
  | { readonly kind: 'struct'; readonly fields: readonly StructField[] }
  | { readonly kind: 'array'; readonly elementType: DeltaType; readonly containsNull: boolean }
  | { readonly kind: 'map'; readonly keyType: DeltaType; readonly valueType: DeltaType; readonly valueContainsNull: boolean };

export interface StructField {
  readonly name: string;
  readonly type: DeltaType;
  readonly nullable: boolean;
  readonly metadata: Readonly<Record<string, unknown>>;
}

export type StructType = Extract<DeltaType, { kind: 'struct' }>;

export const PHYSICAL_NAME_KEY = 'delta.columnMapping.physicalName';
const COLUMN_ID_KEY = 'delta.columnMapping.id';

type Obj = Record<string, unknown>;

const PRIMITIVES = new Set(['string', 'long', 'integer', 'short', 'byte', 'float', 'double', 'boolean', 'binary', 'date', 'timestamp', 'timestamp_ntz', 'variant', 'void']);

function parseType(t: unknown, path: string): DeltaType {
  if (typeof t === 'string') {
    const d = /^decimal\(\s*(\d+)\s*,\s*(-?\d+)\s*\)$/.exec(t);
    if (d) return { kind: 'primitive', name: 'decimal', precision: Number(d[1]), scale: Number(d[2]) };
    if (t === 'decimal') return { kind: 'primitive', name: 'decimal', precision: 10, scale: 0 };
    if (PRIMITIVES.has(t)) return { kind: 'primitive', name: t as PrimitiveName };
    throw messageError('Unsupported', 'error.delta.schema.unknownType', { column: path, type: t }, { column: path });
  }
  if (typeof t !== 'object' || t === null) throw invalid('delta schema', errorRef('error.delta.schema.noType', { column: path }));
  const o = t as Obj;
  switch (o.type) {
    case 'struct': return parseStruct(o, path);
    case 'array': return { kind: 'array', elementType: parseType(o.elementType, `${path}.element`), containsNull: o.containsNull !== false };
    case 'map': return { kind: 'map', keyType: parseType(o.keyType, `${path}.key`), valueType: parseType(o.valueType, `${path}.value`), valueContainsNull: o.valueContainsNull !== false };
    default: throw messageError('Unsupported', 'error.delta.schema.unknownType', { column: path, type: String(o.type) }, { column: path });
  }
}

function parseStruct(o: Obj, path: string): StructType {
  if (!Array.isArray(o.fields)) throw invalid('delta schema', errorRef('error.delta.schema.noFields', { struct: path || errorRef('error.delta.schema.root', undefined) }));
  return {
    kind: 'struct',
    fields: o.fields.map((f: unknown) => {
      const fo = f as Obj;
      if (typeof fo?.name !== 'string') throw invalid('delta schema', errorRef('error.delta.schema.fieldNoName', { struct: path || errorRef('error.delta.schema.theSchema', undefined) }));
      const name = fo.name;
      const metadata = typeof fo.metadata === 'object' && fo.metadata !== null ? fo.metadata as Obj : {};
      return { name, type: parseType(fo.type, path ? `${path}.${name}` : name), nullable: fo.nullable !== false, metadata };
    }),
  };
}

/** Parses `metaData.schemaString`. Must hold: a root that is not a struct → DataInvalid `delta schema: …`. */
export function parseSchemaString(text: string, file?: string): StructType {
  if (text === '') throw invalid('delta schema', file ? errorRef('error.delta.schema.noSchemaStringIn', { file }) : errorRef('error.delta.schema.noSchemaString', undefined), file);
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (e) {
    const detail = (e as Error).message;
    throw invalid('delta schema', file ? errorRef('error.delta.schema.notJsonIn', { file, detail }) : errorRef('error.delta.schema.notJson', { detail }), file);
  }
  if (typeof json !== 'object' || json === null || (json as Obj).type !== 'struct') throw invalid('delta schema', file ? errorRef('error.delta.schema.notStructIn', { file }) : errorRef('error.delta.schema.notStruct', undefined), file);
  try {
    return parseStruct(json as Obj, '');
  } catch (e) {
    if (file && e instanceof LakeError && !e.context.file) throw inSchemaOf(e, file);
    throw e;
  }
}

/**
 * `e` (an error in the schema of the metaData action in `file`) naming that file: English exactly
 * `${e.message} (schema in ${file})`, its catalog message (when it has one) quoted the same way.
 */
export function inSchemaOf(e: LakeError, file: string): LakeError {
  return new LakeError(e.code, `${e.message} (schema in ${file})`, { ...e.context, file }, { cause: e, ref: e.ref && errorRef('error.delta.schema.inFile', { message: e.ref, file }) });
}

/** Column mapping mode (`delta.columnMapping.mode`; `none` when absent). */
export type ColumnMappingMode = 'none' | 'name' | 'id';

/** The physical name of a field under a mapping mode (its display name in mode `none`). */
export function physicalName(f: StructField, mode: ColumnMappingMode): string {
  if (mode === 'none') return f.name;
  const p = f.metadata[PHYSICAL_NAME_KEY];
  if (typeof p !== 'string') throw invalid('delta schema', errorRef('error.delta.schema.noPhysicalName', { mode, column: f.name, key: PHYSICAL_NAME_KEY }));
  return p;
}

/** The column-mapping id of a field, if it has one. */
export function fieldId(f: StructField): number | undefined {
  const v = f.metadata[COLUMN_ID_KEY];
  return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : undefined;
}

/** `decimal(10,2)`, `array<int>`, … for display. */
export function formatType(t: DeltaType): string {
  switch (t.kind) {
    case 'primitive': return t.name === 'decimal' ? `decimal(${t.precision},${t.scale})` : t.name;
    case 'struct': return `struct<${t.fields.map((f) => `${f.name}: ${formatType(f.type)}`).join(', ')}>`;
    case 'array': return `array<${formatType(t.elementType)}>`;
    case 'map': return `map<${formatType(t.keyType)}, ${formatType(t.valueType)}>`;
  }
}

/** True when some field, at any depth, has a primitive type of this name. */
export function containsType(t: DeltaType, name: PrimitiveName): boolean {
  switch (t.kind) {
    case 'primitive': return t.name === name;
    case 'struct': return t.fields.some((f) => containsType(f.type, name));
    case 'array': return containsType(t.elementType, name);
    case 'map': return containsType(t.keyType, name) || containsType(t.valueType, name);
  }
}
