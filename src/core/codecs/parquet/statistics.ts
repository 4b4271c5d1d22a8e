/**
 * Parquet column-chunk statistics (Parquet format "Statistics") as exact internal values, shared by every
 * format that prunes by footer statistics (Iceberg row groups, Hudi base files). Only statistics that
 * convert exactly are returned; everything else is `undefined` ("unknown, might match"):
 * - decimals (hyparquet gives lossy doubles) and floats/doubles (writers disagree on NaN in min/max,
 *   PARQUET-1246) are never used — callers map them to no {@link StatKind};
 * - timestamps arrive as JS Dates (ms, rounded): widened by one ms on each side, so a bound is never too tight;
 * - byte arrays: only `min_value`/`max_value` (the deprecated `min`/`max` used signed byte order).
 */
import type { FileMetaData } from 'hyparquet';

/** A column chunk's metadata as hyparquet parses it. */
export type ChunkMeta = NonNullable<FileMetaData['row_groups'][number]['columns'][number]['meta_data']>;

/**
 * The internal value a statistic converts to: `int`/`date` numbers (date = days), `long`/`time` bigint,
 * timestamps bigint micros (`timestamp-us`) or nanos (`timestamp-ns`), `boolean`, `string`.
 */
export type StatKind = 'boolean' | 'int' | 'date' | 'long' | 'timestamp-us' | 'timestamp-ns' | 'string';

/** An exact statistic value, or undefined when it cannot be exact (or safely widened). */
export type StatValue = boolean | number | bigint | string;

/** [lower, upper] of one column chunk; each side undefined when absent or not exact. */
export function chunkBounds(meta: ChunkMeta, kind: StatKind): [StatValue | undefined, StatValue | undefined] {
  const st = meta.statistics;
  const isByteArray = meta.type === 'BYTE_ARRAY' || meta.type === 'FIXED_LEN_BYTE_ARRAY';
  const min = st?.min_value ?? (isByteArray ? undefined : st?.min);
  const max = st?.max_value ?? (isByteArray ? undefined : st?.max);
  return [statValue(min, kind, -1), statValue(max, kind, 1)];
}

/** One raw statistic as the internal value of `kind`; `side` widens inexact timestamps outward (−1 lower, +1 upper). */
export function statValue(v: unknown, kind: StatKind, side: -1 | 1): StatValue | undefined {
  if (v === undefined || v === null) return undefined;
  switch (kind) {
    case 'boolean': return typeof v === 'boolean' ? v : undefined;
    case 'int': return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
    case 'date':
      if (v instanceof Date) return Math.round(v.getTime() / 86_400_000);
      return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
    case 'long':
      if (typeof v === 'bigint') return v;
      return typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : undefined;
    case 'timestamp-us': case 'timestamp-ns': {
      if (!(v instanceof Date) || Number.isNaN(v.getTime())) return undefined;
      const perMs = kind === 'timestamp-ns' ? 1_000_000n : 1000n;
      return BigInt(v.getTime()) * perMs + BigInt(side) * perMs;
    }
    case 'string': return typeof v === 'string' ? v : undefined;
  }
}

/**
 * The {@link StatKind} of a predicate kind (expr/types.ts), or undefined where statistics are never exact
 * (floats, decimals, binary, uuid …). `time` is left out: its Parquet unit depends on the writer (a format
 * that fixes it, as Iceberg fixes micros in INT64, maps it itself).
 */
export function statKindOf(kind: string): StatKind | undefined {
  switch (kind) {
    case 'boolean': case 'int': case 'date': case 'long': case 'string': return kind;
    case 'timestamp': case 'timestamptz': return 'timestamp-us';
    case 'timestamp_ns': case 'timestamptz_ns': return 'timestamp-ns';
    default: return undefined;
  }
}
