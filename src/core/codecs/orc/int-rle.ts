/**
 * Integer run-length encodings (ORC specification, "Integer Run Length Encoding, version 1" and
 * "version 2"), decoded into JavaScript numbers. Used for every integer stream whose values fit 53
 * bits: tinyint/smallint/int/date columns, lengths, dictionary ids, timestamp seconds and nanos, union
 * tags, decimal scales. Bigint columns use int-rle-big.ts (the same algorithms on bigint).
 *
 * RLE v2 sub-encodings by the top two bits of the header: 0 short repeat, 1 direct, 2 patched base,
 * 3 delta. Bit-packed values are big-endian and every run starts on a byte boundary.
 */
import type { ByteStream } from './byte-stream.ts';
import { orcInvalid } from './errors.ts';

/** A typed array of numbers. */
export type NumArray = Int8Array | Int16Array | Int32Array | Uint32Array | Float64Array;

/** 5-bit width codes of RLE v2 ("FixedBitSizes" in the Java writer). */
export const WIDTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 26, 28, 30, 32, 40, 48, 56, 64];

/** The width patch lists are packed with: the next fixed size ≥ n. */
export function closestFixedBits(n: number): number {
  for (const w of WIDTHS) if (w >= n) return w;
  return 64;
}

const unzigzag = (u: number): number => (u % 2 === 0 ? u / 2 : -(u + 1) / 2);

/** Reads `n` big-endian bit-packed values of `width` bits (run starts at a byte boundary). */
export function unpack(s: ByteStream, width: number, n: number, out: NumArray | number[], offset: number): void {
  if (width === 8) {
    const b = s.take(n);
    for (let i = 0; i < n; i++) out[offset + i] = b[i]!;
    return;
  }
  if (width === 16) {
    const b = s.take(2 * n);
    for (let i = 0; i < n; i++) out[offset + i] = (b[2 * i]! << 8) | b[2 * i + 1]!;
    return;
  }
  if (width === 32) {
    const b = s.take(4 * n);
    for (let i = 0; i < n; i++) out[offset + i] = ((b[4 * i]! << 24) | (b[4 * i + 1]! << 16) | (b[4 * i + 2]! << 8) | b[4 * i + 3]!) >>> 0;
    return;
  }
  const bytes = s.take(Math.ceil((width * n) / 8));
  let bp = 0;
  let cur = 0;
  let left = 0;
  if (width < 32) {
    for (let i = 0; i < n; i++) {
      let need = width;
      let v = 0;
      while (need > 0) {
        if (left === 0) { cur = bytes[bp++]!; left = 8; }
        const take = need < left ? need : left;
        v = (v << take) | ((cur >>> (left - take)) & ((1 << take) - 1));
        left -= take;
        need -= take;
      }
      out[offset + i] = v >>> 0;
    }
    return;
  }
  for (let i = 0; i < n; i++) {
    let need = width;
    let v = 0;
    while (need > 0) {
      if (left === 0) { cur = bytes[bp++]!; left = 8; }
      const take = need < left ? need : left;
      v = v * 2 ** take + ((cur >>> (left - take)) & ((1 << take) - 1));
      left -= take;
      need -= take;
    }
    out[offset + i] = v;
  }
}

/** Decodes `count` integers of a v1 or v2 stream into `out` from `offset`. */
export function readInts(s: ByteStream, version: 1 | 2, signed: boolean, count: number, out: NumArray, offset = 0): void {
  if (version === 1) readV1(s, signed, count, out, offset);
  else readV2(s, signed, count, out, offset);
}

function readV1(s: ByteStream, signed: boolean, count: number, out: NumArray, offset: number): void {
  let i = offset;
  const end = offset + count;
  while (i < end) {
    const h = s.byte();
    if (h < 128) {
      const run = h + 3;
      const delta = (s.byte() << 24) >> 24;
      let v = signed ? s.svarint() : s.uvarint();
      for (let k = 0; k < run && i < end; k++, v += delta) out[i++] = v;
    } else {
      const run = 256 - h;
      for (let k = 0; k < run; k++) {
        const v = signed ? s.svarint() : s.uvarint();
        if (i < end) out[i++] = v;
      }
    }
  }
}

