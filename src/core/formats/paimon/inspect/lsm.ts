/**
 * The LSM tree of each bucket of a primary-key table (Paimon docs "Primary Key Table / LSM Trees",
 * paimon-core `mergetree/Levels`, `compact/UniversalCompaction`): level 0 holds files flushed by
 * writers (each file is its own sorted run, key ranges may overlap); levels 1..N-1 each hold one sorted
 * run of files with disjoint key ranges. Readers merge across runs by key; compaction merges runs.
 *
 * The "next compaction" is Paimon's universal pick (spec/compaction-pick.ts: size amplification, size
 * ratio, run count against `num-sorted-run.compaction-trigger`), the very files the compact action merges.
 * Deletion-vector / lookup tables also compact level 0 at once; that is explained, not predicted.
 */
import { formatTypedValue, type Value } from '../../../expr/index.ts';
import { toHex } from '../../../util/bytes.ts';
import { decodeBinaryRow } from '../spec/binary-row.ts';
import { parseDeletionVectorAt } from '../spec/deletion-vector.ts';
import { valueTypeOf } from '../spec/data-type.ts';
import type { ManifestEntry } from '../spec/manifest-entry.ts';
import { coreOptions } from '../spec/options.ts';
import { bucketFolder, partitionPath, partitionPathOptions } from '../spec/partition-path.ts';
import { keyFields, partitionFields, type TableSchema } from '../spec/schema.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import { liveDataFiles } from '../scan/file-entries.ts';
import type { PaimonMetadata } from '../io/metadata.ts';
import { deletionVectorIndex } from '../scan/plan.ts';
import { bucketPick, compactionOptions, type CompactionPick } from '../spec/compaction-pick.ts';

export interface LsmFileView {
  readonly fileName: string;
  /** Storage key under the table root. */
  readonly key: string;
  readonly rowCount: string;
  readonly fileSize: number;
  /** Key range as display text, e.g. `("Alice", 1)`. */
  readonly minKey: string;
  readonly maxKey: string;
  readonly minSequenceNumber: string;
  readonly maxSequenceNumber: string;
  readonly fileSource?: string;
  readonly deleteRowCount?: string;
  readonly creationTimeMs?: number;
  readonly schemaId: number;
  /** Rows removed by this snapshot's deletion vector for the file. */
  readonly deletedRows?: string;
}

export interface LsmLevelView {
  readonly level: number;
  readonly files: readonly LsmFileView[];
  /** Level 0: one sorted run per file; other levels: one sorted run. */
  readonly sortedRuns: number;
  readonly rowCount: string;
  readonly totalSize: number;
  readonly minSequenceNumber?: string;
  readonly maxSequenceNumber?: string;
}

export interface LsmBucketView {
  /** Partition path without the trailing '/', '' when unpartitioned. */
  readonly partition: string;
  /** Partition BinaryRow as hex (stable id). */
  readonly partitionHex: string;
  readonly bucket: number;
  readonly totalBuckets: number;
  readonly levels: readonly LsmLevelView[];
  readonly sortedRuns: number;
  readonly compactionTrigger: number;
  readonly numLevels: number;
  /** True when the sorted-run count has reached the trigger. */
  readonly compactionDue: boolean;
  /** What the next compaction would merge, in words. */
  readonly nextCompaction: string;
  /** The files Paimon's universal compaction picks next (spec/compaction-pick.ts; the compact action merges exactly these). */
  readonly nextPick?: { readonly files: readonly string[]; readonly outputLevel: number; readonly reason: CompactionPick['reason'] };
}

export interface LsmView {
  readonly snapshotId: string;
  readonly primaryKey: boolean;
  readonly buckets: readonly LsmBucketView[];
  /** Short teaching texts: LSM levels, minor compaction, full compaction, deletion vectors. */
  readonly explanations: Readonly<Record<string, string>>;
}

export const LSM_EXPLANATIONS = {
  levels: 'Each bucket of a primary-key table is an LSM tree. Writers flush sorted files to level 0; '
    + 'every file there is a sorted run of its own and key ranges may overlap. Levels 1 and up each hold one sorted run: '
    + 'files with disjoint key ranges. A read merges all runs by key and keeps the record with the highest sequence number.',
  minorCompaction: 'Minor (universal) compaction: when a bucket has num-sorted-run.compaction-trigger sorted runs '
    + '(default 5), the writer merges some runs — the newest first, level 0 always — into one run on a higher level, '
    + 'so reads merge fewer runs. Paimon also compacts when the runs above the oldest are much larger than it (size amplification).',
  fullCompaction: 'Full compaction merges every sorted run of a bucket into the highest level (num-levels - 1). '
    + 'Deleted keys disappear, each key is stored once, and the bucket can then be read without merging.',
  deletionVectors: 'With deletion-vectors.enabled, compaction marks the superseded rows of higher levels in deletion '
    + 'vectors (index/ files) instead of rewriting them. Readers skip level 0 (not yet compacted) and drop the marked rows, '
    + 'so a read needs no merge; APPEND snapshots therefore show the state of the last compaction.',
} as const;

