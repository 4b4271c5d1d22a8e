/**
 * A caching decorator for immutable objects. Table formats never rewrite a metadata file, manifest or
 * data file in place (Iceberg spec "Overview": files are immutable once written; Delta, Paimon and Hudi
 * likewise), so bytes read once can be served forever — except the few "what is current" pointers,
 * which {@link isMutableKey} names and which always go to the inner storage.
 */
import { Lru } from '../util/lru.ts';
import { isEmptyRange } from './byte-range.ts';
import type { ByteRange, ListOptions, ListPage, ObjectInfo, ReadOptions, Storage, WriteOptions } from './storage.ts';

/**
 * Keys that change in place: Iceberg `version-hint.text`, Delta `_last_checkpoint`, Paimon
 * `LATEST`/`EARLIEST` snapshot hints, Hudi `hoodie.properties`.
 */
export function isMutableKey(key: string): boolean {
  return /(^|\/)(version-hint\.text|_last_checkpoint|LATEST|EARLIEST|hoodie\.properties)$/.test(key);
}

export interface CachedStorageOptions {
  /** Byte budget of the cache (default 64 MiB); least recently used objects are evicted first. */
  readonly maxBytes?: number;
  /** Keys never cached (default {@link isMutableKey}). */
  readonly isMutable?: (key: string) => boolean;
}

/** Fetched bytes of one object, from offset `start`. */
interface Segment {
  readonly start: number;
  readonly data: Uint8Array;
}

/** What is cached for one key. Segments are sorted, disjoint and never adjacent (coalesced). */
interface Entry {
  size?: number;
  info?: ObjectInfo;
  segments: Segment[];
  /** The last bytes of an object of still unknown size (from a suffix read). */
  tail?: Uint8Array;
}

/**
 * Must hold: a read is served from cache only when cached bytes cover it entirely (a range inside a
 * fetched range or whole object); overlapping and adjacent fetched ranges are coalesced; a write or
 * delete through this decorator invalidates the key, and a read racing with it never stores stale
 * bytes (a per-key generation check); returned arrays are copies the caller may mutate.
 */
export class CachedStorage implements Storage {
  hits = 0;
  misses = 0;
  private readonly lru: Lru<string, Entry>;
  private readonly isMutable: (key: string) => boolean;
  private readonly generations = new Map<string, number>();

  constructor(readonly inner: Storage, options: CachedStorageOptions = {}) {
    this.lru = new Lru<string, Entry>(options.maxBytes ?? 64 * 1024 * 1024, weigh);
    this.isMutable = options.isMutable ?? isMutableKey;
  }

  get description(): string {
    return this.inner.description;
  }

  get writable(): boolean {
    return this.inner.writable;
  }

  /** Bytes currently held. */
  get cachedBytes(): number {
    return this.lru.weight;
  }

  list(options?: ListOptions): Promise<ListPage> {
    return this.inner.list(options); // what exists changes: never cached
  }

  async head(key: string, options?: { signal?: AbortSignal }): Promise<ObjectInfo> {
    if (this.isMutable(key)) return this.inner.head(key, options);
    const cached = this.lru.get(key)?.info;
    if (cached) {
      this.hits++;
      return { ...cached };
    }
    this.misses++;
    const gen = this.generation(key);
    const info = await this.inner.head(key, options);
    this.update(key, gen, (e) => {
      e.info = info;
      setSize(e, info.size);
    });
    return info;
  }

  async read(key: string, options: ReadOptions = {}): Promise<Uint8Array> {
    const { range } = options;
    if (this.isMutable(key) || isEmptyRange(range)) return this.inner.read(key, options);
    const entry = this.lru.get(key);
    const served = entry && serve(entry, range);
    if (served) {
      this.hits++;
      return served;
    }
    this.misses++;
    const gen = this.generation(key);
    const bytes = await this.inner.read(key, options);
    this.update(key, gen, (e) => store(e, range, bytes)); // stores copies: `bytes` stays the caller's
    return bytes;
  }

  async write(key: string, data: Uint8Array, options?: WriteOptions): Promise<ObjectInfo> {
    this.invalidate(key);
    try {
      return await this.inner.write(key, data, options);
    } finally {
      this.invalidate(key);
    }
  }

