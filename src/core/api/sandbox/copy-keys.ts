/**
 * Copying a warehouse or one table into a sandbox (issue 20): every key under a prefix, read from one Storage
 * and written to another under the same key, so a table keeps its place (and the explorer re-roots its
 * recorded location as it does for any moved table). Used by the browser's sandbox (the target is a folder of
 * the origin-private file system); here it is storage-agnostic, so it is tested with two MemoryStorages.
 */
import { listAll, type ObjectInfo, type Storage } from '../../io/storage.ts';
import { pool } from '../../util/async.ts';
import type { RunOptions } from '../progress.ts';
import { messageError } from '../../message-error.ts';

/** The sandbox's size limit: a browser's private storage is a quota shared with every site's data. */
export const SANDBOX_LIMIT_BYTES = 200 * 1024 * 1024;

export interface CopyKeysOptions extends RunOptions {
  /** Only keys starting with this ('' = everything). */
  readonly prefix?: string;
  /** Refuse (before writing anything) when the keys add up to more (default {@link SANDBOX_LIMIT_BYTES}). */
  readonly limitBytes?: number;
  /** Files copied at once (default 4). */
  readonly concurrency?: number;
}

export interface CopyKeysResult {
  readonly files: number;
  readonly bytes: number;
}

/**
 * Copies every object under `prefix` from `source` to `target`. Must hold: over the limit → Unsupported
 * before any write; progress `{phase: 'copy', done, total, bytes}` after each file; an abort stops starting
 * new files and rejects with Aborted (files already copied stay: the caller deletes the half-made sandbox).
 */
export async function copyKeys(source: Storage, target: Storage, opts: CopyKeysOptions = {}): Promise<CopyKeysResult> {
  const { prefix = '', limitBytes = SANDBOX_LIMIT_BYTES, signal, onProgress } = opts;
  const objects: ObjectInfo[] = [];
  for await (const o of listAll(source, { prefix, signal })) objects.push(o);
  const total = objects.reduce((n, o) => n + o.size, 0);
  if (total > limitBytes) {
    throw messageError('Unsupported', 'error.sandbox.tooBig', { what: prefix || source.description, mb: String(mb(total)), limit: String(mb(limitBytes)) },
      { prefix, bytes: String(total) });
  }
  let done = 0;
  let bytes = 0;
  onProgress?.({ phase: 'copy', done, total: objects.length, bytes });
  await pool(objects, opts.concurrency ?? 4, async (o, _i, s) => {
    const data = await source.read(o.key, { signal: s });
    await target.write(o.key, data, { signal: s });
    done++;
    bytes += data.length;
    onProgress?.({ phase: 'copy', done, total: objects.length, bytes, current: o.key });
  }, signal);
  return { files: objects.length, bytes };
}

const mb = (n: number): string => (n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0);
