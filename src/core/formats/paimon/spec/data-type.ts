/**
 * Paimon data types (paimon-api `org.apache.paimon.types`, JSON form of `DataTypeJsonParser`): atomic
 * types are SQL strings (`INT NOT NULL`, `DECIMAL(23, 5)`, `TIMESTAMP(9) WITH LOCAL TIME ZONE`), nested
 * types are objects (`{"type":"ARRAY","element":…}`, `MAP` with key/value, `ROW` with fields).
 *
 * Internal value of each type (shared with core/expr so predicates compare the same representation):
 * TINYINT/SMALLINT/INT → number, BIGINT → bigint, FLOAT/DOUBLE → number, BOOLEAN → boolean,
 * DECIMAL → bigint unscaled, CHAR/VARCHAR/STRING → string, BINARY/VARBINARY/BYTES → Uint8Array,
 * DATE → number (days since epoch), TIME → bigint µs, TIMESTAMP(p ≤ 6) → bigint µs,
 * TIMESTAMP(p > 6) → bigint ns. ARRAY → array, MAP/MULTISET → Map, ROW → object by field name.
 */
import { LakeError } from '../../../errors.ts';
import type { PrimitiveKind, ValueType } from '../../../expr/index.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef, type ErrorRef } from '../../../messages/message-parts.ts';

export type AtomicRoot =
  | 'BOOLEAN' | 'TINYINT' | 'SMALLINT' | 'INT' | 'BIGINT' | 'FLOAT' | 'DOUBLE' | 'DECIMAL'
  | 'CHAR' | 'VARCHAR' | 'BINARY' | 'VARBINARY' | 'DATE' | 'TIME' | 'TIMESTAMP' | 'TIMESTAMP_LTZ'
  | 'VARIANT' | 'BLOB';

/** A field of a ROW type or a table schema. */
export interface DataField {
  readonly id: number;
  readonly name: string;
  readonly type: DataType;
  readonly description?: string;
}

export type DataType =
  | { readonly root: AtomicRoot; readonly nullable: boolean; readonly precision?: number; readonly scale?: number; readonly length?: number }
  | { readonly root: 'ARRAY' | 'MULTISET'; readonly nullable: boolean; readonly element: DataType }
  | { readonly root: 'MAP'; readonly nullable: boolean; readonly key: DataType; readonly value: DataType }
  | { readonly root: 'ROW'; readonly nullable: boolean; readonly fields: readonly DataField[] };

/** Paimon's `VARCHAR(Integer.MAX_VALUE)`, spelled `STRING`. */
const MAX_LENGTH = 2147483647;

/** DataInvalid `paimon schema: …` around the catalog message of what is wrong. */
function invalid(message: ErrorRef): LakeError {
  return messageError('DataInvalid', 'error.within', { where: 'paimon schema', message });
}

/**
 * Parses a type from its JSON form (string or object). Must hold: every atomic type Paimon writes
 * parses with its defaults (TIMESTAMP → precision 6, DECIMAL → (10, 0), TIME → 0); anything else →
 * DataInvalid naming the text.
 */
export function parseDataType(json: unknown): DataType {
  if (typeof json === 'string') return parseAtomicType(json);
  if (typeof json !== 'object' || json === null || typeof (json as { type?: unknown }).type !== 'string') {
    throw invalid(errorRef('error.paimon.type.parseJson', { json: String(JSON.stringify(json)) }));
  }
  const o = json as Record<string, unknown>;
  const text = (o.type as string).toUpperCase();
  const nullable = !/NOT\s+NULL/.test(text);
  if (text.startsWith('ARRAY')) return { root: 'ARRAY', nullable, element: parseDataType(o.element) };
  if (text.startsWith('MULTISET')) return { root: 'MULTISET', nullable, element: parseDataType(o.element) };
  if (text.startsWith('MAP')) return { root: 'MAP', nullable, key: parseDataType(o.key), value: parseDataType(o.value) };
  if (text.startsWith('ROW')) {
    if (!Array.isArray(o.fields)) throw invalid(errorRef('error.paimon.type.rowFields', { json: String(JSON.stringify(json)) }));
    return { root: 'ROW', nullable, fields: o.fields.map(parseDataField) };
  }
  throw invalid(errorRef('error.paimon.type.nested', { type: String(o.type) }));
}

/** Parses one `{id, name, type, description?}` field. */
export function parseDataField(json: unknown): DataField {
  const o = json as Record<string, unknown> | null;
  if (typeof o !== 'object' || o === null || typeof o.name !== 'string' || o.type === undefined) {
    throw invalid(errorRef('error.paimon.type.field', { json: String(JSON.stringify(json)) }));
  }
  const id = Number(o.id);
  if (!Number.isInteger(id)) throw invalid(errorRef('error.paimon.type.fieldId', { field: String(o.name) }));
  const field: DataField = { id, name: o.name, type: parseDataType(o.type) };
  return typeof o.description === 'string' && o.description !== '' ? { ...field, description: o.description } : field;
}

const ATOMIC = /^([A-Z_]+(?:\s+PRECISION)?)\s*(?:\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\))?\s*((?:WITH(?:OUT)?\s+(?:LOCAL\s+)?TIME\s+ZONE)?)\s*(NOT\s+NULL|NULL)?\s*$/;

