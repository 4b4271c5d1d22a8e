/**
 * Uncorrelated subqueries in expressions, answered once per query, for the squirreling fallback.
 *
 * squirreling 0.12 re-executes an expression's subquery for every outer row (evaluate.js: `x IN (SELECT …)`,
 * `EXISTS (…)`, `(SELECT …)`) — a table read again per row — and answers them outside SQL's rules:
 * - `x IN (subquery)` compares with `==` and says false where SQL says NULL: a NULL among the values with
 *   no match (SQL:2016 §8.4 <in predicate>, §8.2 via `= ANY`), so `x NOT IN (1, NULL)` kept rows where
 *   Spark keeps none;
 * - a scalar subquery that returns more than one row gives its first value, where SQL raises a
 *   cardinality violation (§6.9 <scalar subquery>; Spark SCALAR_SUBQUERY_TOO_MANY_ROWS).
 * An expression subquery that runs on its own (it names no column of an outer query) is therefore run
 * once, before the query, and replaced by a call to a function of this query holding its answer (names
 * no user query can reach: parse rejects unknown names). A subquery that does not run on its own is left
 * to squirreling: `IN` and `EXISTS` take no outer row there (they cannot be correlated), so such a
 * subquery fails either way; a correlated scalar subquery keeps squirreling's per-row run, which reads only
 * its first row, so it is paired with a second run of the same SELECT that asks for its second row only
 * (`1` before its columns, `LIMIT 1 OFFSET 1`): a row there is SCALAR_SUBQUERY_TOO_MANY_ROWS for that outer
 * row, LakeError DataInvalid at the subquery (a set operation or WITH as the subquery is not checked).
 */
import type { AsyncDataSource, Statement, UserDefinedFunction } from 'squirreling';
import { errorRef, type ErrorRef } from '../../messages/message-parts.ts';
import { messageError } from '../../message-error.ts';

type Node = Record<string, unknown>;
type Engine = Pick<typeof import('squirreling'), 'executeSql'>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The statement with its answerable subqueries replaced, and the functions that now answer them. */
export interface SubqueryAnswers {
  readonly statement: Statement;
  readonly functions: Record<string, UserDefinedFunction>;
  /** How many subqueries were replaced: answered once, or (correlated scalar ones) guarded against a second row. */
  readonly answered: number;
}

/**
 * SQL's `x IN (values)` over a subquery's answer (§8.4): false when there are none (even for a NULL x), true
 * on a match (loose `==`, squirreling's and the IN list's equality), else NULL when x or a value is NULL.
 * A set lookup when every value has x's primitive type (SameValueZero is `==` there, NaN aside).
 */
export function inValues(values: readonly unknown[]): (x: unknown) => boolean | null {
  const nonNull = values.filter((v) => v != null);
  const hasNull = nonNull.length < values.length;
  const kinds = new Set(nonNull.map((v) => typeof v));
  const set = kinds.size === 1 && !kinds.has('object') ? new Set(nonNull) : undefined;
  const kind = set ? [...kinds][0] : undefined;
  return (x) => {
    if (values.length === 0) return false;
    if (x == null) return null;
    if (set && typeof x === kind && !(typeof x === 'number' && Number.isNaN(x))) return set.has(x) ? true : hasNull ? null : false;
    for (const v of nonNull) if (x == v) return true;
    return hasNull ? null : false;
  };
}

/**
 * Runs every expression subquery of `statement` that runs on its own (innermost first, a WITH's CTEs in
 * scope) and replaces it by a function call. Must hold: the answer of the rewritten statement is SQL's;
 * a subquery that fails on its own is kept as it was; aborting stops the subqueries' reads.
 */
