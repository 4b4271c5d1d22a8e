/**
 * SQL three-valued logic for the squirreling fallback (joins, subqueries, CTEs, windows…). squirreling
 * 0.12 turns every NULL test into false (binary.js returns false when an operand is null, before the
 * operator; NOT NULL is true), so `NULL OR true` is false and `NOT (region = 'EU')` keeps NULL regions.
 * It does call user-defined functions with evaluated arguments (evaluate.js) and runs a parsed AST as
 * given, so we rewrite the AST before it runs: AND/OR/NOT, comparisons, LIKE and IN become calls to
 * functions implementing SQL:2016 §8.2/§6.39 (arrow-eval.ts, the columnar executor's own operators).
 *
 * Kept as they are, for join planning and scan pushdown: comparisons and LIKE that are top-level
 * conjuncts of WHERE, ON and HAVING — there false and NULL both drop the row, so the answer is the
 * same. Refused (LakeError Unsupported): SUM/AVG/MIN/MAX(DISTINCT), which squirreling ignores the
 * DISTINCT of, since an aggregate cannot be supplied as a function.
 */
import type { Statement, UserDefinedFunction } from 'squirreling';
import { and3, applyBinaryOp, in3, not3, or3 } from './arrow-eval.ts';
import { errorRef, errorText, type ErrorRef } from '../../messages/message-parts.ts';

const COMPARISONS = new Set(['=', '==', '!=', '<>', '<', '<=', '>', '>=', 'LIKE']);
/** Kept as squirreling's in a filter position: equality is the same in code-unit and code-point order. */
const EQUALITIES = new Set(['=', '==', '!=', '<>']);

/** The functions the rewritten AST calls (names no user query can reach: parse rejects unknown names). */
export const SQL3VL_FUNCTIONS: Record<string, UserDefinedFunction> = {
  __LS3_AND: { apply: (a, b) => and3(a, b), arguments: { min: 2, max: 2 } },
  __LS3_OR: { apply: (a, b) => or3(a, b), arguments: { min: 2, max: 2 } },
  __LS3_NOT: { apply: (a) => not3(a), arguments: { min: 1, max: 1 } },
  __LS3_CMP: { apply: (op, a, b) => applyBinaryOp(String(op), a, b) as boolean | null, arguments: { min: 3, max: 3 } },
  __LS3_IN: { apply: (x, ...values) => in3(x, values), arguments: { min: 1 } },
};

/** What the rewrite did, for EXPLAIN, and what it refuses. */
export interface Rewrite3vl {
  readonly statement: Statement;
  /** Operators now evaluated under three-valued logic. */
  readonly rewritten: number;
  /** An aggregate whose answer squirreling would get wrong, with its place in the engine's query. */
  readonly refused?: { readonly reason: string; readonly ref?: ErrorRef; readonly positionStart: number; readonly positionEnd: number };
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Rewrites a parsed statement (a copy) so squirreling evaluates its boolean logic as SQL does. */
export function rewrite3vl(statement: Statement): Rewrite3vl {
  let rewritten = 0;
  let refused: Rewrite3vl['refused'];
  const call = (node: Node, funcName: string, args: unknown[]): Node => {
    rewritten++;
    return { type: 'function', funcName, args, positionStart: node.positionStart, positionEnd: node.positionEnd };
  };
  const lit = (node: Node, value: string): Node => ({ type: 'literal', value, positionStart: node.positionStart, positionEnd: node.positionEnd });

  /**
   * A filter position (WHERE/ON/HAVING): only true keeps a row, so AND and plain equalities may stay. Not LIKE:
   * squirreling's ignores case (spark-like.ts); not `<`, `<=`, `>`, `>=`: squirreling's compare strings by UTF-16
   * code unit, ours by code point as Spark (string-order.ts). Both are still pushed down (pushdown.ts reads the call).
   */
  const filter = (node: unknown): unknown => {
    if (!isNode(node) || node.type !== 'binary') return walk(node);
    if (node.op === 'AND') return { ...node, left: filter(node.left), right: filter(node.right) };
    if (EQUALITIES.has(node.op as string)) return { ...node, left: walk(node.left), right: walk(node.right) };
    return walk(node);
  };

  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isNode(v)) return v;
    const t = v.type;
    if (t === 'select') {
      const out: Node = {};
      for (const [k, x] of Object.entries(v)) out[k] = k === 'where' || k === 'having' ? filter(x) : walk(x);
      return out;
    }
    if (t === undefined && 'joinType' in v) return { ...Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'on' ? filter(x) : walk(x)])) };
    if (t === 'binary') {
      const op = v.op as string;
      if (op === 'AND') return call(v, '__LS3_AND', [walk(v.left), walk(v.right)]);
      if (op === 'OR') return call(v, '__LS3_OR', [walk(v.left), walk(v.right)]);
      if (COMPARISONS.has(op)) return call(v, '__LS3_CMP', [lit(v, op), walk(v.left), walk(v.right)]);
    }
    if (t === 'unary' && v.op === 'NOT') return call(v, '__LS3_NOT', [walk(v.argument)]);
    if (t === 'in valuelist') return call(v, '__LS3_IN', [walk(v.expr), ...(v.values as unknown[]).map(walk)]);
    if (t === 'case' && v.caseExpr) {
      // A simple CASE compares with `==` there (NULL matches NULL): as a searched CASE of 3VL `=` it does not.
      const c = walk(v.caseExpr);
      const whens = (v.whenClauses as Node[]).map((w) => ({ ...w, condition: call(w, '__LS3_CMP', [lit(w, '='), c, walk(w.condition)]), result: walk(w.result) }));
      const { caseExpr: _, ...rest } = v;
      return { ...rest, whenClauses: whens, ...(v.elseResult ? { elseResult: walk(v.elseResult) } : {}) };
    }
    if (t === 'function' && v.distinct && !refused) {
      const name = String(v.funcName).toUpperCase();
      if (name === 'SUM' || name === 'AVG' || name === 'MIN' || name === 'MAX') {
        const ref = errorRef('error.sql.distinct', { fn: name });
        refused = { reason: errorText(ref), ref, positionStart: v.positionStart as number, positionEnd: v.positionEnd as number };
      }
    }
    const out: Node = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x);
    return out;
  };
  const result = walk(statement) as Statement;
  return { statement: result, rewritten, ...(refused ? { refused } : {}) };
}

