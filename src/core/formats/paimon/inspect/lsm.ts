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
import { note, noteText, type Note } from '../../../messages/note.ts';

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
  /** What the next compaction would merge, in words (English: the CLI's). */
  readonly nextCompaction: string;
  /** The same as a catalog message, for the reader's language. */
  readonly nextCompactionMessage: Note;
  /** The files Paimon's universal compaction picks next (spec/compaction-pick.ts; the compact action merges exactly these). */
  readonly nextPick?: { readonly files: readonly string[]; readonly outputLevel: number; readonly reason: CompactionPick['reason'] };
}

export interface LsmView {
  readonly snapshotId: string;
  readonly primaryKey: boolean;
  readonly buckets: readonly LsmBucketView[];
  /** Short teaching texts: LSM levels, minor compaction, full compaction, deletion vectors (English). */
  readonly explanations: Readonly<Record<string, string>>;
  /** The same texts as catalog messages, by the same keys. */
  readonly explanationMessages: Readonly<Record<string, Note>>;
}

/** The teaching texts of the LSM view as catalog messages (core/messages/en-notes2.ts). */
export const LSM_EXPLANATION_MESSAGES: Readonly<Record<'levels' | 'minorCompaction' | 'fullCompaction' | 'deletionVectors', Note>> = {
  levels: note('note.lsm.explain.levels'),
  minorCompaction: note('note.lsm.explain.minorCompaction'),
  fullCompaction: note('note.lsm.explain.fullCompaction'),
  deletionVectors: note('note.lsm.explain.deletionVectors'),
};

/** The same texts in English (the CLI's and older readers'). */
export const LSM_EXPLANATIONS: Readonly<Record<keyof typeof LSM_EXPLANATION_MESSAGES, string>> = Object.fromEntries(
  Object.entries(LSM_EXPLANATION_MESSAGES).map(([k, m]) => [k, noteText(m)]),
) as Record<keyof typeof LSM_EXPLANATION_MESSAGES, string>;

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
      ...nextOf(pick ? pickNote(pick, sortedRuns, trigger, schema.primaryKeys.length > 0)
        : nextCompactionNote(levels, sortedRuns, trigger, options.numLevels, schema.primaryKeys.length > 0, options.deletionVectorsEnabled)),
      ...(pick ? { nextPick: { files: pick.inputs.map((e) => e.file.fileName), outputLevel: pick.outputLevel, reason: pick.reason } } : {}),
    });
  }
  return { snapshotId: snapshot.id.toString(), primaryKey: schema.primaryKeys.length > 0, buckets, explanations: LSM_EXPLANATIONS, explanationMessages: LSM_EXPLANATION_MESSAGES };
}

const nextOf = (m: Note) => ({ nextCompaction: noteText(m), nextCompactionMessage: m });

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

/** The prediction of a bucket that has a pick (the same pick the compact action merges). */
function pickNote(pick: CompactionPick, sortedRuns: number, trigger: number, primaryKey: boolean): Note {
  if (!primaryKey) return note('note.lsm.next.appendPick', { files: pick.inputs.length });
  return note('note.lsm.next.pick', {
    runs: sortedRuns, trigger, merged: pick.runs, files: pick.inputs.length, level: pick.outputLevel, reason: pick.reason, dropDelete: pick.dropDelete === true,
  });
}

/** The one-paragraph note when no compaction is due. */
export function nextCompactionNote(levels: readonly LsmLevelView[], sortedRuns: number, trigger: number, numLevels: number, primaryKey: boolean, dv: boolean): Note {
  if (!primaryKey) return note('note.lsm.next.append');
  const level0 = levels.find((l) => l.level === 0)?.files.length ?? 0;
  const upper = levels.filter((l) => l.level !== 0).map((l) => l.level).join(', ');
  if (sortedRuns >= trigger) return note('note.lsm.next.due', { runs: sortedRuns, level0, upper, trigger, top: numLevels - 1 });
  return note('note.lsm.next.below', { runs: sortedRuns, level0, upper, trigger, dvLevel0: dv ? level0 : 0 });
}

/** {@link nextCompactionNote} in English. */
export function nextCompactionText(levels: readonly LsmLevelView[], sortedRuns: number, trigger: number, numLevels: number, primaryKey: boolean, dv: boolean): string {
  return noteText(nextCompactionNote(levels, sortedRuns, trigger, numLevels, primaryKey, dv));
}
