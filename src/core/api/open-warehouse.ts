/**
 * Opening a warehouse: its root listing (with tables detected one level down) and the text of a root
 * README, which is how a warehouse such as the built-in demo explains itself.
 */
import { isLakeError, toLakeError } from '../errors.ts';
import type { Storage } from '../io/storage.ts';
import type { WarehouseDto } from './dto.ts';
import { listFolderWith } from './list-folder.ts';
import { newContext } from './listing.ts';

const README_NAMES = ['README.txt', 'README.md', 'README'];
const README_MAX_BYTES = 16 * 1024;

/** Opens the storage root. Must hold: the first request is a listing, so bad keys/CORS fail here with Auth/Cors. */
export async function openWarehouse(storage: Storage, options: { signal?: AbortSignal } = {}): Promise<WarehouseDto> {
  const ctx = newContext(storage, options.signal);
  const root = await listFolderWith(ctx, '');
  const readmeFile = README_NAMES.map((n) => root.files.find((f) => f.key === n)).find((f) => f !== undefined);
  let readme: string | undefined;
  if (readmeFile) {
    try {
      const bytes = await storage.read(readmeFile.key, {
        range: { offset: 0, length: Math.min(readmeFile.size, README_MAX_BYTES) },
        signal: options.signal,
      });
      readme = new TextDecoder().decode(bytes);
    } catch (e) {
      // A README that vanished between list and read is not worth failing the warehouse for.
      if (!isLakeError(e, 'NotFound')) throw toLakeError(e, 'warehouse: reading README failed', { key: readmeFile.key }, 'Io');
    }
  }
  return { description: storage.description, writable: storage.writable, root, ...(readme === undefined ? {} : { readme }) };
}
