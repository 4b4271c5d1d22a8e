/**
 * `ORDER BY 2` where select item 2 holds a window function (`SELECT a, row_number() OVER (…) AS r FROM t ORDER
 * BY 1, 2`): Spark sorts by that output column (an ordinal is the select item, resolved after the window runs).
 * squirreling's parser replaces the ordinal by the item's expression, and its planner then refuses a window
 * function in ORDER BY ("Window function ROW_NUMBER is not allowed in ORDER BY clause"), while the item's alias
 * (`ORDER BY r`) it sorts by. So such a term becomes the item's output name — its alias, or the name squirreling
 * derives for it, which is then written as the item's alias (the same output name, so the result is unchanged).
 */
import { derivedAlias } from './fast-sort.ts';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when `e` has a window function in it (as squirreling's planner finds one: anywhere below). */
function hasWindow(e: unknown): boolean {
  if (Array.isArray(e)) return e.some(hasWindow);
  if (!isNode(e)) return false;
  return e.type === 'window' || Object.values(e).some(hasWindow);
}

const samePlace = (a: Node, b: Node) => a === b || (a.positionStart === b.positionStart && a.positionEnd === b.positionEnd && a.type === b.type);

/** One SELECT's ORDER BY terms that repeat a window item, as that item's output name (its alias added where absent). */
function windowOrder(s: Node): Node {
  const columns = s.columns as Node[] | undefined;
  const orderBy = s.orderBy as Node[] | undefined;
  if (!Array.isArray(columns) || !Array.isArray(orderBy) || orderBy.length === 0) return s;
  let cols = columns;
  let changed = false;
  const terms = orderBy.map((term) => {
    const k = cols.findIndex((c) => c.type === 'derived' && isNode(c.expr) && isNode(term.expr) && samePlace(c.expr, term.expr as Node) && hasWindow(c.expr));
    if (k < 0) return term;
    const col = cols[k]!;
    const name = (col.alias as string | undefined) ?? derivedAlias(col.expr as never);
    if (col.alias === undefined) cols = cols.map((c, i) => (i === k ? { ...c, alias: name } : c));
    changed = true;
    const e = term.expr as Node;
    return { ...term, expr: { type: 'identifier', name, positionStart: e.positionStart, positionEnd: e.positionEnd } };
  });
  return changed ? { ...s, columns: cols, orderBy: terms } : s;
}

/** The parsed statement with every SELECT's window ordinals rewritten ({@link windowOrder}), subqueries and CTEs included. */
export function orderByWindowItems<T>(ast: T): T {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isNode(v)) return v;
    const out: Node = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x);
    return out.type === 'select' ? windowOrder(out) : out;
  };
  return walk(ast) as T;
}
