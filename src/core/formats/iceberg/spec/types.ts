/**
 * Iceberg data types (spec "Schemas and Data Types", Appendix C "Schemas" for the JSON form).
 * Every type of v1–v3 is modelled, including v3 `timestamp_ns`, `variant`, `geometry`, `geography` and
 * `unknown`; types that have no ordering map to the expr kind `other` (shown and passed through, never
 * used for pruning).
 */
import type { ValueType } from '../../../expr/types.ts';
import { type JsonCtx, type JsonObject, asArray, asObject, at, invalid, optBool, optString, reqField, reqInt, reqString } from './json-fields.ts';
import { errorRef } from '../../../messages/message-parts.ts';

export type SimplePrimitive =
  | 'boolean' | 'int' | 'long' | 'float' | 'double' | 'date' | 'time' | 'timestamp' | 'timestamptz'
  | 'timestamp_ns' | 'timestamptz_ns' | 'string' | 'uuid' | 'binary' | 'unknown' | 'variant';

export type PrimitiveType =
  | { readonly kind: SimplePrimitive }
  | { readonly kind: 'decimal'; readonly precision: number; readonly scale: number }
  | { readonly kind: 'fixed'; readonly length: number }
  | { readonly kind: 'geometry'; readonly crs: string }
  | { readonly kind: 'geography'; readonly crs: string; readonly algorithm: string };

export interface NestedField {
  readonly id: number;
  readonly name: string;
  readonly required: boolean;
  readonly type: IcebergType;
  readonly doc?: string;
  /** JSON single-value form (Appendix D) of the value for rows written before the field existed (v3). */
  readonly initialDefault?: unknown;
  /** JSON single-value form of the value writers use when they do not supply one (v3). */
  readonly writeDefault?: unknown;
}

export interface StructType { readonly kind: 'struct'; readonly fields: readonly NestedField[] }
export interface ListType { readonly kind: 'list'; readonly elementId: number; readonly elementRequired: boolean; readonly element: IcebergType }
export interface MapType {
  readonly kind: 'map'; readonly keyId: number; readonly key: IcebergType;
  readonly valueId: number; readonly valueRequired: boolean; readonly value: IcebergType;
}

export type IcebergType = PrimitiveType | StructType | ListType | MapType;

const SIMPLE = new Set<string>(['boolean', 'int', 'long', 'float', 'double', 'date', 'time', 'timestamp', 'timestamptz',
  'timestamp_ns', 'timestamptz_ns', 'string', 'uuid', 'binary', 'unknown', 'variant']);

/** True for struct, list and map. */
export function isNested(t: IcebergType): t is StructType | ListType | MapType {
  return t.kind === 'struct' || t.kind === 'list' || t.kind === 'map';
}

/** Parses a type from its JSON form (a string for primitives, an object for nested types). */
export function parseType(json: unknown, ctx: JsonCtx): IcebergType {
  if (typeof json === 'string') return parsePrimitive(json, ctx);
  const o = asObject(json, ctx);
  const kind = reqString(o, 'type', ctx);
  switch (kind) {
    case 'struct': return parseStruct(o, ctx);
    case 'list': return {
      kind: 'list', elementId: reqInt(o, 'element-id', ctx), elementRequired: optBool(o, 'element-required', ctx) ?? false,
      element: parseType(reqField(o, 'element', ctx), at(ctx, 'element')),
    };
    case 'map': return {
      kind: 'map', keyId: reqInt(o, 'key-id', ctx), key: parseType(reqField(o, 'key', ctx), at(ctx, 'key')),
      valueId: reqInt(o, 'value-id', ctx), valueRequired: optBool(o, 'value-required', ctx) ?? false,
      value: parseType(reqField(o, 'value', ctx), at(ctx, 'value')),
    };
    default: throw invalid(at(ctx, 'type'), errorRef('error.iceberg.json.nestedType', { kind: String(kind) }));
  }
}

/** Parses `{"type":"struct","fields":[…]}`. */
export function parseStruct(o: JsonObject, ctx: JsonCtx): StructType {
  const fields = asArray(reqField(o, 'fields', ctx), at(ctx, 'fields')).map((f, i) => parseField(f, at(at(ctx, 'fields'), i)));
  return { kind: 'struct', fields };
}

function parseField(json: unknown, ctx: JsonCtx): NestedField {
  const o = asObject(json, ctx);
  const field: NestedField = {
    id: reqInt(o, 'id', ctx),
    name: reqString(o, 'name', ctx),
    required: optBool(o, 'required', ctx) ?? false,
    type: parseType(reqField(o, 'type', ctx), at(ctx, 'type')),
    doc: optString(o, 'doc', ctx),
    ...(o['initial-default'] !== undefined ? { initialDefault: o['initial-default'] } : {}),
    ...(o['write-default'] !== undefined ? { writeDefault: o['write-default'] } : {}),
  };
  return field;
}

function parsePrimitive(s: string, ctx: JsonCtx): PrimitiveType {
  const t = s.trim();
  if (SIMPLE.has(t)) return { kind: t as SimplePrimitive };
  let m = /^decimal\s*\(\s*(\d+)\s*,\s*(-?\d+)\s*\)$/.exec(t);
  if (m) {
    const precision = Number(m[1]); const scale = Number(m[2]);
    if (precision < 1 || precision > 38) throw invalid(ctx, errorRef('error.iceberg.json.precision', { precision }));
    return { kind: 'decimal', precision, scale };
  }
  m = /^fixed\s*\[\s*(\d+)\s*\]$/.exec(t);
  if (m) return { kind: 'fixed', length: Number(m[1]) };
  m = /^geometry\s*(?:\(\s*([^)]*?)\s*\))?$/.exec(t);
  if (m) return { kind: 'geometry', crs: m[1] || 'OGC:CRS84' };
  m = /^geography\s*(?:\(\s*([^,)]*?)\s*(?:,\s*([^)]*?)\s*)?\))?$/.exec(t);
  if (m) return { kind: 'geography', crs: m[1] || 'OGC:CRS84', algorithm: m[2] || 'spherical' };
  throw invalid(ctx, errorRef('error.iceberg.json.unknownType', { type: s }));
}

/** The type as the spec writes it: `decimal(10,2)`, `fixed[16]`, `list<string>`, `map<string, long>`, `struct<a: int>`. */
export function typeToString(t: IcebergType): string {
  switch (t.kind) {
    case 'decimal': return `decimal(${t.precision},${t.scale})`;
    case 'fixed': return `fixed[${t.length}]`;
    case 'geometry': return `geometry(${t.crs})`;
    case 'geography': return `geography(${t.crs},${t.algorithm})`;
    case 'list': return `list<${typeToString(t.element)}>`;
    case 'map': return `map<${typeToString(t.key)}, ${typeToString(t.value)}>`;
    case 'struct': return `struct<${t.fields.map((f) => `${f.name}: ${typeToString(f.type)}`).join(', ')}>`;
    default: return t.kind;
  }
}

/** The predicate value type of a column; nested and unordered types are `other`. */
export function toValueType(t: IcebergType): ValueType {
  switch (t.kind) {
    case 'decimal': return { kind: 'decimal', precision: t.precision, scale: t.scale };
    case 'fixed': return { kind: 'fixed', length: t.length };
    case 'struct': case 'list': case 'map': case 'geometry': case 'geography': case 'variant': case 'unknown':
      return { kind: 'other' };
    default: return { kind: t.kind };
  }
}
