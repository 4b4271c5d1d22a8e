/**
 * A small in-memory Storage for the api tests only (test support, not an adapter: the project's memory
 * adapter lives in core/io). It records every call so tests can assert how cheap a use case is, and can
 * cap page sizes to exercise pagination the way S3 does.
 */
import { LakeError, throwIfAborted } from '../errors.ts';
import type { ListOptions, ListPage, ObjectInfo, ReadOptions, Storage } from '../io/storage.ts';

export class MapStorage implements Storage {
  readonly description: string;
  readonly writable = false;
  readonly calls: string[] = [];
  private readonly objects = new Map<string, Uint8Array>();
  private sortedKeys: string[] | undefined;

  constructor(entries: Iterable<[string, Uint8Array | string]> = [], options: { description?: string; pageSize?: number } = {}) {
    this.description = options.description ?? 'map';
    this.pageSize = options.pageSize ?? 1000;
    for (const [k, v] of entries) this.objects.set(k, typeof v === 'string' ? new TextEncoder().encode(v) : v);
  }

  private readonly pageSize: number;

  private keys(): string[] {
    this.sortedKeys ??= [...this.objects.keys()].sort();
    return this.sortedKeys;
  }

  async list(options: ListOptions = {}): Promise<ListPage> {
    throwIfAborted(options.signal, 'map list');
    const prefix = options.prefix ?? '';
    this.calls.push(`list ${prefix}${options.delimiter ? ' /' : ''}`);
    const max = Math.min(options.maxKeys ?? 1000, this.pageSize);
    // Entries in key order: objects, and with a delimiter each common prefix once.
    const entries: { key: string; folder: boolean }[] = [];
    for (const key of this.keys()) {
      if (!key.startsWith(prefix)) continue;
      const cut = options.delimiter ? key.indexOf(options.delimiter, prefix.length) : -1;
      if (cut >= 0) {
        const folder = key.slice(0, cut + 1);
        if (entries.at(-1)?.key !== folder) entries.push({ key: folder, folder: true });
      } else entries.push({ key, folder: false });
    }
    const start = options.continuationToken ? entries.findIndex((e) => e.key > (options.continuationToken as string)) : 0;
    const page = start < 0 ? [] : entries.slice(start, start + max);
    const more = start >= 0 && start + max < entries.length;
    return {
      objects: page.filter((e) => !e.folder).map((e) => this.info(e.key)),
      prefixes: page.filter((e) => e.folder).map((e) => e.key),
      ...(more ? { continuationToken: page.at(-1)?.key } : {}),
    };
  }

  async head(key: string, options: { signal?: AbortSignal } = {}): Promise<ObjectInfo> {
    throwIfAborted(options.signal, 'map head');
    this.calls.push(`head ${key}`);
    if (!this.objects.has(key)) throw new LakeError('NotFound', `map: no such key ${key}`, { key });
    return this.info(key);
  }

  async read(key: string, options: ReadOptions = {}): Promise<Uint8Array> {
    throwIfAborted(options.signal, 'map read');
    this.calls.push(`read ${key}`);
    const data = this.objects.get(key);
    if (!data) throw new LakeError('NotFound', `map: no such key ${key}`, { key });
    const r = options.range;
    if (!r) return data.slice();
    if ('suffix' in r) return data.slice(Math.max(0, data.length - r.suffix));
    return data.slice(r.offset, r.offset + r.length);
  }

  async write(key: string): Promise<ObjectInfo> {
    throw new LakeError('Unsupported', 'map: read-only', { key });
  }

  async delete(): Promise<void> {
    throw new LakeError('Unsupported', 'map: read-only');
  }

  private info(key: string): ObjectInfo {
    return { key, size: (this.objects.get(key) as Uint8Array).length };
  }
}
