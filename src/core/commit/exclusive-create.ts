/**
 * The commit point of file-based table formats: creating the next version's file only if it does not
 * exist (S3 `If-None-Match: *`, link(2) on a local disk). Whoever creates the key wins the version; every
 * other writer sees Conflict and rebuilds on the new state.
 *
 * What makes this hard is the failure whose outcome is unknown. This helper settles every case it can:
 * - the write failed before anything happened → sent again (the key is still free);
 * - the answer was lost but our bytes are there → it happened (`created`);
 * - a torn write left a strict prefix of our bytes (a store without atomic PUT, or an injected fault):
 *   nobody else can own a prefix of our bytes, so we delete it and try again — readers must never find a
 *   half-written version file as the newest one;
 * - someone else's bytes are there → a lost race: Conflict;
 * - we cannot even look (the store keeps failing) → CommitStateUnknown: the caller must neither report
 *   failure nor clean up, because the commit may have landed.
 */
import { LakeError, isLakeError, throwIfAborted, toLakeError } from '../errors.ts';
import { messageError } from '../message-error.ts';
import { errorRef, type ErrorRef } from '../messages/message-parts.ts';
import { isAmbiguousFailure } from '../io/conditional-write.ts';
import type { ObjectInfo, Storage } from '../io/storage.ts';
import { bytesEqual } from '../util/bytes.ts';

/** Context flag set on the error thrown when a commit may or may not have landed. */
export const COMMIT_STATE_UNKNOWN = 'commitStateUnknown';

/** True for the error of a commit whose outcome could not be determined. */
export function isCommitStateUnknown(e: unknown): boolean {
  return isLakeError(e) && e.context[COMMIT_STATE_UNKNOWN] === true;
}

export interface ExclusiveCreateOptions {
  readonly signal?: AbortSignal;
  readonly contentType?: string;
  /** How many times an ambiguous failure may be resolved and the write sent again (default 3). */
  readonly maxResends?: number;
  /** Subsystem for messages, e.g. `iceberg commit`. */
  readonly what?: string;
}

/**
 * Creates `key` with `data` only if absent. Returns the stored object's info. Throws Conflict (retryable)
 * when another writer owns the key, and an Io error flagged {@link COMMIT_STATE_UNKNOWN} when the outcome
 * cannot be known. Must hold: when it returns, `key` holds exactly `data`; when it throws Conflict, `key`
 * holds someone else's bytes; it never deletes bytes that are not a strict prefix of `data`.
 */
export async function createExclusive(storage: Storage, key: string, data: Uint8Array, opts: ExclusiveCreateOptions = {}): Promise<ObjectInfo> {
  const what = opts.what ?? 'commit';
  const { signal } = opts;
  const maxResends = opts.maxResends ?? 3;
  let lastError: unknown;
  for (let sent = 0; sent <= maxResends; sent++) {
    throwIfAborted(signal, what);
    try {
      return await storage.write(key, data, { ifNoneMatch: '*', signal, contentType: opts.contentType });
    } catch (e) {
      if (isLakeError(e, 'Conflict')) {
        // A Conflict after an earlier ambiguous attempt may be our own first write: look before blaming others.
        if (sent > 0) {
          const mine = await inspect(storage, key, data, what, signal, e);
          if (mine.kind === 'ours') return mine.info;
        }
        throw messageError('Conflict', 'error.commit.createdFirst', { what, key }, { key, retryable: true }, e);
      }
      if (!isAmbiguousFailure(e)) throw toLakeError(e, `${what}: cannot write ${key}`, { key }, 'Io');
      lastError = e;
    }
    const state = await inspect(storage, key, data, what, signal, lastError);
    switch (state.kind) {
      case 'ours': return state.info;
      case 'absent': continue;
      case 'torn':
        await removeTorn(storage, key, what, signal, lastError);
        continue;
      case 'theirs':
        throw messageError('Conflict', 'error.commit.createdFirstAmbiguous', { what, key }, { key, retryable: true }, lastError);
    }
  }
  throw unknownState(what, key, errorRef('error.commit.why.keptFailing', { attempts: maxResends + 1 }), lastError);
}

type KeyState =
  | { readonly kind: 'absent' }
  | { readonly kind: 'ours'; readonly info: ObjectInfo }
  | { readonly kind: 'torn' }
  | { readonly kind: 'theirs' };

/** Looks at the key after an ambiguous write; any failure to look makes the outcome unknown. */
async function inspect(storage: Storage, key: string, data: Uint8Array, what: string, signal: AbortSignal | undefined, cause: unknown): Promise<KeyState> {
  let info: ObjectInfo;
  try {
    info = await storage.head(key, { signal });
  } catch (e) {
    if (isLakeError(e, 'NotFound')) return { kind: 'absent' };
    if (isLakeError(e, 'Aborted')) throw e;
    throw unknownState(what, key, errorRef('error.commit.why.notChecked', undefined), e ?? cause);
  }
  if (info.size > data.length) return { kind: 'theirs' };
  let stored: Uint8Array;
  try {
    stored = await storage.read(key, { signal });
  } catch (e) {
    if (isLakeError(e, 'NotFound')) return { kind: 'absent' };
    if (isLakeError(e, 'Aborted')) throw e;
    throw unknownState(what, key, errorRef('error.commit.why.notReadBack', undefined), e);
  }
  if (stored.length === data.length && bytesEqual(stored, data)) return { kind: 'ours', info };
  if (stored.length < data.length && bytesEqual(stored, data.subarray(0, stored.length))) return { kind: 'torn' };
  return { kind: 'theirs' };
}

async function removeTorn(storage: Storage, key: string, what: string, signal: AbortSignal | undefined, cause: unknown): Promise<void> {
  try {
    await storage.delete(key, { signal });
  } catch (e) {
    if (isLakeError(e, 'Aborted')) throw e;
    throw messageError('Io', 'error.commit.halfWritten', { what, key }, { key, tornFile: true }, e ?? cause);
  }
}

function unknownState(what: string, key: string, why: ErrorRef, cause: unknown): LakeError {
  return messageError('Io', 'error.commit.stateUnknown', { what, key, why }, { key, [COMMIT_STATE_UNKNOWN]: true }, cause);
}
