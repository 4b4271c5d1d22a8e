/**
 * Storage over a File System Access directory handle: a local folder the user picked
 * (`showDirectoryPicker`) or the origin-private file system. Runs in pages and
 * workers (handles can be posted to a worker).
 *
 * Concurrency — a WEAKER guarantee than S3 or the node adapter: FSA has no exclusive create and no
 * compare-and-swap. Conditional writes and deletes hold an exclusive Web Lock per key
 * (`navigator.locks`), check the precondition by re-reading the entry, then write; reads hold a shared
 * lock so they never see a half-written file. Web Locks only coordinate tabs and workers of this
 * origin in this browser profile: another browser, another origin or a desktop program writing the
 * same folder is not excluded. Without `navigator.locks` a per-page mutex is used (same page only).
 * `createWritable()` writes to a swap file and replaces the target on `close()`, so an overwrite is
 * atomic; a brand-new file exists (empty) from creation until close.
 * ETag: `<lastModified ms>-<size>` in hex (FSA exposes nothing finer): two writes of equal size within
 * one millisecond are indistinguishable — CAS is only as good as that.
 */
import { LakeError, type LakeErrorCode, type LakeErrorRef, throwIfAborted } from '../../core/errors.ts';
import { messageError } from '../../core/message-error.ts';
import { errorRef } from '../../core/messages/message-parts.ts';
import { checkRange, isEmptyRange, resolveRange } from '../../core/io/byte-range.ts';
import { checkKey } from '../../core/io/key.ts';
import { PageBuilder, compareKeys } from '../../core/io/list-page.ts';
import { normalizeEtag, type ListOptions, type ListPage, type ObjectInfo, type ReadOptions, type Storage, type WriteOptions } from '../../core/io/storage.ts';
import { pool } from '../../core/util/async.ts';
import { withKeyLock } from './key-lock.ts';

export interface FsaStorageOptions {
  readonly description?: string;
  /** Refuse writes (a folder opened for reading). */
  readonly readOnly?: boolean;
  /** Web Lock name space; two storages over the same folder must share it (default: the folder name). */
  readonly lockNamespace?: string;
}

/** Storage over a directory handle. */
export class FsaStorage implements Storage {
  readonly description: string;
  readonly writable: boolean;
  private readonly ns: string;

  constructor(private readonly root: FileSystemDirectoryHandle, options: FsaStorageOptions = {}) {
    this.description = options.description ?? `folder "${root.name}"`;
    this.writable = !options.readOnly;
    this.ns = `lakescope:${options.lockNamespace ?? root.name}`;
  }

  async list(options: ListOptions = {}): Promise<ListPage> {
    throwIfAborted(options.signal, 'folder: list');
    const page = new PageBuilder(options, 'folder: list');
    const startDir = page.prefix.slice(0, page.prefix.lastIndexOf('/') + 1);
    const dir = await this.dir(startDir, false, 'list').catch((e) => {
      if ((e as LakeError).code === 'NotFound') return undefined;
      throw e;
    });
    if (dir) {
      for await (const key of this.walk(dir, startDir, page, options.signal)) {
        if (!page.offer(key, () => ({ key, size: -1 }))) break;
      }
    }
    const built = page.finish();
    const objects = await pool(built.objects, 16, async (o) => this.head(o.key, { signal: options.signal }), options.signal);
    return { ...built, objects };
  }

  async head(key: string, options: { signal?: AbortSignal } = {}): Promise<ObjectInfo> {
    throwIfAborted(options.signal, 'folder: head');
    const file = await this.shared(key, () => this.file(key, 'head'));
    return infoOf(key, file);
  }

  async read(key: string, options: ReadOptions = {}): Promise<Uint8Array> {
    throwIfAborted(options.signal, 'folder: read');
    checkRange(options.range, 'folder: read');
    return this.shared(key, async () => {
      const file = await this.file(key, 'read');
      if (isEmptyRange(options.range)) return new Uint8Array(0);
      const { start, end } = resolveRange(file.size, options.range);
      const bytes = new Uint8Array(await file.slice(start, end).arrayBuffer()); // Blob.slice reads only the range
      throwIfAborted(options.signal, 'folder: read');
      return bytes;
    });
  }

  async write(key: string, data: Uint8Array, options: WriteOptions = {}): Promise<ObjectInfo> {
    this.checkWritable('write', key);
    throwIfAborted(options.signal, 'folder: write');
    return this.exclusive(key, async () => {
      const current = await this.file(key, 'write').catch((e) => {
        if ((e as LakeError).code === 'NotFound') return undefined;
        throw e;
      });
      if (options.ifNoneMatch === '*' && current) throw conflict(key, errorRef('error.s3.why.keyExists', undefined));
      if (options.ifMatch !== undefined) {
        if (!current) throw conflict(key, errorRef('error.commit.why.keyMissing', undefined));
        if (etagOf(current) !== normalizeEtag(options.ifMatch)) throw conflict(key, errorRef('error.folder.why.etagChanged', undefined));
      }
      throwIfAborted(options.signal, 'folder: write');
      const { dir, name } = await this.parent(key, true, 'write');
      try {
        const handle = await dir.getFileHandle(name, { create: true });
        const w = await handle.createWritable({ keepExistingData: false });
        try {
          await w.write(data as Uint8Array<ArrayBuffer>);
          await w.close(); // the swap file replaces the target only now
        } catch (e) {
          await w.abort().catch(() => undefined);
          throw e;
        }
        return infoOf(key, await handle.getFile());
      } catch (e) {
        throw domError(e, 'write', key);
      }
    });
  }

