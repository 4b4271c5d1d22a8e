/**
 * Rows handed to the writer: plain objects keyed by column name, values in the internal representation of
 * expr/types.ts (int/date → number, long/time/timestamps/decimal unscaled → bigint, uuid → string,
 * fixed/binary → Uint8Array), structs as objects keyed by field name, lists as arrays, maps as `Map`s or
 * arrays of `{key, value}`. A few conveniences are accepted and converted exactly (safe-integer numbers for
 * longs, `Date` for dates and timestamps); anything else is refused before a byte is written.
 */
import { LakeError } from '../../../errors.ts';
import { parseDecimal } from '../../../expr/literal.ts';
import type { Value } from '../../../expr/types.ts';
import type { IcebergType, NestedField, PrimitiveType } from '../spec/types.ts';
import { messageError } from '../../../message-error.ts';

export type Row = Readonly<Record<string, unknown>>;

const MS_PER_DAY = 86_400_000;

function bad(path: string, t: IcebergType, v: unknown): LakeError {
  const shown = typeof v === 'bigint' ? `${v}n` : v instanceof Uint8Array ? `bytes[${v.length}]` : typeof v === 'object' ? (v === null ? 'null' : v.constructor?.name ?? 'object') : JSON.stringify(v);
  return messageError('DataInvalid', 'error.iceberg.write.value', { path, value: String(shown), type: t.kind }, { column: path });
}

/** Normalises one row against the fields; throws DataInvalid naming the column for a missing required value or a wrong type. */
export function normalizeRow(row: Row, fields: readonly NestedField[], rowIndex: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f.name] = normalizeField(f, row[f.name], `row ${rowIndex}: ${f.name}`);
  return out;
}

function normalizeField(f: NestedField, v: unknown, path: string): unknown {
  if (v === null || v === undefined) {
    if (f.required) throw messageError('DataInvalid', 'error.iceberg.write.required', { path }, { column: path });
    return null;
  }
  return normalizeValue(f.type, v, path);
}

/** Normalises a non-null value of any type. */
function normalizeValue(t: IcebergType, v: unknown, path: string): unknown {
  switch (t.kind) {
    case 'struct': {
      if (typeof v !== 'object' || Array.isArray(v) || v instanceof Uint8Array || v instanceof Map) throw bad(path, t, v);
      const out: Record<string, unknown> = {};
      for (const f of t.fields) out[f.name] = normalizeField(f, (v as Record<string, unknown>)[f.name], `${path}.${f.name}`);
      return out;
    }
    case 'list': {
      if (!Array.isArray(v)) throw bad(path, t, v);
      return v.map((x, i) => normalizeField({ id: t.elementId, name: 'element', required: t.elementRequired, type: t.element }, x, `${path}[${i}]`));
    }
    case 'map': {
      const entries: [unknown, unknown][] = v instanceof Map ? [...v.entries()]
        : Array.isArray(v) ? v.map((e) => (Array.isArray(e) ? [e[0], e[1]] : [(e as { key: unknown }).key, (e as { value: unknown }).value]))
          : typeof v === 'object' ? Object.entries(v as object) : (() => { throw bad(path, t, v); })();
      return entries.map(([k, x]) => ({
        key: normalizeField({ id: t.keyId, name: 'key', required: true, type: t.key }, k, `${path}.key`),
        value: normalizeField({ id: t.valueId, name: 'value', required: t.valueRequired, type: t.value }, x, `${path}.value`),
      }));
    }
    default: return normalizePrimitive(t, v, path);
  }
}

/** A primitive value in the internal representation, or DataInvalid. */
export function normalizePrimitive(t: PrimitiveType, v: unknown, path: string): Value {
  switch (t.kind) {
    case 'boolean': if (typeof v === 'boolean') return v; break;
    case 'int':
      if (typeof v === 'number' && Number.isInteger(v) && v >= -0x80000000 && v <= 0x7fffffff) return v;
      if (typeof v === 'bigint' && v >= -0x80000000n && v <= 0x7fffffffn) return Number(v);
      break;
    case 'date':
      if (typeof v === 'number' && Number.isInteger(v)) return v;
      if (v instanceof Date && v.getTime() % MS_PER_DAY === 0) return v.getTime() / MS_PER_DAY;
      break;
    case 'long': case 'time':
      if (typeof v === 'bigint' && BigInt.asIntN(64, v) === v) return v;
      if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
      break;
    case 'timestamp': case 'timestamptz':
      if (typeof v === 'bigint') return v;
      if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
      if (v instanceof Date && !Number.isNaN(v.getTime())) return BigInt(v.getTime()) * 1000n;
      break;
    case 'timestamp_ns': case 'timestamptz_ns':
      if (typeof v === 'bigint') return v;
      if (v instanceof Date && !Number.isNaN(v.getTime())) return BigInt(v.getTime()) * 1_000_000n;
      break;
    case 'float': if (typeof v === 'number') return Math.fround(v); break;
    case 'double': if (typeof v === 'number') return v; break;
    case 'decimal': {
      if (typeof v === 'bigint' && digits(v) <= t.precision) return v;
      if (typeof v === 'string') {
        const d = parseDecimal(v, t.precision, t.scale);
        if (d !== undefined) return d;
      }
      break;
    }
    case 'string': if (typeof v === 'string') return v; break;
    case 'uuid': if (typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) return v.toLowerCase(); break;
    case 'fixed': if (v instanceof Uint8Array && v.length === t.length) return v; break;
    case 'binary': if (v instanceof Uint8Array) return v; break;
    default:
      throw messageError('Unsupported', 'error.iceberg.write.type', { type: t.kind }, { column: path });
  }
  throw bad(path, t, v);
}

function digits(v: bigint): number {
  return (v < 0n ? -v : v).toString().length;
}
