/**
 * `SimpleStats` (paimon-core `stats/SimpleStats`): min and max values as BinaryRows plus per-field
 * null counts. Used for partition stats in manifest lists and key/value stats of data files.
 * Value stats may cover only some columns (`_VALUE_STATS_COLS`, "dense stats") and may be empty.
 */
import type { RecordReader } from './avro-record.ts';

export interface SimpleStats {
  readonly minValues: Uint8Array;
  readonly maxValues: Uint8Array;
  /** Null count per field; null entries (and a null list) mean unknown. */
  readonly nullCounts: readonly (bigint | null)[] | null;
}

const EMPTY_STATS: SimpleStats = { minValues: new Uint8Array(), maxValues: new Uint8Array(), nullCounts: null };

/** Reads `_MIN_VALUES`, `_MAX_VALUES`, `_NULL_COUNTS` of a stats record (absent record → empty stats). */
export function parseSimpleStats(r: RecordReader | undefined): SimpleStats {
  if (!r) return EMPTY_STATS;
  const counts = r.raw('_NULL_COUNTS');
  return {
    minValues: r.bytes('_MIN_VALUES'),
    maxValues: r.bytes('_MAX_VALUES'),
    nullCounts: Array.isArray(counts)
      ? counts.map((c) => (typeof c === 'bigint' ? c : typeof c === 'number' ? BigInt(c) : null))
      : null,
  };
}
