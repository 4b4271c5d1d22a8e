/**
 * Expressions of squirreling's AST compiled to synchronous closures for the columnar executor
 * (fast-aggregate.ts). Semantics are squirreling 0.12's own (expression/evaluate.js, binary.js,
 * execute/utils.js) except for NULL: SQL three-valued logic holds here (comparison, LIKE and IN with
 * a NULL operand are NULL; AND/OR/NOT as in SQL; WHERE, HAVING, FILTER and CASE WHEN take only true),
 * where squirreling turns every NULL test into false. Otherwise: SQL nulls as JS null/undefined, loose `==` for `=` and IN, comparisons with JS `<` on the values (two strings in code-point order, Spark's: string-order.ts), except
 * that decimal, date and timestamp columns compare by value (typed-eval.ts), not as their canonical text; number literals, arithmetic, unary minus and CAST to an integer type exact on integers and decimals (exact-numeric.ts), LIKE case-insensitive. A node
 * this file does not know throws {@link FastFallback} at compile time, and the query runs on squirreling.
 */
import type { ExprNode, QueryPlan } from 'squirreling';
import { applyInterval, dateTrunc, extractField } from './arrow-eval-dates.ts';
import { checkDivOperands, integralDivide, isDivOperator } from './integral-divide.ts';
import { arithmeticClasses, stringOperand, caseResults, compileTypedComparison, compileTypedIn, doubleResultType, isTypedComparison, stringResultCast, toResultBigint, PASS_THROUGH, passThroughType, searchedCase, shiftedOperandType, staticType, toResultDecimal, toResultDouble, type TypeOf } from './typed-eval.ts';
import { castStringOperand, typedConstant } from './typed-constants.ts';
import { isOrderedType, keyOf, type SqlType } from './sql-types.ts';
import { constantUnit, extractDated, EXTRACT_FIELDS, isDated, shiftDated, TRUNC_UNITS, truncDated } from './typed-dates.ts';
import { LakeError } from '../../errors.ts';
import { errorRef, errorText, type ErrorParams, type ErrorRef } from '../../messages/message-parts.ts';
import type { MessageKey } from '../../messages/en.ts';
import { messageError } from '../../message-error.ts';
import { sparkLike } from './spark-like.ts';
import { sparkTimestampText } from './time-text.ts';
import { CAST_TIME, castTime, castTimeType } from './time-cast.ts';
import { compareSqlStrings, sqlOrderKey } from './string-order.ts';
import { decimalLiteralString, isTextType, javaDoubleText } from './number-text.ts';
import { compileSparkFunction } from './spark-functions.ts';
import { arithmeticClass, ARITHMETIC_OPS, decimalLiteralText, exactAbs, exactArithmetic, exactNegate, literalValue, numClass, type NumClass } from './exact-numeric.ts';
import { castToFloating, castToInteger, INTEGER_CASTS } from './numeric-cast.ts';


/** AST types squirreling's index does not export, taken from the plan's nodes. */
export type OrderByItem = Extract<QueryPlan, { type: 'Sort' }>['orderBy'][number];
export type SelectColumn = Extract<QueryPlan, { type: 'Project' }>['columns'][number];

/** Thrown when the columnar executor cannot run a query (or part of one): squirreling runs it instead. */
export class FastFallback extends Error {
  /** `ref`: the reason as a catalog message, when it has one (else the UI shows the English reason as data). */
  constructor(readonly reason: string, readonly ref?: ErrorRef) { super(`columnar executor: ${reason}`); }
}

/** A {@link FastFallback} whose reason is the catalog message `key` (its English text is `reason`, what the CLI prints). */
export function fallback<K extends MessageKey>(key: K, params: ErrorParams<K>): FastFallback {
  const ref = errorRef(key, params);
  return new FastFallback(errorText(ref), ref);
}

/** A compiled expression: reads its inputs from the executor's cursor, set before each call. */
export type Compiled = () => unknown;

