/**
 * A random-access byte source: what readers of footer-at-the-end formats (Parquet, Puffin) need from
 * a file — its size and ranged reads — built from bytes in memory or from a Storage key.
 */
import { throwIfAborted } from '../errors.ts';
import type { Storage } from '../io/storage.ts';

/** Random access to one file. `read` must return exactly `length` bytes for an in-range request. */
export interface ByteSource {
  /** File size in bytes. */
  readonly size: number;
  /** Name used in error contexts (the storage key). */
  readonly name?: string;
  read(offset: number, length: number, signal?: AbortSignal): Promise<Uint8Array>;
}

/** A source over bytes already in memory (reads are views, not copies). */
export function bytesSource(bytes: Uint8Array, name?: string): ByteSource {
  return {
    size: bytes.length,
    name,
    read: async (offset, length, signal) => {
      throwIfAborted(signal, 'read');
      return bytes.subarray(offset, offset + length);
    },
  };
}

/** A source over a Storage key; `size` saves the HEAD request when the caller knows it (e.g. from a manifest). */
export async function storageSource(storage: Storage, key: string, opts: { size?: number; signal?: AbortSignal } = {}): Promise<ByteSource> {
  const size = opts.size ?? (await storage.head(key, { signal: opts.signal })).size;
  return {
    size,
    name: key,
    read: (offset, length, signal) => storage.read(key, { range: { offset, length }, signal }),
  };
}

/** The whole file (one read). */
export async function readAllBytes(source: ByteSource, signal?: AbortSignal): Promise<Uint8Array> {
  return source.size === 0 ? new Uint8Array() : source.read(0, source.size, signal);
}
