/**
 * Literals compare exactly with int, long, decimal, date and timestamp columns: never through a double,
 * and a literal finer than the column (1.005 on a scale-2 column) or beyond its range is compared as the
 * number it is, with SQL null semantics kept under NOT — in row filtering and in metrics pruning alike.
 */
import { describe, expect, it } from 'vitest';
import {
  type BoundRef, type ColumnStats, type FieldLookup, type Value, type ValueType, bindExpr, describeExpr, evaluateMetrics, evaluateRow, parseWhere,
} from './index.ts';

const COLS: Record<string, ValueType> = {
  d: { kind: 'decimal', precision: 5, scale: 2 }, f5: { kind: 'decimal', precision: 23, scale: 5 }, i: { kind: 'int' },
  big: { kind: 'long' }, day: { kind: 'date' }, ts: { kind: 'timestamp' }, tsz: { kind: 'timestamptz' }, tsn: { kind: 'timestamp_ns' },
  f: { kind: 'float' }, x: { kind: 'double' },
};
const ids = Object.keys(COLS);
const lookup: FieldLookup = (n) => (COLS[n] ? { id: ids.indexOf(n) + 1, name: n, type: COLS[n] } : undefined);
const bind = (s: string) => bindExpr(parseWhere(s), lookup);

/** Which of `values` (null included) a filter on one column selects. */
function select(where: string, column: string, values: readonly (Value | null)[]): (Value | null)[] {
  const e = bind(where);
  return values.filter((v) => evaluateRow(e, (ref: BoundRef) => (ref.name === column ? v : undefined)));
}

