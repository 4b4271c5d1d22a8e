/**
 * The part of a query's WHERE that our planner can use (issue 16): the engine hands each table scan its
 * WHERE as an AST; the conjuncts that compare one of the table's columns with a literal become our
 * {@link Expr}, pushed into `plan()` so files, manifests and row groups whose statistics rule them out are
 * never fetched. Only ever a weaker filter than the query's: a conjunct we cannot translate is dropped
 * (the engine still applies the whole WHERE to the rows), an OR is kept only when both sides translate.
 */
import type { ExprNode } from 'squirreling';
import { and, type CompareOp, type Expr, type Literal } from '../../expr/expr.ts';
import { dateOfText, sqlDouble, type SqlType } from './sql-types.ts';

const COMPARE: Readonly<Record<string, CompareOp>> = { '=': 'eq', '==': 'eq', '!=': 'notEq', '<>': 'notEq', '<': 'lt', '<=': 'ltEq', '>': 'gt', '>=': 'gtEq' };
const FLIP: Readonly<Record<CompareOp, CompareOp>> = { eq: 'eq', notEq: 'notEq', lt: 'gt', ltEq: 'gtEq', gt: 'lt', gtEq: 'ltEq', startsWith: 'startsWith', notStartsWith: 'notStartsWith' };

const INTEGER_TEXT = /^\s*\d+\s*$/;
const FRACTION_TEXT = /^\s*(\d*\.\d*)\s*$/;
const EXPONENT_TEXT = /^\s*(\d+\.?\d*|\.\d+)e[+-]?\d+\s*$/i;

/** The exact decimal text of a finite double (every double is a finite binary fraction: m × 2^e). */
export function exactDoubleText(d: number): string {
  if (Number.isInteger(d)) return BigInt(d).toString();
  const neg = d < 0;
  let m = Math.abs(d);
  let e = 0;
  // Scale by 2 until integral (at most 1074 steps for the smallest subnormal): m × 2^-e exactly.
  while (!Number.isInteger(m)) { m *= 2; e++; }
  const digits = (BigInt(m) * 5n ** BigInt(e)).toString().padStart(e + 1, '0');
  return `${neg ? '-' : ''}${digits.slice(0, -e)}.${digits.slice(-e)}`;
}

