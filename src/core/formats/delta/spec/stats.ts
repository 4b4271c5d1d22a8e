/**
 * Per-file statistics (PROTOCOL.md Appendix "Per-file Statistics"): `numRecords`, `tightBounds`, and per
 * column `minValues`, `maxValues`, `nullCount`, nested like the schema and keyed by physical names. They
 * come as the `stats` JSON text of an add action, or as `stats_parsed` in a checkpoint.
 *
 * Bounds are turned into core/expr ColumnStats only where they are exact enough to prune safely:
 * - timestamps are truncated to milliseconds, so the upper bound is widened by 999 µs;
 * - strings are cut to a prefix (32 characters by default): a max that long is dropped;
 * - float, double, decimal and binary bounds are not used (JSON numbers may not round-trip them);
 * - with wide bounds (`tightBounds: false`, typical after deletion vectors) null counts carry no
 *   information except 0 and numRecords; they are dropped.
 */
import { codePointLength, parseDate, parseTimestamp, type ColumnStats, type Value } from '../../../expr/index.ts';
import { parseJson } from '../../../util/json.ts';
import type { AddFile } from './actions.ts';
import type { DeltaType } from './schema.ts';

/** The parsed statistics of one file. */
export interface FileStats {
  readonly numRecords?: bigint;
  readonly tightBounds: boolean;
  readonly minValues: Readonly<Record<string, unknown>>;
  readonly maxValues: Readonly<Record<string, unknown>>;
  readonly nullCount: Readonly<Record<string, unknown>>;
}

const STRING_PREFIX = 32;
type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date) ? v as Obj : {});

/** The statistics of an add action (`stats_parsed` preferred, else the `stats` JSON); undefined when absent or unreadable. */
export function fileStats(add: AddFile): FileStats | undefined {
  let s: Obj | undefined = add.statsParsed;
  if (!s && add.stats) {
    try {
      s = obj(parseJson(add.stats));
    } catch {
      return undefined; // unreadable statistics only cost pruning, never correctness
    }
  }
  if (!s) return undefined;
  const n = s.numRecords;
  return {
    ...(typeof n === 'number' || typeof n === 'bigint' ? { numRecords: BigInt(n) } : {}),
    tightBounds: s.tightBounds !== false,
    minValues: obj(s.minValues),
    maxValues: obj(s.maxValues),
    nullCount: obj(s.nullCount),
  };
}

function boundValue(v: unknown, type: DeltaType, upper: boolean): Value | undefined {
  if (v === null || v === undefined || type.kind !== 'primitive') return undefined;
  switch (type.name) {
    case 'byte': case 'short': case 'integer':
      return typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'bigint' ? Number(v) : undefined;
    case 'long':
      return typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : typeof v === 'bigint' ? v : undefined;
    case 'boolean': return typeof v === 'boolean' ? v : undefined;
    case 'string':
      if (typeof v !== 'string') return undefined;
      return upper && codePointLength(v) >= STRING_PREFIX ? undefined : v;
    case 'date':
      if (v instanceof Date) return Math.floor(v.getTime() / 86_400_000);
      return typeof v === 'string' ? parseDate(v) : undefined;
    case 'timestamp': case 'timestamp_ntz': {
      let micros: bigint | undefined;
      if (v instanceof Date) micros = BigInt(v.getTime()) * 1000n;
      else if (typeof v === 'string') {
        const r = parseTimestamp(v, 'us', true);
        micros = typeof r === 'bigint' ? r : undefined;
      }
      if (micros === undefined) return undefined;
      return upper ? micros + 999n : micros;
    }
    default: return undefined;
  }
}

/**
 * Column statistics of one top-level column (its physical name `key`). `hasDeletionVector`: the file's
 * rows are partly deleted, so the counts are physical and only bounds are used.
 */
export function columnStats(stats: FileStats, key: string, type: DeltaType, hasDeletionVector: boolean): ColumnStats {
  const exactCounts = stats.tightBounds && !hasDeletionVector;
  const nc = stats.nullCount[key];
  const nullCount = exactCounts && (typeof nc === 'number' || typeof nc === 'bigint') ? Number(nc) : undefined;
  const lower = boundValue(stats.minValues[key], type, false);
  const upper = boundValue(stats.maxValues[key], type, true);
  return {
    ...(exactCounts && stats.numRecords !== undefined ? { valueCount: Number(stats.numRecords) } : {}),
    ...(nullCount !== undefined ? { nullCount } : {}),
    ...(lower !== undefined ? { lower } : {}),
    ...(upper !== undefined ? { upper } : {}),
  };
}
