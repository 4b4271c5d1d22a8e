/**
 * Partition transforms (spec "Partition Transforms", "Truncate Transform Details", Appendix C names):
 * parsing, result types, applying a transform to a value and showing partition values as Iceberg does
 * in paths (`2020-01-01-08` for an hour). Unknown transforms are kept by name: they are readable, never
 * used for filtering (spec: "All v3 readers are required to read tables with unknown transforms").
 */
import { formatDate, formatTypedValue, truncateCodePoints } from '../../../expr/index.ts';
import type { Value } from '../../../expr/types.ts';
import { bucketValue } from './bucket.ts';
import { type IcebergType, type PrimitiveType, isNested, toValueType } from './types.ts';

export type Transform =
  | { readonly kind: 'identity' | 'year' | 'month' | 'day' | 'hour' | 'void' }
  | { readonly kind: 'bucket'; readonly n: number }
  | { readonly kind: 'truncate'; readonly width: number }
  | { readonly kind: 'unknown'; readonly name: string };

/** Parses a transform name; anything unrecognised becomes `{kind:'unknown'}` (never an error). */
export function parseTransform(text: string): Transform {
  const t = text.trim().toLowerCase();
  if (t === 'identity' || t === 'year' || t === 'month' || t === 'day' || t === 'hour' || t === 'void') return { kind: t };
  // Old writers used plural names in some places.
  if (t === 'years' || t === 'months' || t === 'days' || t === 'hours') return { kind: t.slice(0, -1) as 'year' };
  let m = /^bucket\[(\d+)\]$/.exec(t);
  if (m && Number(m[1]) > 0) return { kind: 'bucket', n: Number(m[1]) };
  m = /^truncate\[(\d+)\]$/.exec(t);
  if (m && Number(m[1]) > 0) return { kind: 'truncate', width: Number(m[1]) };
  return { kind: 'unknown', name: text };
}

/** The transform as the spec writes it. */
export function transformToString(t: Transform): string {
  switch (t.kind) {
    case 'bucket': return `bucket[${t.n}]`;
    case 'truncate': return `truncate[${t.width}]`;
    case 'unknown': return t.name;
    default: return t.kind;
  }
}

const TIME_SOURCES = new Set(['date', 'timestamp', 'timestamptz', 'timestamp_ns', 'timestamptz_ns']);

/**
 * The partition value type a transform produces from a source type. `day` yields `date` (as the Java and
 * Python implementations do; stored as an int either way). Returns undefined when the transform cannot
 * apply to the source type, or is unknown (its values are then passed through untyped).
 */
export function resultType(t: Transform, source: IcebergType): IcebergType | undefined {
  if (isNested(source)) return undefined;
  switch (t.kind) {
    case 'identity': return source.kind === 'variant' || source.kind === 'geometry' || source.kind === 'geography' ? undefined : source;
    case 'void': return source;
    case 'bucket': return bucketValue(source, zeroOf(source), t.n) === undefined ? undefined : { kind: 'int' };
    case 'truncate': return ['int', 'long', 'decimal', 'string', 'binary'].includes(source.kind) ? source : undefined;
    case 'year': case 'month': return TIME_SOURCES.has(source.kind) ? { kind: 'int' } : undefined;
    case 'day': return TIME_SOURCES.has(source.kind) ? { kind: 'date' } : undefined;
    case 'hour': return TIME_SOURCES.has(source.kind) && source.kind !== 'date' ? { kind: 'int' } : undefined;
    case 'unknown': return undefined;
  }
}

function zeroOf(t: PrimitiveType): Value {
  switch (t.kind) {
    case 'int': case 'date': return 0;
    case 'string': return '';
    case 'uuid': return '00000000-0000-0000-0000-000000000000';
    case 'fixed': case 'binary': return new Uint8Array(0);
    case 'long': case 'time': case 'timestamp': case 'timestamptz': case 'timestamp_ns': case 'timestamptz_ns': case 'decimal': return 0n;
    default: return false;
  }
}

/** Floor division for bigint (rounds toward negative infinity, as the spec's time transforms do). */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}

/** Positive remainder truncation `v - (((v % W) + W) % W)` (spec "Truncate Transform Details" note 1). */
function truncateInteger(v: bigint, w: bigint): bigint {
  return v - (((v % w) + w) % w);
}

/** Days since epoch of a date or timestamp value (µs / ns). */
function toDays(source: PrimitiveType, v: Value): number {
  if (source.kind === 'date') return v as number;
  const perDay = source.kind.endsWith('_ns') ? 86_400_000_000_000n : 86_400_000_000n;
  return Number(floorDiv(v as bigint, perDay));
}

function yearMonth(days: number): [number, number] {
  const d = new Date(days * 86_400_000);
  return [d.getUTCFullYear(), d.getUTCMonth()];
}

/** Applies a transform to a non-null source value; null in gives null out (spec: "All transforms must return null for a null input"). */
export function applyTransform(t: Transform, source: PrimitiveType, v: Value | null | undefined): Value | null {
  if (v === null || v === undefined) return null;
  switch (t.kind) {
    case 'identity': return v;
    case 'void': case 'unknown': return null;
    case 'bucket': return bucketValue(source, v, t.n) ?? null;
    case 'truncate':
      if (typeof v === 'number') return Number(truncateInteger(BigInt(v), BigInt(t.width)));
      if (typeof v === 'bigint') return truncateInteger(v, BigInt(t.width)); // long, or a decimal's unscaled value (width at the column's scale)
      if (typeof v === 'string') return truncateCodePoints(v, t.width);
      if (v instanceof Uint8Array) return v.subarray(0, t.width);
      return null;
    case 'day': return toDays(source, v);
    case 'year': return yearMonth(toDays(source, v))[0] - 1970;
    case 'month': { const [y, m] = yearMonth(toDays(source, v)); return (y - 1970) * 12 + m; }
    case 'hour': {
      const perHour = source.kind.endsWith('_ns') ? 3_600_000_000_000n : 3_600_000_000n;
      return Number(floorDiv(v as bigint, perHour));
    }
  }
}

/** A partition value as Iceberg prints it in paths and UIs (`2020-01-01-08`, `2020-01`, `2020`, the identity value). */
export function partitionValueToString(t: Transform, result: IcebergType | undefined, v: Value | null | undefined): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number') {
    switch (t.kind) {
      case 'year': return String(1970 + v);
      case 'month': { const y = 1970 + Math.floor(v / 12); const m = ((v % 12) + 12) % 12; return `${y}-${String(m + 1).padStart(2, '0')}`; }
      case 'day': return formatDate(v);
      case 'hour': return `${formatDate(Math.floor(v / 24))}-${String(((v % 24) + 24) % 24).padStart(2, '0')}`;
      default: break;
    }
  }
  if (!result) return typeof v === 'bigint' || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? String(v) : formatTypedValue({ kind: 'binary' }, v);
  const text = formatTypedValue(toValueType(result), v);
  return result.kind === 'string' ? (v as string) : text;
}
