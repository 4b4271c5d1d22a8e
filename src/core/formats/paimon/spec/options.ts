/**
 * The table options a reader needs (paimon-api `CoreOptions`), typed and with Paimon's defaults.
 * Options live in the schema (`schema-N` "options"); unknown options are kept but ignored.
 */
import type { TableSchema } from './schema.ts';
import { messageError } from '../../../message-error.ts';

export type MergeEngine = 'deduplicate' | 'partial-update' | 'aggregation' | 'first-row';

export interface CoreOptions {
  /** Fixed bucket count; -1 dynamic bucket, -2 postpone bucket (`bucket`). */
  readonly bucket: number;
  readonly bucketKey: readonly string[];
  readonly mergeEngine: MergeEngine;
  readonly deletionVectorsEnabled: boolean;
  /** `deletion-vectors.merge-on-read`: read level 0 too (merge) instead of skipping it. */
  readonly deletionVectorsMergeOnRead: boolean;
  /** `ignore-delete`: DELETE / UPDATE_BEFORE records are dropped on write and read. */
  readonly ignoreDelete: boolean;
  /** `sequence.field`: user ordering field(s) instead of the system sequence number. */
  readonly sequenceField: readonly string[];
  readonly fileFormat: string;
  readonly manifestFormat: string;
  readonly changelogProducer: string;
  /** `num-sorted-run.compaction-trigger` (default 5). */
  readonly numSortedRunCompactionTrigger: number;
  /** `num-levels` (default compaction-trigger + 1). */
  readonly numLevels: number;
  readonly compactionMaxSizeAmplificationPercent: number;
  readonly compactionSizeRatio: number;
  readonly snapshotNumRetainedMin: number;
  readonly snapshotNumRetainedMax: number;
  /** `snapshot.time-retained` in ms (default 1 h). */
  readonly snapshotTimeRetainedMs: number;
  /** `consumer.expiration-time` in ms, undefined when consumers never expire. */
  readonly consumerExpirationMs?: number;
  readonly partitionDefaultName: string;
}

function int(options: Readonly<Record<string, string>>, key: string, dflt: number): number {
  const raw = options[key];
  if (raw === undefined) return dflt;
  const n = Number(raw.trim());
  if (!Number.isInteger(n)) throw messageError('DataInvalid', 'error.paimon.options.notInteger', { key, value: raw }, { option: key });
  return n;
}

function bool(options: Readonly<Record<string, string>>, key: string): boolean {
  return (options[key] ?? 'false').trim().toLowerCase() === 'true';
}

function list(v: string | undefined): string[] {
  return v === undefined ? [] : v.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

const DURATION_UNITS: Record<string, number> = {
  ms: 1, milli: 1, millis: 1, millisecond: 1, milliseconds: 1,
  s: 1000, sec: 1000, secs: 1000, second: 1000, seconds: 1000,
  min: 60_000, m: 60_000, minute: 60_000, minutes: 60_000,
  h: 3_600_000, hour: 3_600_000, hours: 3_600_000,
  d: 86_400_000, day: 86_400_000, days: 86_400_000,
};

/** Parses a Paimon duration option (`1 h`, `30min`, `100 ms`, `2d`; a bare number is ms). */
export function parseDuration(text: string, key = 'duration'): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$/.exec(text);
  const unit = m ? DURATION_UNITS[(m[2] || 'ms').toLowerCase()] : undefined;
  if (!m || unit === undefined) throw messageError('DataInvalid', 'error.paimon.options.notDuration', { key, value: text }, { option: key });
  return Math.round(Number(m[1]) * unit);
}

/** The typed options of a schema. Must hold: malformed numbers/durations → DataInvalid naming the option. */
export function coreOptions(schema: TableSchema): CoreOptions {
  const o = schema.options;
  const engine = (o['merge-engine'] ?? 'deduplicate').trim().toLowerCase();
  if (!['deduplicate', 'partial-update', 'aggregation', 'first-row'].includes(engine)) {
    throw messageError('DataInvalid', 'error.paimon.options.mergeEngine', { engine }, { option: 'merge-engine' });
  }
  const trigger = int(o, 'num-sorted-run.compaction-trigger', 5);
  return {
    bucket: int(o, 'bucket', -1),
    bucketKey: list(o['bucket-key']),
    mergeEngine: engine as MergeEngine,
    deletionVectorsEnabled: bool(o, 'deletion-vectors.enabled'),
    deletionVectorsMergeOnRead: bool(o, 'deletion-vectors.merge-on-read'),
    ignoreDelete: bool(o, 'ignore-delete') || bool(o, 'deduplicate.ignore-delete') || bool(o, 'partial-update.ignore-delete')
      || bool(o, 'first-row.ignore-delete'),
    sequenceField: list(o['sequence.field']),
    fileFormat: (o['file.format'] ?? 'parquet').toLowerCase(),
    manifestFormat: (o['manifest.format'] ?? 'avro').toLowerCase(),
    changelogProducer: (o['changelog-producer'] ?? 'none').toLowerCase(),
    numSortedRunCompactionTrigger: trigger,
    numLevels: int(o, 'num-levels', trigger + 1),
    compactionMaxSizeAmplificationPercent: int(o, 'compaction.max-size-amplification-percent', 200),
    compactionSizeRatio: int(o, 'compaction.size-ratio', 1),
    snapshotNumRetainedMin: int(o, 'snapshot.num-retained.min', 10),
    snapshotNumRetainedMax: int(o, 'snapshot.num-retained.max', 2147483647),
    snapshotTimeRetainedMs: o['snapshot.time-retained'] === undefined ? 3_600_000 : parseDuration(o['snapshot.time-retained'], 'snapshot.time-retained'),
    consumerExpirationMs: o['consumer.expiration-time'] === undefined ? undefined : parseDuration(o['consumer.expiration-time'], 'consumer.expiration-time'),
    partitionDefaultName: o['partition.default-name'] ?? '__DEFAULT_PARTITION__',
  };
}

/**
 * Paimon's batch scan of a primary-key table skips level-0 files when deletion vectors are on (and
 * not in merge-on-read mode) or for the first-row engine (`CoreOptions.batchScanSkipLevel0`).
 */
export function batchScanSkipLevel0(o: CoreOptions): boolean {
  if (o.deletionVectorsEnabled) return !o.deletionVectorsMergeOnRead;
  return o.mergeEngine === 'first-row';
}
