/**
 * Which files of a bucket a compaction merges (paimon-core `mergetree/Levels.levelSortedRuns`,
 * `mergetree/compact/UniversalCompaction.pick`, `MergeTreeCompactRewriter` drop-delete rule). One function
 * serves the LSM view's prediction and the compact action, so what the view says is what a click does.
 *
 * Sorted runs, newest first: each level-0 file is a run (ordered by max sequence number, descending), then
 * each non-empty level 1…N-1 is one run. Universal compaction, in Paimon's order of checks:
 * 1. size amplification — with at least `num-sorted-run.compaction-trigger` runs, when the runs above the
 *    oldest are larger than `compaction.max-size-amplification-percent` of it: every run, to the top level;
 * 2. size ratio — with at least trigger runs: from the newest run, take the next while the taken size
 *    × (100 + `compaction.size-ratio`)/100 is not below it (past the first pick, level-1 runs are taken anyway);
 * 3. run count — above trigger runs: at least runs − trigger + 1 of the newest, grown by the size-ratio rule.
 * The output level is the level of the first run left out minus one (never 0: then the next non-zero run
 * is taken too), or the top level when every run is taken. Deletes are dropped when the output level is
 * the highest non-empty level.
 */
import type { ManifestEntry } from './manifest-entry.ts';
import { coreOptions } from './options.ts';
import type { TableSchema } from './schema.ts';

/** One sorted run: its level and files. */
export interface SortedRun {
  readonly level: number;
  readonly files: readonly ManifestEntry[];
  readonly totalSize: bigint;
}

export interface CompactionOptions {
  readonly numLevels: number;
  readonly trigger: number;
  readonly maxSizeAmplificationPercent: number;
  readonly sizeRatio: number;
}

/** What a compaction of one bucket merges. */
export interface CompactionPick {
  readonly inputs: readonly ManifestEntry[];
  readonly runs: number;
  readonly outputLevel: number;
  /** DELETE records are dropped (the output is the bucket's highest non-empty level). */
  readonly dropDelete: boolean;
  /** Why this pick: `full`, `size-amplification`, `size-ratio` or `run-count`. */
  readonly reason: 'full' | 'size-amplification' | 'size-ratio' | 'run-count';
}

/** The sorted runs of a bucket's live files, newest first (`Levels.levelSortedRuns`). */
export function levelSortedRuns(files: readonly ManifestEntry[]): SortedRun[] {
  const size = (fs: readonly ManifestEntry[]) => fs.reduce((n, e) => n + e.file.fileSize, 0n);
  const level0 = files.filter((e) => e.file.level === 0).sort((a, b) => {
    const x = a.file; const y = b.file;
    if (x.maxSequenceNumber !== y.maxSequenceNumber) return x.maxSequenceNumber > y.maxSequenceNumber ? -1 : 1;
    if (x.minSequenceNumber !== y.minSequenceNumber) return x.minSequenceNumber < y.minSequenceNumber ? -1 : 1;
    const ct = Number((x.creationTime ?? 0n) - (y.creationTime ?? 0n));
    return ct !== 0 ? ct : x.fileName < y.fileName ? -1 : x.fileName > y.fileName ? 1 : 0;
  });
  const runs: SortedRun[] = level0.map((e) => ({ level: 0, files: [e], totalSize: e.file.fileSize }));
  const levels = [...new Set(files.map((e) => e.file.level).filter((l) => l > 0))].sort((a, b) => a - b);
  for (const l of levels) {
    const fs = files.filter((e) => e.file.level === l);
    runs.push({ level: l, files: fs, totalSize: size(fs) });
  }
  return runs;
}

/**
 * Every run to the top level (full compaction); undefined when the bucket is already one file at the top
 * with no DELETE records to drop and no deletion vector to apply (`withVectors`: names of files that have one).
 */
export function pickFull(runs: readonly SortedRun[], o: CompactionOptions, withVectors: ReadonlySet<string> = new Set()): CompactionPick | undefined {
  const top = o.numLevels - 1;
  if (runs.length === 0) return undefined;
  const only = runs[0]!.files[0]!.file;
  if (runs.length === 1 && runs[0]!.level === top && runs[0]!.files.length === 1 && !(only.deleteRowCount ?? 0n) && !withVectors.has(only.fileName)) return undefined;
  return unit(runs, runs.length, top, 'full');
}

