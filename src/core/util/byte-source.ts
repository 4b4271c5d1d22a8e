/**
 * A random-access byte source: what readers of footer-at-the-end formats (Parquet, Puffin) need from
 * a file — its size and ranged reads — built from bytes in memory or from a Storage key.
 *
 * Sizes recorded in metadata (Iceberg `file_size_in_bytes`, `manifest_length`; Paimon `fileSize`) are
 * checked against the object as it is read, with no extra request: a whole read compares the length
 * it got; a ranged read that ends at the recorded end asks for one byte more (the Storage contract
 * clips a range past the end), so a longer object shows itself by that byte, and a shorter one by a
 * short read. A mismatch means a truncated, appended-to or swapped file: reading on would give rows
 * that are silently wrong (an Avro file cut at a block boundary is still a valid, shorter file).
 */
import { LakeError, throwIfAborted } from '../errors.ts';
import type { Storage } from '../io/storage.ts';
import { messageError } from '../message-error.ts';

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

/**
 * The DataInvalid error of a file whose bytes disagree with the size its metadata records. The message
 * starts with `file size:`; callers' subsystem wrappers put their own subsystem in front.
 */
export function sizeMismatch(name: string, recorded: number, actual: number | 'longer'): LakeError {
  return actual === 'longer'
    ? messageError('DataInvalid', 'error.fileSize.longer', { file: name, recorded }, { file: name, recordedSize: recorded })
    : messageError('DataInvalid', 'error.fileSize.mismatch', { file: name, actual, recorded }, { file: name, recordedSize: recorded, actualSize: actual });
}

/** Checks a whole-file read against the recorded size (undefined: nothing recorded, nothing to check). */
export function checkSize(bytes: Uint8Array, recorded: number | undefined, name: string): Uint8Array {
  if (recorded !== undefined && bytes.length !== recorded) throw sizeMismatch(name, recorded, bytes.length);
  return bytes;
}

/**
 * A ranged read of a file whose size is recorded as `size`, checked as the module comment says. Must
 * hold: returns exactly `length` bytes or throws DataInvalid naming the file; costs the same number
 * of requests as an unchecked read.
 */
export async function readRangeChecked(read: (offset: number, length: number) => Promise<Uint8Array>, offset: number, length: number, size: number, name: string): Promise<Uint8Array> {
  if (offset < 0 || length < 0 || offset + length > size) {
    throw messageError('DataInvalid', 'error.fileSize.range', { offset, length, file: name, size }, { file: name, recordedSize: size });
  }
  if (length === 0 && offset < size) return new Uint8Array(0);
  const atEnd = offset + length === size;
  const got = await read(offset, length + (atEnd ? 1 : 0));
  if (got.length > length) throw sizeMismatch(name, size, 'longer');
  if (got.length < length) throw sizeMismatch(name, size, offset + got.length);
  return got;
}

/**
 * A source over a Storage key; `size` saves the HEAD request when the caller knows it (e.g. from a
 * manifest). With `verify`, `size` is the size recorded in metadata and every read is checked against
 * it ({@link readRangeChecked}).
 */
export async function storageSource(storage: Storage, key: string, opts: { size?: number; signal?: AbortSignal; verify?: boolean } = {}): Promise<ByteSource> {
  const size = opts.size ?? (await storage.head(key, { signal: opts.signal })).size;
  const raw = (offset: number, length: number, signal?: AbortSignal) => storage.read(key, { range: { offset, length }, signal });
  return {
    size,
    name: key,
    read: opts.verify && opts.size !== undefined
      ? (offset, length, signal) => readRangeChecked((o, l) => raw(o, l, signal), offset, length, size, key)
      : raw,
  };
}

/** The whole file (one read). */
export async function readAllBytes(source: ByteSource, signal?: AbortSignal): Promise<Uint8Array> {
  return source.size === 0 ? new Uint8Array() : source.read(0, source.size, signal);
}
