/**
 * The commit protocol of file-system tables (spec "Optimistic Concurrency", "File System Tables",
 * "Commit Conflict Resolution and Retry"):
 *
 * 1. load the newest metadata (table-state.ts; an unreadable newest file refuses the write) and check
 *    the caller's requirements against it;
 * 2. let the producer build its updates on that base (writing manifests, lists, data files as needed);
 * 3. apply the updates (apply-updates.ts), re-parse the result with our own reader, serialise it;
 * 4. check that no newer metadata file appeared (a gap or a torn file the create cannot see), then create
 *    the next version file only if absent — the atomic commit point (core/commit createExclusive);
 * 5. after the commit point, best effort: update version-hint.text, delete metadata files that fell off
 *    the log when `write.metadata.delete-after-commit.enabled`.
 * A lost race (Conflict at 4) re-runs 1–4 on the new state after an exponential backoff
 * (`commit.retry.*`). Failure before 4 removes the attempt's files; an unknown outcome at 4 removes
 * nothing. A crash at any step therefore leaves the old or the new state readable, plus at most
 * unreferenced new files.
 */
import { bestEffortDelete } from '../../../commit/cleanup.ts';
import { COMMIT_STATE_UNKNOWN, createExclusive, isCommitStateUnknown } from '../../../commit/exclusive-create.ts';
import { retryOnConflict, retryPolicyFromProperties, type RetryPolicy } from '../../../commit/retry-policy.ts';
import { LakeError, isLakeError, throwIfAborted } from '../../../errors.ts';
import type { Storage } from '../../../io/storage.ts';
import { utf8Encode } from '../../../util/bytes.ts';
import { stringifyJson } from '../../../util/json.ts';
import { basename } from '../../../util/paths.ts';
import { VERSION_HINT_KEY } from '../io/metadata-files.ts';
import { parseTableMetadata } from '../spec/table-metadata.ts';
import { applyUpdates } from './apply-updates.ts';
import { checkRequirements } from './requirements.ts';
import { checkStillNewest, loadTableState, nextMetadataKey, stateOf, type TableState } from './table-state.ts';
import { PROPS, type TableRequirement, type TableUpdate } from './table-update.ts';
import { internalError } from '../../../message-error.ts';
import type { LakeErrorRef } from '../../../errors.ts';
import { textRef, warned } from '../../../commit/preview-text.ts';
import type { ErrorRef } from '../../../messages/message-parts.ts';

