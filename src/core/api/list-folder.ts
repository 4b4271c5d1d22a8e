/**
 * One level of a folder for the warehouse browser: sub-folders (each checked for a table), files, and
 * whether the folder itself is a table root. Inside a table root the sub-folders are the table's own
 * internals (partitions, metadata/…), so they are not checked.
 */
import type { ObjectInfo, Storage } from '../io/storage.ts';
import { detectWith } from './detect-table-format.ts';
import type { FileDto, FolderDto, FolderListingDto } from './dto.ts';
import { pool } from '../util/async.ts';
import { type ApiContext, baseName, folderPrefix, newContext, readChildren } from './listing.ts';

export interface ListFolderOptions {
  readonly signal?: AbortSignal;
  /** Check at most this many sub-folders for tables (each costs one or two requests). Default 200. */
  readonly detectLimit?: number;
  /** Read at most this many listing pages of the folder. Default 10. */
  readonly maxPages?: number;
}

/** Lists `prefix` ('' = root). Must hold: folders and files are ascending; errors carry the prefix. */
export async function listFolder(storage: Storage, prefix: string, options: ListFolderOptions = {}): Promise<FolderListingDto> {
  return listFolderWith(newContext(storage, options.signal), folderPrefix(prefix), options);
}

export async function listFolderWith(ctx: ApiContext, prefix: string, options: ListFolderOptions = {}): Promise<FolderListingDto> {
  const detectLimit = options.detectLimit ?? 200;
  const children = await readChildren(ctx, prefix, options.maxPages ?? 10);
  const table = await detectWith(ctx, prefix, children);
  const names = children.folders;
  const checked = table ? [] : names.slice(0, detectLimit);
  const tables = await pool(checked, 4, (name) => detectWith(ctx, `${prefix}${name}/`), ctx.signal);
  const folders: FolderDto[] = names.map((name, i) => ({
    name,
    prefix: `${prefix}${name}/`,
    table: i < checked.length ? tables[i] : undefined,
  }));
  return {
    prefix,
    table,
    folders,
    files: children.files.map(toFileDto),
    truncated: children.truncated,
    detectionSkipped: table ? 0 : names.length - checked.length,
  };
}

/** ObjectInfo → FileDto (plain, clone-safe). */
export function toFileDto(o: ObjectInfo): FileDto {
  return o.lastModified === undefined
    ? { key: o.key, name: baseName(o.key), size: o.size }
    : { key: o.key, name: baseName(o.key), size: o.size, lastModified: o.lastModified };
}