/** How identifiers and aggregate calls resolve where the expression is compiled; undefined = not here. */
export interface Scope {
  identifier(node: Extract<ExprNode, { type: 'identifier' }>): Compiled | undefined;
  aggregate?(node: Extract<ExprNode, { type: 'function' }>): Compiled | undefined;
  /** The SQL type of a column where it matters (typed-eval.ts): decimals, dates, timestamps compare by value. */
  typeOf?: TypeOf;
  /** The query text the AST's positions point into (number literals are read from it exactly). */
  text?: string;
}

const AGGREGATES = new Set(['COUNT', 'SUM', 'AVG', 'MIN', 'MAX', 'ARRAY_AGG', 'JSON_ARRAYAGG', 'STDDEV_SAMP', 'STDDEV_POP', 'MEDIAN', 'PERCENTILE_CONT', 'APPROX_QUANTILE', 'STRING_AGG']);
export const isAggregateName = (name: string) => AGGREGATES.has(name.toUpperCase());

/** squirreling's stringify (execute/utils.js): JSON with bigints as numbers when safe, else text; null → 'NULL'. */
export function stringify(value: unknown): string {
  if (value == null) return 'NULL';
  return JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? (v <= Number.MAX_SAFE_INTEGER ? Number(v) : v.toString()) : v));
}

/**
 * A Map key for one value with SQL grouping identity: null alone, each JS type apart (as squirreling's
 * single-key grouping keeps them), objects by their JSON. squirreling joins several keys with `|`, which
 * lets ('a|b','c') and ('a','b|c') collide; a length-prefixed key does not (see README "Decisions").
 */
export function valueKey(v: unknown): string {
  if (v == null) return 'z';
  switch (typeof v) {
    case 'string': return `s${v.length}:${v}`;
    case 'number': return `n${v}`;
    case 'bigint': return `b${v}`;
    case 'boolean': return v ? 't' : 'f';
    default: { const s = stringify(v); return `o${s.length}:${s}`; }
  }
}

/* eslint-disable eqeqeq -- SQL `=`, `!=` and IN are JS loose equality in squirreling (binary.js) */
/**
 * A binary operator under SQL three-valued logic (SQL:2016 §8.2 comparison, §6.39 boolean value
 * expression): arithmetic, comparison and LIKE with a NULL operand are NULL; AND is false when either
 * side is false, else NULL when either is NULL; OR is true when either is true, else NULL when either is
 * NULL. squirreling 0.12 returns false for every NULL case (so `NULL OR true` is false); we do not.
 */
export function applyBinaryOp(op: string, a: any, b: any): unknown {
  if (op === 'AND') return and3(a, b);
  if (op === 'OR') return or3(a, b);
  if (a == null || b == null) return null;
  switch (op) {
    case '+': case '-': case '*': case '/': case '%': {
      const x = Number(a);
      const y = Number(b);
      if (op === '+') return x + y;
      if (op === '-') return x - y;
      if (op === '*') return x * y;
      if (op === '/') return y === 0 ? null : x / y;
      return y === 0 ? null : x % y;
    }
    case '!=': case '<>': return a != b;
    case '=': case '==': return a == b;
    // Two strings in code-point order (Spark's UTF-8 order), not JS's UTF-16 one (string-order.ts).
    case '<': return typeof a === 'string' && typeof b === 'string' ? compareSqlStrings(a, b) < 0 : a < b;
    case '<=': return typeof a === 'string' && typeof b === 'string' ? compareSqlStrings(a, b) <= 0 : a <= b;
    case '>': return typeof a === 'string' && typeof b === 'string' ? compareSqlStrings(a, b) > 0 : a > b;
    case '>=': return typeof a === 'string' && typeof b === 'string' ? compareSqlStrings(a, b) >= 0 : a >= b;
    case 'LIKE': return sparkLike(a, b);
    default: return null;
  }
}

/** SQL AND of two truth values (null = unknown). */
export function and3(a: unknown, b: unknown): boolean | null {
  if ((a != null && !a) || (b != null && !b)) return false;
  return a == null || b == null ? null : true;
}

/** SQL OR of two truth values (null = unknown). */
export function or3(a: unknown, b: unknown): boolean | null {
  if ((a != null && a) || (b != null && b)) return true;
  return a == null || b == null ? null : false;
}

