/**
 * The part of a query's WHERE that our planner can use (issue 16): the engine hands each table scan its
 * WHERE as an AST; the conjuncts that compare one of the table's columns with a literal become our
 * {@link Expr}, pushed into `plan()` so files, manifests and row groups whose statistics rule them out are
 * never fetched. Only ever a weaker filter than the query's: a conjunct we cannot translate is dropped
 * (the engine still applies the whole WHERE to the rows), an OR is kept only when both sides translate.
 */
import type { ExprNode } from 'squirreling';
import { and, type CompareOp, type Expr, type Literal } from '../../expr/expr.ts';

const COMPARE: Readonly<Record<string, CompareOp>> = { '=': 'eq', '==': 'eq', '!=': 'notEq', '<>': 'notEq', '<': 'lt', '<=': 'ltEq', '>': 'gt', '>=': 'gtEq' };
const FLIP: Readonly<Record<CompareOp, CompareOp>> = { eq: 'eq', notEq: 'notEq', lt: 'gt', ltEq: 'gtEq', gt: 'lt', gtEq: 'ltEq', startsWith: 'startsWith', notStartsWith: 'notStartsWith' };

const INTEGER_TEXT = /^\s*\d+\s*$/;
const FRACTION_TEXT = /^\s*(\d*\.\d*)\s*$/;

/**
 * A literal of the engine's AST as our literal (fractions as exact decimal text), undefined when none fits.
 * A number is read from the query's `text` where the AST points into it: the parser's double of
 * `9007199254740992.5` is 9007199254740992, and a plan pruned with that would drop rows the query keeps.
 * Without the text, a number whose double may not be what was written (an integer past 2^53) is not pushed.
 */
function literalOf(node: ExprNode, text?: string): Literal | undefined {
  if (node.type === 'unary' && node.op === '-' && node.argument.type === 'literal') {
    const v = literalOf(node.argument, text);
    if (typeof v === 'number') return -v;
    if (typeof v === 'bigint') return -v;
    if (typeof v === 'object' && v !== null && 'decimal' in v) return { decimal: `-${v.decimal}` };
    return undefined;
  }
  if (node.type !== 'literal') return undefined;
  const v = node.value;
  if (typeof v === 'bigint' || typeof v === 'boolean' || typeof v === 'string') return v;
  if (typeof v === 'number') {
    const src = text?.slice(node.positionStart, node.positionEnd);
    if (src !== undefined && INTEGER_TEXT.test(src)) { const n = BigInt(src.trim()); return Number.isSafeInteger(Number(n)) ? Number(n) : n; }
    const frac = src === undefined ? null : FRACTION_TEXT.exec(src);
    if (frac) return { decimal: frac[1]!.startsWith('.') ? `0${frac[1]}` : frac[1]!.endsWith('.') ? frac[1]!.slice(0, -1) : frac[1]! };
    if (Number.isInteger(v)) return Number.isSafeInteger(v) ? v : undefined;
    return Number.isFinite(v) ? { decimal: String(v) } : undefined;
  }
  return undefined;
}

/**
 * Translates what it can of `where` for a table with `columns`; `aliases` are the names the query may
 * qualify this table's columns with; `text` the engine's query the AST's positions point into. Undefined
 * when nothing translates.
 */
export function pushableFilter(where: ExprNode | undefined, columns: readonly string[], aliases: readonly string[], text?: string): Expr | undefined {
  if (!where) return undefined;
  const known = new Set(columns);
  const aliasSet = new Set(aliases.map((a) => a.toLowerCase()));
  const column = (n: ExprNode): string | undefined => {
    if (n.type !== 'identifier') return undefined;
    if (n.prefix !== undefined && !aliasSet.has(n.prefix.toLowerCase())) return undefined;
    return known.has(n.name) ? n.name : undefined;
  };
  const go = (n: ExprNode): Expr | undefined => {
    if (n.type === 'binary') {
      if (n.op === 'AND') {
        const l = go(n.left);
        const r = go(n.right);
        return l && r ? and(l, r) : l ?? r;
      }
      if (n.op === 'OR') {
        const l = go(n.left);
        const r = go(n.right);
        return l && r ? { op: 'or', left: l, right: r } : undefined;
      }
      if (n.op === 'LIKE') {
        // `col LIKE 'abc%'` is a prefix test the planner can prune by bounds; other patterns stay with the engine.
        const c = column(n.left);
        const v = n.right.type === 'literal' && typeof n.right.value === 'string' ? n.right.value : undefined;
        const m = v === undefined ? null : /^([^%_\\]+)%$/.exec(v);
        // The engine's LIKE ignores case ('Alpha' LIKE 'a%'): a case-sensitive prefix prunes only when the
        // prefix has no letter that case changes, else it would drop matching rows.
        const caseless = m !== null && m[1]!.toLowerCase() === m[1]!.toUpperCase();
        return c && m && caseless ? { op: 'startsWith', term: c, value: m[1]! } : undefined;
      }
      const op = COMPARE[n.op];
      if (!op) return undefined;
      const lc = column(n.left);
      const rv = literalOf(n.right, text);
      if (lc && rv !== undefined) return { op, term: lc, value: rv };
      const rc = column(n.right);
      const lv = literalOf(n.left, text);
      if (rc && lv !== undefined) return { op: FLIP[op], term: rc, value: lv };
      return undefined;
    }
    if (n.type === 'unary' && (n.op === 'IS NULL' || n.op === 'IS NOT NULL')) {
      const c = column(n.argument);
      return c ? { op: n.op === 'IS NULL' ? 'isNull' : 'notNull', term: c } : undefined;
    }
    if (n.type === 'in valuelist') {
      const c = column(n.expr);
      const values = n.values.map((v) => literalOf(v, text));
      return c && values.length > 0 && values.every((v) => v !== undefined) ? { op: 'in', term: c, values: values as Literal[] } : undefined;
    }
    return undefined;
  };
  return go(where);
}
