/**
 * Resolving the outcome of a conditional write whose answer was lost (5xx or a dropped connection):
 * it may or may not have happened. Blind retry could turn our own success into a false Conflict, and
 * reporting Io would make commit code give up on what is really a lost race. Ceph RGW, for one, answers
 * some losers of concurrent If-Match PUTs with 500 UnknownError instead of 412 (measured here: up to 7
 * of 16). Looking at the key afterwards decides it in every case where the answer is knowable.
 */
import { isLakeError, type LakeError, type LakeErrorRef } from '../errors.ts';
import { messageError } from '../message-error.ts';
import { errorRef } from '../messages/message-parts.ts';
import { normalizeEtag, type ObjectInfo, type Storage, type WriteOptions } from './storage.ts';

/** What an ambiguous conditional write turned out to be. */
export type WriteOutcome =
  | { readonly kind: 'retry' } // the precondition still holds: sending the write again is safe
  | { readonly kind: 'done'; readonly info: ObjectInfo } // our bytes are there: it happened
  | { readonly kind: 'conflict'; readonly why: LakeErrorRef }; // someone else's change is there: a lost race

/** True for failures after which a write may or may not have been applied. */
export function isAmbiguousFailure(e: unknown): boolean {
  return isLakeError(e, 'Io');
}

/**
 * Looks at `key` after an ambiguous conditional write of `data`. Must hold: `retry` only when the
 * precondition still holds now (absent for ifNoneMatch; ETag unchanged for ifMatch), so a retry is a
 * correct, linearizable attempt; `done` only when the stored bytes are exactly ours; else `conflict`.
 */
export async function resolveConditionalWrite(
  storage: Storage,
  key: string,
  data: Uint8Array,
  options: WriteOptions,
): Promise<WriteOutcome> {
  const { signal } = options;
  let info: ObjectInfo | undefined;
  try {
    info = await storage.head(key, { signal });
  } catch (e) {
    if (!isLakeError(e, 'NotFound')) throw e;
  }
  if (!info) return options.ifNoneMatch === '*' ? { kind: 'retry' } : { kind: 'conflict', why: errorRef('error.commit.why.keyMissing', undefined) };
  if (options.ifMatch !== undefined && info.etag === normalizeEtag(options.ifMatch)) return { kind: 'retry' };
  if (info.size === data.length && sameBytes(await storage.read(key, { signal }), data)) return { kind: 'done', info };
  return {
    kind: 'conflict',
    why: errorRef(options.ifNoneMatch === '*' ? 'error.commit.why.keyCreated' : 'error.commit.why.keyChanged', undefined),
  };
}

/** The Conflict error for a resolved lost race. */
export function lostRace(what: string | LakeErrorRef, key: string, why: LakeErrorRef, cause: unknown): LakeError {
  return messageError('Conflict', 'error.commit.lostRace', { what, why }, { key }, cause);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
