import { describe, expect, it } from 'vitest';
import { isLakeError } from '../errors.ts';
import {
  type BoundRef, type ColumnStats, type FieldLookup, type ValueType, and, bindExpr, compareStrings, compareValues, convertLiteral,
  describeExpr, eq, evaluateMetrics, evaluateRow, formatTypedValue, gt, isIn, lt, not, notEq, parseWhere, rewriteNot,
} from './index.ts';

const COLS: Record<string, [number, ValueType]> = {
  id: [1, { kind: 'int' }], big: [2, { kind: 'long' }], name: [3, { kind: 'string' }], d: [4, { kind: 'date' }],
  ts: [5, { kind: 'timestamptz' }], price: [6, { kind: 'decimal', precision: 10, scale: 2 }], f: [7, { kind: 'float' }],
  'Breed Name': [8, { kind: 'string' }], ok: [9, { kind: 'boolean' }], tsn: [10, { kind: 'timestamp_ns' }],
};
const lookup: FieldLookup = (n) => (COLS[n] ? { id: COLS[n][0], name: n, type: COLS[n][1] } : undefined);
const bindText = (s: string) => bindExpr(parseWhere(s), lookup);

describe('parseWhere', () => {
  it('parses precedence, quoting and every predicate form', () => {
    expect(parseWhere("a = 1 and b > 'x' or not c is null")).toEqual({
      op: 'or',
      left: { op: 'and', left: { op: 'eq', term: 'a', value: 1 }, right: { op: 'gt', term: 'b', value: 'x' } },
      right: { op: 'not', child: { op: 'isNull', term: 'c' } },
    });
    expect(parseWhere('"Breed Name" in (\'Lop\', \'It\'\'s\')')).toEqual({ op: 'in', term: 'Breed Name', values: ['Lop', "It's"] });
    expect(parseWhere("x not starts with 'ab'")).toEqual({ op: 'notStartsWith', term: 'x', value: 'ab' });
    expect(parseWhere("x like 'ab%'")).toEqual({ op: 'startsWith', term: 'x', value: 'ab' });
    expect(parseWhere('x is not nan')).toEqual({ op: 'notNaN', term: 'x' });
    expect(parseWhere('x >= -5 and y <> 1.5')).toEqual({ op: 'and', left: { op: 'gtEq', term: 'x', value: -5 }, right: { op: 'notEq', term: 'y', value: { decimal: '1.5' } } });
    expect(parseWhere('x = 9223372036854775807')).toEqual({ op: 'eq', term: 'x', value: 9223372036854775807n });
    expect(parseWhere('(a = 1 or b = 2) and c = true')).toMatchObject({ op: 'and', right: { op: 'eq', value: true } });
  });

  it('reports syntax errors with a position as DataInvalid', () => {
    for (const bad of ['a =', "a = 'x", 'a = 1 and', '= 1', 'a is maybe', "a like '%x'", 'a = null', 'a = 1)']) {
      let err: unknown;
      try { parseWhere(bad); } catch (e) { err = e; }
      expect(isLakeError(err, 'DataInvalid'), bad).toBe(true);
      expect((err as Error).message).toMatch(/^expr: .* at position \d+/);
    }
  });
});

