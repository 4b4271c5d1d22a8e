/**
 * Removing files a failed commit attempt wrote. They are unreferenced, so leaving one behind is harmless
 * (an orphan for the orphan-file report); failing the caller over a cleanup error would hide the real one.
 */
import { isLakeError } from '../errors.ts';
import type { Storage } from '../io/storage.ts';
import { pool } from '../util/async.ts';

/**
 * Deletes `keys`, up to 8 at a time, ignoring every failure except an abort. Returns the keys that
 * could not be deleted.
 */
export async function bestEffortDelete(storage: Storage, keys: Iterable<string>, signal?: AbortSignal): Promise<string[]> {
  const failed: string[] = [];
  const list = [...new Set(keys)];
  await pool(list, 8, async (key) => {
    try {
      await storage.delete(key, { signal });
    } catch (e) {
      if (isLakeError(e, 'Aborted')) throw e;
      failed.push(key);
    }
  }, signal);
  return failed;
}
