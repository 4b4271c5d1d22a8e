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
import { isLakeError } from '../../../errors.ts';
import { errorRef } from '../../../messages/message-parts.ts';
import type { DeltaTable } from '../table.ts';
import { prepareAppend } from './append.ts';
import { prepareOptimize } from './optimize.ts';
import { prepareRowChange, writesDeletionVectors } from './row-changes.ts';
import { prepareRestore } from './restore.ts';
import { prepareVacuum } from './vacuum.ts';
import { checkWritable, type DeltaWriteOp } from './writer-features.ts';
import { messageError } from '../../../message-error.ts';

const NO_REFS = 'Delta tables have no tags or branches: versions are named by their number or time.';

/** Why `op` cannot be written to the table's current state, or undefined. */
function refusal(table: DeltaTable, op: DeltaWriteOp): string | undefined {
  try {
    checkWritable(table.snapshot.protocol, table.snapshot.metadata, op);
    return undefined;
  } catch (e) {
    if (isLakeError(e, 'Unsupported')) return e.message;
    throw e;
  }
}

const withRefusal = (c: WriteCapability, why: string | undefined): WriteCapability => (why === undefined ? c : { ...c, available: false, reason: why });

/** The actions of a Delta table on `version` (a version number; the current one when absent). */
export async function deltaCapabilities(table: DeltaTable, version: string | undefined, options: CapabilityOptions = {}): Promise<WriteCapability[]> {
  const current = table.snapshot.version.toString();
  const selected = version ?? current;
  const out: WriteCapability[] = [];
  if (selected !== current) {
    out.push(withRefusal({
      kind: 'rollback', scope: 'version', available: true,
      description: `RESTORE: a new version ${table.snapshot.version + 1n} with the files of version ${selected} (the history stays; this can itself be restored).`,
      action: { kind: 'rollback', snapshotId: selected },
    }, refusal(table, 'restore')));
  }
  out.push(
    { kind: 'tag', scope: 'version', available: false, ...reasonOf(errorRef('error.delta.noRefs', undefined)), description: NO_REFS },
    { kind: 'branch', scope: 'version', available: false, ...reasonOf(errorRef('error.delta.noRefs', undefined)), description: NO_REFS },
    withRefusal({ kind: 'compact', scope: 'table', available: true, needsInput: true, description: 'OPTIMIZE: rewrite small files of each partition into bigger ones and apply deletion vectors (dataChange=false: rows do not change).' }, refusal(table, 'optimize')),
    withRefusal({ kind: 'vacuum', scope: 'table', available: true, destructive: true, action: { kind: 'vacuum' },
      description: 'VACUUM: report the files no version within the retention period needs (delta.deletedFileRetentionDuration, default 7 days); deleting them needs a second confirmation.' }, refusal(table, 'vacuum')),
    { kind: 'expire', scope: 'table', available: false, ...reasonOf(errorRef('error.delta.noExpire', undefined)), description: 'Not a Delta operation.' },
    withRefusal({ kind: 'append', scope: 'rows', available: true, needsInput: true, rowsInput: 'rows', description: 'WRITE (append): add rows as new data files in one new version.' }, refusal(table, 'append')),
    withRefusal({ kind: 'delete', scope: 'rows', available: true, needsInput: true, description: `DELETE rows matching a predicate: ${writesDeletionVectors(table.snapshot) ? 'marked in deletion vectors' : 'by rewriting the files that hold them (copy-on-write)'}.` }, refusal(table, 'delete')),
    withRefusal({ kind: 'update', scope: 'rows', available: true, needsInput: true, description: 'UPDATE rows matching a predicate to new values: the old rows deleted as DELETE does, the new ones written as new files.' }, refusal(table, 'update')),
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
