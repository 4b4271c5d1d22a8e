/**
 * The thresholds of the table-health view, read from the table's own properties where it records them
 * (each format names them its own way; a lookup of property keys, not of format names), else defaults:
 * - target data file size: Iceberg `write.target-file-size-bytes`, Paimon `target-file-size`, Delta
 *   `delta.targetFileSize`, Hudi `hoodie.parquet.max.file.size`; default 128 MiB. A file is small below
 *   75% of it — the ratio of Iceberg's RewriteDataFiles (`min-file-size-bytes` default) and of Lakescope's
 *   compaction, so what is called small here is exactly what compaction rewrites;
 * - manifest target size: Iceberg `commit.manifest.target-size-bytes`, Paimon `manifest.target-file-size`; default 8 MiB;
 * - snapshot retention: Iceberg `history.expire.max-snapshot-age-ms` / `history.expire.min-snapshots-to-keep`,
 *   Paimon `snapshot.time-retained` / `snapshot.num-retained.min`; default 5 days and 1 (Iceberg's defaults).
 */
import type { SizeBucketDto } from './table-health-dto.ts';

export const DEFAULT_TARGET_FILE_SIZE = 128 * 1024 * 1024;
export const SMALL_FILE_RATIO = 0.75;
export const DEFAULT_MANIFEST_TARGET = 8 * 1024 * 1024;
export const DEFAULT_MAX_SNAPSHOT_AGE_MS = 5 * 86_400_000;
export const DEFAULT_MIN_SNAPSHOTS = 1;
/** Fewer manifests than this are never worth a rewrite. */
export const MIN_MANIFESTS_TO_REWRITE = 4;
/** Partitions recommended for compaction one by one (the table-wide recommendation covers the rest). */
export const MAX_PARTITION_RECOMMENDATIONS = 5;
/** Compaction rewrites a partition with at least this many small files (or any file with deletes): its `minInputFiles` default. */
export const MIN_INPUT_FILES = 2;

const TARGET_KEYS = ['write.target-file-size-bytes', 'target-file-size', 'delta.targetFileSize', 'hoodie.parquet.max.file.size'];
const MANIFEST_KEYS = ['commit.manifest.target-size-bytes', 'manifest.target-file-size'];
const AGE_KEYS = ['history.expire.max-snapshot-age-ms', 'snapshot.time-retained'];
const KEEP_KEYS = ['history.expire.min-snapshots-to-keep', 'snapshot.num-retained.min'];

const SIZE_UNIT: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, kib: 1024, m: 1024 ** 2, mb: 1024 ** 2, mib: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3, gib: 1024 ** 3, t: 1024 ** 4, tb: 1024 ** 4, tib: 1024 ** 4 };
const TIME_UNIT: Record<string, number> = {
  '': 1, ms: 1, s: 1000, sec: 1000, second: 1000, seconds: 1000, min: 60_000, m: 60_000, minute: 60_000, minutes: 60_000,
  h: 3_600_000, hour: 3_600_000, hours: 3_600_000, d: 86_400_000, day: 86_400_000, days: 86_400_000,
};

/** `134217728`, `128 mb`, `256MB`, `1 GiB` → bytes (units 1024-based, as Paimon's MemorySize); undefined otherwise. */
export function parseSizeProperty(text: string | undefined): number | undefined {
  const m = text === undefined ? null : /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = m ? SIZE_UNIT[m[2].toLowerCase()] : undefined;
  const v = m && unit !== undefined ? Math.round(Number(m[1]) * unit) : NaN;
  return v > 0 ? v : undefined;
}

/** `432000000` (ms), `1 h`, `30 min`, `7 d` → milliseconds (a bare number is ms); undefined otherwise. */
export function parseDurationProperty(text: string | undefined): number | undefined {
  const m = text === undefined ? null : /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = m ? TIME_UNIT[m[2].toLowerCase()] : undefined;
  const v = m && unit !== undefined ? Math.round(Number(m[1]) * unit) : NaN;
  return v > 0 ? v : undefined;
}

/** The first of `keys` the properties give a value for that `parse` accepts, with its key; else the default, source ''. */
function lookup(props: Readonly<Record<string, string>>, keys: readonly string[], parse: (t: string) => number | undefined, fallback: number): { value: number; source: string } {
  for (const k of keys) {
    const v = props[k] === undefined ? undefined : parse(props[k]);
    if (v !== undefined) return { value: v, source: k };
  }
  return { value: fallback, source: '' };
}

export const targetFileSize = (p: Readonly<Record<string, string>>) => lookup(p, TARGET_KEYS, parseSizeProperty, DEFAULT_TARGET_FILE_SIZE);
export const manifestTargetSize = (p: Readonly<Record<string, string>>) => lookup(p, MANIFEST_KEYS, parseSizeProperty, DEFAULT_MANIFEST_TARGET);
export const maxSnapshotAge = (p: Readonly<Record<string, string>>) => lookup(p, AGE_KEYS, parseDurationProperty, DEFAULT_MAX_SNAPSHOT_AGE_MS);
export const minSnapshotsToKeep = (p: Readonly<Record<string, string>>) => lookup(p, KEEP_KEYS, (t) => (/^\s*\d+\s*$/.test(t) && Number(t) > 0 ? Number(t) : undefined), DEFAULT_MIN_SNAPSHOTS);

/**
 * Log-scale size buckets, each four times the one before: [0, 1 KiB), [1 KiB, 4 KiB) … [256 MiB, 1 GiB),
 * [1 GiB, ∞) — twelve, fixed, so histograms of different partitions and tables compare.
 */
export const SIZE_BUCKETS: readonly SizeBucketDto[] = (() => {
  const out: SizeBucketDto[] = [{ lowerBytes: 0, upperBytes: 1024 }];
  for (let lo = 1024; lo < 1024 ** 3; lo *= 4) out.push({ lowerBytes: lo, upperBytes: lo * 4 });
  out.push({ lowerBytes: 1024 ** 3 });
  return out;
})();

/** Index of the bucket holding a file of `bytes`. */
export function bucketOf(bytes: number): number {
  // A loop, not log(): floating-point logs put exact powers of four in the bucket below.
  let i = 0;
  while (i < SIZE_BUCKETS.length - 1 && bytes >= SIZE_BUCKETS[i].upperBytes!) i++;
  return i;
}