/** Display text of a key BinaryRow, e.g. `("Alice", 1)`; `?` when it cannot be decoded. */
export function keyText(bytes: Uint8Array, schema: TableSchema): string {
  const fields = keyFields(schema);
  try {
    const values = decodeBinaryRow(bytes, fields.map((f) => f.type));
    return `(${values.map((v, i) => (v === undefined ? '?' : formatTypedValue(valueTypeOf(fields[i]!.type), v as Value | null))).join(', ')})`;
  } catch {
    return '?';
  }
}

/**
 * The LSM view of a snapshot: every (partition, bucket) with its live files by level, optionally
 * narrowed to one partition (path like `f1=10`, or BinaryRow hex) and/or bucket. Append tables have
 * only level 0; their view is returned the same way with `primaryKey: false`.
 */
export async function lsmView(meta: PaimonMetadata, snapshot: Snapshot, schema: TableSchema, filter: { partition?: string; bucket?: number } = {}, signal?: AbortSignal): Promise<LsmView> {
  const options = coreOptions(schema);
  const pFields = partitionFields(schema);
  const pathOpts = partitionPathOptions(schema.options);
  const files = await liveDataFiles(meta, snapshot, signal);
  const dvs = await deletionVectorIndex(meta, snapshot, signal);
  const schemas = new Map<number, TableSchema>();
  const schemaOf = async (id: number) => {
    let s = schemas.get(id);
    if (!s) schemas.set(id, s = await meta.schema(id, signal));
    return s;
  };
  const groups = new Map<string, { path: string; entries: ManifestEntry[] }>();
  for (const e of files) {
    const path = partitionPath(pFields, decodeBinaryRow(e.partition, pFields.map((f) => f.type)), pathOpts).replace(/\/$/, '');
    if (filter.partition !== undefined && filter.partition !== path && filter.partition !== toHex(e.partition)) continue;
    if (filter.bucket !== undefined && filter.bucket !== e.bucket) continue;
    const k = `${toHex(e.partition)}|${e.bucket}`;
    const g = groups.get(k) ?? { path, entries: [] };
    g.entries.push(e);
    groups.set(k, g);
  }
  const buckets: LsmBucketView[] = [];
  for (const [k, g] of [...groups].sort((a, b) => (a[1].path + a[0] < b[1].path + b[0] ? -1 : 1))) {
    const first = g.entries[0]!;
    const byLevel = new Map<number, LsmFileView[]>();
    for (const e of g.entries) {
      const fileSchema = await schemaOf(e.file.schemaId);
      const dv = dvs.get(`${k}|${e.file.fileName}`);
      // Older index manifests (Paimon ≤ 0.9) carry no cardinality: count the bitmap itself.
      const deleted = dv && (dv.cardinality ?? String(parseDeletionVectorAt(await meta.indexFile(dv.indexFile, signal),
        { dataFileName: e.file.fileName, offset: dv.offset, length: dv.length }, `index/${dv.indexFile}`).size));
      const f = e.file;
      const view: LsmFileView = {
        fileName: f.fileName,
        key: bucketFolder(schema, e.partition, e.bucket) + f.fileName,
        rowCount: f.rowCount.toString(),
        fileSize: Number(f.fileSize),
        minKey: schema.primaryKeys.length ? keyText(f.minKey, fileSchema) : '',
        maxKey: schema.primaryKeys.length ? keyText(f.maxKey, fileSchema) : '',
        minSequenceNumber: f.minSequenceNumber.toString(),
        maxSequenceNumber: f.maxSequenceNumber.toString(),
        fileSource: f.fileSource,
        deleteRowCount: f.deleteRowCount?.toString(),
        creationTimeMs: f.creationTime === undefined ? undefined : Number(f.creationTime),
        schemaId: f.schemaId,
        ...(deleted !== undefined ? { deletedRows: deleted } : {}),
      };
      byLevel.set(f.level, [...(byLevel.get(f.level) ?? []), view]);
    }
    const levels = [...byLevel.entries()].sort((a, b) => a[0] - b[0]).map(([level, fs]) => levelView(level, fs));
    const sortedRuns = levels.reduce((n, l) => n + l.sortedRuns, 0);
    const trigger = options.numSortedRunCompactionTrigger;
    const pick = bucketPick(g.entries, 'universal', compactionOptions(schema), new Set(g.entries.filter((e) => dvs.has(`${k}|${e.file.fileName}`)).map((e) => e.file.fileName)));
    buckets.push({
      partition: g.path,
      partitionHex: toHex(first.partition),
      bucket: first.bucket,
      totalBuckets: first.totalBuckets,
      levels,
      sortedRuns,
      compactionTrigger: trigger,
      numLevels: options.numLevels,
      compactionDue: pick !== undefined,
      nextCompaction: pick ? pickText(pick, sortedRuns, trigger, schema.primaryKeys.length > 0)
        : nextCompactionText(levels, sortedRuns, trigger, options.numLevels, schema.primaryKeys.length > 0, options.deletionVectorsEnabled),
      ...(pick ? { nextPick: { files: pick.inputs.map((e) => e.file.fileName), outputLevel: pick.outputLevel, reason: pick.reason } } : {}),
    });
  }
  return { snapshotId: snapshot.id.toString(), primaryKey: schema.primaryKeys.length > 0, buckets, explanations: LSM_EXPLANATIONS };
}

