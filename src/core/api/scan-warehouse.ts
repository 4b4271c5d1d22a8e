/**
 * Finding every table under a root, breadth-first (shallow tables show up first and a deep folder tree
 * cannot starve the rest). A folder that is a table root is never descended into: its sub-folders are
 * partitions and metadata, and listing them would cost requests in proportion to the table's size.
 */
import { throwIfAborted } from '../errors.ts';
import type { Storage } from '../io/storage.ts';
import { detectWith } from './detect-table-format.ts';
import type { DetectedTableDto, ScannedFolderDto, WarehouseScanDto } from './dto.ts';
import { folderPrefix, newContext, readChildren } from './listing.ts';
import type { RunOptions } from './progress.ts';

export interface ScanWarehouseOptions extends RunOptions {
  /** Folder to start from ('' = storage root). */
  readonly root?: string;
  /** Deepest folder level looked into (root = 0). Default 8. */
  readonly maxDepth?: number;
  /** Listings in flight at once. Default 4. */
  readonly concurrency?: number;
  /** Stop descending after this many folders have been visited. Default 10,000. */
  readonly maxFolders?: number;
}

interface QueueItem { prefix: string; depth: number }

/**
 * Scans the warehouse. Must hold: every table whose root lies within maxDepth is found exactly once;
 * no table root is descended into; an aborted signal rejects with a LakeError `Aborted`.
 */
export async function scanWarehouse(storage: Storage, options: ScanWarehouseOptions = {}): Promise<WarehouseScanDto> {
  const root = folderPrefix(options.root ?? '');
  const maxDepth = options.maxDepth ?? 8;
  const maxFolders = options.maxFolders ?? 10_000;
  const ctx = newContext(storage, options.signal);
  const tables: DetectedTableDto[] = [];
  const folders: ScannedFolderDto[] = [];
  const queue: QueueItem[] = [{ prefix: root, depth: 0 }];
  let visited = 0;
  let discovered = 1;

  const visit = async (item: QueueItem): Promise<void> => {
    throwIfAborted(options.signal, 'warehouse scan');
    const children = await readChildren(ctx, item.prefix);
    const table = await detectWith(ctx, item.prefix, children);
    visited++;
    if (table) {
      tables.push(table);
    } else {
      folders.push({ prefix: item.prefix, depth: item.depth, notDescended: false, truncated: children.truncated });
      for (const name of children.folders) {
        const child = { prefix: `${item.prefix}${name}/`, depth: item.depth + 1 };
        if (child.depth > maxDepth || visited + queue.length >= maxFolders) {
          folders.push({ ...child, notDescended: true, truncated: false });
        } else {
          queue.push(child);
          discovered++;
        }
      }
    }
    options.onProgress?.({ phase: 'scan', done: visited, total: discovered, current: item.prefix });
  };

  await drain(queue, options.concurrency ?? 4, visit);
  tables.sort((a, b) => compare(a.root, b.root));
  folders.sort((a, b) => compare(a.prefix, b.prefix));
  return { root, tables, folders, requests: ctx.requests };
}

/** Runs `visit` over a queue that grows while it runs, with at most `limit` visits in flight. */
function drain(queue: QueueItem[], limit: number, visit: (item: QueueItem) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    let active = 0;
    let failed = false;
    const pump = (): void => {
      if (failed) return;
      if (queue.length === 0 && active === 0) { resolve(); return; }
      while (active < limit && queue.length > 0) {
        const item = queue.shift() as QueueItem;
        active++;
        visit(item).then(
          () => { active--; pump(); },
          (e: unknown) => { failed = true; reject(e); },
        );
      }
    };
    pump();
  });
}

/** Code-unit order, which for the ASCII keys of table folders equals S3's UTF-8 byte order. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
