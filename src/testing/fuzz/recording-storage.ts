/**
 * A Storage decorator that records which byte spans of which keys were read, so the fuzz classifier
 * can tell "the mutated bytes were never read" from "the reader read them and did not notice".
 */
import type { ListOptions, ListPage, ObjectInfo, ReadOptions, Storage, WriteOptions } from '../../core/io/storage.ts';

export class RecordingStorage implements Storage {
  readonly description: string;
  readonly writable: boolean;
  /** key → spans [start, end) read (clipped to the object). */
  readonly reads = new Map<string, [number, number][]>();
  /** Keys whose size was asked for (head) or listed. */
  readonly heads = new Set<string>();

  constructor(private readonly inner: Storage) {
    this.description = inner.description;
    this.writable = inner.writable;
  }

  list(options?: ListOptions): Promise<ListPage> {
    return this.inner.list(options);
  }

  head(key: string, options?: { signal?: AbortSignal }): Promise<ObjectInfo> {
    this.heads.add(key);
    return this.inner.head(key, options);
  }

  async read(key: string, options?: ReadOptions): Promise<Uint8Array> {
    const bytes = await this.inner.read(key, options);
    const r = options?.range;
    let start = 0;
    if (r && 'offset' in r) start = r.offset;
    else if (r && 'suffix' in r) start = -1; // resolved below from the object size
    if (start < 0) start = (await this.inner.head(key)).size - bytes.length;
    const spans = this.reads.get(key) ?? [];
    spans.push([start, start + bytes.length]);
    this.reads.set(key, spans);
    return bytes;
  }

  write(key: string, data: Uint8Array, options?: WriteOptions): Promise<ObjectInfo> {
    return this.inner.write(key, data, options);
  }

  delete(key: string, options?: { signal?: AbortSignal }): Promise<void> {
    return this.inner.delete(key, options);
  }

  /** True when any of `spans` overlaps a span read from `key`. */
  readAny(key: string, spans: readonly (readonly [number, number])[]): boolean {
    const read = this.reads.get(key) ?? [];
    return spans.some(([s, e]) => read.some(([rs, re]) => s < re && rs < e));
  }
}
