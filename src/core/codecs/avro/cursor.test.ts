/**
 * The cursor's reuse of repeated longs (readLongRepeated, issue 17): the same values as readLong for every
 * width of varint — small, past 2^49 (where the reuse steps aside), the 64-bit extremes, negative — repeated
 * or not, through one shared `recent`; and the same error on a truncated varint.
 */
import { describe, expect, it } from 'vitest';
import { AvroCursor, type RecentLong } from './cursor.ts';
import { AvroSink } from './encoder.ts';

const VALUES = [0n, 1n, -1n, 63n, -64n, 64n, 1000n, 1000n, 1000n, 1048576n, 2n ** 48n, -(2n ** 48n), 2n ** 49n, 2n ** 49n, 2n ** 53n + 1n,
  -(2n ** 53n) - 1n, 2n ** 63n - 1n, -(2n ** 63n), -(2n ** 63n), 7n, 7n, -7n];

function encoded(values: readonly bigint[]): Uint8Array {
  const s = new AvroSink();
  for (const v of values) s.writeLong(v);
  return s.bytes();
}

describe('AvroCursor.readLongRepeated', () => {
  it('reads what readLong reads, value after value, repeated or not, through one recent value', () => {
    const bytes = encoded(VALUES);
    const plain = new AvroCursor(bytes); const reused = new AvroCursor(bytes);
    const recent: RecentLong = { zigzag: -1, value: 0n };
    for (const v of VALUES) {
      expect(reused.readLongRepeated(recent)).toBe(v);
      expect(plain.readLong()).toBe(v);
      expect(reused.pos).toBe(plain.pos);
    }
    expect(reused.remaining).toBe(0);
  });

  it('a truncated varint is the same DataInvalid as readLong gives', () => {
    const bytes = encoded([2n ** 60n]).subarray(0, 5);
    const err = (f: () => unknown) => { try { f(); } catch (e) { return e as Error & { code?: string }; } return undefined; };
    const a = err(() => new AvroCursor(bytes).readLong());
    const b = err(() => new AvroCursor(bytes).readLongRepeated({ zigzag: -1, value: 0n }));
    expect(a?.code).toBe('DataInvalid');
    expect(b?.message).toBe(a?.message);
  });
});
