/**
 * The WHERE → plan() filter where SQL compares numbers as doubles (Spark casts a BIGINT or DECIMAL to DOUBLE
 * to meet a DOUBLE literal, and widens a FLOAT to DOUBLE to meet any number): the pushed filter must be
 * implied by the comparison, so it is a range around the value, never the exact value the format's own
 * (exact, or cast-to-float) comparison would prune rows with. Expected ranges worked out from IEEE 754.
 */
import { describe, expect, it } from 'vitest';
import { parseSql, type ExprNode } from 'squirreling';
import { exactDoubleText, nextDouble, pushableFilter } from './pushdown.ts';
import type { SqlType } from './sql-types.ts';

const TYPES = new Map<string, SqlType>([['big', { kind: 'long' }], ['d', { kind: 'decimal', scale: 2 }], ['f', { kind: 'double', float: true }], ['x', { kind: 'double' }]]);
const push = (where: string) => {
  const query = `SELECT * FROM t WHERE ${where}`;
  const ast = parseSql({ query }) as unknown as { where: ExprNode };
  return pushableFilter(ast.where, [...TYPES.keys()], ['t'], query, TYPES);
};

describe('pushdown of comparisons in doubles', () => {
  it('writes doubles exactly and steps to their neighbours', () => {
    expect(exactDoubleText(0.1)).toBe('0.1000000000000000055511151231257827021181583404541015625');
    expect(exactDoubleText(-2.5)).toBe('-2.5');
    expect(exactDoubleText(2 ** 53)).toBe('9007199254740992');
    expect(nextDouble(2 ** 53, true)).toBe(2 ** 53 + 2);
    expect(nextDouble(2 ** 53, false)).toBe(2 ** 53 - 1);
    expect(nextDouble(-1, true)).toBe(-1 + 2 ** -53);
  });

  it('a DOUBLE literal on a BIGINT or DECIMAL column is the range of values whose double can satisfy it', () => {
    // 2^53+1 rounds to 2^53: eq keeps everything strictly between the neighbouring doubles 2^53-1 and 2^53+2.
    expect(push('big = 9007199254740992e0')).toEqual({ op: 'and', left: { op: 'gt', term: 'big', value: { decimal: '9007199254740991' } }, right: { op: 'lt', term: 'big', value: { decimal: '9007199254740994' } } });
    expect(push('big <= 9007199254740992e0')).toEqual({ op: 'lt', term: 'big', value: { decimal: '9007199254740994' } });
    expect(push('9007199254740992e0 <= big')).toEqual({ op: 'gt', term: 'big', value: { decimal: '9007199254740991' } });
    expect(push('big < 9007199254740992e0')).toEqual({ op: 'lt', term: 'big', value: { decimal: '9007199254740992' } });
    expect(push('d > 0.1e0')).toEqual({ op: 'gt', term: 'd', value: { decimal: exactDoubleText(0.1) } });
    // ≠ and an IN list with a DOUBLE among its values have no safe exact form: nothing is pushed.
    expect(push('big <> 1e0')).toBeUndefined();
    expect(push('big IN (1e0, 2)')).toBeUndefined();
    // Integer and decimal literals stay exact (Spark compares them exactly too).
    expect(push('big = 9007199254740993')).toEqual({ op: 'eq', term: 'big', value: 9007199254740993n });
    expect(push('d = 0.1')).toEqual({ op: 'eq', term: 'd', value: { decimal: '0.1' } });
  });

  it('any number on a FLOAT column pushes float bounds on the safe side, = only for a float value', () => {
    const below = 0.09999999403953552; // the largest float under 0.1
    const above = Math.fround(0.1); // 0.10000000149011612, the float 0.1
    // (> and >= also keep the NaN rows: Spark's NaN is above every value, see the NaN test below.)
    expect(push('f > 0.1')).toEqual({ op: 'or', left: { op: 'gtEq', term: 'f', value: below }, right: { op: 'isNaN', term: 'f' } });
    expect(push('f >= 0.1e0')).toEqual({ op: 'or', left: { op: 'gtEq', term: 'f', value: below }, right: { op: 'isNaN', term: 'f' } });
    expect(push('f < 0.1')).toEqual({ op: 'ltEq', term: 'f', value: above });
    expect(push('f = 0.1')).toBeUndefined();
    expect(push('f = 2.5')).toEqual({ op: 'eq', term: 'f', value: 2.5 });
    expect(push('f IN (0.5, 2.5)')).toBeUndefined();
    // A DOUBLE column takes the literal's double as the format casts it (bind): as before.
    expect(push('x = 0.1')).toEqual({ op: 'eq', term: 'x', value: { decimal: '0.1' } });
  });

  it('a DOUBLE or FLOAT column keeps Spark\'s NaN rows: NaN = NaN, NaN above every value (SQL reference, "NaN Semantics")', () => {
    const nan = { op: 'isNaN', term: 'x' };
    // NaN > 5 and NaN >= +Infinity are true in Spark: a file of NaNs must stay in the plan.
    expect(push('x > 5')).toEqual({ op: 'or', left: { op: 'gt', term: 'x', value: 5 }, right: nan });
    expect(push('5 <= x')).toEqual({ op: 'or', left: { op: 'gtEq', term: 'x', value: 5 }, right: nan });
    expect(push("x >= 'Infinity'")).toEqual({ op: 'or', left: { op: 'gtEq', term: 'x', value: Infinity }, right: nan });
    // NaN < 5 and NaN = 5 are false in Spark and in the format's filter alike; NaN != 5 is true in both.
    expect(push('x < 5')).toEqual({ op: 'lt', term: 'x', value: 5 });
    expect(push('x = 5')).toEqual({ op: 'eq', term: 'x', value: 5 });
    expect(push('x <> 5')).toEqual({ op: 'notEq', term: 'x', value: 5 });
    // A NaN literal: = is isNaN (prunes by nan_value_counts), != and < are notNaN, > NaN and <= NaN push nothing.
    expect(push("x = 'NaN'")).toEqual(nan);
    expect(push("x != 'nan'")).toEqual({ op: 'notNaN', term: 'x' });
    expect(push("x < 'NaN'")).toEqual({ op: 'notNaN', term: 'x' });
    expect(push("x <= 'NaN'")).toBeUndefined();
    expect(push("x IN (1.5, 'NaN')")).toBeUndefined();
    expect(push('x IN (1.5, 2.5)')).toEqual({ op: 'in', term: 'x', values: [{ decimal: '1.5' }, { decimal: '2.5' }] });
  });
});
