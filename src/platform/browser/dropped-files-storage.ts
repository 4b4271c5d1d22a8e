/**
 * Read-only Storage over files the user dropped or chose with `<input type="file" webkitdirectory>`:
 * nothing to list but what was given, every read a Blob slice (only the range is read).
 */
import { throwIfAborted } from '../../core/errors.ts';
import { checkRange, isEmptyRange, resolveRange } from '../../core/io/byte-range.ts';
import { checkKey } from '../../core/io/key.ts';
import { pageOfSortedKeys, sortKeys } from '../../core/io/list-page.ts';
import type { ListOptions, ListPage, ObjectInfo, ReadOptions, Storage } from '../../core/io/storage.ts';
import { messageError } from '../../core/message-error.ts';

/** A file with its path relative to what was chosen ('/'-separated). */
export interface DroppedFile {
  readonly path: string;
  readonly file: File;
}

/**
 * Files from a webkitdirectory `<input>` (each has `webkitRelativePath` = `chosen-folder/…`) or an
 * explicit list. With `stripRoot` (default) the common first folder is removed, so keys are relative
 * to the folder the user chose.
 */
export function droppedFiles(files: FileList | Iterable<File> | Iterable<DroppedFile>, stripRoot = true): DroppedFile[] {
  const list = [...(files as Iterable<File | DroppedFile>)].map((f) => (
    'path' in f && 'file' in f ? f : { path: (f as File).webkitRelativePath || (f as File).name, file: f as File }));
  const cleaned = list.map((f) => ({ ...f, path: f.path.replace(/^\/+/, '') }));
  if (!stripRoot || cleaned.length === 0) return cleaned;
  const first = cleaned[0]!.path.split('/')[0]!;
  const common = cleaned.every((f) => f.path.startsWith(`${first}/`));
  return common ? cleaned.map((f) => ({ ...f, path: f.path.slice(first.length + 1) })) : cleaned;
}

/** The read-only storage. ETag `<lastModified>-<size>` in hex. */
export class DroppedFilesStorage implements Storage {
  readonly writable = false;
  private readonly files = new Map<string, File>();
  private readonly sorted: string[];

  constructor(files: readonly DroppedFile[], readonly description = `dropped files (${files.length})`) {
    for (const f of files) {
      checkKey(f.path, 'dropped files');
      this.files.set(f.path, f.file);
    }
    this.sorted = sortKeys([...this.files.keys()]);
  }

  async list(options: ListOptions = {}): Promise<ListPage> {
    throwIfAborted(options.signal, 'dropped files: list');
    return pageOfSortedKeys(this.sorted, options, (key) => infoOf(key, this.files.get(key)!), 'dropped files: list');
  }

  async head(key: string, options: { signal?: AbortSignal } = {}): Promise<ObjectInfo> {
    throwIfAborted(options.signal, 'dropped files: head');
    return infoOf(key, this.get(key, 'head'));
  }

  async read(key: string, options: ReadOptions = {}): Promise<Uint8Array> {
    throwIfAborted(options.signal, 'dropped files: read');
    checkRange(options.range, 'dropped files: read');
    const file = this.get(key, 'read');
    if (isEmptyRange(options.range)) return new Uint8Array(0);
    const { start, end } = resolveRange(file.size, options.range);
    try {
      return new Uint8Array(await file.slice(start, end).arrayBuffer());
    } catch (e) {
      // The file changed or vanished on disk since it was chosen (NotReadableError).
      throw messageError('Io', 'error.dropped.unreadable', { key }, { key }, e);
    }
  }

  async write(key: string): Promise<ObjectInfo> {
    throw messageError('Unsupported', 'error.dropped.readOnly', { op: 'write', key }, { key });
  }

  async delete(key: string): Promise<void> {
    throw messageError('Unsupported', 'error.dropped.readOnly', { op: 'delete', key }, { key });
  }

  private get(key: string, op: string): File {
    const file = this.files.get(key);
    if (!file) throw messageError('NotFound', 'error.dropped.noSuchKey', { op, key }, { key });
    return file;
  }
}

function infoOf(key: string, file: File): ObjectInfo {
  return { key, size: file.size, etag: `${file.lastModified.toString(16)}-${file.size.toString(16)}`, lastModified: file.lastModified };
}
