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
import type { EarlyOutline, OutlineVersion, TableFormat } from '../formats/table-format.ts';
import type { TableFormatName } from './dto.ts';
import { TABLE_READERS } from './table-formats.ts';

/** Where the outline a prefetch draws goes (TableFormat.prefetchOpen's EarlyOutline), with the format that drew it. */
export interface EarlyTableOutline {
  /** Asked before the work of drawing an outline and again before sending it. */
  wanted(): boolean;
  send(format: TableFormatName, versions: readonly OutlineVersion[]): void;
}

/**
 * Starts the reads opening the table at `root` (a key prefix ending in '/', or '' for the storage's root)
 * would make first, for every format that names them, and offers each to `warm` under its full key; with
 * `outline`, a format that draws an outline from those reads sends it there, naming itself. Must hold: never
 * throws or rejects (a table of another format, a missing hint: the real open reads as it always does); no
 * read outlives `signal`. The outline is of what is at `root` before any listing says a table is there: the
 * receiver checks the format against the listing's.
 */
export function prefetchTableOpen(storage: Storage, root: string, warm: WarmReads, signal: AbortSignal, outline?: EarlyTableOutline): void {
  try {
    // A root no storage accepts (`../x`, an absolute key) throws here: the open then reports it, or finds no table.
    const at = root === '' ? storage : subStorage(storage, root);
    for (const [name, format] of Object.entries(TABLE_READERS) as [TableFormatName, TableFormat | undefined][]) {
      const early: EarlyOutline | undefined = outline && { wanted: () => outline.wanted(), send: (versions) => outline.send(name, versions) };
      const issuing = format?.prefetchOpen?.(at, (key, bytes) => warm.offer(root + key, bytes), signal, early);
      if (issuing) warm.track(issuing);
    }
  } catch {
    // A prefetch is only a head start: the open reads for itself.
  }
}