/** SQL NOT: NOT NULL is NULL. */
export const not3 = (v: unknown): boolean | null => (v == null ? null : !v);

/** SQL `x IN (values)`: NULL when x is NULL, or when nothing matched and a value is NULL. */
export function in3(x: unknown, values: readonly unknown[]): boolean | null {
  if (x == null) return null;
  let unknown = false;
  for (const v of values) { if (v == null) unknown = true; else if (x == v) return true; }
  return unknown ? null : false;
}

/** Compiles `node`; throws FastFallback for what squirreling alone evaluates. */
export function compileExpr(node: ExprNode, scope: Scope): Compiled {
  switch (node.type) {
    case 'literal': { const v = literalValue(node, scope.text); return () => v; }
    case 'identifier': {
      const f = scope.identifier(node);
      if (!f) throw fallback('ui.query.reason.unresolved', { column: `${node.prefix ? `${node.prefix}.` : ''}${node.name}` });
      return f;
    }
    case 'unary': {
      const arg = compileExpr(node.argument, scope);
      switch (node.op) {
        case '-': {
          const t = staticType(node.argument, scope.typeOf, scope.text);
          if (isDated(t)) throw fallback('ui.query.reason.datedArithmetic', { operator: '-' });
          // Exact (exact-numeric.ts): a decimal's text negated, a 64-bit integer in bigint.
          const c = numClass(node.argument, (n) => staticType(n, scope.typeOf, scope.text), scope.text);
          return () => exactNegate(arg(), c, node, scope.text);
        }
        case 'NOT': return () => not3(arg());
        case 'IS NULL': return () => arg() == null;
        case 'IS NOT NULL': return () => arg() != null;
        default: throw fallback('ui.query.reason.operator', { operator: String((node as { op: string }).op) });
      }
    }
    case 'binary': {
      // evaluate.js: `x ± INTERVAL n unit` and `INTERVAL n unit + x` shift a date; an interval elsewhere is an error there.
      if ((node.op === '+' || node.op === '-') && node.right.type === 'interval') {
        const { value, unit } = node.right;
        const op = node.op;
        const date = compileExpr(node.left, scope);
        const t = shiftedOperandType(node.left, scope.typeOf);
        // A typed date or timestamp shifts exactly (typed-dates.ts); a fractional amount is refused now.
        if (isDated(t)) { shiftDated(null, value, unit, op, t, node.right); return () => shiftDated(date(), value, unit, op, t, node.right); }
        return () => applyInterval(date(), value, unit, op);
      }
      if (node.op === '+' && node.left.type === 'interval') {
        const { value, unit } = node.left;
        const date = compileExpr(node.right, scope);
        const t = shiftedOperandType(node.right, scope.typeOf);
        if (isDated(t)) { shiftDated(null, value, unit, '+', t, node.left); return () => shiftDated(date(), value, unit, '+', t, node.left); }
        return () => applyInterval(date(), value, unit, '+');
      }
      if (isTypedComparison(node.op)) {
        const typed = compileTypedComparison(node.op, node.left, node.right, scope.typeOf, (n) => compileExpr(n, scope), scope.text);
        if (typed) return typed;
        // Typed sides of kinds no common type joins (a decimal against a date) would compare as text.
        if (isOrderedType(staticType(node.left, scope.typeOf, scope.text)) && isOrderedType(staticType(node.right, scope.typeOf, scope.text))) throw fallback('ui.query.reason.decimalVsDated', undefined);
      }
      // Time arithmetic (`ts - d`) has no exact meaning here: the fallback refuses it (sql-typed-guard.ts).
      if (ARITHMETIC_OPS.has(node.op) && [node.left, node.right].some((n) => isDated(staticType(n, scope.typeOf, scope.text)))) throw fallback('ui.query.reason.datedArithmetic', { operator: node.op });
      const op = node.op;
      if (isDivOperator(node, scope.text)) {
        // `a DIV b`: Spark's integral division, a BIGINT (integral-divide.ts).
        // (A string operand is refused, not promoted: checkDivOperands takes the operands' own classes.)
        const [l, r] = [node.left, node.right].map((n) => numClass(n, (x) => staticType(x, scope.typeOf, scope.text), scope.text)) as [NumClass, NumClass];
        checkDivOperands(l, r, node, scope.text);
        const operand = (n: ExprNode, c: NumClass): Compiled => { const t = decimalLiteralText(n, c, scope.text); return t === undefined ? compileExpr(n, scope) : () => t; };
        const a = operand(node.left, l);
        const b = operand(node.right, r);
        return () => integralDivide(a(), b(), l, r, node, scope.text);
      }
      if (ARITHMETIC_OPS.has(op)) {
        // Integers and decimals exact, or refused (exact-numeric.ts); never Number() of a 64-bit value or a decimal.
        const sub = (n: ExprNode) => staticType(n, scope.typeOf, scope.text);
        const [l, r] = arithmeticClasses(node.left, node.right, scope.typeOf, scope.text);
        const out = arithmeticClass(op, l, r);
        // A decimal literal (`1.5`) is its text, not the double the parser made of it; a string against a number
        // is cast to BIGINT or DOUBLE first (typed-eval.ts stringOperand).
        const operand = (n: ExprNode, c: typeof l, other: ExprNode): Compiled => {
          const s = stringOperand(n, numClass(other, sub, scope.text), scope.typeOf, scope.text);
          const f = compileExpr(n, scope);
          if (s) { const at = { positionStart: n.positionStart, positionEnd: n.positionEnd }; return () => castStringOperand(f(), s.to, at, scope.text); }
          const t = decimalLiteralText(n, c, scope.text);
          return t === undefined ? f : () => t;
        };
        const a = operand(node.left, l, node.right);
        const b = operand(node.right, r, node.left);
        return () => exactArithmetic(op, a(), b(), l, r, out, node, scope.text);
      }
      const left = compileExpr(node.left, scope);
      const right = compileExpr(node.right, scope);
      // AND/OR short-circuit only on a decisive side: false for AND, true for OR (NULL is not decisive).
      if (op === 'AND') return () => { const l = left(); if (l != null && !l) return false; return and3(l, right()); };
      if (op === 'OR') return () => { const l = left(); if (l != null && l) return true; return or3(l, right()); };
      if (op === '=' || op === '==') return () => { const a = left(); const b = right(); return a == null || b == null ? null : a == b; };
      if (op === '<') return () => { const a = left(); const b = right(); return a == null || b == null ? null : typeof a === 'string' && typeof b === 'string' ? compareSqlStrings(a, b) < 0 : (a as number) < (b as number); };
      if (op === '>') return () => { const a = left(); const b = right(); return a == null || b == null ? null : typeof a === 'string' && typeof b === 'string' ? compareSqlStrings(a, b) > 0 : (a as number) > (b as number); };
      return () => applyBinaryOp(op, left(), right());
    }
    case 'in valuelist': {
      const typed = compileTypedIn(node.expr, node.values, scope.typeOf, (n) => compileExpr(n, scope), scope.text);
      if (typed) return typed;
      const expr = compileExpr(node.expr, scope);
      const values = node.values.map((v) => compileExpr(v, scope));
      return () => in3(expr(), values.map((v) => v()));
    }
    case 'case': {
      // A simple CASE whose operand and WHEN values are numbers of different types compares as `x = v` does (typed).
      const searched = searchedCase(node, scope.typeOf, scope.text);
      if (searched) return compileExpr(searched, scope);
      // Results all of one decimal, date or timestamp type give that type (constants as its text); else a typed value is the fallback's to refuse.
      const t = staticType(node, scope.typeOf, scope.text);
      const passed = [node.caseExpr, node.elseResult, ...node.whenClauses.map((w) => w.result)];
      // Results mixing a DOUBLE with other numbers are all DOUBLEs (Spark's CaseWhenCoercion).
      const dt = doubleResultType(caseResults(node), scope.typeOf, scope.text);
      if (!isOrderedType(t) && !dt && passed.some((n) => n && isOrderedType(staticType(n, scope.typeOf, scope.text)))) throw fallback('ui.query.reason.caseOrdered', undefined);
      const bigint = !dt && stringResultCast(caseResults(node), scope.typeOf, scope.text) === 'BIGINT';
      const result = (n: ExprNode): Compiled => {
        if (dt) { const f = compileExpr(n, scope); const to = toResultDouble(n, dt, scope.typeOf, scope.text); return () => to(f()); }
        if (bigint) { const f = compileExpr(n, scope); const to = toResultBigint(n, scope.typeOf, scope.text); return to ? () => to(f()) : f; }
        const c = isOrderedType(t) ? typedConstant(t, n, scope.text) : undefined;
        return c === undefined ? widened(n, t, scope) : () => c;
      };
      const caseExpr = node.caseExpr ? compileExpr(node.caseExpr, scope) : undefined;
      const whens = node.whenClauses.map((w) => ({ condition: compileExpr(w.condition, scope), result: result(w.result) }));
      const otherwise = node.elseResult ? result(node.elseResult) : undefined;
      return () => {
        const value = caseExpr?.();
        for (const w of whens) {
          const c = w.condition();
          // A WHEN whose test is NULL (or, in a simple CASE, compares with NULL) does not match.
          if (caseExpr ? value != null && c != null && value == c : c) return w.result();
        }
        return otherwise ? otherwise() : null;
      };
    }
    case 'cast': return compileCast(node, scope);
    case 'function': return compileFunction(node, scope);
    default: throw fallback('ui.query.reason.expressionKind', { node: node.type });
  }
}
/* eslint-enable eqeqeq */

