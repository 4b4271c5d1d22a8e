/**
 * Byte run-length encoding and boolean streams (ORC specification, "Byte Run Length Encoding" and
 * "Boolean Run Length Encoding"): a header byte h < 128 means h + 3 copies of the next byte, h ≥ 128
 * means 256 − h literal bytes; booleans are bits packed most significant bit first into those bytes.
 */
import type { ByteStream } from './byte-stream.ts';

/** Decodes `count` bytes into `out` (starting at `offset`). */
export function readByteRle(s: ByteStream, count: number, out: Uint8Array | Int8Array, offset = 0): void {
  let i = offset;
  const end = offset + count;
  while (i < end) {
    const h = s.byte();
    if (h < 128) {
      const v = s.byte();
      const run = Math.min(h + 3, end - i);
      out.fill(v, i, i + run);
      i += run;
    } else {
      const run = Math.min(256 - h, end - i);
      out.set(s.take(run), i);
      i += run;
      if (256 - h > run) s.take(256 - h - run); // a run past the end: consume it
    }
  }
}

/** Decodes `count` booleans as one byte (0/1) per value. */
export function readBooleans(s: ByteStream, count: number): Uint8Array {
  const packed = new Uint8Array((count + 7) >> 3);
  readByteRle(s, packed.length, packed);
  const out = new Uint8Array(count);
  for (let i = 0; i < count; i++) out[i] = (packed[i >> 3]! >> (7 - (i & 7))) & 1;
  return out;
}
