import { describe, expect, it } from 'vitest';
import { isLakeError } from '../errors.ts';
import { fromHex, toHex } from '../util/bytes.ts';
import { parseRoaring64, RoaringBitmap64 } from './roaring.ts';

function roundTrip(positions: number[]): RoaringBitmap64 {
  const b = RoaringBitmap64.from(positions);
  const parsed = parseRoaring64(b.serialize());
  const expected = [...new Set(positions)].sort((x, y) => x - y);
  expect(parsed.toArray()).toEqual(expected);
  expect(parsed.size).toBe(expected.length);
  return parsed;
}

describe('RoaringBitmap64', () => {
  it('array containers: has / iteration / size', () => {
    const b = roundTrip([5, 1, 70000, 1, 65535, 65536]);
    expect(b.has(1)).toBe(true);
    expect(b.has(2)).toBe(false);
    expect(b.has(65535n)).toBe(true);
    expect(b.has(65536)).toBe(true);
    expect(b.has(70001)).toBe(false);
    expect(b.has(-1)).toBe(false);
    expect(b.has(1.5)).toBe(false);
  });

  it('bitmap containers (more than 4096 scattered values in one chunk)', () => {
    const values = Array.from({ length: 10000 }, (_, i) => i * 3 + (i % 2));
    const b = roundTrip(values);
    expect(values.every((v) => b.has(v))).toBe(true);
    expect(b.has(2)).toBe(false);
  });

  it('run containers (long consecutive ranges)', () => {
    const values = [...Array.from({ length: 50000 }, (_, i) => i + 10), 60001, 60002];
    const b = roundTrip(values);
    expect(b.has(9)).toBe(false);
    expect(b.has(10)).toBe(true);
    expect(b.has(50009)).toBe(true);
    expect(b.has(50010)).toBe(false);
    expect(b.serialize().length).toBeLessThan(40); // runs, not 8 KiB of bitmap
  });

  it('positions beyond 2^32 (several 64-bit keys)', () => {
    const b = roundTrip([3, 2 ** 32, 2 ** 32 + 7, 2 ** 40 + 1, 2 ** 52]);
    expect(b.has(2n ** 32n + 7n)).toBe(true);
    expect(b.has(2 ** 40)).toBe(false);
  });

  it('empty', () => {
    const b = roundTrip([]);
    expect(toHex(b.serialize())).toBe('0000000000000000');
  });

  it('serialises exactly as the RoaringFormatSpec lays out a run container (hand-built vector)', () => {
    // {0..99}: count=1, key=0, cookie 0x303B (runs, 1 container), run flags 0x01, key 0 / card-1 99,
    // no offset header (fewer than 4 containers), 1 run: start 0, length-1 99.
    const expected = '0100000000000000' + '00000000' + '3b300000' + '01' + '00006300' + '0100' + '00006300';
    expect(toHex(RoaringBitmap64.from(Array.from({ length: 100 }, (_, i) => i)).serialize())).toBe(expected);
    expect(parseRoaring64(fromHex(expected)).size).toBe(100);
  });

  it('serialises an array container with the no-run cookie and an offset header', () => {
    // {0}: cookie 12346 (0x303A), 1 container, key 0 / card-1 0, offset 16, value 0.
    const expected = '0100000000000000' + '00000000' + '3a300000' + '01000000' + '00000000' + '10000000' + '0000';
    expect(toHex(RoaringBitmap64.from([0]).serialize())).toBe(expected);
  });

  it('rejects corrupt input with DataInvalid', () => {
    const good = RoaringBitmap64.from([1, 2, 3, 100000]).serialize();
    const bad: Uint8Array[] = [
      good.subarray(0, good.length - 1), // truncated
      new Uint8Array([...good, 0]), // trailing byte
      fromHex('0100000000000000' + '00000000' + '39300000'), // bad cookie
      fromHex('ffffffffffffffff'), // implausible count
      fromHex('0100000000000000' + '00000000' + '3a300000' + '01000000' + '00000100' + '10000000' + '05000300'), // array not ascending
    ];
    for (const b of bad) {
      try {
        parseRoaring64(b);
        expect.unreachable(toHex(b));
      } catch (e) {
        expect(isLakeError(e, 'DataInvalid')).toBe(true);
        expect((e as Error).message).toMatch(/^roaring: /);
      }
    }
  });

  it('rejects positions that are not non-negative safe integers when building', () => {
    expect(() => RoaringBitmap64.from([-1])).toThrow(/roaring/);
    expect(() => RoaringBitmap64.from([2n ** 60n])).toThrow(/roaring/);
  });
});
