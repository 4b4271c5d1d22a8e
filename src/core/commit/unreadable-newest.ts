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
import { LakeError } from '../errors.ts';

/** What makes writes refuse: the unreadable file and why it could not be read. */
export interface UnreadableNewest {
  /** Storage key of the file, relative to the table root. */
  readonly file: string;
  /** The parse/read error, one sentence. */
  readonly reason: string;
}

/** One sentence for readers and the UI: what is read instead, naming the file. */
export function unreadableNewestWarning(u: UnreadableNewest, readInstead: string): string {
  return `the newest ${u.file} cannot be read (${u.reason}): showing ${readInstead} instead; writes are refused until ${u.file} is repaired or removed`;
}

/** The reason a write is refused, as shown beside disabled write actions. */
export function unreadableNewestRefusal(u: UnreadableNewest): string {
  return `writes are refused: the newest ${u.file} cannot be read (${u.reason}). A commit built on an older version would drop what it holds. `
    + `If it is the torn write of a crashed commit, remove it; if it was damaged, restore it.`;
}

/** The error a write throws (`subsystem` e.g. `iceberg commit`), DataInvalid with `file` and `retryable: false`. */
export function unreadableNewestError(subsystem: string, u: UnreadableNewest, cause?: unknown): LakeError {
  return new LakeError('DataInvalid', `${subsystem}: ${unreadableNewestRefusal(u)}`, { file: u.file, reason: u.reason, retryable: false }, cause === undefined ? undefined : { cause });
}
