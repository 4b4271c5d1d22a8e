/**
 * The atomic step of every Paimon commit (paimon-core `operation/FileStoreCommitImpl.tryCommitOnce`,
 * `catalog/RenamingSnapshotCommit`): the next `snapshot-N` file is created only if it does not exist
 * (`ifNoneMatch: '*'`, S3 `If-None-Match`, a link(2) on local disks). Whoever creates it first wins;
 * the loser gets Conflict, re-reads the table and retries. The LATEST/EARLIEST hints are then updated
 * best-effort: readers list the folder and never trust them blindly.
 */
import { unreadableNewestError } from '../../../commit/unreadable-newest.ts';
import { isLakeError, LakeError } from '../../../errors.ts';
import { messageError } from '../../../message-error.ts';
import type { Storage } from '../../../io/storage.ts';
import { utf8Encode } from '../../../util/bytes.ts';
import type { JsonValue } from '../../../util/json.ts';
import { PaimonMetadata } from '../io/metadata.ts';
import { paimonError } from '../spec/errors.ts';
import { snapshotHintKey, snapshotKey } from '../spec/layout.ts';
import { serializeSnapshotJson } from '../spec/snapshot.ts';

/**
 * Creates `snapshot-<id>` with the given JSON. Must hold: an existing file → LakeError Conflict
 * (`paimon commit: snapshot N already exists …`), never an overwrite; a snapshot numbered `id` or higher
 * found by a fresh listing right before → Conflict when it parses, DataInvalid naming it when it does
 * not (the create of `id` cannot see `id+1`, nor tell a torn file from a commit); then LATEST is set to
 * `id`, ignoring failures of that hint write.
 */
export async function commitSnapshotFile(storage: Storage, id: bigint, json: Readonly<Record<string, JsonValue>>, opts: { branch?: string; signal?: AbortSignal } = {}): Promise<void> {
  const key = snapshotKey(id, opts.branch);
  await checkStillNewest(storage, id, opts);
  try {
    await storage.write(key, utf8Encode(serializeSnapshotJson(json)), { ifNoneMatch: '*', contentType: 'application/json', signal: opts.signal });
  } catch (e) {
    if (isLakeError(e, 'Conflict')) {
      throw messageError('Conflict', 'error.paimon.snapshotExists', { id: String(id) }, { file: key }, e);
    }
    throw paimonError(e, 'paimon commit: cannot write', key, 'Io');
  }
  await writeHint(storage, 'LATEST', id, opts);
}

/** A fresh look at the snapshot folder: nothing numbered `id` or above may exist, readable or not. */
async function checkStillNewest(storage: Storage, id: bigint, opts: { branch?: string; signal?: AbortSignal }): Promise<void> {
  const fresh = new PaimonMetadata(storage, opts.branch);
  const integrity = await fresh.integrity(opts.signal);
  if (integrity.unreadable) throw unreadableNewestError('paimon commit', integrity.unreadable);
  const ids = await fresh.snapshotIds(opts.signal);
  const max = ids[ids.length - 1];
  if (max !== undefined && max >= id) {
    throw messageError('Conflict', 'error.paimon.committedMeanwhile', { newest: String(max), id: String(id) }, { file: snapshotKey(max, opts.branch) });
  }
}

/** Writes a LATEST/EARLIEST hint, best-effort (hints are advisory; a failure is not an error of the commit). */
export async function writeHint(storage: Storage, hint: 'LATEST' | 'EARLIEST', id: bigint, opts: { branch?: string; signal?: AbortSignal } = {}): Promise<void> {
  await storage.write(snapshotHintKey(hint, opts.branch), utf8Encode(id.toString()), { signal: opts.signal }).catch(() => undefined);
}

/** Runs `attempt` until it succeeds, retrying (up to `retries` times) only when it fails with Conflict. */
export async function withRetries<T>(retries: number, attempt: (n: number) => Promise<T>): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt(n);
    } catch (e) {
      if (!isLakeError(e, 'Conflict') || n >= retries) throw e;
    }
  }
}