describe('literal conversion and binding', () => {
  it('converts literals exactly into the column type', () => {
    expect(convertLiteral('2022-01-02', { kind: 'date' })).toBe(18994);
    expect(convertLiteral('2020-01-01T08:00:00Z', { kind: 'timestamptz' })).toBe(1577865600000000n);
    expect(convertLiteral('2020-01-01 09:00:00+01:00', { kind: 'timestamptz' })).toBe(1577865600000000n);
    expect(convertLiteral('2020-01-01', { kind: 'timestamp' })).toBe(1577836800000000n);
    expect(convertLiteral('1969-12-31T23:59:59.999999999', { kind: 'timestamp_ns' })).toBe(-1n);
    expect(convertLiteral('9.99', { kind: 'decimal', precision: 10, scale: 2 })).toBe(999n);
    expect(convertLiteral(-5, { kind: 'decimal', precision: 10, scale: 2 })).toBe(-500n);
    expect(convertLiteral('1.50', { kind: 'decimal', precision: 3, scale: 1 })).toBe(15n);
    expect(convertLiteral(1.1, { kind: 'float' })).toBe(Math.fround(1.1));
    expect(convertLiteral(7, { kind: 'long' })).toBe(7n);
    expect(convertLiteral('F79C3E09-677C-4BBD-A479-3F349CB785E7', { kind: 'uuid' })).toBe('f79c3e09-677c-4bbd-a479-3f349cb785e7');
    expect(convertLiteral('0x0102', { kind: 'binary' })).toEqual(new Uint8Array([1, 2]));
    expect(convertLiteral('12:30:00.5', { kind: 'time' })).toBe(45000500000n);
  });

  it('refuses literals that would change the answer if rounded', () => {
    const bad: [unknown, ValueType][] = [
      [3.5, { kind: 'int' }], [2 ** 31, { kind: 'int' }], ['1.234', { kind: 'decimal', precision: 5, scale: 2 }],
      ['123456', { kind: 'decimal', precision: 5, scale: 2 }], ['2020-01-01T00:00:00.0000001', { kind: 'timestamp' }],
      ['2020-01-01T00:00:00+02:00', { kind: 'timestamp' }], ['2023-02-30', { kind: 'date' }], [5, { kind: 'string' }],
      ['not-a-uuid', { kind: 'uuid' }], ['0x01', { kind: 'fixed', length: 2 }],
    ];
    for (const [lit, type] of bad) {
      expect(() => convertLiteral(lit as never, type, 'c'), `${String(lit)} ${type.kind}`).toThrow(/^expr: cannot use/);
    }
  });

  it('binds names to field ids and folds type-decided predicates', () => {
    expect(bindText("d = '2022-01-02'")).toEqual({ op: 'eq', ref: { id: 4, name: 'd', type: { kind: 'date' } }, value: 18994 });
    expect(bindText('id is nan')).toEqual({ op: 'false' });
    expect(bindText('id in (3)')).toMatchObject({ op: 'eq', value: 3 });
    expect(() => bindText('nope = 1')).toThrow(/unknown column 'nope'/);
    expect(() => bindText("f = 'nan'")).toThrow(/is nan/);
    expect(() => bindText("id starts with 'x'")).toThrow(/needs a string column/);
  });
});

describe('rewriteNot and describeExpr', () => {
  it('pushes negation to the leaves', () => {
    expect(rewriteNot(not(and(eq('a', 1), lt('b', 2))))).toEqual({ op: 'or', left: notEq('a', 1), right: { op: 'gtEq', term: 'b', value: 2 } });
    expect(rewriteNot(not(not(gt('a', 1))))).toEqual(gt('a', 1));
  });
  it('renders text that parses back to the same tree', () => {
    for (const s of ["\"Breed Name\" = 'Lop' and (id > 3 or id in (1, 2))", "not (name starts with 'a')", 'id is not null']) {
      expect(parseWhere(describeExpr(parseWhere(s)))).toEqual(parseWhere(s));
    }
    expect(describeExpr(bindText("d >= '2022-01-02' and price < 10"))).toBe("d >= '2022-01-02' and price < '10.00'");
    expect(bindExpr(parseWhere(describeExpr(bindText("ts > '2020-01-01T08:00:00Z'"))), lookup)).toEqual(bindText("ts > '2020-01-01T08:00:00Z'"));
  });
});

describe('compare', () => {
  it('orders strings by code point, not UTF-16 unit', () => {
    expect(compareStrings('\u{1F407}', '\uFFFD')).toBeGreaterThan(0); // U+1F407 > U+FFFD although its first unit is 0xD83D
    expect('\u{1F407}' < '\uFFFD').toBe(true); // the JavaScript order this fixes
    expect(compareStrings('ab', 'abc')).toBeLessThan(0);
    expect(compareValues(new Uint8Array([0xff]), new Uint8Array([0x01, 0x02]))).toBeGreaterThan(0);
    expect(compareValues(-0, 0)).toBeLessThan(0);
    expect(compareValues(Number.NaN, Infinity)).toBeGreaterThan(0);
  });
});

describe('evaluateRow', () => {
  const row = (values: Record<string, unknown>) => (ref: BoundRef) => values[ref.name] as never;
  it('uses three-valued logic so nulls never match a negation', () => {
    const e = bindText('not (id = 1)');
    expect(evaluateRow(e, row({ id: 2 }))).toBe(true);
    expect(evaluateRow(e, row({ id: 1 }))).toBe(false);
    expect(evaluateRow(e, row({ id: null }))).toBe(false);
    expect(evaluateRow(bindText('id is null or id = 1'), row({ id: null }))).toBe(true);
    expect(evaluateRow(bindText('id != 1'), row({ id: null }))).toBe(false);
  });
  it('compares typed values', () => {
    expect(evaluateRow(bindText("price >= '9.99'"), row({ price: 999n }))).toBe(true);
    expect(evaluateRow(bindText("price > '9.99'"), row({ price: 999n }))).toBe(false);
    expect(evaluateRow(bindText("name starts with 'Hol'"), row({ name: 'Holland Lop' }))).toBe(true);
    expect(evaluateRow(bindText('f < 0'), row({ f: -0 }))).toBe(false);
    expect(evaluateRow(bindText('f = 0'), row({ f: -0 }))).toBe(true);
    expect(evaluateRow(bindText('f != 1'), row({ f: Number.NaN }))).toBe(true);
    expect(evaluateRow(bindText('f is nan'), row({ f: Number.NaN }))).toBe(true);
    expect(evaluateRow(bindText("tsn < '2020-01-01T00:00:00.000000001'"), row({ tsn: 1577836800000000000n }))).toBe(true);
  });
});