  async delete(key: string, options?: { signal?: AbortSignal }): Promise<void> {
    this.invalidate(key);
    try {
      await this.inner.delete(key, options);
    } finally {
      this.invalidate(key);
    }
  }

  /** Drops a key (or everything) from the cache. */
  invalidate(key?: string): void {
    if (key === undefined) {
      this.lru.clear();
      this.generations.clear();
      return;
    }
    this.lru.delete(key);
    this.generations.set(key, this.generation(key) + 1);
  }

  private generation(key: string): number {
    return this.generations.get(key) ?? 0;
  }

  /** Applies `change` to the key's entry unless a write/delete happened since `gen` was taken. */
  private update(key: string, gen: number, change: (e: Entry) => void): void {
    if (this.generation(key) !== gen) return;
    const e = this.lru.get(key) ?? { segments: [] };
    change(e);
    this.lru.set(key, e); // re-weighs and marks most recently used
  }
}

function weigh(e: Entry): number {
  let n = 128 + (e.tail?.length ?? 0);
  for (const s of e.segments) n += s.data.length;
  return n;
}

/** The requested bytes if the cache covers them, else undefined. */
function serve(e: Entry, range?: ByteRange): Uint8Array | undefined {
  if (!range) return e.size === undefined ? undefined : slice(e, 0, e.size);
  if ('suffix' in range) {
    if (e.size !== undefined) return slice(e, Math.max(0, e.size - range.suffix), e.size);
    return e.tail && e.tail.length >= range.suffix ? e.tail.slice(e.tail.length - range.suffix) : undefined;
  }
  if (e.size !== undefined) {
    const start = Math.min(range.offset, e.size);
    return slice(e, start, Math.min(e.size, range.offset + range.length));
  }
  return slice(e, range.offset, range.offset + range.length);
}

/** Copy of `[start, end)` when one segment covers it. */
function slice(e: Entry, start: number, end: number): Uint8Array | undefined {
  if (start >= end) return new Uint8Array(0);
  const s = e.segments.find((x) => x.start <= start && x.start + x.data.length >= end);
  return s?.data.slice(start - s.start, end - s.start);
}

/** Records what a read from the inner storage taught us. */
function store(e: Entry, range: ByteRange | undefined, bytes: Uint8Array): void {
  if (!range) {
    setSize(e, bytes.length);
    addSegment(e, 0, bytes);
  } else if ('suffix' in range) {
    if (e.size === undefined && bytes.length < range.suffix) setSize(e, bytes.length); // the whole object
    if (e.size !== undefined) addSegment(e, e.size - bytes.length, bytes);
    else if (!e.tail || e.tail.length < bytes.length) e.tail = bytes.slice();
  } else {
    if (bytes.length > 0 && bytes.length < range.length) setSize(e, range.offset + bytes.length); // clipped at the end
    if (bytes.length > 0) addSegment(e, range.offset, bytes);
  }
}

/** Learns the size; a pending tail becomes an ordinary segment. */
function setSize(e: Entry, size: number): void {
  if (e.size !== undefined) return;
  e.size = size;
  if (e.tail) {
    const tail = e.tail;
    e.tail = undefined;
    addSegment(e, size - tail.length, tail);
  }
}

/** Inserts bytes at `start`, coalescing with every overlapping or adjacent segment. */
function addSegment(e: Entry, start: number, data: Uint8Array): void {
  let lo = start;
  let hi = start + data.length;
  const merged: Segment[] = [];
  const keep: Segment[] = [];
  for (const s of e.segments) {
    if (s.start <= hi && s.start + s.data.length >= lo) {
      merged.push(s);
      lo = Math.min(lo, s.start);
      hi = Math.max(hi, s.start + s.data.length);
    } else keep.push(s);
  }
  const out = new Uint8Array(hi - lo);
  for (const s of merged) out.set(s.data, s.start - lo);
  out.set(data, start - lo);
  keep.push({ start: lo, data: out });
  e.segments = keep.sort((a, b) => a.start - b.start);
}
