/**
 * The first reads of opening a table, started before the storage that will open it is ready (issue 17): a
 * deep link into a static folder names its table while the folder's key list (`index.json`, over a megabyte
 * for a big warehouse) is still on its way, and a table's first reads need no listing (Iceberg: the version
 * hint and the metadata file it names). Each format that knows its first reads (TableFormat.prefetchOpen)
 * starts them on a storage that needs no key list, and they are offered to the real storage (warm-reads.ts),
 * which takes them only where its listing agrees.
 */
import { subStorage } from '../io/sub-storage.ts';
import type { Storage } from '../io/storage.ts';
import type { WarmReads } from '../io/warm-reads.ts';
import { TABLE_READERS } from './table-formats.ts';

/**
 * Starts the reads opening the table at `root` (a key prefix ending in '/', or '' for the storage's root)
 * would make first, for every format that names them, and offers each to `warm` under its full key. Must
 * hold: never throws or rejects (a table of another format, a missing hint: the real open reads as it
 * always does); no read outlives `signal`.
 */
export function prefetchTableOpen(storage: Storage, root: string, warm: WarmReads, signal: AbortSignal): void {
  try {
    // A root no storage accepts (`../x`, an absolute key) throws here: the open then reports it, or finds no table.
    const at = root === '' ? storage : subStorage(storage, root);
    for (const format of Object.values(TABLE_READERS)) {
      const issuing = format?.prefetchOpen?.(at, (key, bytes) => warm.offer(root + key, bytes), signal);
      if (issuing) warm.track(issuing);
    }
  } catch {
    // A prefetch is only a head start: the open reads for itself.
  }
}
