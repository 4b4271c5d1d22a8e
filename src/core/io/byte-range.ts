/**
 * Byte ranges: resolving a {@link ByteRange} against a known size, and the HTTP `Range` /
 * `Content-Range` headers (RFC 9110 §14.1.2 and §14.4) used by the fetch-based adapters.
 */
import type { LakeErrorContext } from '../errors.ts';
import { messageError } from '../message-error.ts';
import { errorRef, type ErrorRef } from '../messages/message-parts.ts';
import type { ByteRange } from './storage.ts';

/** Checks a range is well formed (non-negative safe integers); throws Unsupported otherwise. */
export function checkRange(range: ByteRange | undefined, what: string): void {
  if (!range) return;
  const ok = 'suffix' in range
    ? Number.isSafeInteger(range.suffix) && range.suffix >= 0
    : Number.isSafeInteger(range.offset) && range.offset >= 0 && Number.isSafeInteger(range.length) && range.length >= 0;
  if (!ok) throw messageError('Unsupported', 'error.range.invalid', { what, range: JSON.stringify(range) });
}

/**
 * `[start, end)` of a range inside an object of `size` bytes, clipped to the object (the Storage
 * contract: a range past the end is clipped; a range starting at or after the end is empty).
 */
export function resolveRange(size: number, range?: ByteRange): { start: number; end: number } {
  if (!range) return { start: 0, end: size };
  if ('suffix' in range) return { start: Math.max(0, size - range.suffix), end: size };
  const start = Math.min(range.offset, size);
  return { start, end: Math.min(size, range.offset + range.length) };
}

/** True for a range that selects no bytes whatever the object's size. */
export function isEmptyRange(range?: ByteRange): boolean {
  return !!range && ('suffix' in range ? range.suffix === 0 : range.length === 0);
}

/** The `Range` header value: `bytes=first-last` or the suffix form `bytes=-N`. Empty ranges have none. */
export function rangeHeader(range: ByteRange): string {
  if ('suffix' in range) return `bytes=-${range.suffix}`;
  return `bytes=${range.offset}-${range.offset + range.length - 1}`;
}

/** A parsed `Content-Range`: `bytes first-last/total` (total undefined when `*`) or `bytes *\/total`. */
export interface ContentRange {
  readonly start?: number;
  readonly end?: number; // exclusive
  readonly total?: number;
}

/** Parses `Content-Range`; undefined when absent or malformed. */
export function parseContentRange(header: string | null): ContentRange | undefined {
  if (!header) return undefined;
  const m = /^\s*bytes\s+(?:(\d+)-(\d+)|\*)\/(\d+|\*)\s*$/i.exec(header);
  if (!m) return undefined;
  const total = m[3] === '*' ? undefined : Number(m[3]);
  if (m[1] === undefined) return { total };
  return { start: Number(m[1]), end: Number(m[2]) + 1, total };
}

/**
 * Validates a 206 answer against the requested range and returns its bytes: a wrong slice must never
 * pass as the right one (a proxy or server that mis-serves ranges gives Io, not wrong data).
 */
export function checkPartial(bytes: Uint8Array, header: string | null, range: ByteRange, what: string, ctx: LakeErrorContext): Uint8Array {
  const cr = parseContentRange(header);
  const bad = (why: ErrorRef): never => {
    throw messageError('Io', 'error.range.partial', { what, why }, ctx);
  };
  if (!cr || cr.start === undefined || cr.end === undefined) return bad(errorRef('error.range.why.header', { header: JSON.stringify(header) }));
  if (bytes.length !== cr.end - cr.start) bad(errorRef('error.range.why.length', { bytes: bytes.length, header: header! }));
  if ('suffix' in range) {
    if (cr.total !== undefined && cr.end !== cr.total) bad(errorRef('error.range.why.suffixEnd', { header: header! }));
    if (bytes.length > range.suffix) bad(errorRef('error.range.why.suffixLonger', { suffix: range.suffix, header: header! }));
  } else if (cr.start !== range.offset || cr.end > range.offset + range.length) {
    bad(errorRef('error.range.why.slice', { offset: range.offset, length: range.length, header: header! }));
  }
  return bytes;
}