describe('evaluateMetrics', () => {
  const stats = (m: Record<number, ColumnStats>) => (id: number) => m[id];
  const idStats = stats({ 1: { valueCount: 10, nullCount: 0, lower: 5, upper: 9 }, 3: { valueCount: 10, nullCount: 10 } });
  it('skips with a reason when bounds exclude the predicate', () => {
    expect(evaluateMetrics(bindText('id < 5'), idStats, 10)).toEqual({ match: false, reason: 'id < 5 but lower bound is 5' });
    expect(evaluateMetrics(bindText('id <= 5'), idStats, 10).match).toBe(true);
    expect(evaluateMetrics(bindText('id > 9'), idStats, 10).match).toBe(false);
    expect(evaluateMetrics(bindText('id >= 9'), idStats, 10).match).toBe(true);
    expect(evaluateMetrics(bindText('id = 10'), idStats, 10).match).toBe(false);
    expect(evaluateMetrics(bindText('id in (1, 2, 12)'), idStats, 10).match).toBe(false);
    expect(evaluateMetrics(bindText('id in (1, 7)'), idStats, 10).match).toBe(true);
    expect(evaluateMetrics(bindText('id is null'), idStats, 10)).toEqual({ match: false, reason: 'id has no nulls' });
    expect(evaluateMetrics(bindText("name = 'x'"), idStats, 10).match).toBe(false);
    expect(evaluateMetrics(bindText('name is null'), idStats, 10).match).toBe(true);
    expect(evaluateMetrics(bindText('id = 7'), idStats, 0)).toEqual({ match: false, reason: 'no rows' });
  });
  it('combines and/or/not inclusively', () => {
    expect(evaluateMetrics(bindText('id = 1 or id = 7'), idStats, 10).match).toBe(true);
    expect(evaluateMetrics(bindText('id = 1 or id = 20'), idStats, 10).match).toBe(false);
    expect(evaluateMetrics(bindText('id = 7 and id = 20'), idStats, 10).match).toBe(false);
    expect(evaluateMetrics(bindText('not (id >= 5)'), idStats, 10).match).toBe(false);
    expect(evaluateMetrics(bindText('id != 7'), idStats, 10).match).toBe(true);
  });
  it('never skips on missing or unusable statistics', () => {
    expect(evaluateMetrics(bindText('big = 1'), stats({}), 10).match).toBe(true);
    expect(evaluateMetrics(bindText('f > 1'), stats({ 7: { valueCount: 3, nullCount: 0, upper: Number.NaN } }), 3).match).toBe(true);
    expect(evaluateMetrics(bindText('f < 0'), stats({ 7: { valueCount: 3, nullCount: 0, lower: 0 } }), 3).match).toBe(false);
    expect(evaluateMetrics(bindText('f is nan'), stats({ 7: { valueCount: 3, nullCount: 0, nanCount: 0 } }), 3).match).toBe(false);
    expect(evaluateMetrics(bindText('f > 0'), stats({ 7: { valueCount: 3, nullCount: 1, nanCount: 2, upper: 5 } }), 3).match).toBe(false);
  });
  it('handles starts with against (possibly truncated) string bounds', () => {
    const s = stats({ 3: { valueCount: 2, nullCount: 0, lower: 'Holland', upper: 'Hom' } });
    expect(evaluateMetrics(bindText("name starts with 'Hol'"), s, 2).match).toBe(true);
    expect(evaluateMetrics(bindText("name starts with 'Ha'"), s, 2).match).toBe(false);
    expect(evaluateMetrics(bindText("name starts with 'Hp'"), s, 2).match).toBe(false);
    expect(evaluateMetrics(bindText("name starts with 'H'"), s, 2).match).toBe(true);
  });
  it('formats typed bounds in reasons', () => {
    const r = evaluateMetrics(bindText("d < '2022-01-01'"), stats({ 4: { valueCount: 1, nullCount: 0, lower: 18993 } }), 1);
    expect(r.reason).toBe('d < 2022-01-01 but lower bound is 2022-01-01');
    expect(formatTypedValue({ kind: 'decimal', scale: 2 }, -5n)).toBe('-0.05');
    expect(formatTypedValue({ kind: 'timestamp' }, -1n)).toBe('1969-12-31T23:59:59.999999');
  });
});
