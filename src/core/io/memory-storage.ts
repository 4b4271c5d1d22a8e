/**
 * An in-memory Storage: the reference adapter for tests and for scratch tables in the browser.
 * Conditional writes are atomic because each call checks and mutates synchronously (one JS thread).
 */
import { LakeError, throwIfAborted } from '../errors.ts';
import { messageError } from '../message-error.ts';
import { checkRange, isEmptyRange, resolveRange } from './byte-range.ts';
import { pageOfSortedKeys, sortKeys } from './list-page.ts';
import { checkKey } from './key.ts';
import { normalizeEtag, type ListOptions, type ListPage, type ObjectInfo, type ReadOptions, type Storage, type WriteOptions } from './storage.ts';

interface Entry {
  readonly data: Uint8Array;
  readonly etag: string;
  readonly lastModified: number;
}

/**
 * Storage kept in a Map. Must hold: ETags change on every write (a per-instance generation counter, so
 * rewriting identical bytes still changes the ETag — stricter than S3's content MD5); data is copied in
 * and out so callers can never mutate stored bytes.
 */
export class MemoryStorage implements Storage {
  readonly writable = true;
  private readonly objects = new Map<string, Entry>();
  private sorted: string[] | undefined;
  private generation = 0;

  constructor(readonly description = 'memory') {}

  /** Number of stored objects (for tests). */
  get size(): number {
    return this.objects.size;
  }

  async list(options: ListOptions = {}): Promise<ListPage> {
    throwIfAborted(options.signal, 'memory: list');
    this.sorted ??= sortKeys([...this.objects.keys()]);
    return pageOfSortedKeys(this.sorted, options, (key) => this.info(key, this.objects.get(key)!), 'memory: list');
  }

  async head(key: string, options: { signal?: AbortSignal } = {}): Promise<ObjectInfo> {
    throwIfAborted(options.signal, 'memory: head');
    return this.info(key, this.get(key, 'head'));
  }

  async read(key: string, options: ReadOptions = {}): Promise<Uint8Array> {
    throwIfAborted(options.signal, 'memory: read');
    checkRange(options.range, 'memory: read');
    const { data } = this.get(key, 'read');
    if (isEmptyRange(options.range)) return new Uint8Array(0);
    const { start, end } = resolveRange(data.length, options.range);
    return data.slice(start, end);
  }

  async write(key: string, data: Uint8Array, options: WriteOptions = {}): Promise<ObjectInfo> {
    throwIfAborted(options.signal, 'memory: write');
    checkKey(key, 'memory: write');
    const current = this.objects.get(key);
    if (options.ifNoneMatch === '*' && current) {
      throw messageError('Conflict', 'error.memory.exists', { key }, { key });
    }
    if (options.ifMatch !== undefined && current?.etag !== normalizeEtag(options.ifMatch)) {
      throw messageError('Conflict', 'error.memory.precondition', { key, missing: !current }, { key, ifMatch: options.ifMatch });
    }
    const entry: Entry = { data: data.slice(), etag: `m${(++this.generation).toString(36)}`, lastModified: Date.now() };
    if (!current) this.sorted = undefined;
    this.objects.set(key, entry);
    return this.info(key, entry);
  }

  async delete(key: string, options: { signal?: AbortSignal } = {}): Promise<void> {
    throwIfAborted(options.signal, 'memory: delete');
    checkKey(key, 'memory: delete');
    if (this.objects.delete(key)) this.sorted = undefined;
  }

  private get(key: string, op: string): Entry {
    checkKey(key, `memory: ${op}`);
    const entry = this.objects.get(key);
    if (!entry) throw messageError('NotFound', 'error.memory.noKey', { op, key }, { key });
    return entry;
  }

  private info(key: string, e: Entry): ObjectInfo {
    return { key, size: e.data.length, etag: e.etag, lastModified: e.lastModified };
  }
}
