/**
 * Single-value serialisation (spec Appendix D): the binary form used for column bounds and partition
 * summaries, and the JSON form used for default values. Binary bounds carry no type, and type promotion
 * does not rewrite them, so the write-time type is inferred from the length (spec "Schema Evolution":
 * a 4-byte bound of a `long` column is an `int`, of a `double` a `float`, of a `timestamp` a `date`).
 */
import { formatUuid, parseDate, parseDecimal, parseTime, parseTimestamp } from '../../../expr/literal.ts';
import type { Value } from '../../../expr/types.ts';
import type { IcebergType, PrimitiveType } from './types.ts';

const MICROS_PER_DAY = 86_400_000_000n;

/**
 * Decodes a binary bound of a primitive type into the internal value (expr/types.ts). Returns undefined
 * when the bytes cannot be a value of the type (wrong length …): an unusable bound is ignored, which only
 * costs pruning, never correctness.
 */
export function decodeBinaryValue(type: PrimitiveType, b: Uint8Array): Value | undefined {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const n = b.length;
  switch (type.kind) {
    case 'boolean': return n >= 1 ? b[0] !== 0 : undefined;
    case 'int': case 'date': return n === 4 ? dv.getInt32(0, true) : undefined;
    case 'long': case 'time':
      if (n === 4) return BigInt(dv.getInt32(0, true));
      return n === 8 ? dv.getBigInt64(0, true) : undefined;
    case 'float': return n === 4 ? dv.getFloat32(0, true) : undefined;
    case 'double':
      if (n === 4) return dv.getFloat32(0, true);
      return n === 8 ? dv.getFloat64(0, true) : undefined;
    case 'timestamp': case 'timestamptz':
      if (n === 4) return BigInt(dv.getInt32(0, true)) * MICROS_PER_DAY; // promoted from date (v3)
      return n === 8 ? dv.getBigInt64(0, true) : undefined;
    case 'timestamp_ns': case 'timestamptz_ns':
      if (n === 4) return BigInt(dv.getInt32(0, true)) * MICROS_PER_DAY * 1000n;
      return n === 8 ? dv.getBigInt64(0, true) : undefined;
    case 'string': return new TextDecoder().decode(b);
    case 'uuid': return n === 16 ? formatUuid(b) : undefined;
    case 'fixed': case 'binary': return b.slice();
    case 'decimal': return n === 0 ? undefined : decodeBigEndianTwos(b);
    default: return undefined;
  }
}

/** Two's-complement big-endian bytes → bigint (decimal unscaled values). */
export function decodeBigEndianTwos(b: Uint8Array): bigint {
  let v = 0n;
  for (const x of b) v = (v << 8n) | BigInt(x);
  return b.length > 0 && (b[0] & 0x80) !== 0 ? v - (1n << BigInt(8 * b.length)) : v;
}

/** A decoded JSON single value: an internal primitive value, or nested values for struct/list/map defaults. */
export type JsonSingleValue = Value | null | { readonly [fieldId: string]: JsonSingleValue } | readonly JsonSingleValue[]
  | { readonly keys: readonly JsonSingleValue[]; readonly values: readonly JsonSingleValue[] };

/**
 * Decodes the JSON single-value form (Appendix D) of a value of `type`, e.g. an `initial-default`.
 * Returns undefined when the JSON does not fit the type (the caller reports it with context).
 */
export function decodeJsonValue(type: IcebergType, json: unknown): JsonSingleValue | undefined {
  if (json === null) return null;
  switch (type.kind) {
    case 'boolean': return typeof json === 'boolean' ? json : undefined;
    case 'int': return typeof json === 'number' && Number.isInteger(json) ? json : undefined;
    case 'long': return typeof json === 'bigint' ? json : typeof json === 'number' && Number.isSafeInteger(json) ? BigInt(json) : undefined;
    case 'float': return typeof json === 'number' ? Math.fround(json) : undefined;
    case 'double': return typeof json === 'number' ? json : undefined;
    case 'decimal': return typeof json === 'string' ? parseDecimal(json, type.precision, type.scale) : undefined;
    case 'date': return typeof json === 'string' ? parseDate(json) : undefined;
    case 'time': return typeof json === 'string' ? parseTime(json) : undefined;
    case 'timestamp': case 'timestamptz': case 'timestamp_ns': case 'timestamptz_ns': {
      if (typeof json !== 'string') return undefined;
      const r = parseTimestamp(json, type.kind.endsWith('_ns') ? 'ns' : 'us', type.kind.startsWith('timestamptz'));
      return typeof r === 'bigint' ? r : undefined;
    }
    case 'string': return typeof json === 'string' ? json : undefined;
    case 'uuid': return typeof json === 'string' && /^[0-9a-f-]{36}$/i.test(json) ? json.toLowerCase() : undefined;
    case 'fixed': case 'binary': return typeof json === 'string' && /^([0-9a-f]{2})*$/i.test(json) ? hexToBytes(json) : undefined;
    case 'struct': {
      if (typeof json !== 'object' || Array.isArray(json)) return undefined;
      const out: Record<string, JsonSingleValue> = {};
      for (const f of type.fields) {
        const v = (json as Record<string, unknown>)[String(f.id)];
        if (v !== undefined) {
          const d = decodeJsonValue(f.type, v);
          if (d === undefined) return undefined;
          out[String(f.id)] = d;
        }
      }
      return out;
    }
    case 'list': {
      if (!Array.isArray(json)) return undefined;
      const items = json.map((x) => decodeJsonValue(type.element, x));
      return items.some((x) => x === undefined) ? undefined : (items as JsonSingleValue[]);
    }
    case 'map': {
      const o = json as { keys?: unknown; values?: unknown };
      if (typeof o !== 'object' || !Array.isArray(o.keys) || !Array.isArray(o.values) || o.keys.length !== o.values.length) return undefined;
      const keys = o.keys.map((k) => decodeJsonValue(type.key, k)); const values = o.values.map((v) => decodeJsonValue(type.value, v));
      return keys.some((x) => x === undefined) || values.some((x) => x === undefined) ? undefined : { keys: keys as JsonSingleValue[], values: values as JsonSingleValue[] };
    }
    default: return undefined; // unknown, variant, geometry, geography: defaults must be null (spec "Default values")
  }
}

function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