const F64 = new Float64Array(1);
const I64 = new BigInt64Array(F64.buffer);
/** The next double above (`up`) or below `d` (finite, non-zero neighbourhoods; ±0 step to the smallest subnormal). */
export function nextDouble(d: number, up: boolean): number {
  if (d === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE;
  F64[0] = d;
  I64[0] += (d > 0) === up ? 1n : -1n;
  return F64[0]!;
}

/** The smallest float32 ≥ d (`up`) or the largest float32 ≤ d. */
function floatBound(d: number, up: boolean): number {
  const f = Math.fround(d);
  if (f === d || !Number.isFinite(f)) return f;
  if ((f > d) === up) return f;
  // f lies on the other side of d: step one float ulp towards d.
  const buf = new Float32Array([f]);
  const bits = new Int32Array(buf.buffer);
  bits[0] += (f > 0) === up ? 1 : -1;
  if (f === 0) buf[0] = up ? 1.401298464324817e-45 : -1.401298464324817e-45;
  return buf[0]!;
}

/**
 * `col op d` for a DOUBLE literal `d` (`1e3`) on a column whose values are compared as doubles of exact values
 * (a BIGINT, INT or DECIMAL column: Spark casts it to DOUBLE): rows with double(x) op d. Rounding is
 * monotone, so double(x) < d implies x < d and double(x) ≤ d implies x < next double above d; the pushed
 * filter is that weaker one (never an exact `x = d`, which would drop the BIGINT 2^53+1 that equals
 * 9007199254740992e0). Undefined where nothing safe is pushed (≠, infinities).
 */
function doubleOnExact(op: CompareOp, term: string, d: number): Expr | undefined {
  if (!Number.isFinite(d)) return undefined;
  const dec = (x: number): Literal => ({ decimal: exactDoubleText(x) });
  switch (op) {
    case 'lt': case 'gt': return { op, term, value: dec(d) };
    case 'ltEq': return { op: 'lt', term, value: dec(nextDouble(d, true)) };
    case 'gtEq': return { op: 'gt', term, value: dec(nextDouble(d, false)) };
    case 'eq': return and({ op: 'gt', term, value: dec(nextDouble(d, false)) }, { op: 'lt', term, value: dec(nextDouble(d, true)) });
    default: return undefined;
  }
}

/**
 * `col op d` on a FLOAT column, which Spark widens to a double to compare with any other number: the
 * format's filter casts a literal to the column's float (bind), which may move it past rows that match
 * (`f > 0.1` keeps the float 0.1, whose double is 0.10000000149…). Pushed with float bounds on the safe
 * side instead; = only when d is a float, else nothing (no float equals it, nothing to prune by).
 */
function doubleOnFloat(op: CompareOp, term: string, d: number): Expr | undefined {
  if (!Number.isFinite(d)) return undefined;
  switch (op) {
    case 'lt': case 'ltEq': return { op: 'ltEq', term, value: floatBound(d, true) };
    case 'gt': case 'gtEq': return { op: 'gtEq', term, value: floatBound(d, false) };
    case 'eq': return Math.fround(d) === d ? { op: 'eq', term, value: d } : undefined;
    default: return undefined;
  }
}

/**
 * `col op d` on a DOUBLE or FLOAT column with Spark's NaN semantics (Spark SQL reference, "NaN Semantics": NaN
 * = NaN, NaN above every other value) where our filter (expr/, row-evaluator.ts) has IEEE's, in which NaN
 * compares false with everything. `base` is the weaker filter pushed for a finite or infinite `d`:
 * - `> d`, `>= d` also hold for a NaN row: pushed as `base OR isNaN(col)`, so a file with NaN values is read
 *   (Iceberg's bounds exclude NaN, spec "Manifests": lower/upper bounds "must not be NaN"; the isNaN side is
 *   skipped only where nan_value_counts says 0);
 * - `< d`, `<= d`, `= d` never hold for NaN, `!= d` always does (IEEE agrees: base as is);
 * - a NaN literal: `= NaN` is isNaN, `!= NaN` and `< NaN` are notNaN, the others push nothing.
 */
function sparkNaN(op: CompareOp, term: string, d: number, base: Expr | undefined): Expr | undefined {
  if (Number.isNaN(d)) return op === 'eq' ? { op: 'isNaN', term } : op === 'notEq' || op === 'lt' ? { op: 'notNaN', term } : undefined;
  if (!base) return undefined;
  return op === 'gt' || op === 'gtEq' ? { op: 'or', left: base, right: { op: 'isNaN', term } } : base;
}

/** A number literal's value as a DOUBLE (how Spark compares it with a DOUBLE or FLOAT), when `node` is one. */
function literalDouble(node: ExprNode, text: string | undefined): number | undefined {
  if (node.type === 'unary' && node.op === '-') { const v = literalDouble(node.argument, text); return v === undefined ? undefined : -v; }
  if (node.type !== 'literal') return undefined;
  if (typeof node.value === 'bigint') return Number(node.value);
  if (typeof node.value !== 'number') return undefined;
  const src = text?.slice(node.positionStart, node.positionEnd);
  return src !== undefined && /^\s*(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(src) ? Number(src) : node.value;
}

/** True for a DOUBLE literal as Spark's parser reads one: a number with an exponent (`1e3`, `2.5E-1`), or `-` of one. */
function isDoubleLiteral(node: ExprNode, text: string | undefined): boolean {
  if (node.type === 'unary' && node.op === '-') return isDoubleLiteral(node.argument, text);
  if (node.type !== 'literal' || typeof node.value !== 'number') return false;
  const src = text?.slice(node.positionStart, node.positionEnd);
  // Without the text an integer-valued number could have been written either way: treat it as a double too.
  return src === undefined ? !Number.isInteger(node.value) || !Number.isSafeInteger(node.value) : EXPONENT_TEXT.test(src);
}

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
export function pushableFilter(where: ExprNode | undefined, columns: readonly string[], aliases: readonly string[], text?: string, types?: ReadonlyMap<string, SqlType>): Expr | undefined {
  if (!where) return undefined;
  /**
   * `col op value` as the query compares it (Spark's implicit casts): a DOUBLE literal against an integer or
   * decimal column, or any number against a FLOAT column, compares as doubles — pushed as a weaker range.
   */
  const compare = (op: CompareOp, term: string, valueNode: ExprNode, value: Literal | undefined): Expr | undefined => {
    const t = types?.get(term);
    // A string meeting a DATE is that date, its time part dropped (sql-types.ts dateOfText).
    if (t?.kind === 'date' && typeof value === 'string') value = dateOfText(value) as string;
    // A time written with one-digit fields (`'2024-1-2 3:04'`, which Spark reads) is not pushed: the formats' filters read the padded form only.
    if (t?.kind === 'timestamp' && typeof value === 'string' && !/^\s*[+-]?\d{4,6}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?|\s*$)/.test(value)) return undefined;
    if (t?.kind === 'double') {
      const d = literalDouble(valueNode, text) ?? (typeof value === 'string' ? sqlDouble(value) : undefined);
      return d === undefined ? undefined : sparkNaN(op, term, d, t.float ? doubleOnFloat(op, term, d) : { op, term, value: value !== undefined && typeof value !== 'string' ? value : d });
    }
    // A string column against a number compares the string cast to BIGINT or DOUBLE (' 8 ' = 8): its text
    // bounds say nothing about that. A DECIMAL against a string literal compares as doubles (typed-eval.ts).
    if (t?.kind === 'string' && typeof value !== 'string') return undefined;
    if (t?.kind === 'decimal' && typeof value === 'string') {
      const d = sqlDouble(value);
      return d === undefined || Number.isNaN(d) ? undefined : doubleOnExact(op, term, d);
    }
    if ((t?.kind === 'long' || t?.kind === 'decimal') && isDoubleLiteral(valueNode, text)) {
      const d = literalDouble(valueNode, text);
      return d === undefined ? undefined : doubleOnExact(op, term, d);
    }
    return value === undefined ? undefined : { op, term, value };
  };
  const known = new Set(columns);
  const aliasSet = new Set(aliases.map((a) => a.toLowerCase()));
  const column = (n: ExprNode): string | undefined => {
    if (n.type !== 'identifier') return undefined;
    if (n.prefix !== undefined && !aliasSet.has(n.prefix.toLowerCase())) return undefined;
    return known.has(n.name) ? n.name : undefined;
  };
  const go = (n: ExprNode): Expr | undefined => {
    // The fallback's typed comparison of a DOUBLE column with a literal (sql-typed-rewrite.ts: `x > 1`, where
    // squirreling's `<` would be wrong for NaN) is still the comparison `x op literal`. (Not an integer or decimal
    // column compared as doubles: its literal is the text as written, which `compare` would push exactly.)
    if (n.type === 'function' && n.funcName === '__LS3_TCMP' && n.args.length === 4) {
      const [op, spec, left, right] = n.args as [ExprNode, ExprNode, ExprNode, ExprNode];
      const doubleColumn = (c: ExprNode, lit: ExprNode) => { const name = column(c); return name !== undefined && types?.get(name)?.kind === 'double' && lit.type === 'literal'; };
      if (op.type === 'literal' && typeof op.value === 'string' && spec.type === 'literal' && spec.value === 'double' && (doubleColumn(left, right) || doubleColumn(right, left))) {
        return go({ type: 'binary', op: op.value, left, right, positionStart: n.positionStart, positionEnd: n.positionEnd } as ExprNode);
      }
      return undefined;
    }
    // The fallback's LIKE and `<`, `<=`, `>`, `>=` (sql-3vl.ts: calls of ours under three-valued logic, strings in
    // code-point order as the planner's) are still `col LIKE 'p%'` and `col op literal`.
    if (n.type === 'function' && n.funcName === '__LS3_CMP' && n.args.length === 3) {
      const [op, left, right] = n.args as [ExprNode, ExprNode, ExprNode];
      if (op.type === 'literal' && (op.value === 'LIKE' || (typeof op.value === 'string' && op.value in COMPARE))) return go({ type: 'binary', op: op.value, left, right, positionStart: n.positionStart, positionEnd: n.positionEnd } as ExprNode);
      return undefined;
    }
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
        // LIKE is case-sensitive (Spark; spark-like.ts), as the planner's prefix test is.
        return c && m ? { op: 'startsWith', term: c, value: m[1]! } : undefined;
      }
      const op = COMPARE[n.op];
      if (!op) return undefined;
      // (A DOUBLE literal past 2^53 has no exact literal here but is still compared as a double, `compare`.)
      const lc = column(n.left);
      if (lc && literalDouble(n.right, text) !== undefined) return compare(op, lc, n.right, literalOf(n.right, text));
      const rc = column(n.right);
      if (rc && literalDouble(n.left, text) !== undefined) return compare(FLIP[op], rc, n.left, literalOf(n.left, text));
      if (lc) { const rv = literalOf(n.right, text); if (rv !== undefined) return compare(op, lc, n.right, rv); }
      if (rc) { const lv = literalOf(n.left, text); if (lv !== undefined) return compare(FLIP[op], rc, n.left, lv); }
      return undefined;
    }
    if (n.type === 'unary' && (n.op === 'IS NULL' || n.op === 'IS NOT NULL')) {
      const c = column(n.argument);
      return c ? { op: n.op === 'IS NULL' ? 'isNull' : 'notNull', term: c } : undefined;
    }
    if (n.type === 'in valuelist') {
      const c = column(n.expr);
      // Spark compares x and every value in their common type: with a DOUBLE literal among them (or on a FLOAT
      // column) as doubles, which a set of exact values would not prune safely; on a DOUBLE column a 'NaN' among
      // them is a NaN, which our IN (IEEE) never matches — not pushed.
      const t = c === undefined ? undefined : types?.get(c);
      // A string among numbers (or a number among strings) compares as BIGINT or DOUBLE (typed-eval.ts inType): not pushed.
      const texts = n.values.filter((v) => v.type === 'literal' && typeof v.value === 'string').length;
      if ((t?.kind === 'string' && texts < n.values.length) || ((t?.kind === 'long' || t?.kind === 'decimal') && texts > 0)) return undefined;
      if ((t?.kind === 'double' && (t.float || n.values.some((v) => v.type === 'literal' && typeof v.value === 'string'))) || ((t?.kind === 'long' || t?.kind === 'decimal') && n.values.some((v) => isDoubleLiteral(v, text)))) return undefined;
      const values = n.values.map((v) => { const l = literalOf(v, text); return t?.kind === 'date' && typeof l === 'string' ? dateOfText(l) as string : l; });
      return c && values.length > 0 && values.every((v) => v !== undefined) ? { op: 'in', term: c, values: values as Literal[] } : undefined;
    }
    return undefined;
  };
  return go(where);
}
