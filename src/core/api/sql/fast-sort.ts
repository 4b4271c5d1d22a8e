/**
 * ORDER BY and output names for the columnar executor, ported from squirreling 0.12 (execute/sort.js,
 * execute/utils.js compareForTerm, expression/alias.js) so rows come out in the engine's order: sort
 * by the first term (stable), then each run of ties by the next, comparing with JS `<` on primitives (two strings
 * by code point, Spark's UTF-8 order),
 * as text otherwise — except a double's NaN, which sorts after every number (Spark), and NULLs, which go where
 * Spark puts them (squirreling put them first in both directions).
 */
import type { ExprNode } from 'squirreling';
import type { OrderByItem } from './arrow-eval.ts';
import { compareDoubles } from './sql-types.ts';
import { compareSqlStrings } from './string-order.ts';

const PRIMITIVE = new Set(['number', 'bigint', 'boolean', 'string']);

/* eslint-disable eqeqeq -- squirreling compares with loose equality */
/** squirreling's compareForTerm, with Spark's NULL placement and NaN order. */
export function compareForTerm(a: any, b: any, term: Pick<OrderByItem, 'direction' | 'nulls'>): number {
  const aNull = a == null;
  const bNull = b == null;
  if (aNull || bNull) {
    if (aNull && bNull) return 0;
    // Spark SQL reference, "ORDER BY clause": without NULLS FIRST/LAST, ASC puts NULLs first and DESC last.
    const nullsFirst = term.nulls ? term.nulls === 'FIRST' : term.direction !== 'DESC';
    if (aNull) return nullsFirst ? -1 : 1;
    return nullsFirst ? 1 : -1;
  }
  if (a == b) return 0;
  let cmp: number;
  // A double's NaN sorts after every other value ascending, +Infinity included (Spark SQL reference, "NaN
  // Semantics"; SQLOrderingUtil.compareDoubles) and two NaNs tie — where squirreling's `<` is false both ways.
  if (typeof a === 'number' && typeof b === 'number' && (a !== a || b !== b)) cmp = compareDoubles(a, b);
  // Two strings by code point, Spark's UTF-8 order (string-order.ts), not JS's UTF-16 `<`.
  else if (typeof a === 'string' && typeof b === 'string') cmp = compareSqlStrings(a, b);
  else if (PRIMITIVE.has(typeof a) && PRIMITIVE.has(typeof b)) cmp = a < b ? -1 : 1;
  else {
    const x = String(a);
    const y = String(b);
    cmp = x < y ? -1 : x > y ? 1 : 0;
  }
  return term.direction === 'DESC' ? -cmp : cmp;
}
/* eslint-enable eqeqeq */

/**
 * Indices 0..n-1 in ORDER BY order (squirreling's sortEntriesByTerms): `value(t, idx)` is term t of
 * entry idx, asked for only where an earlier term ties, at most once per entry and term.
 */
export function sortByTerms(n: number, terms: readonly Pick<OrderByItem, 'direction' | 'nulls'>[], value: (t: number, idx: number) => unknown): number[] {
  if (n === 0) return [];
  let groups: number[][] = [Array.from({ length: n }, (_, i) => i)];
  for (let t = 0; t < terms.length; t++) {
    const term = terms[t]!;
    const next: number[][] = [];
    for (const group of groups) {
      if (group.length <= 1) { next.push(group); continue; }
      const values = new Map<number, unknown>();
      for (const idx of group) values.set(idx, value(t, idx));
      group.sort((a, b) => compareForTerm(values.get(a), values.get(b), term));
      if (t < terms.length - 1) {
        let run = [group[0]!];
        for (let i = 1; i < group.length; i++) {
          if (compareForTerm(values.get(group[i - 1]!), values.get(group[i]!), term) === 0) run.push(group[i]!);
          else { next.push(run); run = [group[i]!]; }
        }
        next.push(run);
      } else next.push(group);
    }
    groups = next;
  }
  return groups.flat();
}

/** squirreling's derivedAlias: the name of an unaliased output column. */
export function derivedAlias(expr: ExprNode): string {
  switch (expr.type) {
    case 'identifier': return expr.name;
    case 'literal': return String(expr.value);
    case 'cast': return `${derivedAlias(expr.expr)}_as_${expr.toType}`;
    case 'unary': return `${expr.op}_${derivedAlias(expr.argument)}`;
    case 'binary': return `${derivedAlias(expr.left)}_${expr.op}_${derivedAlias(expr.right)}`;
    case 'function':
      if (expr.args.length === 1 && expr.args[0]!.type === 'star') return `${expr.funcName.toLowerCase()}_all`;
      return `${expr.funcName.toLowerCase()}_${expr.args.map(derivedAlias).join('_')}`;
    case 'window': return expr.funcName.toLowerCase();
    case 'interval': return `interval_${expr.value}_${expr.unit.toLowerCase()}`;
    default: return 'expr';
  }
}
