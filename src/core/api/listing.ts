/**
 * One level of a folder, read with delimiter listings (S3 ListObjectsV2 semantics: `prefixes` are the
 * sub-folders). Shared by detection, folder listing and the warehouse scan, which all count requests to
 * keep the "cheap" promise measurable.
 */
import { toLakeError } from '../errors.ts';
import type { ObjectInfo, Storage } from '../io/storage.ts';

/** A storage plus the caller's signal and a request counter, threaded through one use case. */
export interface ApiContext {
  readonly storage: Storage;
  readonly signal?: AbortSignal;
  requests: number;
}

export function newContext(storage: Storage, signal?: AbortSignal): ApiContext {
  return { storage, signal, requests: 0 };
}

/** The direct children of a folder. */
export interface Children {
  /** Sub-folder names (no trailing '/'), ascending. */
  readonly folders: string[];
  readonly files: ObjectInfo[];
  /** True when more pages existed than were read. */
  readonly truncated: boolean;
}

/** Turns '' / 'a' / 'a/' / '/a/' into the canonical folder prefix ('' or 'a/'). */
export function folderPrefix(path: string): string {
  const p = path.replace(/^\/+/, '');
  return p === '' || p.endsWith('/') ? p : `${p}/`;
}

/** Last segment of a key or folder prefix ('a/b/' → 'b', 'a/b.txt' → 'b.txt'). */
export function baseName(path: string): string {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/**
 * Reads up to `maxPages` pages of a delimiter listing of `prefix`. Errors keep their code and gain
 * the prefix and storage in their context.
 */
export async function readChildren(ctx: ApiContext, prefix: string, maxPages = 10, maxKeys = 1000): Promise<Children> {
  const folders: string[] = [];
  const files: ObjectInfo[] = [];
  let token: string | undefined;
  let pages = 0;
  do {
    ctx.requests++;
    let page;
    try {
      page = await ctx.storage.list({ prefix, delimiter: '/', maxKeys, continuationToken: token, signal: ctx.signal });
    } catch (e) {
      throw toLakeError(e, 'warehouse: listing failed', { prefix, storage: ctx.storage.description }, 'Io');
    }
    for (const p of page.prefixes) folders.push(p.slice(prefix.length).replace(/\/$/, ''));
    for (const o of page.objects) if (o.key !== prefix) files.push(o); // some stores list the folder marker itself
    token = page.continuationToken;
    pages++;
  } while (token && pages < maxPages);
  return { folders, files, truncated: token !== undefined };
}

/** True when at least one key exists under `prefix` (one listing of one key). */
export async function prefixExists(ctx: ApiContext, prefix: string): Promise<boolean> {
  ctx.requests++;
  try {
    const page = await ctx.storage.list({ prefix, maxKeys: 1, signal: ctx.signal });
    return page.objects.length > 0 || page.prefixes.length > 0;
  } catch (e) {
    throw toLakeError(e, 'warehouse: listing failed', { prefix, storage: ctx.storage.description }, 'Io');
  }
}
