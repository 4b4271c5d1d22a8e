/**
 * Listing a folder tree in S3 key order for FsStorage: entries sorted per folder with sub-folders
 * keyed as `name/` (so `a-b` sorts before `a/x`, as in UTF-8 byte order), subtrees below the
 * continuation bound or outside the prefix skipped, and with delimiter '/' one file per sub-folder
 * is enough to report it as a common prefix.
 */
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { throwIfAborted } from '../../core/errors.ts';
import { compareKeys } from '../../core/io/list-page.ts';
import { fsError } from './fs-errors.ts';

/** Our own temporary and lock files: never listed, never valid keys. */
export const INTERNAL = /^\..*\.lakescope-(lock|tmp-[0-9a-f]+)$/;

/** Sorted, pruned walk over the folder tree, yielding keys (files) in {@link compareKeys} order. */
export class Walk {
  constructor(
    private readonly root: string,
    readonly description: string,
    private readonly prefix: string,
    private readonly bound: string | undefined,
    private readonly rollup: boolean,
    private readonly signal: AbortSignal | undefined,
  ) {}

  async *dir(dirKey: string): AsyncGenerator<string> {
    throwIfAborted(this.signal, 'fs: list');
    const items = await this.entries(dirKey);
    for (const item of items) {
      if (!item.key.startsWith(this.prefix)) {
        if (compareKeys(item.key, this.prefix) > 0 && !this.prefix.startsWith(item.key)) break;
        if (!(item.dir && this.prefix.startsWith(item.key))) continue;
      }
      if (!item.dir) {
        yield item.key;
        continue;
      }
      const bound = this.bound;
      if (bound !== undefined && compareKeys(item.key, bound) < 0 && !bound.startsWith(item.key)) continue; // all below the bound
      if (this.rollup && item.key.startsWith(this.prefix) && !(bound?.startsWith(item.key))) {
        // With delimiter '/', a sub-folder is one common prefix: any one file proves it is not empty.
        const first = await this.firstFile(item.key);
        if (first !== undefined) yield first;
        continue;
      }
      yield* this.dir(item.key);
    }
  }

  private async firstFile(dirKey: string): Promise<string | undefined> {
    for (const item of await this.entries(dirKey)) {
      const found = item.dir ? await this.firstFile(item.key) : item.key;
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** Children of a folder as keys (folders end in '/'), sorted; internal files left out. */
  private async entries(dirKey: string): Promise<{ key: string; dir: boolean }[]> {
    let dirents: Dirent[];
    const path = dirKey === '' ? this.root : join(this.root, ...dirKey.slice(0, -1).split('/'));
    try {
      dirents = await readdir(path, { withFileTypes: true });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return [];
      throw fsError(e, 'list', dirKey, this);
    }
    const out: { key: string; dir: boolean }[] = [];
    for (const d of dirents) {
      if (INTERNAL.test(d.name)) continue;
      let dir = d.isDirectory();
      if (d.isSymbolicLink()) {
        const st = await stat(join(path, d.name)).catch(() => undefined);
        if (!st) continue; // dangling link
        dir = st.isDirectory();
      } else if (!dir && !d.isFile()) continue; // sockets, fifos, devices
      out.push({ key: dirKey + d.name + (dir ? '/' : ''), dir });
    }
    return out.sort((a, b) => compareKeys(a.key, b.key));
  }
}