let scratch = new Float64Array(512);

function readV2(s: ByteStream, signed: boolean, count: number, out: NumArray, offset: number): void {
  let i = offset;
  const end = offset + count;
  while (i < end) {
    const first = s.byte();
    const enc = first >>> 6;
    if (enc === 0) { // short repeat
      const width = ((first >>> 3) & 7) + 1;
      const repeat = (first & 7) + 3;
      let v = 0;
      for (let k = 0; k < width; k++) v = v * 256 + s.byte();
      if (signed) v = unzigzag(v);
      const stop = Math.min(end, i + repeat);
      out.fill(v, i, stop);
      i = stop;
      continue;
    }
    const len = (((first & 1) << 8) | s.byte()) + 1;
    if (enc === 1) { // direct
      const width = WIDTHS[(first >>> 1) & 31]!;
      // Unpack into doubles first: an unsigned 32-bit value (or a zigzag one) would wrap in an Int32Array.
      const tmp = grow(len);
      unpack(s, width, len, tmp, 0);
      const stop = Math.min(end, i + len);
      if (signed) for (let k = 0; i < stop; k++) out[i++] = unzigzag(tmp[k]!);
      else for (let k = 0; i < stop; k++) out[i++] = tmp[k]!;
    } else if (enc === 2) { // patched base
      i = readPatched(s, first, len, out, i, end);
    } else { // delta
      const code = (first >>> 1) & 31;
      const width = code === 0 ? 0 : WIDTHS[code]!;
      const n = len; // header holds length − 1, so `len` is the value count
      const base = signed ? s.svarint() : s.uvarint();
      const deltaBase = s.svarint();
      const tmp = grow(n);
      tmp[0] = base;
      if (width === 0) {
        for (let k = 1; k < n; k++) tmp[k] = tmp[k - 1]! + deltaBase;
      } else {
        if (n < 2) throw orcInvalid('error.orc.stream.delta', { stream: s.name });
        tmp[1] = base + deltaBase;
        unpack(s, width, n - 2, tmp, 2);
        if (deltaBase < 0) for (let k = 2; k < n; k++) tmp[k] = tmp[k - 1]! - tmp[k]!;
        else for (let k = 2; k < n; k++) tmp[k] = tmp[k - 1]! + tmp[k]!;
      }
      for (let k = 0; k < n && i < end; k++) out[i++] = tmp[k]!;
    }
  }
}

function grow(n: number): Float64Array {
  if (scratch.length < n) scratch = new Float64Array(Math.max(n, scratch.length * 2));
  return scratch;
}

function readPatched(s: ByteStream, first: number, len: number, out: NumArray, i: number, end: number): number {
  const width = WIDTHS[(first >>> 1) & 31]!;
  const third = s.byte();
  const fourth = s.byte();
  const baseBytes = ((third >>> 5) & 7) + 1;
  const patchWidth = WIDTHS[third & 31]!;
  const gapWidth = ((fourth >>> 5) & 7) + 1;
  const patchCount = fourth & 31;
  // The base is sign-magnitude: the top bit of its first byte is the sign.
  let base = 0;
  for (let k = 0; k < baseBytes; k++) base = base * 256 + s.byte();
  const signBit = 2 ** (baseBytes * 8 - 1);
  if (base >= signBit) base = -(base - signBit);
  const values = grow(len);
  unpack(s, width, len, values, 0);
  const patches: number[] = [];
  unpack(s, closestFixedBits(patchWidth + gapWidth), patchCount, patches, 0);
  const patchScale = 2 ** patchWidth;
  const widthScale = 2 ** width;
  let pos = 0;
  for (const entry of patches) {
    const gap = Math.floor(entry / patchScale);
    const patch = entry - gap * patchScale;
    pos += gap;
    if (patch === 0) continue; // a gap of 255 with a zero patch only moves the position
    if (pos >= len) throw orcInvalid('error.orc.stream.patch', { stream: s.name });
    values[pos] = values[pos]! + patch * widthScale;
  }
  const stop = Math.min(end, i + len);
  for (let k = 0; i < stop; k++) out[i++] = base + values[k]!;
  return i;
}