describe('exact literals', () => {
  it('keeps every digit of a decimal literal (no double on the way)', () => {
    expect(parseWhere('f5 = 1728551410100.10010')).toEqual({ op: 'eq', term: 'f5', value: { decimal: '1728551410100.10010' } });
    expect(select('f5 = 1728551410100.10010', 'f5', [172855141010010010n, 172855141010010000n])).toEqual([172855141010010010n]);
    expect(select('f5 >= 1728551410100.1001', 'f5', [172855141010010010n, 172855141010010009n])).toEqual([172855141010010010n]);
  });

  it('compares a literal with more fraction digits than the scale exactly', () => {
    const vals = [100n, 101n, null]; // 1.00, 1.01, null
    expect(select('d = 1.005', 'd', vals)).toEqual([]);
    expect(select('d > 1.005', 'd', vals)).toEqual([101n]);
    expect(select('d >= 1.005', 'd', vals)).toEqual([101n]);
    expect(select('d < 1.005', 'd', vals)).toEqual([100n]);
    expect(select('d <= 1.005', 'd', vals)).toEqual([100n]);
    expect(select('d != 1.005', 'd', vals)).toEqual([100n, 101n]);
    expect(select('not (d = 1.005)', 'd', vals)).toEqual([100n, 101n]);
    expect(select('not (d != 1.005)', 'd', vals)).toEqual([]);
    expect(select('d in (1.005, 1.01)', 'd', vals)).toEqual([101n]);
    expect(select('d not in (1.005, 1.01)', 'd', vals)).toEqual([100n]);
    expect(select('d in (1.005, 2.005)', 'd', vals)).toEqual([]);
    expect(select('d not in (1.005)', 'd', vals)).toEqual([100n, 101n]);
    expect(select("d = '1.0100'", 'd', vals)).toEqual([101n]);
    expect(select('d = 1.01e0', 'd', vals)).toEqual([101n]);
    expect(describeExpr(bind('d = 1.005'))).toBe("d > '1.00' and d < '1.01'");
  });

  it('compares literals beyond the range of the type exactly', () => {
    const vals = [99999n, -99999n, null];
    expect(select('d < 1000', 'd', vals)).toEqual([99999n, -99999n]);
    expect(select('d = 1000', 'd', vals)).toEqual([]);
    expect(select('d > -1000', 'd', vals)).toEqual([99999n, -99999n]);
    expect(select('d != -1000', 'd', vals)).toEqual([99999n, -99999n]);
    expect(select('i < 1e10', 'i', [2147483647, null])).toEqual([2147483647]);
    expect(select('i > 4294967296', 'i', [2147483647])).toEqual([]);
    expect(select('i >= -4294967296.5', 'i', [-2147483648])).toEqual([-2147483648]);
    expect(select('big < 1e30', 'big', [9223372036854775807n])).toEqual([9223372036854775807n]);
  });

  it('integers: fractions and integers beyond 2^53 are exact', () => {
    expect(select('i > 3.5', 'i', [3, 4])).toEqual([4]);
    expect(select('i = 3.0', 'i', [3, 4])).toEqual([3]);
    expect(select('i = 3.5', 'i', [3, 4])).toEqual([]);
    const two53 = 9007199254740992n;
    expect(select('big = 9007199254740993', 'big', [two53, two53 + 1n])).toEqual([two53 + 1n]);
    expect(select('big > 9007199254740992.5', 'big', [two53, two53 + 1n])).toEqual([two53 + 1n]);
    expect(select('big in (9007199254740993, 1)', 'big', [two53, two53 + 1n])).toEqual([two53 + 1n]);
    expect(select('big = -9223372036854775808', 'big', [-(2n ** 63n)])).toEqual([-(2n ** 63n)]);
  });

  it('timestamps and dates: finer literals, zones and date/time mixes are exact', () => {
    const t0 = 1577836800000000n; // 2020-01-01T00:00:00 in µs
    const vals = [t0, t0 + 1n];
    expect(select("ts = '2020-01-01T00:00:00.0000001'", 'ts', vals)).toEqual([]);
    expect(select("ts > '2020-01-01T00:00:00.0000001'", 'ts', vals)).toEqual([t0 + 1n]);
    expect(select("ts <= '2020-01-01 00:00:00.0000009'", 'ts', vals)).toEqual([t0]);
    expect(select("ts = '2020-01-01T00:00:00.000001000Z'", 'ts', vals)).toEqual([t0 + 1n]);
    expect(select("ts = '2020-01-01'", 'ts', vals)).toEqual([t0]);
    expect(select("tsz = '2020-01-01T01:00:00.000001+01:00'", 'tsz', vals)).toEqual([t0 + 1n]);
    expect(select("tsz >= '2019-12-31T19:00:00.0000005-05:00'", 'tsz', vals)).toEqual([t0 + 1n]);
    expect(select("tsn > '2020-01-01T00:00:00.0000000001'", 'tsn', [t0 * 1000n, t0 * 1000n + 1n])).toEqual([t0 * 1000n + 1n]);
    expect(() => bind("ts = '2020-01-01T00:00:00+02:00'")).toThrow(/without time zone/);
    const day = 18262; // 2020-01-01
    expect(select("day < '2020-01-01T12:00:00'", 'day', [day, day + 1])).toEqual([day]);
    expect(select("day > '2020-01-01T12:00:00'", 'day', [day, day + 1])).toEqual([day + 1]);
    expect(select("day = '2020-01-01T00:00:00'", 'day', [day, day + 1])).toEqual([day]);
    expect(select("day = '2020-01-01T00:00:01'", 'day', [day, day + 1])).toEqual([]);
  });

  it('floats take the literal in the column type (a float shown as 1.8 equals 1.8); doubles as written', () => {
    expect(select('f = 1.8', 'f', [Math.fround(1.8), 1.8])).toEqual([Math.fround(1.8)]);
    expect(select('x = 0.30000000000000004', 'x', [0.3, 0.1 + 0.2])).toEqual([0.1 + 0.2]);
    expect(select('x > 1e-400', 'x', [0, 5e-324])).toEqual([5e-324]);
  });

  it('prunes with the exact comparison', () => {
    const stats = (lower: bigint, upper: bigint) => (id: number): ColumnStats | undefined => (id === 1 ? { valueCount: 5, nullCount: 0, lower, upper } : undefined);
    expect(evaluateMetrics(bind('d = 1.005'), stats(100n, 100n), 5).match).toBe(false);
    expect(evaluateMetrics(bind('d > 1.005'), stats(90n, 100n), 5).match).toBe(false);
    expect(evaluateMetrics(bind('d > 1.005'), stats(90n, 101n), 5).match).toBe(true);
    expect(evaluateMetrics(bind('d < 1.005'), stats(101n, 120n), 5).match).toBe(false);
    expect(evaluateMetrics(bind('d >= 1.005'), stats(99n, 101n), 5).match).toBe(true);
  });
});
