/**
 * Compaction (Java `RewriteDataFiles`, bin-pack strategy) as a `replace` snapshot (spec "Snapshots":
 * "data and delete files were added and removed without changing table data"):
 * - per partition (spec id + tuple) pick the files worth rewriting: smaller than 75% of the target size, or
 *   with deletes to apply; a partition is rewritten when it has at least `minInputFiles` of them, or any
 *   file with deletes; candidates are bin-packed (first-fit decreasing) towards the target size;
 * - each bin's live rows (deletes applied) become new files in the same partition, so the new files are
 *   clean; deletion vectors and file-scoped position deletes of rewritten files go with them, and a
 *   partition-scoped position delete or an equality delete goes when every data file it could still apply
 *   to is rewritten (delete files that already apply to no live file are dropped too);
 * - the new files take the starting snapshot's sequence number as their data sequence number, so an
 *   equality delete committed concurrently (higher number) still applies to them (spec "Scan Planning");
 *   a concurrent position delete or DV on a rewritten file makes the commit fail rather than lose it;
 * - v3: rows keep `_row_id` and `_last_updated_sequence_number` (written as columns: spec "Row Lineage").
 */
import type { FileChange } from '../../../commit/change-preview.ts';
import { isLakeError, LakeError } from '../../../errors.ts';
import { messageError } from '../../../message-error.ts';
import type { Storage } from '../../../io/storage.ts';
import { DeleteIndex, partitionKey } from '../scan/delete-index.ts';
import type { ManifestEntry } from '../spec/manifest.ts';
import { isUnpartitioned } from '../spec/partition-spec.ts';
import { currentSchema, findSnapshot, findSpec, type TableMetadata } from '../spec/table-metadata.ts';
import { partitionText, partitionValues } from '../scan/planned-files.ts';
import type { PartitionRef } from '../../../commit/write-action.ts';
import { type ApplyOptions, NEXT_METADATA, type PreparedOperation, totalsOf } from './prepared-operation.ts';
import { changeResult, commitSnapshot } from './snapshot-commit.ts';
import { entryKey } from './snapshot-producer.ts';
import { liveEntries, readAllEntries } from './snapshot-files.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import { checkStillNewest, loadTableState, type TableState } from './table-state.ts';
import { PROPS } from './table-update.ts';
import { rewriteBin } from './rewrite-bin.ts';
import { FileNamer, type WrittenDataFile } from './write-data-files.ts';
import { described, noted, textRef, warned } from '../../../commit/preview-text.ts';

const DEFAULT_TARGET = 512 * 1024 * 1024;

export interface CompactionOptions {
  /** Target output file size (default `write.target-file-size-bytes`, else 512 MiB). */
  readonly targetFileSizeBytes?: number;
  /** Rewrite a partition only with at least this many small files (default 2), unless deletes apply. */
  readonly minInputFiles?: number;
  /** Files at least this fraction of the target are left alone unless deletes apply (default 0.75). */
  readonly smallFileRatio?: number;
  /** Only these partitions (the plan's `name=value/…` form and spec id); all when absent. */
  readonly partitions?: readonly PartitionRef[];
  /** Rewrite through row objects (the fallback for nested columns); tests compare it with the Arrow path. */
  readonly rowPath?: boolean;
  readonly signal?: AbortSignal;
}

/** One group of input files written out together. */
export interface CompactionBin {
  readonly partition: string;
  readonly files: readonly ManifestEntry[];
}

export interface CompactionPlan {
  readonly startingSnapshot: Snapshot;
  readonly startingSequenceNumber: bigint;
  readonly bins: readonly CompactionBin[];
  /** Delete files that apply to rewritten files, by data file path. */
  readonly deletesOf: ReadonlyMap<string, readonly ManifestEntry[]>;
  /** Delete files removed with the rewrite. */
  readonly removedDeletes: readonly ManifestEntry[];
  /** Output file size the bins were planned for; apply writes towards the same size. */
  readonly targetFileSizeBytes: number;
}

