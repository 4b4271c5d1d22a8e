/**
 * Iceberg in the common write model (core/commit/write-action.ts): which actions a table offers on a
 * version, and each tagged action prepared by the operation that implements it in this folder. Rollback
 * is offered only onto a strict ancestor of main's current snapshot (spec "Snapshot ancestry"; moving
 * main elsewhere is set-current), and Undo moves main back to the snapshot it was at, or removes a ref
 * the write created.
 */
import type { ChangeResult } from '../../../commit/change-preview.ts';
import {
  type AppliedChange, type PreparedChange, type WriteAction,
  positiveParam, snapshotIdParam,
} from '../../../commit/write-action.ts';
import type { LakeErrorRef } from '../../../errors.ts';
import type { Storage } from '../../../io/storage.ts';
import type { TableMetadata } from '../spec/table-metadata.ts';
import { prepareCherryPick } from './cherry-pick.ts';
import { prepareCompaction } from './compaction.ts';
import { prepareExpireSnapshots } from './expire-snapshots.ts';
import { ancestorIds, type ApplyOptions, type PreparedOperation } from './prepared-operation.ts';
import {
  prepareBranch, prepareFastForward, prepareRemoveRef, prepareRollbackTo, prepareRollbackToTime, prepareSetCurrentSnapshot, prepareTag,
} from './ref-operations.ts';
import { prepareRewriteManifests } from './rewrite-manifests.ts';
import { loadTableState } from './table-state.ts';
import { messageError } from '../../../message-error.ts';
import { textRef, undoLabel } from '../../../commit/preview-text.ts';

// The capabilities live apart (capabilities.ts): the writes bar asks for them as a table opens, and they must
// not load the writers and what they reach (Arrow, Parquet, deletes; issue 17).
export { icebergCapabilities } from './capabilities.ts';

type Prepared = PreparedOperation & { apply(o?: ApplyOptions & { deleteFiles?: boolean }): Promise<ChangeResult> };

function prepareOperation(storage: Storage, action: WriteAction, signal: AbortSignal | undefined): Promise<Prepared> {
  const opts = { signal };
  const name = (n: string) => {
    if (n.trim() === '') throw messageError('DataInvalid', 'error.iceberg.write.blankName', { subsystem: `iceberg ${action.kind}` });
    return n.trim();
  };
  const optionalId = (s: string | undefined) => (s === undefined ? undefined : snapshotIdParam(s));
  const big = (n: number | undefined) => (n === undefined ? undefined : BigInt(n));
  switch (action.kind) {
    case 'rollback':
      if (action.snapshotId === undefined && action.toTimeMs !== undefined) return prepareRollbackToTime(storage, action.toTimeMs, opts);
      if (action.snapshotId === undefined) throw messageError('DataInvalid', 'error.iceberg.write.rollbackTarget', undefined);
      return prepareRollbackTo(storage, snapshotIdParam(action.snapshotId), opts);
    case 'set-current': return prepareSetCurrentSnapshot(storage, snapshotIdParam(action.snapshotId), opts);
    case 'cherry-pick': return prepareCherryPick(storage, snapshotIdParam(action.snapshotId), opts);
    case 'tag': return (async () => {
      const id = optionalId(action.snapshotId) ?? (await loadTableState(storage, signal)).metadata.currentSnapshotId;
      if (id === undefined) throw messageError('DataInvalid', 'error.iceberg.write.tagNoSnapshot', undefined);
      return prepareTag(storage, name(action.name), id, action.maxRefAgeMs === undefined ? {} : { maxRefAgeMs: BigInt(action.maxRefAgeMs) }, { ...opts, replace: action.replace });
    })();
    case 'branch':
      return prepareBranch(storage, name(action.name), optionalId(action.snapshotId), {
        minSnapshotsToKeep: action.minSnapshotsToKeep, maxSnapshotAgeMs: big(action.maxSnapshotAgeMs), maxRefAgeMs: big(action.maxRefAgeMs),
      }, { ...opts, replace: action.replace });
    case 'fast-forward': return prepareFastForward(storage, name(action.name), action.to, opts);
    case 'remove-ref': return prepareRemoveRef(storage, action.name, { ...opts, type: action.refType });
    case 'expire':
      if (action.olderThanMs === undefined && action.retainLast === undefined && action.snapshotIds === undefined) {
        throw messageError('DataInvalid', 'error.iceberg.write.expireWhat', undefined);
      }
      return prepareExpireSnapshots(storage, {
        olderThanMs: action.olderThanMs, retainLast: positiveParam(action.retainLast, 'retainLast'), snapshotIds: action.snapshotIds?.map(snapshotIdParam), signal,
      });
    case 'compact':
      return prepareCompaction(storage, {
        targetFileSizeBytes: positiveParam(action.targetFileSizeBytes, 'targetFileSizeBytes'), minInputFiles: positiveParam(action.minInputFiles, 'minInputFiles'),
        ...(action.partitions ? { partitions: action.partitions } : {}), signal,
      });
    case 'rewrite-manifests':
      return prepareRewriteManifests(storage, { targetSizeBytes: positiveParam(action.targetSizeBytes, 'targetSizeBytes'), signal });
    case 'vacuum':
      throw messageError('Unsupported', 'error.iceberg.write.noVacuum', undefined, { action: action.kind });
    case 'rollback-destructive':
      throw messageError('Unsupported', 'error.iceberg.write.noDestructive', undefined, { action: action.kind });
    case 'append': case 'upsert': case 'delete': case 'update':
      throw messageError('Unsupported', 'error.iceberg.write.noRows', { subsystem: `iceberg ${action.kind}` }, { action: action.kind });
  }
}

