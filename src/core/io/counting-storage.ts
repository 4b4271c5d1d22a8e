/**
 * A decorator that counts calls, so tests can assert I/O cost (`expect(storage.counts.read).toBe(3)`),
 * as hyparquet's tests count range requests.
 */
import type { ByteRange, ListOptions, ListPage, ObjectInfo, ReadOptions, Storage, WriteOptions } from './storage.ts';

export type StorageMethod = 'list' | 'head' | 'read' | 'write' | 'delete';

/** One call as logged: method, key (list: its prefix) and the range of a read. */
export interface StorageCall {
  readonly method: StorageMethod;
  readonly key: string;
  readonly range?: ByteRange;
}

/**
 * Counts every call made through it — failed calls included, since a failed request still cost a
 * round trip. `bytesRead`/`bytesWritten` count payload bytes of successful reads/writes only.
 */
export class CountingStorage implements Storage {
  readonly counts: Record<StorageMethod, number> = { list: 0, head: 0, read: 0, write: 0, delete: 0 };
  bytesRead = 0;
  bytesWritten = 0;
  readonly log: StorageCall[] = [];

  constructor(readonly inner: Storage) {}

  get description(): string {
    return this.inner.description;
  }

  get writable(): boolean {
    return this.inner.writable;
  }

  /** Total calls of every method. */
  get total(): number {
    return Object.values(this.counts).reduce((a, b) => a + b, 0);
  }

  /** Zeroes the counters and the log. */
  reset(): void {
    for (const m of Object.keys(this.counts) as StorageMethod[]) this.counts[m] = 0;
    this.bytesRead = 0;
    this.bytesWritten = 0;
    this.log.length = 0;
  }

  list(options: ListOptions = {}): Promise<ListPage> {
    this.record('list', options.prefix ?? '');
    return this.inner.list(options);
  }

  head(key: string, options?: { signal?: AbortSignal }): Promise<ObjectInfo> {
    this.record('head', key);
    return this.inner.head(key, options);
  }

  async read(key: string, options: ReadOptions = {}): Promise<Uint8Array> {
    this.record('read', key, options.range);
    const bytes = await this.inner.read(key, options);
    this.bytesRead += bytes.length;
    return bytes;
  }

  async write(key: string, data: Uint8Array, options?: WriteOptions): Promise<ObjectInfo> {
    this.record('write', key);
    const info = await this.inner.write(key, data, options);
    this.bytesWritten += data.length;
    return info;
  }

  delete(key: string, options?: { signal?: AbortSignal }): Promise<void> {
    this.record('delete', key);
    return this.inner.delete(key, options);
  }

  private record(method: StorageMethod, key: string, range?: ByteRange): void {
    this.counts[method]++;
    this.log.push(range ? { method, key, range } : { method, key });
  }
}
