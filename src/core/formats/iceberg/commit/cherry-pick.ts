/**
 * Cherry-picking a snapshot onto main (Java `CherryPickOperation`, used to publish write-audit-publish
 * snapshots): when main's head is the snapshot's parent, main simply fast-forwards to it; otherwise its
 * changes are re-applied as a new snapshot with `source-snapshot-id` (and `published-wap-id` for WAP
 * snapshots). Only `append` snapshots and dynamic partition overwrites (`replace-partitions=true`) can be
 * re-applied: their effect is fully described by the files they added and removed. A snapshot already on
 * main's line, or already picked, is refused.
 */
import type { Storage } from '../../../io/storage.ts';
import { findSnapshot } from '../spec/table-metadata.ts';
import { type ApplyOptions, NEXT_METADATA, type PreparedOperation, ancestorIds, totalsOf } from './prepared-operation.ts';
import { prepareFastForwardTo } from './cherry-pick-fast-forward.ts';
import { changeResult, commitSnapshot } from './snapshot-commit.ts';
import { readAllEntries } from './snapshot-files.ts';
import { entryKey } from './snapshot-producer.ts';
import { loadTableState } from './table-state.ts';
import { MAIN_BRANCH } from './table-update.ts';
import { messageError } from '../../../message-error.ts';
import { described, textRef } from '../../../commit/preview-text.ts';

/** Previews cherry-picking snapshot `snapshotId` onto main. */
export async function prepareCherryPick(storage: Storage, snapshotId: bigint, opts: ApplyOptions = {}): Promise<PreparedOperation> {
  const state = await loadTableState(storage, opts.signal);
  const meta = state.metadata;
  const source = findSnapshot(meta, snapshotId);
  if (!source) throw messageError('NotFound', 'error.iceberg.pick.noSnapshot', { id: String(snapshotId) }, { snapshotId: String(snapshotId) });
  const head = meta.refs.find((r) => r.name === MAIN_BRANCH)?.snapshotId;
  const line = ancestorIds(meta, head);
  if (line.includes(snapshotId)) throw messageError('DataInvalid', 'error.iceberg.pick.inHistory', { id: String(snapshotId) }, { snapshotId: String(snapshotId) });
  const picked = line.find((id) => findSnapshot(meta, id)!.summary['source-snapshot-id'] === String(snapshotId));
  if (picked !== undefined) throw messageError('DataInvalid', 'error.iceberg.pick.picked', { id: String(snapshotId), picked: String(picked) }, { snapshotId: String(snapshotId) });
  if (source.parentSnapshotId !== undefined && source.parentSnapshotId === head) return prepareFastForwardTo(storage, state, snapshotId, opts);

  const isDynamicOverwrite = source.operation === 'overwrite' && source.summary['replace-partitions'] === 'true';
  if (source.operation !== 'append' && !isDynamicOverwrite) {
    throw messageError('Unsupported', 'error.iceberg.pick.operation', { operation: source.operation }, { snapshotId: String(snapshotId), operation: source.operation });
  }
  const entries = (await readAllEntries(state, source, opts.signal)).flatMap((m) => m.entries).filter((e) => e.snapshotId === snapshotId);
  const added = entries.filter((e) => e.status === 'added').map((e) => e.dataFile);
  const removed = new Set(entries.filter((e) => e.status === 'deleted').map((e) => entryKey(e.dataFile)));
  const extra: Record<string, string> = { 'source-snapshot-id': String(snapshotId) };
  if (source.summary['wap.id']) extra['published-wap-id'] = source.summary['wap.id'];
  if (isDynamicOverwrite) extra['replace-partitions'] = 'true';
  const current = head === undefined ? undefined : findSnapshot(meta, head);
  const before = totalsOf(current);
  const addedRows = added.filter((f) => f.content === 'data').reduce((n, f) => n + f.recordCount, 0n);
  return {
    preview: {
      operation: 'cherry-pick',
      ...described(textRef('note.write.iceberg.cherryPick', { operation: source.operation, id: String(snapshotId), added: added.length, removed: removed.size })),
      writes: [{ key: 'metadata/<manifest and manifest list>', kind: 'manifest' }, NEXT_METADATA], deletes: [],
      before, after: { ...before, rows: before.rows === undefined ? undefined : before.rows + addedRows, rowsLive: before.rowsLive === true && added.every((f) => f.content === 'data') },
      warnings: [], details: { source: String(snapshotId), addedFiles: added.length, removedFiles: removed.size },
    },
    apply: async (o: ApplyOptions = {}) => {
      const r = await commitSnapshot(storage, {
        operation: source.operation as 'append' | 'overwrite', addedDataFiles: added.filter((f) => f.content === 'data'),
        addedDeleteFiles: added.filter((f) => f.content !== 'data'), removedPaths: removed, summary: extra,
      }, { signal: o.signal, retry: o.retry });
      return changeResult('cherry-pick', r, [], [], { source: String(snapshotId) });
    },
  };
}
