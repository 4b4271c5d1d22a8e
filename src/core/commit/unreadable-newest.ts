/**
 * Refusing to write while the newest version file of a table cannot be read (a torn or damaged newest
 * Iceberg `vN.metadata.json`, Paimon `snapshot-N`, or a garbage `LATEST` hint).
 *
 * Why refuse: every format numbers versions, and the next commit takes the number after the highest
 * one. A writer that skipped an unreadable newest file and built on the one before it would publish
 * N+1 without whatever N holds — the commit in N would be gone for good. Nobody can tell from the bytes
 * whether N is the torn write of a crashed writer (safe to remove) or a committed version damaged
 * since (to be restored), so a person must decide; until then reads may fall back, writes may not.
 *
 * Code: DataInvalid, not Conflict. Conflict means "someone else committed, rebuild on the new state"
 * and commit loops retry it automatically; retrying here cannot help — the file stays unreadable until
 * someone repairs it. The context says `retryable: false` so no retry loop mistakes it.
 */
import { type LakeError, type LakeErrorRef } from '../errors.ts';
import { messageError } from '../message-error.ts';
import { errorRef, errorText } from '../messages/message-parts.ts';

/** What makes writes refuse: the unreadable file and why it could not be read. */
export interface UnreadableNewest {
  /** Storage key of the file, relative to the table root. */
  readonly file: string;
  /** The parse/read error, one sentence. */
  readonly reason: string;
  /** The same as a catalog message, when the error had one (for the reader's language). */
  readonly reasonRef?: LakeErrorRef;
}

/** The unreadable file and why, from the error reading it (its message, and its catalog message when it has one). */
export function unreadableNewestOf(file: string, e: LakeError): UnreadableNewest {
  return { file, reason: e.message, ...(e.ref ? { reasonRef: e.ref } : {}) };
}

/** {@link unreadableNewestWarning} as a catalog message; `readInstead` a key or another message (`snapshot 4`). */
export function unreadableNewestWarningRef(u: UnreadableNewest, readInstead: string | LakeErrorRef): LakeErrorRef {
  return errorRef('error.unreadableNewest.warning', { file: u.file, reason: u.reasonRef ?? u.reason, instead: readInstead });
}

/** One sentence for readers and the UI: what is read instead, naming the file. */
export function unreadableNewestWarning(u: UnreadableNewest, readInstead: string | LakeErrorRef): string {
  return errorText(unreadableNewestWarningRef(u, readInstead));
}

/** {@link unreadableNewestRefusal} as a catalog message. */
export function unreadableNewestRefusalRef(u: UnreadableNewest): LakeErrorRef {
  return errorRef('error.unreadableNewest.refusal', { file: u.file, reason: u.reasonRef ?? u.reason });
}

/** The reason a write is refused, as shown beside disabled write actions. */
export function unreadableNewestRefusal(u: UnreadableNewest): string {
  return errorText(unreadableNewestRefusalRef(u));
}

/** The error a write throws (`subsystem` e.g. `iceberg commit`), DataInvalid with `file` and `retryable: false`. */
export function unreadableNewestError(subsystem: string, u: UnreadableNewest, cause?: unknown): LakeError {
  return messageError('DataInvalid', 'error.because', { subject: subsystem, reason: unreadableNewestRefusalRef(u) }, { file: u.file, reason: u.reason, retryable: false }, cause);
}
