/**
 * The run-length encodings on the ORC specification's own worked examples ("Run Length Encoding"
 * sections of ORCv1): each of the four RLE v2 sub-encodings, RLE v1 runs and literals, byte RLE and
 * booleans, in number and bigint decoders alike, plus the LZO decoder on a hand-made block.
 */
import { describe, expect, it } from 'vitest';
import { readBooleans, readByteRle } from './byte-rle.ts';
import { ByteStream } from './byte-stream.ts';
import { readBigInts } from './int-rle-big.ts';
import { readInts } from './int-rle.ts';
import { lzoDecompress } from './lzo.ts';

const s = (bytes: number[]): ByteStream => new ByteStream(new Uint8Array(bytes), 'test stream');

function both(version: 1 | 2, signed: boolean, bytes: number[], n: number): number[] {
  const nums = new Float64Array(n);
  readInts(s(bytes), version, signed, n, nums);
  const bigs = new BigInt64Array(n);
  readBigInts(s(bytes), version, signed, n, bigs);
  expect([...bigs].map(Number)).toEqual([...nums]);
  return [...nums];
}

describe('orc: integer RLE v2 (spec examples)', () => {
  it('short repeat: 10000 ×5', () => {
    expect(both(2, false, [0x0a, 0x27, 0x10], 5)).toEqual([10000, 10000, 10000, 10000, 10000]);
  });
  it('direct: 23713, 43806, 57005, 48879', () => {
    expect(both(2, false, [0x5e, 0x03, 0x5c, 0xa1, 0xab, 0x1e, 0xde, 0xad, 0xbe, 0xef], 4)).toEqual([23713, 43806, 57005, 48879]);
  });
  it('patched base: 2030, 2000, 2020, 1000000, 2040 … 2190', () => {
    const bytes = [0x8e, 0x13, 0x2b, 0x21, 0x07, 0xd0, 0x1e, 0x00, 0x14, 0x70, 0x28, 0x32, 0x3c, 0x46, 0x50, 0x5a, 0x64, 0x6e,
      0x78, 0x82, 0x8c, 0x96, 0xa0, 0xaa, 0xb4, 0xbe, 0xfc, 0xe8];
    expect(both(2, false, bytes, 20)).toEqual([2030, 2000, 2020, 1000000, 2040, 2050, 2060, 2070, 2080, 2090, 2100, 2110, 2120, 2130, 2140, 2150, 2160, 2170, 2180, 2190]);
  });
  it('delta: 2, 3, 5, 7, 11, 13, 17, 19, 23, 29', () => {
    expect(both(2, false, [0xc6, 0x09, 0x02, 0x02, 0x22, 0x42, 0x42, 0x46], 10)).toEqual([2, 3, 5, 7, 11, 13, 17, 19, 23, 29]);
  });
  it('signed (zigzag) direct values beyond 32 bits stay exact in the bigint decoder', () => {
    // direct, width 64 (code 31), 1 value: zigzag(-2^62) = 2^63 - 1
    const bytes = [0x40 | (31 << 1), 0x00, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
    const out = new BigInt64Array(1);
    readBigInts(s(bytes), 2, true, 1, out);
    expect(out[0]).toBe(-(2n ** 62n));
  });
  it('a run cut short by the end of the stream is DataInvalid naming the stream', () => {
    expect(() => readInts(s([0x5e, 0x03, 0x5c]), 2, false, 4, new Float64Array(4))).toThrow(/test stream: unexpected end of stream/);
  });
});

describe('orc: integer RLE v1, byte RLE and booleans (spec examples)', () => {
  it('v1: a run of 100 sevens, a run of 100 down by one, and literals', () => {
    expect(both(1, false, [0x61, 0x00, 0x07], 100)).toEqual(Array(100).fill(7));
    expect(both(1, false, [0x61, 0xff, 0x64], 100)).toEqual(Array.from({ length: 100 }, (_, i) => 100 - i));
    expect(both(1, false, [0xfb, 0x02, 0x03, 0x06, 0x07, 0x0b], 5)).toEqual([2, 3, 6, 7, 11]);
  });
  it('byte RLE: 100 × 0x44, then literals', () => {
    const out = new Uint8Array(102);
    readByteRle(s([0x61, 0x44, 0xfe, 0x44, 0x45]), 102, out);
    expect([...out.subarray(98)]).toEqual([0x44, 0x44, 0x44, 0x45]);
    expect(out.subarray(0, 100).every((b) => b === 0x44)).toBe(true);
  });
  it('booleans: bits most significant first', () => {
    expect([...readBooleans(s([0xff, 0x80]), 8)]).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('orc: LZO1X', () => {
  it('decodes literals and an overlapping back-reference, and stops at the end marker', () => {
    // 0x15 = 17 + 4 literal bytes "abcd"; then an M2 match (t = 0x4c → length 3, distance 4) copying "abc",
    // and the end-of-stream marker 0x11 0x00 0x00.
    const block = [0x15, 0x61, 0x62, 0x63, 0x64, 0x4c, 0x00, 0x11, 0x00, 0x00];
    expect(new TextDecoder().decode(lzoDecompress(new Uint8Array(block), 64))).toBe('abcdabc');
  });
  it('rejects a back-reference before the start of the output', () => {
    expect(() => lzoDecompress(new Uint8Array([0x15, 0x61, 0x62, 0x63, 0x64, 0xfc, 0xff, 0x11, 0x00, 0x00]), 64)).toThrow(/lookbehind/);
  });
});