const NUMERIC_CASTS = new Set(['INTEGER', 'INT', 'BIGINT', 'FLOAT', 'REAL', 'DOUBLE']);

/** Refuses CAST of a date or timestamp to a number: squirreling's Number() of its text is NULL, not the SQL answer. */
export function checkDatedCast(node: Extract<ExprNode, { type: 'cast' }>, t: SqlType | undefined): void {
  if (isDated(t) && NUMERIC_CASTS.has(node.toType.toUpperCase())) {
    throw messageError('Unsupported', 'error.sql', { message: errorRef('error.sql.castUnsupported', { from: t.kind, to: node.toType }) }, { engineStart: node.positionStart, engineEnd: node.positionEnd });
  }
}

function compileCast(node: Extract<ExprNode, { type: 'cast' }>, scope: Scope): Compiled {
  const from = staticType(node.expr, scope.typeOf, scope.text);
  checkDatedCast(node, from);
  const raw = compileExpr(node.expr, scope);
  // A FLOAT cast to a number is its float value (0.1f is 0.10000000149011612 as a DOUBLE), not its shortest text's double.
  const expr = from?.kind === 'double' && from.float ? () => { const v = raw(); return typeof v === 'number' ? Math.fround(v) : v; } : raw;
  const to = node.toType;
  if (isTextType(to)) {
    // A number's text as Spark writes it (number-text.ts): a decimal literal with its scale, a DOUBLE or FLOAT as
    // Java's Double/Float.toString (a FLOAT's value as read: its shortest text's double, not widened).
    const c = numClass(node.expr, (n) => staticType(n, scope.typeOf, scope.text), scope.text);
    const literal = decimalLiteralText(node.expr, c, scope.text);
    if (literal !== undefined) { const text = decimalLiteralString(literal); return () => text; }
    if (c.kind === 'double') return () => { const v = raw(); return v == null ? null : typeof v === 'number' ? javaDoubleText(v) : String(v); };
    // A timestamp's text as Spark writes it (time-text.ts), not the canonical ISO form.
    if (from?.kind === 'timestamp') return () => { const v = expr(); return v == null ? null : String(sparkTimestampText(v)); };
    return () => { const v = expr(); return v == null ? null : typeof v === 'object' ? stringify(v) : String(v); };
  }
  const guard = (v: unknown) => { if (typeof v === 'object') throw fallback('ui.query.reason.castObject', undefined); };
  // Truncated toward zero, exact, range-checked (exact-numeric.ts), never Number() of a decimal or a 64-bit value.
  // Text (not a decimal's canonical text) must be an integer: Spark ANSI fails '1.5' and 'abc' (CAST_INVALID_INPUT).
  const fromText = from?.kind !== 'decimal';
  const at = { positionStart: node.positionStart, positionEnd: node.positionEnd };
  if (to.toUpperCase() in INTEGER_CASTS) return () => { const v = expr(); if (v == null) return null; guard(v); return castToInteger(v, to, at, scope.text, fromText); };
  // FLOAT and REAL are 32-bit in Spark: the value rounded to a float (held as its shortest text's double, as float columns are).
  if (to === 'FLOAT' || to === 'REAL' || to === 'DOUBLE') return () => { const v = expr(); if (v == null) return null; guard(v); return castToFloating(v, to, at, scope.text); };
  if (to === 'BOOLEAN' || to === 'BOOL') return () => { const v = expr(); if (v == null) return null; guard(v); return Boolean(v); };
  throw fallback('ui.query.reason.castTo', { type: to });
}