function levelView(level: number, files: LsmFileView[]): LsmLevelView {
  files.sort((a, b) => (BigInt(a.minSequenceNumber) < BigInt(b.minSequenceNumber) ? -1 : 1));
  const seqs = files.flatMap((f) => [BigInt(f.minSequenceNumber), BigInt(f.maxSequenceNumber)]);
  return {
    level,
    files,
    sortedRuns: level === 0 ? files.length : 1,
    rowCount: files.reduce((n, f) => n + BigInt(f.rowCount), 0n).toString(),
    totalSize: files.reduce((n, f) => n + f.fileSize, 0),
    minSequenceNumber: seqs.length ? seqs.reduce((a, b) => (a < b ? a : b)).toString() : undefined,
    maxSequenceNumber: seqs.length ? seqs.reduce((a, b) => (a > b ? a : b)).toString() : undefined,
  };
}

const REASON_TEXT: Readonly<Record<CompactionPick['reason'], string>> = {
  'full': 'a full compaction',
  'size-amplification': 'size amplification: the newer runs together exceed compaction.max-size-amplification-percent of the oldest run, so every run is merged',
  'size-ratio': 'size ratio: each next run is at most compaction.size-ratio % larger than the runs taken before it',
  'run-count': 'run count: more sorted runs than num-sorted-run.compaction-trigger',
};

/** The prediction of a bucket that has a pick (the same pick the compact action merges). */
function pickText(pick: CompactionPick, sortedRuns: number, trigger: number, primaryKey: boolean): string {
  if (!primaryKey) return `${pick.inputs.length} files reach compaction.min.file-num: the next compaction rewrites them into one file.`;
  return `${sortedRuns} sorted runs (num-sorted-run.compaction-trigger = ${trigger}): universal compaction merges the newest ${pick.runs} run${pick.runs === 1 ? '' : 's'} `
    + `(${pick.inputs.length} file${pick.inputs.length === 1 ? '' : 's'}) into level ${pick.outputLevel}, by ${REASON_TEXT[pick.reason]}${pick.dropDelete ? '; deleted keys are dropped' : ''}.`;
}

/** The one-paragraph text when no compaction is due. */
export function nextCompactionText(levels: readonly LsmLevelView[], sortedRuns: number, trigger: number, numLevels: number, primaryKey: boolean, dv: boolean): string {
  if (!primaryKey) return 'Append table: no LSM merge; compaction only rewrites small files into larger ones.';
  const level0 = levels.find((l) => l.level === 0)?.files.length ?? 0;
  const runs = levels.map((l) => (l.level === 0 ? `${l.files.length} level-0 file${l.files.length === 1 ? '' : 's'}` : `level ${l.level}`)).join(', ');
  const top = numLevels - 1;
  if (sortedRuns >= trigger) {
    return `${sortedRuns} sorted runs (${runs}) reach num-sorted-run.compaction-trigger = ${trigger}: the next write compacts them, `
      + `merging the level-0 files and the runs above them into one sorted run (up to level ${top}).`;
  }
  const dvNote = dv && level0 > 0
    ? ` With deletion vectors the writer's lookup compaction moves the ${level0} level-0 file${level0 === 1 ? '' : 's'} up at its next compaction anyway, and until then readers do not see them.`
    : '';
  return `${sortedRuns} sorted run${sortedRuns === 1 ? '' : 's'} (${runs || 'empty'}) is below num-sorted-run.compaction-trigger = ${trigger}: `
    + `no compaction is due by run count; ${trigger - sortedRuns} more flush${trigger - sortedRuns === 1 ? '' : 'es'} would trigger one.${dvNote}`;
}
