/**
 * OPTIMIZE by bin-packing (delta-spark OptimizeExecutor): per partition, the files smaller than the
 * target size, and every file with a deletion vector (rewriting it applies the vector: deleted rows are
 * not copied), are packed in order into bins of at most the target size; each bin with more than one
 * file, or one file with a deletion vector, is rewritten as new files. The commit removes the old files
 * and adds the new ones with `dataChange=false` — the rows do not change, so streaming readers and the
 * change data feed skip it. Files other writers remove meanwhile make it fail with Conflict
 * (log-commit.ts `read-files`); concurrent appends do not.
 */
import type { RecordBatch } from 'apache-arrow';
import { bestEffortDelete } from '../../../commit/cleanup.ts';
import type { AppliedChange, PreparedChange } from '../../../commit/write-action.ts';
import { isLakeError } from '../../../errors.ts';
import { readTask } from '../scan/read.ts';
import { fileKey } from '../scan/replay.ts';
import type { DeltaTable } from '../table.ts';
import { columnMappingMode } from '../spec/table-features.ts';
import { liveFiles, loadWriteState, removeJson, type LiveFile } from './context.ts';
import { writeDataFiles, type WrittenFile } from './data-files.ts';
import { afterCommit } from './checkpoint.ts';
import { commitActions } from './log-commit.ts';
import { fileChange, preparedChange, removedNote, totalsOf } from './prepared.ts';
import { described, noted, textRef, undoLabel } from '../../../commit/preview-text.ts';

/** delta-spark's default `spark.databricks.delta.optimize.maxFileSize` (1 GiB). */
export const DEFAULT_TARGET_FILE_SIZE = 1024 * 1024 * 1024;

export interface OptimizeOptions {
  /** Files are packed into bins of at most this many bytes (default: the table's `delta.targetFileSize`, else 1 GiB). */
  readonly targetFileSizeBytes?: number;
  readonly signal?: AbortSignal;
  readonly now?: () => number;
}

/** The bins of files to rewrite together, each within one partition. */
export function planBins(files: readonly LiveFile[], target: number): LiveFile[][] {
  const byPartition = new Map<string, LiveFile[]>();
  for (const f of files) {
    if (f.add.size >= BigInt(target) && !f.add.deletionVector) continue;
    const k = JSON.stringify(Object.entries(f.add.partitionValues).sort(([a], [b]) => (a < b ? -1 : 1)));
    byPartition.set(k, [...(byPartition.get(k) ?? []), f]);
  }
  const bins: LiveFile[][] = [];
  for (const list of byPartition.values()) {
    let bin: LiveFile[] = [];
    let size = 0;
    for (const f of list) {
      if (bin.length > 0 && size + Number(f.add.size) > target) { bins.push(bin); bin = []; size = 0; }
      bin.push(f);
      size += Number(f.add.size);
    }
    if (bin.length > 0) bins.push(bin);
  }
  return bins.filter((b) => b.length > 1 || b[0]!.add.deletionVector !== undefined);
}

/**
 * Prepares OPTIMIZE of the current version. Must hold: the rows read after it equal the rows before
 * (the same multiset); nothing to rewrite → a no-op preview that commits nothing.
 */
export async function prepareOptimize(table: DeltaTable, opts: OptimizeOptions = {}): Promise<PreparedChange> {
  const { signal } = opts;
  const now = opts.now ?? Date.now;
  const { snapshot, schema } = await loadWriteState(table, 'optimize', signal);
  const configured = Number(snapshot.metadata.configuration['delta.targetFileSize']);
  const target = opts.targetFileSizeBytes ?? (Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_TARGET_FILE_SIZE);
  const bins = planBins(liveFiles(snapshot), target);
  const inputs = bins.flat();
  const inputBytes = inputs.reduce((n, f) => n + Number(f.add.size), 0);
  const before = totalsOf(snapshot);
  const afterFiles = before.dataFiles === undefined ? undefined : before.dataFiles - inputs.length + bins.length;
  return preparedChange({
    noop: bins.length === 0, inputBytes,
    preview: {
      operation: 'optimize',
      ...described(bins.length === 0 ? textRef('note.write.delta.optimizeNone')
        : textRef('note.write.delta.optimize', { files: inputs.length, bins: bins.length, bytes: target.toLocaleString('en-US') })),
      before, after: { ...before, ...(afterFiles !== undefined ? { dataFiles: afterFiles } : {}), bytes: undefined },
      writes: bins.length ? [{ key: '<new data files>', kind: 'data', ...noted(textRef('note.write.delta.optimizeOut', { count: bins.length })) }, { key: `_delta_log/${String(snapshot.version + 1n).padStart(20, '0')}.json`, kind: 'metadata', ...noted(textRef('note.write.onApplyCreate')) }] : [],
      deletes: inputs.map((f) => removedNote(fileChange(f.add))),
      warnings: [], details: { version: snapshot.version.toString(), bins: bins.length, targetFileSizeBytes: target },
    },
  }, async (o): Promise<AppliedChange> => {
    const t = now();
    const written: WrittenFile[] = [];
    let landed = false; // after the commit point nothing written may be deleted
    try {
      for (const bin of bins) {
        const batches: RecordBatch[] = [];
        for (const f of bin) for await (const b of readTask({ storage: table.storage, signal: o.signal }, f.task)) batches.push(b);
        written.push(...await writeDataFiles({ storage: table.storage, schema, partitionColumns: snapshot.metadata.partitionColumns, batches, dataChange: false, nowMs: t, signal: o.signal, columnMapping: columnMappingMode(snapshot.protocol, snapshot.metadata) }));
      }
      const r = await commitActions({
        storage: table.storage, log: table.log, readVersion: snapshot.version, protocol: snapshot.protocol, metadata: snapshot.metadata,
        ...(snapshot.commitInfo?.inCommitTimestamp !== undefined ? { previousInCommitTimestamp: snapshot.commitInfo.inCommitTimestamp } : {}),
        operation: 'OPTIMIZE', operationParameters: { predicate: '[]', zOrderBy: '[]', auto: false },
        operationMetrics: {
          numRemovedFiles: String(inputs.length), numAddedFiles: String(written.length), numRemovedBytes: String(inputBytes),
          numAddedBytes: String(written.reduce((n, f) => n + f.bytes, 0)), numDeletionVectorsRemoved: String(inputs.filter((f) => f.add.deletionVector).length),
        },
        actions: [...inputs.map((f) => removeJson(f.add, false, t)), ...written.map((f) => ({ add: f.add }))],
        conflicts: { kind: 'read-files', files: new Set(inputs.map((f) => fileKey(f.add))) }, signal: o.signal, now,
      });
      landed = true;
      const { warnings, warningMessages } = await afterCommit(table, r.version, o.signal);
      return {
        operation: 'optimize', committedKey: r.key, attempts: r.attempts, warnings, warningMessages, currentAfter: r.version.toString(),
        written: [...written.map((f) => ({ key: f.key, kind: 'data' as const, bytes: f.bytes })), { key: r.key, kind: 'metadata' }], deleted: [],
        details: { version: r.version.toString(), removedFiles: inputs.length, addedFiles: written.length },
        undo: { ...undoLabel(textRef('note.write.undo.restore', { version: snapshot.version.toString() })), action: { kind: 'rollback', snapshotId: snapshot.version.toString() } },
      };
    } catch (e) {
      if (!landed && !(isLakeError(e) && e.context.commitStateUnknown === true)) await bestEffortDelete(table.storage, written.map((f) => f.key));
      throw e;
    }
  });
}