/**
 * COALESCE (the first non-NULL argument), GREATEST and LEAST (squirreling's: NULLs skipped, NULL when all
 * are). Over one decimal, date or timestamp type (typed-eval.ts passThroughType) constants are that type's
 * canonical text and GREATEST/LEAST compare keys (values), so the result is typed; a typed argument
 * otherwise (mixed types, an untyped side) is left to the fallback, which refuses it.
 */
function compilePassThrough(node: Extract<ExprNode, { type: 'function' }>, name: string, scope: Scope): Compiled {
  // Numbers mixing a DOUBLE with others are all DOUBLEs (Spark's common type), compared and passed on as such.
  const dt = doubleResultType(node.args, scope.typeOf, scope.text);
  // Strings among integers are all BIGINTs (findWiderTypeForString), compared and passed on as numbers.
  const bigint = !dt && stringResultCast(node.args, scope.typeOf, scope.text) === 'BIGINT';
  const t = dt || bigint ? undefined : passThroughType(node.args, scope.typeOf, scope.text);
  if (!t && !dt && node.args.some((a) => isOrderedType(staticType(a, scope.typeOf, scope.text)))) throw fallback('ui.query.reason.mixedTypes', { fn: name });
  const args = node.args.map((a): Compiled => {
    if (dt) { const f = compileExpr(a, scope); const to = toResultDouble(a, dt, scope.typeOf, scope.text); return () => to(f()); }
    if (bigint) { const f = compileExpr(a, scope); const to = toResultBigint(a, scope.typeOf, scope.text); return to ? () => to(f()) : f; }
    if (!t) return compileExpr(a, scope);
    const c = typedConstant(t, a, scope.text);
    return c === undefined ? widened(a, t, scope) : () => c;
  });
  if (name === 'COALESCE') return () => { for (const a of args) { const v = a(); if (v != null) return v; } return null; };
  const greatest = name === 'GREATEST';
  // Strings by code point (string-order.ts), typed values by their key.
  const key = (v: unknown): unknown => (t ? keyOf(t, v) ?? sqlOrderKey(v) : sqlOrderKey(v));
  return () => {
    let best: unknown = null;
    let bestKey: unknown = null;
    for (const a of args) {
      const v = a();
      if (v == null) continue;
      const k = key(v);
      if (best == null || (greatest ? (k as number) > (bestKey as number) : (k as number) < (bestKey as number))) { best = v; bestKey = k; }
    }
    return best;
  };
}

