import { describe, expect, it } from 'vitest';
import {
  canonicalDate, canonicalDecimal, canonicalFloat32, canonicalFloat64, canonicalInteger, canonicalTimeMicros,
  canonicalTimestampMicros, floorDiv, toMicros,
} from './canonical-values.ts';

describe('canonical value rules (fixtures/expected/README.md)', () => {
  it('integers: numbers below 2^53, strings from 2^53 on', () => {
    expect(canonicalInteger(5)).toBe(5);
    expect(canonicalInteger(-7n)).toBe(-7);
    expect(canonicalInteger(9007199254740991n)).toBe(9007199254740991);
    expect(canonicalInteger(9007199254740992n)).toBe('9007199254740992');
    expect(canonicalInteger(-9007199254740992n)).toBe('-9007199254740992');
    expect(canonicalInteger(5276958600260276572n)).toBe('5276958600260276572');
  });

  it('float32: shortest decimal that round-trips in float32', () => {
    expect(canonicalFloat32(Math.fround(1.8))).toBe(1.8);
    expect(JSON.stringify(canonicalFloat32(Math.fround(1.8)))).toBe('1.8');
    expect(canonicalFloat32(Math.fround(0.1))).toBe(0.1);
    expect(canonicalFloat32(Math.fround(3.4028234663852886e38))).toBe(3.4028235e38);
    expect(canonicalFloat32(Math.fround(1e-45))).toBe(1e-45);
    expect(canonicalFloat32(16777217)).toBe(16777216); // not representable: fround gives 2^24
    expect(canonicalFloat32(Math.fround(-2.5))).toBe(-2.5);
    expect(canonicalFloat32(NaN)).toBe('NaN');
    expect(canonicalFloat32(-Infinity)).toBe('-Infinity');
    expect(canonicalFloat32(3.5e38)).toBe('Infinity'); // beyond the largest float32: fround gives Infinity
  });

  it('float64 as is, negative zero as 0, non-finite as the strings Spark\'s to_json writes (never null)', () => {
    expect(canonicalFloat64(0.1 + 0.2)).toBe(0.30000000000000004);
    expect(Object.is(canonicalFloat64(-0), 0)).toBe(true);
    expect(canonicalFloat64(Infinity)).toBe('Infinity');
    expect(canonicalFloat64(-Infinity)).toBe('-Infinity');
    expect(canonicalFloat64(NaN)).toBe('NaN');
    expect(JSON.stringify({ x: canonicalFloat64(NaN) })).toBe('{"x":"NaN"}');
  });

  it('decimals: exactly scale digits, no negative zero', () => {
    expect(canonicalDecimal(0n, 2)).toBe('0.00');
    expect(canonicalDecimal(-500n, 2)).toBe('-5.00');
    expect(canonicalDecimal(999n, 2)).toBe('9.99');
    expect(canonicalDecimal(-5n, 3)).toBe('-0.005');
    expect(canonicalDecimal(12345678998765432145678n, 5)).toBe('123456789987654321.45678');
    expect(canonicalDecimal(42n, 0)).toBe('42');
    expect(canonicalDecimal(-0n, 5)).toBe('0.00000');
  });

  it('dates', () => {
    expect(canonicalDate(0)).toBe('1970-01-01');
    expect(canonicalDate(-1)).toBe('1969-12-31');
    expect(canonicalDate(18993)).toBe('2022-01-01');
    expect(canonicalDate(-25567)).toBe('1900-01-01');
  });

  it('timestamps: microseconds, sub-microsecond digits truncated toward -infinity, also before 1970', () => {
    expect(canonicalTimestampMicros(0n)).toBe('1970-01-01T00:00:00.000000Z');
    expect(canonicalTimestampMicros(1577865600000000n)).toBe('2020-01-01T08:00:00.000000Z');
    expect(canonicalTimestampMicros(-1n)).toBe('1969-12-31T23:59:59.999999Z');
    // 1899-01-01T00:59:20.001001001 in nanoseconds: floor keeps .001001, not the .001002 rounding-toward-zero gives.
    const ns = BigInt(Date.UTC(1899, 0, 1, 0, 59, 20, 1)) * 1_000_000n + 1001n;
    expect(canonicalTimestampMicros(toMicros(ns, 3))).toBe('1899-01-01T00:59:20.001001Z');
    expect(canonicalTimestampMicros(toMicros(-1n, 3))).toBe('1969-12-31T23:59:59.999999Z');
    expect(canonicalTimestampMicros(toMicros(-1001n, 3))).toBe('1969-12-31T23:59:59.999998Z');
    expect(canonicalTimestampMicros(toMicros(1230422400000123456n, 3))).toBe('2008-12-28T00:00:00.000123Z');
    expect(canonicalTimestampMicros(toMicros(-2n, 0))).toBe('1969-12-31T23:59:58.000000Z');
    expect(canonicalTimestampMicros(toMicros(1500n, 1))).toBe('1970-01-01T00:00:01.500000Z');
  });

  it('timestamps: the double arithmetic within ±2^53 gives what bigint arithmetic gives, at its edges and in between', () => {
    // The reference: floor to milliseconds and the three digits below, all in bigints (the path beyond 2^53).
    const reference = (us: bigint): string => {
      const ms = floorDiv(us, 1000n);
      return `${new Date(Number(ms)).toISOString().slice(0, -1)}${(us - ms * 1000n).toString().padStart(3, '0')}Z`;
    };
    const max = BigInt(Number.MAX_SAFE_INTEGER);
    const cases = [max, max - 1n, max - 999n, max + 1n, max + 1001n, -max, -max + 1n, -max - 1n, -max - 999n, 999n, -999n, 1000n, -1000n, -1001n, 10n, -10n, 100n, -100n];
    let seed = 17;
    const next = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed; };
    for (let i = 0; i < 2000; i++) {
      const magnitude = BigInt(next()) * BigInt(next()) * BigInt(1 + (next() % 4096)); // up to ~2^74: both paths
      const us = magnitude % (max * 2n) * (next() % 2 ? 1n : -1n);
      cases.push(us, us - us % 1000n, us - us % 1000n + 999n);
    }
    for (const us of cases) expect(canonicalTimestampMicros(us), String(us)).toBe(reference(us));
  });

  it('floorDiv floors for negatives', () => {
    expect(floorDiv(-1n, 1000n)).toBe(-1n);
    expect(floorDiv(-1000n, 1000n)).toBe(-1n);
    expect(floorDiv(-1001n, 1000n)).toBe(-2n);
    expect(floorDiv(1999n, 1000n)).toBe(1n);
  });

  it('time of day', () => {
    expect(canonicalTimeMicros(3_723_000_004n)).toBe('01:02:03.000004');
  });
});
