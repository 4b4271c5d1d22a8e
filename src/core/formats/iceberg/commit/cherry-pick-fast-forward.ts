/**
 * The fast-forward case of cherry-pick: main's head is the picked snapshot's parent, so main moves to the
 * snapshot itself (no new snapshot; Java's CherryPickOperation does the same). Apply requires main to still
 * be at the parent.
 */
import type { Storage } from '../../../io/storage.ts';
import { findSnapshot } from '../spec/table-metadata.ts';
import { type ApplyOptions, NEXT_METADATA, type PreparedOperation, totalsOf } from './prepared-operation.ts';
import type { TableState } from './table-state.ts';
import { MAIN_BRANCH } from './table-update.ts';
import { metadataResult, updateTable } from './update-table.ts';
import { described, textRef } from '../../../commit/preview-text.ts';

export async function prepareFastForwardTo(storage: Storage, state: TableState, snapshotId: bigint, _opts: ApplyOptions): Promise<PreparedOperation> {
  const meta = state.metadata;
  const main = meta.refs.find((r) => r.name === MAIN_BRANCH)!;
  const target = findSnapshot(meta, snapshotId)!;
  return {
    preview: {
      operation: 'cherry-pick',
      ...described(textRef('note.write.iceberg.cherryPickForward', { from: String(main.snapshotId), id: String(snapshotId) })),
      writes: [NEXT_METADATA], deletes: [], before: totalsOf(findSnapshot(meta, main.snapshotId)), after: totalsOf(target),
      warnings: [], details: { source: String(snapshotId), fastForward: true },
    },
    apply: async (o: ApplyOptions = {}) => {
      const r = await updateTable(storage, () => ({
        updates: [{
          action: 'set-snapshot-ref', 'ref-name': MAIN_BRANCH, type: 'branch', 'snapshot-id': snapshotId,
          ...(main.minSnapshotsToKeep !== undefined ? { 'min-snapshots-to-keep': main.minSnapshotsToKeep } : {}),
          ...(main.maxSnapshotAgeMs !== undefined ? { 'max-snapshot-age-ms': main.maxSnapshotAgeMs } : {}),
          ...(main.maxRefAgeMs !== undefined ? { 'max-ref-age-ms': main.maxRefAgeMs } : {}),
        }],
      }), { ...o, requirements: [{ type: 'assert-ref-snapshot-id', ref: MAIN_BRANCH, 'snapshot-id': main.snapshotId }] });
      return metadataResult('cherry-pick', r, { source: String(snapshotId), fastForward: true });
    },
  };
}
