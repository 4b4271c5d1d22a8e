/**
 * Every file under a table root (recursive listing), which is what the table page can show before a
 * format reader exists: how many files, how many bytes, and which.
 */
import { toLakeError } from '../errors.ts';
import type { Storage } from '../io/storage.ts';
import type { FileDto, TableFilesDto } from './dto.ts';
import { toFileDto } from './list-folder.ts';
import { folderPrefix } from './listing.ts';
import type { RunOptions } from './progress.ts';

/** Lists up to `limit` files (default 20,000) under `root`. Must hold: totalBytes sums exactly the files returned. */
export async function listTableFiles(storage: Storage, root: string, options: RunOptions & { limit?: number } = {}): Promise<TableFilesDto> {
  const prefix = folderPrefix(root);
  const limit = options.limit ?? 20_000;
  const files: FileDto[] = [];
  let token: string | undefined;
  let truncated = false;
  do {
    let page;
    try {
      page = await storage.list({ prefix, maxKeys: 1000, continuationToken: token, signal: options.signal });
    } catch (e) {
      throw toLakeError(e, 'warehouse: listing table files failed', { prefix, storage: storage.description }, 'Io');
    }
    for (const o of page.objects) {
      if (files.length >= limit) { truncated = true; break; }
      if (o.key !== prefix) files.push(toFileDto(o));
    }
    token = page.continuationToken;
    options.onProgress?.({ phase: 'list', done: files.length, current: prefix });
  } while (token && !truncated);
  if (token && files.length >= limit) truncated = true;
  const totalBytes = files.reduce((sum, f) => sum + f.size, 0);
  return { root: prefix, files, count: files.length, totalBytes, truncated };
}