/** Plans compaction on the current snapshot of main. */
export async function planCompaction(state: TableState, opts: CompactionOptions = {}): Promise<CompactionPlan | undefined> {
  const meta = state.metadata;
  const start = meta.currentSnapshotId === undefined ? undefined : findSnapshot(meta, meta.currentSnapshotId);
  if (!start) return undefined;
  const target = opts.targetFileSizeBytes ?? (Number(meta.properties[PROPS.targetFileSize]) || DEFAULT_TARGET);
  const small = target * (opts.smallFileRatio ?? 0.75);
  const minInputs = opts.minInputFiles ?? 2;
  const live = liveEntries(await readAllEntries(state, start, opts.signal));
  const data = live.filter((e) => e.dataFile.content === 'data');
  const deletes = live.filter((e) => e.dataFile.content !== 'data');
  const specs = new Map(meta.partitionSpecs.map((s) => [s.specId, s]));
  const index = new DeleteIndex(deletes, specs);
  const deletesOf = new Map<string, ManifestEntry[]>();
  const groups = new Map<string, ManifestEntry[]>();
  const wanted = partitionFilter(meta, opts.partitions);
  for (const e of data) {
    if (!wanted(e)) continue;
    const applying = index.forDataFile(e);
    if (applying.length) deletesOf.set(e.dataFile.filePath, applying);
    if (Number(e.dataFile.fileSizeInBytes) >= small && applying.length === 0) continue;
    const key = partitionKey(e.dataFile.specId, e.dataFile.partition);
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  const bins: CompactionBin[] = [];
  for (const [partition, files] of groups) {
    const withDeletes = files.some((f) => deletesOf.has(f.dataFile.filePath));
    if (files.length < minInputs && !withDeletes) continue;
    for (const bin of binPack(files, target)) bins.push({ partition, files: bin });
  }
  const rewritten = new Set(bins.flatMap((b) => b.files.map((f) => f.dataFile.filePath)));
  // Also drops delete files that already apply to no live data file (Java's remove-dangling-deletes).
  const removedDeletes = deletes.filter((d) => deleteBecomesDangling(d, data, rewritten, specs));
  if (bins.length === 0 && removedDeletes.length === 0) return undefined;
  return { startingSnapshot: start, startingSequenceNumber: start.sequenceNumber, bins, deletesOf, removedDeletes, targetFileSizeBytes: target };
}

/**
 * Whether a data file lies in one of `partitions` (all when absent), compared in the plan's human form
 * (scan/planned-files.ts), so a partition named from `LakePlan.files` selects the same files here.
 */
function partitionFilter(meta: TableMetadata, partitions: readonly PartitionRef[] | undefined): (e: ManifestEntry) => boolean {
  if (partitions === undefined) return () => true;
  const keys = new Set(partitions.map((p) => `${p.specId ?? ''}\u0000${p.partition}`));
  const anySpec = new Set(partitions.filter((p) => p.specId === undefined).map((p) => p.partition));
  return (e) => {
    const text = partitionText(partitionValues(meta, e.dataFile.specId, e.dataFile.partition));
    return keys.has(`${e.dataFile.specId}\u0000${text}`) || anySpec.has(text);
  };
}

/** First-fit decreasing by file size. */
function binPack(files: readonly ManifestEntry[], target: number): ManifestEntry[][] {
  const sorted = [...files].sort((a, b) => Number(b.dataFile.fileSizeInBytes - a.dataFile.fileSizeInBytes));
  const bins: { size: number; files: ManifestEntry[] }[] = [];
  for (const f of sorted) {
    const size = Number(f.dataFile.fileSizeInBytes);
    const bin = bins.find((b) => b.size + size <= target);
    if (bin) { bin.size += size; bin.files.push(f); } else bins.push({ size, files: [f] });
  }
  return bins.map((b) => b.files);
}

/** True when no live data file outside `rewritten` can still be affected by delete file `d`. */
function deleteBecomesDangling(d: ManifestEntry, data: readonly ManifestEntry[], rewritten: ReadonlySet<string>, specs: ReadonlyMap<number, import('../spec/partition-spec.ts').PartitionSpec>): boolean {
  const f = d.dataFile;
  if (f.referencedDataFile !== undefined) return rewritten.has(f.referencedDataFile);
  const global = f.content === 'equality-deletes' && (!specs.get(f.specId) || isUnpartitioned(specs.get(f.specId)!));
  const part = partitionKey(f.specId, f.partition);
  const affected = data.filter((e) => {
    if (!global && partitionKey(e.dataFile.specId, e.dataFile.partition) !== part) return false;
    return f.content === 'equality-deletes' ? e.sequenceNumber < d.sequenceNumber : e.sequenceNumber <= d.sequenceNumber;
  });
  return affected.every((e) => rewritten.has(e.dataFile.filePath));
}

/** Previews a compaction; apply reads, rewrites and commits it. */
export async function prepareCompaction(storage: Storage, opts: CompactionOptions = {}): Promise<PreparedOperation & { readonly plan?: CompactionPlan }> {
  const state = await loadTableState(storage, opts.signal);
  const plan = await planCompaction(state, opts);
  const current = state.metadata.currentSnapshotId === undefined ? undefined : findSnapshot(state.metadata, state.metadata.currentSnapshotId);
  const before = totalsOf(current);
  if (!plan) {
    return {
      preview: { operation: 'compact', ...described(textRef('note.write.iceberg.compactNone')), writes: [], deletes: [], before, after: before, warnings: [] },
      apply: async () => ({ operation: 'compact', written: [], deleted: [], attempts: 0, ...warned([textRef('note.write.iceberg.compactNothing')]) }),
    };
  }
  const inputs = plan.bins.flatMap((b) => b.files);
  const deletes: FileChange[] = [
    ...inputs.map((e) => ({ key: state.relocation.toKey(e.dataFile.filePath), kind: 'data' as const, bytes: Number(e.dataFile.fileSizeInBytes) })),
    ...plan.removedDeletes.map((e) => ({ key: state.relocation.toKey(e.dataFile.filePath), kind: 'delete' as const, bytes: Number(e.dataFile.fileSizeInBytes) })),
  ];
  const anyDeletes = inputs.some((e) => plan.deletesOf.has(e.dataFile.filePath));
  return {
    plan,
    preview: {
      operation: 'compact',
      ...described(textRef('note.write.iceberg.compact', { files: inputs.length, partitions: new Set(plan.bins.map((b) => b.partition)).size, bins: plan.bins.length, deletes: plan.removedDeletes.length })),
      writes: [...plan.bins.map((b, i) => ({ key: `data/<new file ${i + 1}>.parquet`, kind: 'data' as const, ...noted(textRef('note.write.iceberg.fromFiles', { count: b.files.length })) })), { key: 'metadata/<manifests and manifest list>', kind: 'manifest' as const }, NEXT_METADATA],
      deletes,
      before,
      after: {
        rows: anyDeletes ? undefined : before.rows,
        rowsLive: before.rowsLive,
        dataFiles: before.dataFiles === undefined ? undefined : before.dataFiles - inputs.length + plan.bins.length,
        deleteFiles: before.deleteFiles === undefined ? undefined : before.deleteFiles - plan.removedDeletes.length,
      },
      ...warned([textRef('note.write.iceberg.compactStays')]),
      details: { startingSnapshot: String(plan.startingSnapshot.snapshotId), bins: plan.bins.length, inputFiles: inputs.length, removedDeleteFiles: plan.removedDeletes.length },
    },
    apply: (o: ApplyOptions = {}) => applyCompaction(storage, state, plan, { ...o, rowPath: opts.rowPath }),
  };
}

/**
 * The planned state when it is still the table's newest (one listing), as the commit's first base: its
 * manifests are already read and cached (immutable files), so an unchanged table commits without re-reading
 * the metadata file or its manifests (200 GETs on a bucket for a 200-file bin). A table that moved since the
 * preview gets undefined: the commit loads it fresh, as before, rather than spend an attempt (and a retry the
 * policy may not allow) on a base that cannot win. A newer file that does not parse fails here as it would there.
 */
async function stillCurrent(state: TableState, signal?: AbortSignal): Promise<TableState | undefined> {
  try {
    await checkStillNewest(state, signal);
    return state;
  } catch (e) {
    if (isLakeError(e, 'Conflict')) return undefined;
    throw e;
  }
}

async function applyCompaction(storage: Storage, state: TableState, plan: CompactionPlan, opts: ApplyOptions & { readonly rowPath?: boolean }) {
  const meta = state.metadata;
  const schema = currentSchema(meta);
  const lineage = meta.formatVersion >= 3;
  const namer = new FileNamer();
  const written: WrittenDataFile[] = [];
  let rowsIn = 0n; let rowsOut = 0;
  const paths = new Set<string>();
  try {
    for (const bin of plan.bins) {
      const spec = findSpec(meta, bin.files[0].dataFile.specId)!;
      for (const e of bin.files) rowsIn += e.dataFile.recordCount;
      const r = await rewriteBin(state, {
        files: bin.files, deletesOf: plan.deletesOf, schema, spec, lineage, namer, targetFileSizeBytes: plan.targetFileSizeBytes, signal: opts.signal, rowPath: opts.rowPath,
      }, (w) => written.push(w));
      rowsOut += r.rows;
      paths.add(r.path);
    }
  } catch (e) {
    await Promise.all(written.map((w) => storage.delete(w.key).catch(() => undefined)));
    throw e;
  }
  const inputs = new Set(plan.bins.flatMap((b) => b.files.map((f) => f.dataFile.filePath)));
  const removed = new Set([...inputs, ...plan.removedDeletes.map((d) => entryKey(d.dataFile))]);
  const inputPartitions = new Set(plan.bins.map((b) => b.partition));
  const known = new Set(plan.removedDeletes.map((d) => entryKey(d.dataFile)));
  for (const ds of plan.deletesOf.values()) for (const d of ds) known.add(entryKey(d.dataFile));
  const r = await commitSnapshot(storage, {
    operation: 'replace',
    addedDataFiles: written.map((w) => w.dataFile),
    removedPaths: removed,
    dataSequenceNumber: meta.formatVersion >= 2 ? plan.startingSequenceNumber : undefined,
    validate: (_base, _head, contents) => {
      // A position delete or DV added since the start that touches a rewritten file would be lost.
      for (const e of liveEntries(contents)) {
        const f = e.dataFile;
        if (f.content !== 'position-deletes' || known.has(entryKey(f)) || e.sequenceNumber <= plan.startingSequenceNumber) continue;
        if (f.referencedDataFile === undefined ? inputPartitions.has(partitionKey(f.specId, f.partition)) : inputs.has(f.referencedDataFile)) {
          throw messageError('Conflict', 'error.iceberg.compaction.deletesAdded', { file: f.filePath }, { file: f.filePath, retryable: false });
        }
      }
    },
  }, {
    signal: opts.signal, retry: opts.retry, base: await stillCurrent(state, opts.signal), writtenKeys: () => written.map((w) => w.key),
  });
  return changeResult('compact', r,
    written.map((w) => ({ key: w.key, kind: 'data' as const, bytes: Number(w.dataFile.fileSizeInBytes) })),
    [], { inputFiles: inputs.size, outputFiles: written.length, removedDeleteFiles: plan.removedDeletes.length, rowsRead: String(rowsIn), rowsWritten: rowsOut, writePath: [...paths].sort().join('+') || 'none' },
  );
}