/** `n` compiled, as the result type `t` of a CASE or COALESCE/GREATEST/LEAST of integers and decimals (typed-eval.ts widerDecimalType). */
function widened(n: ExprNode, t: SqlType | undefined, scope: Scope): Compiled {
  const f = compileExpr(n, scope);
  const to = t?.kind === 'decimal' ? toResultDecimal(n, t, scope.typeOf, scope.text) : undefined;
  return to ? () => to(f()) : f;
}

/** Functions of a number that the typed rewrite refuses for a decimal, date or timestamp (it would answer from text or a double). */
const TYPED_REFUSED = new Set(['ROUND', 'FLOOR', 'CEIL', 'CEILING', 'LN', 'LOG10']);

function compileFunction(node: Extract<ExprNode, { type: 'function' }>, scope: Scope): Compiled {
  const name = node.funcName.toUpperCase();
  if (AGGREGATES.has(name)) {
    const f = scope.aggregate?.(node);
    if (!f) throw fallback('ui.query.reason.aggregateHere', { fn: name });
    return f;
  }
  if (node.filter) throw fallback('ui.query.reason.filterOn', { fn: name });
  if (PASS_THROUGH.has(name)) return compilePassThrough(node, name, scope);
  if ((name === 'ABS' && node.args.length === 1) || (name === 'MOD' && node.args.length === 2)) {
    // Exact and of the argument's type (exact-numeric.ts): ABS of a BIGINT past 2^53 keeps its digits, of the smallest INT overflows; MOD is `%`.
    const sub = (n: ExprNode) => staticType(n, scope.typeOf, scope.text);
    const classes = node.args.map((a) => numClass(a, sub, scope.text));
    const operands = node.args.map((a, k): Compiled => { const t = decimalLiteralText(a, classes[k]!, scope.text); return t === undefined ? compileExpr(a, scope) : () => t; });
    if (name === 'ABS') return () => exactAbs(operands[0]!(), classes[0]!, node, scope.text);
    const out = arithmeticClass('%', classes[0]!, classes[1]!);
    return () => exactArithmetic('%', operands[0]!(), operands[1]!(), classes[0]!, classes[1]!, out, node, scope.text);
  }
  // ROUND of a typed value (a decimal's text, a date) is squirreling's to refuse (the typed rewrite's guard).
  if (TYPED_REFUSED.has(name) && node.args[0] && isOrderedType(staticType(node.args[0], scope.typeOf, scope.text))) throw fallback('ui.query.reason.function', { fn: name });
  const args = node.args.map((a) => compileExpr(a, scope));
  if (name === CAST_TIME && args.length === 2) {
    const [x, to] = [args[0]!, castTimeType((node.args[1] as { value?: unknown }).value).kind === 'date' ? 'DATE' as const : 'TIMESTAMP' as const];
    const at = { positionStart: node.args[0]!.positionStart, positionEnd: node.args[0]!.positionEnd };
    return () => castTime(x(), to, at, scope.text);
  }
  const spark = compileSparkFunction(name, args, { start: node.positionStart, end: node.positionEnd });
  if (spark) return spark;
  switch (name) {
    case 'DATE_TRUNC': case 'EXTRACT': case 'DATE_PART': {
      const [p, d] = args;
      if (!p || !d || args.length !== 2) throw fallback('ui.query.reason.arity', { fn: name });
      const t = staticType(node.args[1]!, scope.typeOf, scope.text);
      if (isDated(t)) {
        // Of a typed date or timestamp: exact (typed-dates.ts); a unit that is not a known constant is refused.
        const unit = constantUnit(node.args[0]!, name === 'DATE_TRUNC' ? TRUNC_UNITS : EXTRACT_FIELDS, name);
        return name === 'DATE_TRUNC' ? () => truncDated(unit, d(), t) : () => extractDated(unit, d(), t);
      }
      return name === 'DATE_TRUNC' ? () => dateTrunc(p(), d()) : () => extractField(p(), d());
    }
    case 'UPPER': case 'LOWER': {
      // strings.js: null → null; an object (array, struct) is an error there, so squirreling reports it.
      // (SUBSTRING/SUBSTR are Spark's, spark-functions.ts; a wrong arity falls to squirreling's parse error.)
      const [a] = args;
      if (!a || args.length !== 1) throw fallback('ui.query.reason.arity', { fn: name });
      const text = (): string | null => { const v = a(); if (v == null) return null; if (typeof v === 'object') throw fallback('ui.query.reason.ofObject', { fn: name }); return String(v); };
      return name === 'UPPER' ? () => text()?.toUpperCase() ?? null : () => text()?.toLowerCase() ?? null;
    }
    default: throw fallback('ui.query.reason.function', { fn: name });
  }
}