/** What undoes `action` once applied, given main's snapshot before and after it (undefined: cannot be undone here). */
export function icebergUndo(action: WriteAction, currentBefore: string | undefined, currentAfter: string | undefined): AppliedChange['undo'] {
  switch (action.kind) {
    case 'rollback': case 'set-current': case 'cherry-pick': case 'compact': case 'rewrite-manifests':
      if (currentBefore === undefined || currentBefore === currentAfter) return undefined;
      return { ...undoLabel(textRef('note.write.undo.setMain', { id: currentBefore })), action: { kind: 'set-current', snapshotId: currentBefore } };
    case 'tag': case 'branch':
      // Replacing a ref cannot be undone by removing it; only a newly created ref can.
      return action.replace ? undefined : { ...undoLabel(textRef('note.write.undo.removeRef', { refType: action.kind, name: action.name.trim() })), action: { kind: 'remove-ref', name: action.name.trim(), refType: action.kind } };
    default:
      return undefined;
  }
}

/**
 * Prepares `action` on the Iceberg table at `storage` (its current metadata, whatever version was opened;
 * an unreadable newest metadata file refuses in loadTableState, as for every commit).
 */
export async function prepareIcebergAction(storage: Storage, action: WriteAction, signal?: AbortSignal): Promise<PreparedChange> {
  const before = await loadTableState(storage, signal);
  const currentBefore = before.metadata.currentSnapshotId?.toString();
  const prepared = await prepareOperation(storage, action, signal);
  const preview = prepared.preview;
  const inputBytes = action.kind === 'compact' ? preview.deletes.reduce((s, f) => s + (f.bytes ?? 0), 0) : 0;
  return {
    preview,
    noop: preview.writes.length === 0 && preview.deletes.length === 0,
    ...(action.kind === 'expire' ? { deletesNeedSecondConfirmation: true } : {}),
    ...(inputBytes > 0 ? { inputBytes } : {}),
    async apply(o = {}) {
      const r = await prepared.apply({ signal: o.signal, ...(o.deleteFiles ? { deleteFiles: true } : {}) });
      const after = r.committedKey ? (await loadTableState(storage, o.signal)).metadata.currentSnapshotId?.toString() : currentBefore;
      const undo = r.committedKey ? icebergUndo(action, currentBefore, after) : undefined;
      return { ...r, ...(after !== undefined ? { currentAfter: after } : {}), ...(undo ? { undo } : {}) };
    },
  };
}