/** The compaction Paimon's universal strategy picks next, or undefined when none is due. */
export function pickUniversal(runs: readonly SortedRun[], o: CompactionOptions): CompactionPick | undefined {
  const top = o.numLevels - 1;
  if (runs.length >= o.trigger) {
    const above = runs.slice(0, -1).reduce((n, r) => n + r.totalSize, 0n);
    if (above * 100n > BigInt(o.maxSizeAmplificationPercent) * runs[runs.length - 1]!.totalSize) return unit(runs, runs.length, top, 'size-amplification');
    const bySize = pickForSizeRatio(runs, 1, false, o);
    if (bySize) return unit(runs, bySize, top, 'size-ratio');
  }
  if (runs.length > o.trigger) return unit(runs, pickForSizeRatio(runs, runs.length - o.trigger + 1, false, o)!, top, 'run-count');
  return undefined;
}

/** How many of the newest runs the size-ratio rule takes, starting from `count` (undefined: no compaction). */
function pickForSizeRatio(runs: readonly SortedRun[], count: number, force: boolean, o: CompactionOptions): number | undefined {
  let size = runs.slice(0, count).reduce((n, r) => n + r.totalSize, 0n);
  let triggered = force || count > 1;
  let n = count;
  for (let i = count; i < runs.length; i++) {
    const next = runs[i]!;
    // size × (100 + ratio) / 100 < next, kept exact in integers.
    if (size * BigInt(100 + o.sizeRatio) < next.totalSize * 100n && (!triggered || next.level > 1)) break;
    size += next.totalSize;
    n++;
    triggered = true;
  }
  return triggered ? n : undefined;
}

/** `UniversalCompaction.createUnit`: the output level and the runs taken (a level-0 output takes runs up to the next non-zero level). */
function unit(runs: readonly SortedRun[], count: number, top: number, reason: CompactionPick['reason']): CompactionPick {
  let n = count;
  let output = n === runs.length ? top : Math.max(0, runs[n]!.level - 1);
  if (output === 0) {
    for (let i = n; i < runs.length; i++) {
      n++;
      if (runs[i]!.level !== 0) { output = runs[i]!.level; break; }
    }
  }
  if (n === runs.length) output = top;
  const highest = runs.reduce((m, r) => Math.max(m, r.level), 0);
  return { inputs: runs.slice(0, n).flatMap((r) => r.files), runs: n, outputLevel: output, dropDelete: output !== 0 && output >= highest, reason };
}

/** What the compaction of one bucket merges, whatever the table kind. */
export interface BucketPickOptions extends CompactionOptions {
  readonly primaryKey: boolean;
  readonly deletionVectors: boolean;
  /** Append tables: files a bucket needs before the universal (automatic) compaction rewrites them (`compaction.min.file-num`, default 5). */
  readonly minFileNum: number;
}

/**
 * The pick of one bucket for `strategy`. Primary-key tables: {@link pickFull} or {@link pickUniversal}; with
 * deletion vectors a partial pick takes the whole bucket (the vectors of its files share index files, which
 * Lakescope does not rewrite). Append tables: the bucket's files in sequence order into one level-0 file,
 * with at least 2 files or a deletion vector (full) or `minFileNum` files (universal).
 */
export function bucketPick(files: readonly ManifestEntry[], strategy: 'full' | 'universal', o: BucketPickOptions, withVectors: ReadonlySet<string> = new Set()): CompactionPick | undefined {
  if (!o.primaryKey) {
    const vectors = files.some((e) => withVectors.has(e.file.fileName));
    if (files.length < (strategy === 'full' ? (vectors ? 1 : 2) : o.minFileNum)) return undefined;
    const inputs = [...files].sort((a, b) => (a.file.minSequenceNumber < b.file.minSequenceNumber ? -1 : a.file.minSequenceNumber > b.file.minSequenceNumber ? 1 : 0));
    return { inputs, runs: inputs.length, outputLevel: 0, dropDelete: false, reason: strategy === 'full' ? 'full' : 'run-count' };
  }
  const runs = levelSortedRuns(files);
  const pick = strategy === 'full' ? pickFull(runs, o, withVectors) : pickUniversal(runs, o);
  if (pick && o.deletionVectors && pick.inputs.length < files.length) return { ...pickFull(runs, o, withVectors)!, reason: pick.reason };
  return pick;
}

/** The compaction options of a schema (spec/options.ts defaults). */
export function compactionOptions(schema: TableSchema): BucketPickOptions {
  const o = coreOptions(schema);
  return {
    numLevels: o.numLevels, trigger: o.numSortedRunCompactionTrigger, maxSizeAmplificationPercent: o.compactionMaxSizeAmplificationPercent, sizeRatio: o.compactionSizeRatio,
    primaryKey: schema.primaryKeys.length > 0, deletionVectors: o.deletionVectorsEnabled, minFileNum: Number(schema.options['compaction.min.file-num'] ?? '5'),
  };
}