/** Parses an atomic type SQL string (`DataTypeJsonParser.parseAtomicTypeSQLString`). */
export function parseAtomicType(text: string): DataType {
  const m = ATOMIC.exec(text.trim().toUpperCase());
  if (!m) throw invalid(errorRef('error.paimon.type.parse', { text }));
  const [, name, p1, p2, zone, nullText] = m;
  const nullable = !(nullText ?? '').startsWith('NOT');
  const a = p1 === undefined ? undefined : Number(p1);
  const b = p2 === undefined ? undefined : Number(p2);
  const ltz = /LOCAL/.test(zone ?? '');
  switch (name) {
    case 'BOOLEAN': case 'TINYINT': case 'SMALLINT': case 'BIGINT': case 'FLOAT': case 'DATE': case 'VARIANT': case 'BLOB':
      return { root: name, nullable };
    case 'INT': case 'INTEGER': return { root: 'INT', nullable };
    case 'DOUBLE': case 'DOUBLE PRECISION': return { root: 'DOUBLE', nullable };
    case 'DECIMAL': case 'DEC': case 'NUMERIC': return { root: 'DECIMAL', nullable, precision: a ?? 10, scale: b ?? 0 };
    case 'CHAR': return { root: 'CHAR', nullable, length: a ?? 1 };
    case 'VARCHAR': return { root: 'VARCHAR', nullable, length: a ?? 1 };
    case 'STRING': return { root: 'VARCHAR', nullable, length: MAX_LENGTH };
    case 'BINARY': return { root: 'BINARY', nullable, length: a ?? 1 };
    case 'VARBINARY': return { root: 'VARBINARY', nullable, length: a ?? 1 };
    case 'BYTES': return { root: 'VARBINARY', nullable, length: MAX_LENGTH };
    case 'TIME': return { root: 'TIME', nullable, precision: a ?? 0 };
    case 'TIMESTAMP': return { root: ltz ? 'TIMESTAMP_LTZ' : 'TIMESTAMP', nullable, precision: a ?? 6 };
    case 'TIMESTAMP_LTZ': return { root: 'TIMESTAMP_LTZ', nullable, precision: a ?? 6 };
    default: throw invalid(errorRef('error.paimon.type.unknown', { text }));
  }
}

/** The SQL spelling Paimon writes (`DataType.asSQLString`), for display. */
export function formatDataType(t: DataType): string {
  const nn = t.nullable ? '' : ' NOT NULL';
  switch (t.root) {
    case 'ARRAY': case 'MULTISET': return `${t.root}<${formatDataType(t.element)}>${nn}`;
    case 'MAP': return `MAP<${formatDataType(t.key)}, ${formatDataType(t.value)}>${nn}`;
    case 'ROW': return `ROW<${t.fields.map((f) => `\`${f.name}\` ${formatDataType(f.type)}`).join(', ')}>${nn}`;
    case 'DECIMAL': return `DECIMAL(${t.precision}, ${t.scale})${nn}`;
    case 'VARCHAR': return (t.length === MAX_LENGTH ? 'STRING' : `VARCHAR(${t.length})`) + nn;
    case 'VARBINARY': return (t.length === MAX_LENGTH ? 'BYTES' : `VARBINARY(${t.length})`) + nn;
    case 'CHAR': case 'BINARY': return `${t.root}(${t.length})${nn}`;
    case 'TIME': case 'TIMESTAMP': return `${t.root}(${t.precision})${nn}`;
    case 'TIMESTAMP_LTZ': return `TIMESTAMP(${t.precision}) WITH LOCAL TIME ZONE${nn}`;
    default: return t.root + nn;
  }
}

/** True for TIMESTAMP/TIMESTAMP_LTZ whose internal value is in nanoseconds (precision > 6). */
export function isNanoTimestamp(t: DataType): boolean {
  return (t.root === 'TIMESTAMP' || t.root === 'TIMESTAMP_LTZ') && (t.precision ?? 6) > 6;
}

/** The predicate value type of a column (core/expr), `other` for nested and unorderable types. */
export function valueTypeOf(t: DataType): ValueType {
  const kind = ((): PrimitiveKind => {
    switch (t.root) {
      case 'BOOLEAN': return 'boolean';
      case 'TINYINT': case 'SMALLINT': case 'INT': return 'int';
      case 'BIGINT': return 'long';
      case 'FLOAT': return 'float';
      case 'DOUBLE': return 'double';
      case 'DECIMAL': return 'decimal';
      case 'CHAR': case 'VARCHAR': return 'string';
      case 'BINARY': case 'VARBINARY': return 'binary';
      case 'DATE': return 'date';
      case 'TIME': return 'time';
      case 'TIMESTAMP': return isNanoTimestamp(t) ? 'timestamp_ns' : 'timestamp';
      case 'TIMESTAMP_LTZ': return isNanoTimestamp(t) ? 'timestamptz_ns' : 'timestamptz';
      default: return 'other';
    }
  })();
  const a = t as { precision?: number; scale?: number };
  return kind === 'decimal' ? { kind, precision: a.precision, scale: a.scale } : { kind };
}
