/**
 * A Storage rooted at a prefix of another: a table root inside a bucket or folder is itself a Storage.
 */
import { checkKey, normalizePrefix } from './key.ts';
import type { ListOptions, ListPage, ObjectInfo, ReadOptions, Storage, WriteOptions } from './storage.ts';

/**
 * The part of `storage` under `prefix` (with or without a trailing '/'). Must hold: keys in and out
 * are relative to the prefix; listings never show keys outside it; continuation tokens pass through
 * unchanged (the inner adapter's tokens stay opaque); errors are the inner adapter's.
 */
export function subStorage(storage: Storage, prefix: string): Storage {
  const p = normalizePrefix(prefix, `${storage.description}: sub-storage`);
  return p === '' ? storage : new SubStorage(storage, p);
}

class SubStorage implements Storage {
  readonly description: string;

  constructor(private readonly inner: Storage, private readonly prefix: string) {
    this.description = `${inner.description.replace(/\/+$/, '')}/${prefix.replace(/\/$/, '')}`;
  }

  get writable(): boolean {
    return this.inner.writable;
  }

  async list(options: ListOptions = {}): Promise<ListPage> {
    const page = await this.inner.list({
      ...options,
      prefix: this.prefix + (options.prefix ?? ''),
      startAfter: options.startAfter === undefined ? undefined : this.prefix + options.startAfter,
    });
    const n = this.prefix.length;
    return {
      ...page,
      objects: page.objects.map((o) => ({ ...o, key: o.key.slice(n) })),
      prefixes: page.prefixes.map((x) => x.slice(n)),
    };
  }

  async head(key: string, options?: { signal?: AbortSignal }): Promise<ObjectInfo> {
    checkKey(key, `${this.description}: head`);
    const info = await this.inner.head(this.prefix + key, options);
    return { ...info, key };
  }

  async read(key: string, options?: ReadOptions): Promise<Uint8Array> {
    checkKey(key, `${this.description}: read`);
    return this.inner.read(this.prefix + key, options);
  }

  async write(key: string, data: Uint8Array, options?: WriteOptions): Promise<ObjectInfo> {
    checkKey(key, `${this.description}: write`);
    const info = await this.inner.write(this.prefix + key, data, options);
    return { ...info, key };
  }

  async delete(key: string, options?: { signal?: AbortSignal }): Promise<void> {
    checkKey(key, `${this.description}: delete`);
    return this.inner.delete(this.prefix + key, options);
  }
}