  async delete(key: string, options: { signal?: AbortSignal } = {}): Promise<void> {
    this.checkWritable('delete', key);
    throwIfAborted(options.signal, 'folder: delete');
    await this.exclusive(key, async () => {
      let parent: { dir: FileSystemDirectoryHandle; name: string };
      try {
        parent = await this.parent(key, false, 'delete');
      } catch (e) {
        if ((e as LakeError).code === 'NotFound') return; // the folder is gone: so is the key
        throw e;
      }
      try {
        await parent.dir.removeEntry(parent.name);
      } catch (e) {
        const name = (e as DOMException)?.name;
        if (name !== 'NotFoundError') throw domError(e, 'delete', key);
      }
    });
  }

  private checkWritable(op: string, key: string): void {
    if (!this.writable) throw messageError('Unsupported', 'error.folder.readOnly', { op, key, where: this.description }, { key });
  }

  private shared<T>(key: string, fn: () => Promise<T>): Promise<T> {
    return withKeyLock(`${this.ns}:${key}`, 'shared', fn);
  }

  private exclusive<T>(key: string, fn: () => Promise<T>): Promise<T> {
    return withKeyLock(`${this.ns}:${key}`, 'exclusive', fn);
  }

  private async file(key: string, op: string): Promise<File> {
    const { dir, name } = await this.parent(key, false, op);
    try {
      return await (await dir.getFileHandle(name)).getFile();
    } catch (e) {
      throw domError(e, op, key);
    }
  }

  private async parent(key: string, create: boolean, op: string): Promise<{ dir: FileSystemDirectoryHandle; name: string }> {
    checkKey(key, `folder: ${op}`);
    const segments = key.split('/');
    if (segments.some((s) => s === '')) {
      throw messageError('Unsupported', 'error.folder.badKey', { op, key: JSON.stringify(key) }, { key });
    }
    const name = segments.pop()!;
    return { dir: await this.dir(segments.map((s) => `${s}/`).join(''), create, op), name };
  }

  /** The handle of a folder key ('' or ending in '/'). */
  private async dir(dirKey: string, create: boolean, op: string): Promise<FileSystemDirectoryHandle> {
    let dir = this.root;
    for (const seg of dirKey.split('/').filter(Boolean)) {
      try {
        dir = await dir.getDirectoryHandle(seg, { create });
      } catch (e) {
        throw domError(e, op, dirKey);
      }
    }
    return dir;
  }

  /** Keys under `dir` in key order, pruned to the page's prefix (same walk as the node adapter). */
  private async *walk(dir: FileSystemDirectoryHandle, dirKey: string, page: PageBuilder, signal?: AbortSignal): AsyncGenerator<string> {
    throwIfAborted(signal, 'folder: list');
    const entries: { key: string; handle: FileSystemHandle }[] = [];
    for await (const handle of (dir as unknown as { values(): AsyncIterable<FileSystemHandle> }).values()) {
      entries.push({ key: dirKey + handle.name + (handle.kind === 'directory' ? '/' : ''), handle });
    }
    entries.sort((a, b) => compareKeys(a.key, b.key));
    for (const { key, handle } of entries) {
      if (!key.startsWith(page.prefix)) {
        if (page.pastPrefix(key) && !page.prefix.startsWith(key)) break;
        if (!(handle.kind === 'directory' && page.prefix.startsWith(key))) continue;
      }
      if (handle.kind === 'file') yield key;
      else yield* this.walk(handle as FileSystemDirectoryHandle, key, page, signal);
    }
  }
}

function etagOf(file: File): string {
  return `${file.lastModified.toString(16)}-${file.size.toString(16)}`;
}

function infoOf(key: string, file: File): ObjectInfo {
  return { key, size: file.size, etag: etagOf(file), lastModified: file.lastModified };
}

function conflict(key: string, why: LakeErrorRef): LakeError {
  return messageError('Conflict', 'error.folder.precondition', { key, why }, { key });
}

/** DOMExceptions of the FSA API → LakeErrors. */
export function domError(e: unknown, op: string, key: string): LakeError {
  if (e instanceof LakeError) return e;
  const name = (e as DOMException)?.name;
  const code: LakeErrorCode = name === 'NotFoundError' || name === 'TypeMismatchError' ? 'NotFound'
    : name === 'NotAllowedError' || name === 'SecurityError' ? 'Auth'
      : name === 'AbortError' ? 'Aborted'
        : name === 'TypeError' || name === 'InvalidCharacterError' ? 'Unsupported' : 'Io';
  const why = code === 'NotFound' ? errorRef('error.folder.why.noSuchKey', undefined) : code === 'Auth' ? errorRef('error.folder.why.permission', undefined) : (e as Error)?.message ?? String(e);
  return messageError(code, 'error.folder.failed', { op, ...(key ? { key } : {}), why }, { key, domError: name }, e);
}
