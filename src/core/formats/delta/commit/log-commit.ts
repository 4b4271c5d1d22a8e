/**
 * The commit point of a Delta write (PROTOCOL.md "Delta Log Entries": "writers MUST NOT overwrite an
 * existing log entry … use mutual exclusion"): the next `_delta_log/NNNNNNNNNNNNNNNNNNNN.json` created
 * only if absent (core/commit/exclusive-create.ts). A writer that loses version V reads the commit that
 * won it and decides, as Delta's conflict checker does (delta-spark ConflictChecker, isolation level
 * WriteSerializable), whether its own actions still hold on top of it:
 * - every write conflicts with a concurrent metaData or protocol change (its files fit the old schema);
 * - `blind-append` (an append that read nothing) never conflicts otherwise and moves on to V+1;
 * - `read-files` (DELETE, UPDATE, OPTIMIZE) conflicts when the winner removed a file it read or rewrote;
 * - `whole-table` (RESTORE) conflicts with any concurrent add or remove: the state it computes is gone.
 * A conflict is not retryable (the caller must prepare again); a race that does not conflict is retried
 * at the next version with the same actions, up to `maxAttempts`.
 */
import { createExclusive } from '../../../commit/exclusive-create.ts';
import { LakeError, isLakeError, type LakeErrorRef } from '../../../errors.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef, errorText } from '../../../messages/message-parts.ts';
import type { Storage } from '../../../io/storage.ts';
import { utf8Encode } from '../../../util/bytes.ts';
import { stringifyJson } from '../../../util/json.ts';
import type { LogStore } from '../io/log-store.ts';
import { fileKey, pathKey } from '../scan/replay.ts';
import type { Action, Metadata, Protocol } from '../spec/actions.ts';
import { commitKey, parseLogFileName } from '../spec/log-files.ts';
import { inCommitTimestampsEnabled } from '../spec/table-features.ts';

export const ENGINE_INFO = 'Lakescope';

/** What a concurrent commit must not have done for this one to land after it. */
export type ConflictRule =
  | { readonly kind: 'blind-append' }
  | { readonly kind: 'read-files'; readonly files: ReadonlySet<string> }
  | { readonly kind: 'whole-table' };

export interface CommitRequest {
  readonly storage: Storage;
  readonly log: LogStore;
  /** The version the actions were computed from (-1n: creating the table). */
  readonly readVersion: bigint;
  readonly protocol: Protocol;
  readonly metadata: Metadata;
  /** inCommitTimestamp of the read version's commit, when the table has them. */
  readonly previousInCommitTimestamp?: number;
  readonly operation: string;
  readonly operationParameters: Readonly<Record<string, unknown>>;
  readonly operationMetrics?: Readonly<Record<string, unknown>>;
  /** add/remove/metaData/protocol actions as JSON objects (commitInfo is added here). */
  readonly actions: readonly Record<string, unknown>[];
  readonly conflicts: ConflictRule;
  readonly maxAttempts?: number;
  readonly signal?: AbortSignal;
  readonly now?: () => number;
}

export interface CommitOutcome {
  readonly version: bigint;
  readonly key: string;
  readonly attempts: number;
}

/** The logical key (path + DV id) of an add/remove JSON action, as replay keys files. */
export function jsonFileKey(a: { path: string; deletionVector?: unknown }): string {
  return fileKey(a as never);
}

/** Why the winning commit's actions conflict with this one, or undefined. */
export function conflictWith(winner: readonly Action[], rule: ConflictRule): string | undefined {
  const ref = conflictRef(winner, rule);
  return ref && errorText(ref);
}

/** {@link conflictWith} as a catalog message, for the reader's language. */
export function conflictRef(winner: readonly Action[], rule: ConflictRule): LakeErrorRef | undefined {
  for (const a of winner) {
    if (a.type === 'metaData') return errorRef('error.delta.why.metadata', undefined);
    if (a.type === 'protocol') return errorRef('error.delta.why.protocol', undefined);
    if (rule.kind === 'whole-table' && a.type === 'add') return errorRef('error.delta.why.added', { path: pathKey(a.add.path) });
    if (rule.kind === 'whole-table' && a.type === 'remove') return errorRef('error.delta.why.removed', { path: pathKey(a.remove.path) });
    if (rule.kind === 'read-files' && a.type === 'remove' && (rule.files.has(fileKey(a.remove)) || rule.files.has(pathKey(a.remove.path)))) {
      return errorRef('error.delta.why.removedRead', { path: pathKey(a.remove.path) });
    }
  }
  return undefined;
}

/**
 * Commits the actions as the next version. Must hold: the commit file is created only if absent; a lost
 * race is retried at the next version only when the winner does not conflict ({@link conflictWith});
 * a conflict → LakeError Conflict (retryable false) naming the winning version; creating a table that
 * exists → Conflict.
 */
export async function commitActions(req: CommitRequest): Promise<CommitOutcome> {
  const now = req.now ?? Date.now;
  const maxAttempts = req.maxAttempts ?? 200;
  const ict = inCommitTimestampsEnabled(req.protocol, req.metadata);
  let prevIct = req.previousInCommitTimestamp ?? 0;
  let version = req.readVersion + 1n;
  for (let attempt = 1; ; attempt++) {
    const key = commitKey(version);
    const timestamp = now();
    const commitInfo: Record<string, unknown> = {
      ...(ict ? { inCommitTimestamp: Math.max(timestamp, prevIct + 1) } : {}),
      timestamp, operation: req.operation, operationParameters: req.operationParameters,
      ...(req.readVersion >= 0n ? { readVersion: req.readVersion } : {}),
      isolationLevel: req.conflicts.kind === 'whole-table' ? 'Serializable' : 'WriteSerializable',
      isBlindAppend: req.conflicts.kind === 'blind-append',
      ...(req.operationMetrics ? { operationMetrics: req.operationMetrics } : {}),
      engineInfo: ENGINE_INFO, txnId: crypto.randomUUID(),
    };
    // In-commit timestamps: commitInfo must be the first action (PROTOCOL.md "In-Commit Timestamps").
    const text = [{ commitInfo }, ...req.actions].map((a) => stringifyJson(a)).join('\n');
    try {
      await createExclusive(req.storage, key, utf8Encode(text), { signal: req.signal, what: 'delta commit', contentType: 'application/json' });
      return { version, key, attempts: attempt };
    } catch (e) {
      if (!isLakeError(e, 'Conflict')) throw e;
      if (req.readVersion < 0n) throw messageError('Conflict', 'error.delta.exists', { key }, { key, retryable: false }, e);
      const winner = await req.log.commit(parseLogFileName(key) as never, req.signal);
      const why = conflictRef(winner, req.conflicts);
      if (why !== undefined) {
        throw messageError('Conflict', 'error.delta.conflict', { version: version.toString(), why, operation: req.operation },
          { key, version: version.toString(), retryable: false }, e);
      }
      if (attempt >= maxAttempts) {
        throw messageError('Conflict', 'error.delta.gaveUp', { attempts: attempt }, { key, attempts: attempt, retryable: false }, e);
      }
      const info = winner.find((a) => a.type === 'commitInfo');
      if (info?.type === 'commitInfo' && info.commitInfo.inCommitTimestamp !== undefined) prevIct = Math.max(prevIct, info.commitInfo.inCommitTimestamp);
      version += 1n;
    }
  }
}