/** What a producer returns for one attempt. */
export interface CommitPlan {
  readonly updates: readonly TableUpdate[];
  /** Checked against the base (the producer's own premises, e.g. the branch head it built on). */
  readonly requirements?: readonly TableRequirement[];
  /** Keys written for this attempt only: deleted when the attempt does not commit. */
  readonly attemptFiles?: readonly string[];
  /** Anything the producer wants back in the result (counts, ids …). */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** Builds the changes of one attempt on `base`. Called again, with a fresh base, after a lost race. */
export type CommitProducer = (base: TableState, attempt: number, signal?: AbortSignal) => Promise<CommitPlan>;

export interface CommitOptions {
  readonly signal?: AbortSignal;
  /** Caller's premises (e.g. from a preview), checked on every base; a failure is a non-retryable Conflict. */
  readonly requirements?: readonly TableRequirement[];
  /** Overrides of the table's `commit.retry.*` properties. */
  readonly retry?: Partial<RetryPolicy>;
  /** Files shared by all attempts (e.g. data files): deleted when the commit finally fails (not when its state is unknown). */
  readonly sharedFiles?: () => readonly string[];
  /** Clock (tests). */
  readonly now?: () => number;
  /** A base already loaded for the first attempt (saves a round trip). */
  readonly base?: TableState;
}

export interface CommitResult {
  /** The table as committed. */
  readonly state: TableState;
  readonly previous: TableState;
  readonly key: string;
  readonly attempts: number;
  readonly warnings: readonly string[];
  /** The same warnings as catalog messages, in order (the toast shows the reader's language). */
  readonly warningMessages: readonly LakeErrorRef[];
  readonly details?: Readonly<Record<string, unknown>>;
}

/**
 * Commits the producer's changes to the table at `storage`. Throws Conflict when requirements fail or
 * retries run out, an Io error flagged `commitStateUnknown` when the outcome cannot be known, and passes
 * other producer errors through (after removing the attempt's files).
 */
export async function commitTable(storage: Storage, producer: CommitProducer, opts: CommitOptions = {}): Promise<CommitResult> {
  const { signal } = opts;
  const now = opts.now ?? Date.now;
  let first: TableState | undefined = opts.base ?? await loadTableState(storage, signal);
  const policy = retryPolicyFromProperties(first.metadata.properties, opts.retry);
  try {
    const { value, attempts } = await retryOnConflict('iceberg commit', policy, async (n) => {
      const base = first ?? await loadTableState(storage, signal);
      first = undefined;
      return attempt(storage, base, n, producer, opts, now);
    }, signal, now);
    return { ...value, attempts };
  } catch (e) {
    if (!isCommitStateUnknown(e) && opts.sharedFiles) await bestEffortDelete(storage, opts.sharedFiles(), undefined).catch(() => []);
    throw e;
  }
}

async function attempt(
  storage: Storage, base: TableState, n: number, producer: CommitProducer, opts: CommitOptions, now: () => number,
): Promise<Omit<CommitResult, 'attempts'>> {
  const { signal } = opts;
  checkRequirements(base.metadata, opts.requirements ?? []);
  let plan: CommitPlan | undefined;
  try {
    plan = await producer(base, n, signal);
    checkRequirements(base.metadata, plan.requirements ?? []);
    throwIfAborted(signal, 'iceberg commit');
    const { key, version } = await nextMetadataKey(base);
    const applied = applyUpdates(base.doc, plan.updates, { nowMs: now(), baseMetadataFile: base.metadataLocation });
    const metadata = validate(applied.doc, key);
    // The exclusive create of v<N+1> cannot see a newer or torn file numbered above it: look first.
    await checkStillNewest(base, signal);
    await createExclusive(storage, key, utf8Encode(stringifyJson(applied.doc)), { signal, what: 'iceberg commit', contentType: 'application/json' });
    const state = stateOf(storage, { key, name: basename(key), version }, applied.doc, metadata, { highestVersion: version, hasVersionHint: base.hasVersionHint });
    const warnings = await afterCommit(storage, base, state, applied.expiredMetadataFiles);
    return { state, previous: base, key, ...warned(warnings), details: plan.details };
  } catch (e) {
    if (!isCommitStateUnknown(e) && plan?.attemptFiles?.length) await bestEffortDelete(storage, plan.attemptFiles, undefined).catch(() => []);
    if (isLakeError(e, 'Conflict') && e.context.retryable === undefined) throw new LakeError('Conflict', e.message, { ...e.context, retryable: true }, { cause: e, ref: e.ref });
    throw e;
  }
}

/** Parses the new metadata with the reader: a reducer bug must never publish unreadable metadata. */
function validate(doc: Record<string, unknown>, key: string) {
  try {
    return parseTableMetadata(doc, key);
  } catch (e) {
    throw internalError(`iceberg commit: the new metadata would not be readable: ${(e as Error).message}`, { file: key, [COMMIT_STATE_UNKNOWN]: false }, { cause: e });
  }
}

/** Steps after the commit point: failures are warnings, never errors (the commit has landed). */
async function afterCommit(storage: Storage, base: TableState, state: TableState, expired: readonly string[]): Promise<ErrorRef[]> {
  const warnings: ErrorRef[] = [];
  if (base.hasVersionHint || state.naming === 'hadoop') {
    try {
      // Hadoop tables keep the bare version number in the hint (HadoopTableOperations.writeVersionHint).
      // No abort signal: once the commit has landed, an abort must not leave the hint behind.
      await storage.write(VERSION_HINT_KEY, utf8Encode(String(state.version)), { contentType: 'text/plain' });
    } catch (e) {
      warnings.push(textRef('note.write.iceberg.hintNotUpdated', { error: (e as Error).message, key: state.key }));
    }
  }
  if (expired.length > 0 && state.metadata.properties[PROPS.deleteAfterCommit] === 'true') {
    const keys = expired.map((p) => state.relocation.tryKey(p)).filter((k): k is string => k !== undefined);
    const failed = await bestEffortDelete(storage, keys).catch(() => keys);
    if (failed.length) warnings.push(textRef('note.write.iceberg.oldMetadataLeft', { count: failed.length }));
  }
  return warnings;
}
