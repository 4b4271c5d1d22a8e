/**
 * Evaluates a bound expression on one row (or one partition tuple) with SQL three-valued logic: a
 * comparison with null is unknown, and a row matches only when the whole expression is true. So
 * `not (x = 1)` does not match a row where x is null, as in SQL and in Iceberg's residual evaluation.
 */
import { compareValues, valuesEqual } from './compare.ts';
import type { BoundExpr, BoundRef } from './expr.ts';
import type { Value } from './types.ts';

/** Returns the internal value of a field in the current row; null/undefined for SQL null. */
export type RowAccessor = (ref: BoundRef) => Value | null | undefined;

/** True when the row matches `expr` (unknown counts as no match). */
export function evaluateRow(expr: BoundExpr, get: RowAccessor): boolean {
  return evaluate3(expr, get) === true;
}

/** Three-valued result: true, false, or null for unknown. */
export function evaluate3(e: BoundExpr, get: RowAccessor): boolean | null {
  switch (e.op) {
    case 'true': return true;
    case 'false': return false;
    case 'and': {
      const l = evaluate3(e.left, get);
      if (l === false) return false;
      const r = evaluate3(e.right, get);
      if (r === false) return false;
      return l === null || r === null ? null : true;
    }
    case 'or': {
      const l = evaluate3(e.left, get);
      if (l === true) return true;
      const r = evaluate3(e.right, get);
      if (r === true) return true;
      return l === null || r === null ? null : false;
    }
    case 'not': {
      const c = evaluate3(e.child, get);
      return c === null ? null : !c;
    }
    default: break;
  }
  const v = get(e.ref);
  const isNull = v === null || v === undefined;
  switch (e.op) {
    case 'isNull': return isNull;
    case 'notNull': return !isNull;
    default: break;
  }
  if (isNull) return null;
  switch (e.op) {
    case 'isNaN': return typeof v === 'number' && Number.isNaN(v);
    case 'notNaN': return !(typeof v === 'number' && Number.isNaN(v));
    case 'in': return e.values.some((x) => valuesEqual(v, x));
    case 'notIn': return !e.values.some((x) => valuesEqual(v, x));
    case 'startsWith': return typeof v === 'string' && v.startsWith(e.value as string);
    case 'notStartsWith': return !(typeof v === 'string' && v.startsWith(e.value as string));
    default: break;
  }
  if (typeof v === 'number' && Number.isNaN(v)) return e.op === 'notEq'; // NaN compares unequal to everything
  const value = (e as { value: Value }).value;
  if (typeof v === 'number' && typeof value === 'number') return compareNumbersSql(e.op, v, value);
  switch (e.op) {
    case 'eq': return valuesEqual(v, e.value);
    case 'notEq': return !valuesEqual(v, e.value);
    case 'lt': return compareValues(v, e.value) < 0;
    case 'ltEq': return compareValues(v, e.value) <= 0;
    case 'gt': return compareValues(v, e.value) > 0;
    case 'gtEq': return compareValues(v, e.value) >= 0;
  }
  return null;
}

/** Plain IEEE comparison for row values: -0 equals 0 here (the Java total order is only for sorting and bounds). */
function compareNumbersSql(op: 'eq' | 'notEq' | 'lt' | 'ltEq' | 'gt' | 'gtEq', a: number, b: number): boolean {
  switch (op) {
    case 'eq': return a === b;
    case 'notEq': return a !== b;
    case 'lt': return a < b;
    case 'ltEq': return a <= b;
    case 'gt': return a > b;
    case 'gtEq': return a >= b;
  }
}