export async function answerSubqueries(
  engine: Engine,
  statement: Statement,
  tables: Record<string, AsyncDataSource>,
  baseFunctions: Record<string, UserDefinedFunction>,
  signal?: AbortSignal,
): Promise<SubqueryAnswers> {
  const functions: Record<string, UserDefinedFunction> = {};
  let answered = 0;
  const all = () => ({ ...baseFunctions, ...functions });

  /** The first column of every row of `query` (at most `limit` rows), or undefined if it does not run alone. */
  const firstColumn = async (query: Statement, ctes: readonly Node[], limit = Infinity): Promise<unknown[] | undefined> => {
    const q = ctes.length > 0 ? ({ type: 'with', ctes, query } as unknown as Statement) : query;
    const values: unknown[] = [];
    try {
      const result = engine.executeSql({ tables, query: q, functions: all(), ...(signal ? { signal } : {}) });
      for await (const row of result.rows()) {
        const c = row.columns[0];
        values.push(c === undefined ? null : row.resolved && c in row.resolved ? row.resolved[c] : await row.cells[c]!());
        if (values.length >= limit) break;
      }
    } catch (e) {
      if (signal?.aborted) throw e;
      return undefined;
    }
    return values;
  };

  const define = (node: Node, apply: UserDefinedFunction['apply'], args: unknown[], max: number): Node => {
    const funcName = `__LS_SUBQ_${answered++}`;
    functions[funcName] = { apply, arguments: { min: max, max } };
    return { type: 'function', funcName, args, positionStart: node.positionStart, positionEnd: node.positionEnd };
  };

  const walk = async (v: unknown, ctes: readonly Node[]): Promise<unknown> => {
    if (Array.isArray(v)) { const out = []; for (const x of v) out.push(await walk(x, ctes)); return out; }
    if (!isNode(v)) return v;
    // A WITH's CTEs are in scope of its query and of the CTEs after them.
    const inner = v.type === 'with' && Array.isArray(v.ctes) ? [...ctes, ...(v.ctes as Node[])] : ctes;
    const out: Node = {};
    for (const [k, x] of Object.entries(v)) out[k] = await walk(x, inner);
    const sub = out.subquery as Statement | undefined;
    if (!isNode(sub)) return out;
    if (out.type === 'in') {
      const values = await firstColumn(sub, ctes);
      if (!values) return out;
      const test = inValues(values);
      return define(out, (x) => test(x), [out.expr], 1);
    }
    if (out.type === 'exists' || out.type === 'not exists') {
      const rows = await firstColumn(sub, ctes, 1);
      if (!rows) return out;
      const exists = rows.length > 0;
      return define(out, () => (out.type === 'exists' ? exists : !exists), [], 0);
    }
    if (out.type === 'subquery') {
      const rows = await firstColumn(sub, ctes, 2);
      if (!rows) return correlatedScalar(out, sub, define);
      if (rows.length > 1) throw new SubqueryRefusal(errorRef('error.sql.scalarSubqueryRows', undefined), out.positionStart as number, out.positionEnd as number);
      const value = rows.length === 0 ? null : rows[0];
      return define(out, () => value as never, [], 0);
    }
    return out;
  };
  const rewritten = await walk(statement, []) as Statement;
  return { statement: rewritten, functions, answered };
}

const AGGREGATES = new Set(['COUNT', 'SUM', 'AVG', 'MIN', 'MAX']);
/** Whether `v` calls an aggregate outside any subquery of its own (after our rewrites: inside their calls too). */
function hasAggregate(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasAggregate);
  if (!isNode(v) || v.subquery !== undefined || v.query !== undefined) return false;
  if (v.type === 'function' && AGGREGATES.has(String(v.funcName).toUpperCase())) return true;
  return Object.values(v).some(hasAggregate);
}

/**
 * The query asking for the second row of a scalar subquery's SELECT (its first column the constant 1, so a row
 * shows even when its value is NULL; the original columns kept after it, so DISTINCT and GROUP BY mean the
 * same), or undefined when it cannot have a second row (an aggregate without GROUP BY, LIMIT 0 or 1) or is
 * not a plain SELECT.
 */
function secondRowQuery(sub: Statement): Statement | undefined {
  if (sub.type !== 'select') return undefined;
  if (sub.limit !== undefined && sub.limit <= 1) return undefined;
  if (sub.groupBy.length === 0 && !sub.distinct && hasAggregate(sub.columns)) return undefined;
  const at = { positionStart: sub.positionStart, positionEnd: sub.positionEnd };
  const one = { type: 'derived', expr: { type: 'literal', value: 1, ...at }, alias: '__ls_second_row', ...at };
  return { ...sub, columns: [one, ...sub.columns], orderBy: [], limit: 1, offset: (sub.offset ?? 0) + 1 } as unknown as Statement;
}

/**
 * A correlated scalar subquery, run per outer row by squirreling, which takes its first row: guarded by a
 * function of its second row's query and its value that throws SCALAR_SUBQUERY_TOO_MANY_ROWS (Spark;
 * SQL:2016 §6.9's cardinality violation) where a second row exists, else returns the value.
 */
function correlatedScalar(node: Node, sub: Statement, define: (node: Node, apply: UserDefinedFunction['apply'], args: unknown[], max: number) => Node): Node {
  const second = secondRowQuery(sub);
  if (!second) return node;
  const at = { positionStart: node.positionStart, positionEnd: node.positionEnd };
  const check: Node = { type: 'subquery', subquery: second, ...at };
  return define(node, (more, value) => {
    if (more != null) throw messageError('DataInvalid', 'error.sql', { message: errorRef('error.sql.scalarSubqueryRows', undefined) }, { engineStart: Number(node.positionStart), engineEnd: Number(node.positionEnd) });
    return value as never;
  }, [check, node], 2);
}

/** A subquery whose answer SQL refuses, at its place in the engine's query (the caller maps it to the user's). */
export class SubqueryRefusal extends Error {
  constructor(readonly ref: ErrorRef, readonly positionStart: number, readonly positionEnd: number) {
    super(ref.key);
  }
}
