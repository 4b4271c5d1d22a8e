/**
 * Delta in the common write model (core/commit/write-action.ts): `rollback` is RESTORE (a new version
 * with an earlier version's files; history stays), `compact` is OPTIMIZE (bin-packing per partition,
 * deletion vectors applied); `append`, `delete` and `update` change rows (WRITE, DELETE and UPDATE, with
 * deletion vectors when the table enables them). Delta has no tags or branches and no snapshot expiry in the log (old
 * commits are cleaned up by checkpoints); those actions are listed unavailable with the reason.
 * Every action is checked against the table's writer features first (writer-features.ts).
 */
import {
  type CapabilityOptions, type PreparedChange, type WriteAction, type WriteCapability,
  disableAll, positiveParam, reasonOf, snapshotIdParam, unsupportedAction, writesOffMessage, writesOffReason,
} from '../../../commit/write-action.ts';
import { isLakeError, type LakeError } from '../../../errors.ts';
import { described, textRef } from '../../../commit/preview-text.ts';
import { errorRef } from '../../../messages/message-parts.ts';
import type { DeltaTable } from '../table.ts';
import { prepareAppend } from './append.ts';
import { prepareOptimize } from './optimize.ts';
import { prepareRowChange, writesDeletionVectors } from './row-changes.ts';
import { prepareRestore } from './restore.ts';
import { prepareVacuum } from './vacuum.ts';
import { checkWritable, type DeltaWriteOp } from './writer-features.ts';
import { messageError } from '../../../message-error.ts';


/** Why `op` cannot be written to the table's current state (its error: the English and its catalog message), or undefined. */
function refusal(table: DeltaTable, op: DeltaWriteOp): LakeError | undefined {
  try {
    checkWritable(table.snapshot.protocol, table.snapshot.metadata, op);
    return undefined;
  } catch (e) {
    if (isLakeError(e, 'Unsupported')) return e;
    throw e;
  }
}

const withRefusal = (c: WriteCapability, why: LakeError | undefined): WriteCapability =>
  (why === undefined ? c : { ...c, available: false, reason: why.message, ...(why.ref ? { reasonMessage: why.ref } : {}) });

/** The actions of a Delta table on `version` (a version number; the current one when absent). */
export async function deltaCapabilities(table: DeltaTable, version: string | undefined, options: CapabilityOptions = {}): Promise<WriteCapability[]> {
  const current = table.snapshot.version.toString();
  const selected = version ?? current;
  const out: WriteCapability[] = [];
  if (selected !== current) {
    out.push(withRefusal({
      kind: 'rollback', scope: 'version', available: true,
      ...described(textRef('note.write.cap.delta.restore', { next: (table.snapshot.version + 1n).toString(), version: selected })),
      action: { kind: 'rollback', snapshotId: selected },
    }, refusal(table, 'restore')));
  }
  out.push(
    { kind: 'tag', scope: 'version', available: false, ...reasonOf(errorRef('error.delta.noRefs', undefined)), ...described(textRef('error.delta.noRefs')) },
    { kind: 'branch', scope: 'version', available: false, ...reasonOf(errorRef('error.delta.noRefs', undefined)), ...described(textRef('error.delta.noRefs')) },
    withRefusal({ kind: 'compact', scope: 'table', available: true, needsInput: true, ...described(textRef('note.write.cap.delta.optimize')) }, refusal(table, 'optimize')),
    withRefusal({ kind: 'vacuum', scope: 'table', available: true, destructive: true, action: { kind: 'vacuum' },
      ...described(textRef('note.write.cap.delta.vacuum')) }, refusal(table, 'vacuum')),
    { kind: 'expire', scope: 'table', available: false, ...reasonOf(errorRef('error.delta.noExpire', undefined)), ...described(textRef('note.write.cap.delta.noExpire')) },
    withRefusal({ kind: 'append', scope: 'rows', available: true, needsInput: true, rowsInput: 'rows', ...described(textRef('note.write.cap.delta.append')) }, refusal(table, 'append')),
    withRefusal({ kind: 'delete', scope: 'rows', available: true, needsInput: true, ...described(textRef(writesDeletionVectors(table.snapshot) ? 'note.write.cap.delta.deleteDv' : 'note.write.cap.delta.deleteCow')) }, refusal(table, 'delete')),
    withRefusal({ kind: 'update', scope: 'rows', available: true, needsInput: true, ...described(textRef('note.write.cap.delta.update')) }, refusal(table, 'update')),
  );
  return disableAll(out, writesOffReason(table.storage, undefined, options), writesOffMessage(table.storage, undefined, options));
}

/** Prepares `action` on the Delta table's current state. */
export async function prepareDeltaAction(table: DeltaTable, action: WriteAction, signal?: AbortSignal): Promise<PreparedChange> {
  switch (action.kind) {
    case 'rollback':
      if (action.snapshotId !== undefined) return prepareRestore(table, { version: snapshotIdParam(action.snapshotId) }, { signal });
      if (action.toTimeMs !== undefined) return prepareRestore(table, { timestampMs: action.toTimeMs }, { signal });
      return prepareRestore(table, {}, { signal });
    case 'compact': {
      const target = positiveParam(action.targetFileSizeBytes, 'targetFileSizeBytes');
      return prepareOptimize(table, { ...(target !== undefined ? { targetFileSizeBytes: target } : {}), signal });
    }
    case 'vacuum':
      return prepareVacuum(table, { ...(action.retentionHours !== undefined ? { retentionHours: action.retentionHours } : {}), signal });
    case 'append':
      return prepareAppend(table, action.rows, { ...(signal ? { signal } : {}) });
    case 'delete':
      // Delta has no primary key: a DELETE names its rows by a predicate.
      if (action.where === undefined) throw messageError('Unsupported', 'error.delta.write.deleteByKey', undefined, { action: action.kind });
      return prepareRowChange(table, { where: action.where }, { ...(signal ? { signal } : {}) });
    case 'update':
      if (Object.keys(action.set).length === 0) throw messageError('DataInvalid', 'error.delta.write.updateNothing', undefined);
      return prepareRowChange(table, { where: action.where, set: action.set }, { ...(signal ? { signal } : {}) });
    case 'tag': case 'branch': case 'remove-ref': case 'fast-forward':
      throw unsupportedAction(`delta ${action.kind}`, errorRef('error.delta.noRefs', undefined));
    default:
      throw unsupportedAction(`delta ${action.kind}`, errorRef('error.delta.why.notOperation', { action: action.kind }));
  }
}
