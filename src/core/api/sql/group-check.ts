/**
 * Spark's analysis checks that squirreling skips, so a query Spark refuses is refused here rather than answered
 * with values nobody asked for (both executors gave the first row's value of an ungrouped column):
 * - MISSING_AGGREGATION: in an aggregate query (GROUP BY, or an aggregate without one), a column of the select
 *   list, HAVING or ORDER BY must be a grouping expression, inside an aggregate, or built from those and
 *   constants (`SELECT user, id FROM t GROUP BY user` is an error at `id`);
 * - with SELECT DISTINCT, ORDER BY may use only what the select list outputs (Spark cannot resolve anything
 *   else above the distinct rows: `SELECT DISTINCT user FROM t ORDER BY id`).
 * Conservative by construction: what it cannot judge (window functions, subqueries, a star) it lets through.
 */
import type { Statement } from 'squirreling';
import { errorRef, type ErrorRef } from '../../messages/message-parts.ts';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** squirreling's aggregate functions (validation/functions.js isAggregateFunc). */
const AGGREGATES = new Set(['COUNT', 'SUM', 'AVG', 'MIN', 'MAX', 'ARRAY_AGG', 'JSON_ARRAYAGG', 'STDDEV_SAMP', 'STDDEV_POP', 'MEDIAN', 'PERCENTILE_CONT', 'APPROX_QUANTILE', 'STRING_AGG']);

/** A query Spark's analysis refuses: why, and where in the engine's query. */
export interface GroupRefusal { readonly ref: ErrorRef; readonly positionStart: number; readonly positionEnd: number }

const isAggregate = (n: Node): boolean => n.type === 'function' && AGGREGATES.has(String(n.funcName).toUpperCase());

/** The node without positions, names folded to upper case: two spellings of one expression compare equal. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (!isNode(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === 'positionStart' || k === 'positionEnd') continue;
    out[k] = (k === 'funcName' || (k === 'name' && v.type === 'identifier')) && typeof x === 'string' ? x.toUpperCase() : k === 'prefix' ? undefined : shape(x);
  }
  // A literal past 2^53 is a bigint in the AST, which JSON.stringify refuses (it threw, as an Internal error).
  return JSON.stringify(out, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x));
}

/** True when `n` holds something this check does not judge (a window, a subquery, a star). */
function opaque(n: unknown): boolean {
  if (Array.isArray(n)) return n.some(opaque);
  if (!isNode(n) || isAggregate(n)) return false; // `count(*)`'s star, an aggregate's own subquery: not judged here
  if (n.type === 'window' || n.type === 'star' || 'subquery' in n || 'query' in n) return true;
  return Object.values(n).some(opaque);
}

/** True when the select aggregates (a non-window aggregate in its list or HAVING). */
function aggregates(s: Node): boolean {
  const has = (v: unknown): boolean => {
    if (Array.isArray(v)) return v.some(has);
    if (!isNode(v) || 'subquery' in v || 'query' in v) return false;
    if (isAggregate(v)) return true;
    return Object.values(v).some(has);
  };
  return has((s.columns as Node[]).map((c) => c.expr)) || has(s.having);
}

/** The first column reference in `v` that is neither grouped nor under an aggregate. */
function ungrouped(v: unknown, keys: ReadonlySet<unknown>, aliases: ReadonlySet<string>): Node | undefined {
  if (Array.isArray(v)) { for (const x of v) { const f = ungrouped(x, keys, aliases); if (f) return f; } return undefined; }
  if (!isNode(v)) return undefined;
  if (keys.has(shape(v)) || isAggregate(v)) return undefined;
  if (v.type === 'identifier') return v.prefix === undefined && aliases.has(String(v.name).toUpperCase()) ? undefined : v;
  for (const [k, x] of Object.entries(v)) {
    if (k === 'positionStart' || k === 'positionEnd') continue;
    const f = ungrouped(x, keys, aliases);
    if (f) return f;
  }
  return undefined;
}

function checkSelect(s: Node, derivedAlias: (expr: unknown) => string): GroupRefusal | undefined {
  const columns = s.columns as Node[];
  if (columns.some((c) => c.type === 'star') || opaque(columns) || opaque(s.having) || opaque(s.orderBy) || opaque(s.groupBy)) return undefined;
  // Every output name: an alias, or the name squirreling derives (it reads `ORDER BY 1` as that name).
  const aliasOf = new Map(columns.map((c) => [String(typeof c.alias === 'string' ? c.alias : derivedAlias(c.expr)).toUpperCase(), c.expr]));
  const orderBy = ((s.orderBy as Node[] | undefined) ?? []).map((o) => o.expr as Node);
  const groupBy = (s.groupBy as Node[] | undefined) ?? [];
  if (groupBy.length > 0 || aggregates(s)) {
    // A grouping item may be an ordinal or a select alias (Spark's groupByOrdinal / groupByAliases).
    const keys = new Set(groupBy.map((g) => {
      if (g.type === 'literal' && typeof g.value === 'number') return shape(columns[g.value - 1]?.expr ?? g);
      if (g.type === 'identifier' && g.prefix === undefined && aliasOf.has(String(g.name).toUpperCase()) && !columns.some((c) => c.alias === undefined && shape(c.expr) === shape(g))) return shape(aliasOf.get(String(g.name).toUpperCase()));
      return shape(g);
    }));
    const none = new Set<string>();
    for (const c of columns) { const f = ungrouped(c.expr, keys, none); if (f) return missing(f); }
    // HAVING and ORDER BY may also name the select list's aliases and (ORDER BY) its ordinals.
    const aliases = new Set(aliasOf.keys());
    const f = ungrouped(s.having, keys, aliases) ?? ungrouped(orderBy.filter((o) => !(o.type === 'literal' && typeof o.value === 'number')), keys, aliases);
    if (f) return missing(f);
    return undefined;
  }
  if (s.distinct === true) {
    const outputs = new Set(columns.map((c) => shape(c.expr)));
    const names = new Set([...aliasOf.keys(), ...columns.filter((c) => (c.expr as Node).type === 'identifier').map((c) => String((c.expr as Node).name).toUpperCase())]);
    for (const o of orderBy) {
      if (o.type === 'literal' && typeof o.value === 'number') continue;
      const f = ungrouped(o, outputs, names);
      if (f) return { ref: errorRef('error.sql.distinctOrder', { column: String(f.name) }), positionStart: f.positionStart as number, positionEnd: f.positionEnd as number };
    }
  }
  return undefined;
}

const missing = (f: Node): GroupRefusal => ({ ref: errorRef('error.sql.missingAggregation', { column: `${f.prefix ? `${String(f.prefix)}.` : ''}${String(f.name)}` }), positionStart: f.positionStart as number, positionEnd: f.positionEnd as number });

/** The first select of `statement` (subqueries and CTEs included) that Spark's analysis refuses, or undefined. */
export function checkGrouping(statement: Statement, derivedAlias: (expr: unknown) => string): GroupRefusal | undefined {
  let found: GroupRefusal | undefined;
  const walk = (v: unknown): void => {
    if (found) return;
    if (Array.isArray(v)) { v.forEach(walk); return; }
    if (!isNode(v)) return;
    if (v.type === 'select') found = checkSelect(v, derivedAlias);
    for (const x of Object.values(v)) walk(x);
  };
  walk(statement);
  return found;
}
