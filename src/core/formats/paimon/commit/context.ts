/** What every Paimon write needs: the table's storage, its metadata reader and its latest schema. */
import { unreadableNewestError } from '../../../commit/unreadable-newest.ts';
import type { Storage } from '../../../io/storage.ts';
import type { TableSchema } from '../spec/schema.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import type { PaimonMetadata } from '../io/metadata.ts';
import { resolveSnapshot, type VersionChoice } from '../scan/time-travel.ts';
import { messageError } from '../../../message-error.ts';

export interface CommitContext {
  readonly storage: Storage;
  readonly meta: PaimonMetadata;
  /** The latest schema (partition keys for data file paths). */
  readonly schema: TableSchema;
  readonly signal?: AbortSignal;
}

/** Refuses writes to read-only storage up front, naming the storage. */
export function checkWritable(ctx: CommitContext, what: string): void {
  if (!ctx.storage.writable) {
    throw messageError('Unsupported', 'error.paimon.write.readOnly', { subsystem: `paimon ${what}`, storage: ctx.storage.description }, { storage: ctx.storage.description });
  }
}

/** The snapshot a write targets (id or tag name; a branch is refused: writes here act on the main branch). */
export async function targetSnapshot(ctx: CommitContext, target: VersionChoice, what: string): Promise<Snapshot> {
  const r = await resolveSnapshot(ctx.meta, target, ctx.signal);
  if (r.branch) throw messageError('Unsupported', 'error.paimon.write.branchTarget', { subsystem: `paimon ${what}`, version: String(target.version) }, { version: target.version });
  if (!r.snapshot) throw messageError('NotFound', 'error.paimon.write.noSnapshot', { subsystem: `paimon ${what}` });
  return r.snapshot;
}

/**
 * Forgets what was read and re-reads "what is current" before a write. Must hold: while the newest
 * snapshot file or the LATEST hint cannot be read, every write refuses with DataInvalid naming the file
 * (core/commit/unreadable-newest.ts): a snapshot numbered after one this writer could not read, or a
 * clean-up computed without it, would drop that commit's data.
 */
export async function refreshForWrite(ctx: CommitContext, what: string): Promise<void> {
  ctx.meta.invalidate();
  const integrity = await ctx.meta.integrity(ctx.signal);
  if (integrity.unreadable) throw unreadableNewestError(`paimon ${what}`, integrity.unreadable);
}

/** A fresh commit user (Paimon writers use a UUID per job). */
export function newCommitUser(): string {
  return crypto.randomUUID();
}
