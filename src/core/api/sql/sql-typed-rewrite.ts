/**
 * Typed values for the squirreling fallback (joins, subqueries, CTEs, windows…). squirreling compares the
 * canonical texts of decimals, dates and timestamps with JS `<` and sums with Number(), so before it runs
 * (and before the 3VL rewrite, sql-3vl.ts) the AST is rewritten where a typed column is involved:
 * - comparisons and IN become __LS3_TCMP/__LS3_TIN, comparing as values (sql-types.ts); `a.d = b.d` of
 *   one type stays (equal canonical texts are equal values, and the join keeps its hash plan);
 * - ORDER BY a typed term (of a select, a set operation or a window) sorts by __LS3_KEY (unscaled bigint, epoch nanos); MIN/MAX take the extreme
 *   key and turn it back into the canonical value (__LS3_UNKEY);
 * - SUM of a decimal or long, AVG of a decimal, add keys as squirreling does (doubles) next to the sum of
 *   their magnitudes: while that stays below 2^53 every partial sum is an exact integer, so the answer is
 *   exact; beyond it the run stops with LakeError Unsupported naming the aggregate and its place.
 * (squirreling 0.12 has no aggregate window functions, only ROW_NUMBER, so none is to be rewritten.)
 * Column types come from the relations by name (qualified by alias where written) and from select aliases
 * of typed expressions (so a CTE's `price AS p` keeps its type); an expression of anything else is untyped.
 * A set operation of integers and decimals is cast to its wider DECIMAL (set-operation-types.ts). A typed value
 * anywhere else (an IN subquery, a set operation of a decimal and a date…) is refused first (sql-typed-guard.ts):
 * squirreling would answer it from text or doubles.
 */
import type { Statement, UserDefinedFunction } from 'squirreling';
import type { LakeError } from '../../errors.ts';
import { errorRef } from '../../messages/message-parts.ts';
import { messageError } from '../../message-error.ts';
import { derivedAlias } from './fast-sort.ts';
import { guardTyped } from './sql-typed-guard.ts';
import { checkDivOperands, isDivOperator } from './integral-divide.ts';
import { armNames, orderPosition, setArms, setDecimalColumns, setDecimalType } from './set-operation-types.ts';
import { checkLiteral, compareTyped, dateOfText, doubleOfOrderKey, doubleOrderKey, isOrderedType, keyOf, sqlDouble, typeOfSpec, typeSpec, valueOfKey, type SqlType } from './sql-types.ts';
import { arithmeticClasses, stringCastOf, stringOperand, caseResults, comparisonType, doubleResultType, stringResultCast, setColumnCast, inType, isStringOperand, PASS_THROUGH, passThroughType, searchedCase, shiftedOperandType, staticType, toResultDecimal, type TypeOf } from './typed-eval.ts';
import { constantOf, typedConstant } from './typed-constants.ts';
import { arithmeticClass, ARITHMETIC_OPS, decimalLiteralText, exactArithmetic, exprText, literalValue, numClass, type At, type NumClass } from './exact-numeric.ts';
import { INTEGER_CASTS } from './numeric-cast.ts';
import { numberTextOperands } from './number-text.ts';
import { SQL_CAST_FUNCTIONS, type ArithSpec } from './typed-cast-functions.ts';
import { decimalAvgValue, decimalSumValue } from './decimal-aggregates.ts';
import { constantUnit, extractDated, EXTRACT_FIELDS, isDated, shiftDated, TRUNC_UNITS, truncDated } from './typed-dates.ts';

const TWO_53 = 2 ** 53;
const OPS: Record<string, (c: number) => boolean> = {
  '=': (c) => c === 0, '==': (c) => c === 0, '!=': (c) => c !== 0, '<>': (c) => c !== 0,
  '<': (c) => c < 0, '<=': (c) => c <= 0, '>': (c) => c > 0, '>=': (c) => c >= 0,
};

function sumTooLarge(what: string, start: unknown, end: unknown): LakeError {
  return messageError('Unsupported', 'error.sql', { message: errorRef('error.sql.sumNotExact', { expr: what }) }, { engineStart: Number(start), engineEnd: Number(end) });
}

/** The functions the rewritten AST calls (names no user query can reach: parse rejects unknown names). */
export const SQL_TYPED_FUNCTIONS: Record<string, UserDefinedFunction> = {
  __LS3_TCMP: {
    apply: (op, spec, a, b) => {
      if (a == null || b == null) return null;
      const c = compareTyped(typeOfSpec(spec), a, b);
      return c === undefined ? null : OPS[String(op)]!(c);
    },
    arguments: { min: 4, max: 4 },
  },
  __LS3_TIN: {
    apply: (spec, x, ...values) => {
      if (x == null) return null;
      const t = typeOfSpec(spec);
      let unknown = false;
      for (const v of values) {
        const c = v == null ? undefined : compareTyped(t, x, v);
        if (c === undefined) unknown = true; else if (c === 0) return true;
      }
      return unknown ? null : false;
    },
    arguments: { min: 2 },
  },
  // A double's order as a bigint (Spark: NaN above +Infinity), for ORDER BY and MIN/MAX; and back.
  __LS3_DKEY: { apply: (v) => { const d = v == null ? undefined : sqlDouble(v); return (d === undefined ? null : doubleOrderKey(d)) as never; }, arguments: { min: 1, max: 1 } },
  __LS3_UNDKEY: { apply: (k) => (k == null ? null : doubleOfOrderKey(BigInt(k as bigint))) as never, arguments: { min: 1, max: 1 } },
  // SUM/AVG of doubles from squirreling's sum of the finite values and the extremes' keys: NaN when a NaN or both
  // infinities were added, ±Infinity when one was (IEEE addition, as Spark's Sum of a DOUBLE does it).
  __LS3_DSPECIAL: {
    apply: (sum, maxKey, minKey) => {
      if (maxKey == null || minKey == null) return sum as never;
      const hi = doubleOfOrderKey(BigInt(maxKey as bigint));
      const lo = doubleOfOrderKey(BigInt(minKey as bigint));
      if (Number.isNaN(hi) || (hi === Infinity && lo === -Infinity)) return NaN as never;
      return (hi === Infinity ? Infinity : lo === -Infinity ? -Infinity : sum) as never;
    },
    arguments: { min: 3, max: 3 },
  },
  __LS3_KEY: { apply: (spec, v) => (v == null ? null : keyOf(typeOfSpec(spec), v) ?? null) as never, arguments: { min: 2, max: 2 } },
  __LS3_UNKEY: { apply: (spec, k) => valueOfKey(typeOfSpec(spec), k) as never, arguments: { min: 2, max: 2 } },
  __LS3_TRUNC: { apply: (spec, unit, v) => truncDated(String(unit), v, typeOfSpec(spec) as never) as never, arguments: { min: 3, max: 3 } },
  __LS3_EXTRACT: { apply: (spec, field, v) => extractDated(String(field), v, typeOfSpec(spec) as never) as never, arguments: { min: 3, max: 3 } },
  __LS3_SHIFT: { apply: (spec, amount, unit, op, v) => shiftDated(v, Number(amount), String(unit), op === '-' ? '-' : '+', typeOfSpec(spec) as never) as never, arguments: { min: 5, max: 5 } },
  __LS3_ABSKEY: {
    apply: (spec, v) => { if (v == null) return null; const k = keyOf(typeOfSpec(spec), v); return k == null ? null : Math.abs(Number(k)); },
    arguments: { min: 2, max: 2 },
  },
  // (`precision`: the decimal argument's, for the result's type — decimal-aggregates.ts.)
  __LS3_SUM: {
    apply: (spec, sum, magnitude, what, start, end, precision) => {
      if (sum == null) return null;
      if (Number(magnitude) >= TWO_53) throw sumTooLarge(String(what), start, end);
      const t = typeOfSpec(spec);
      return (t.kind === 'decimal' ? decimalSumValue(BigInt(sum as number), { ...t, precision: Number(precision) }, { positionStart: Number(start), positionEnd: Number(end), expr: String(what) }, undefined) : sum) as never;
    },
    arguments: { min: 7, max: 7 },
  },
  __LS3_AVG: {
    apply: (spec, sum, count, magnitude, what, start, end, precision) => {
      if (sum == null || !count) return null;
      if (Number(magnitude) >= TWO_53) throw sumTooLarge(String(what), start, end);
      const t = typeOfSpec(spec);
      // Below 2^53 the double sum of integers is exact: one division, the double nearest the exact average.
      return t.kind === 'decimal'
        ? decimalAvgValue(BigInt(sum as number), BigInt(count as number), { ...t, precision: Number(precision) }, { positionStart: Number(start), positionEnd: Number(end), expr: String(what) }, undefined)
        : Number(sum) / Number(count);
    },
    arguments: { min: 8, max: 8 },
  },
  __LS3_EXTREME: {
    apply: (spec, fn, ...values) => {
      const t = typeOfSpec(spec);
      let best: unknown = null;
      let bestKey: bigint | number | undefined;
      for (const v of values) {
        if (v == null) continue;
        const k = keyOf(t, v);
        if (k === undefined) continue;
        if (bestKey === undefined || (fn === 'GREATEST' ? k > bestKey : k < bestKey)) { best = v; bestKey = k; }
      }
      return best as never;
    },
    arguments: { min: 3 },
  },
  // Exact numbers (exact-numeric.ts): arithmetic, unary minus and CAST to an integer type.
  __LS3_ARITH: {
    apply: (op, spec, a, b) => { const c = JSON.parse(String(spec)) as ArithSpec; return exactArithmetic(String(op), a, b, c.l, c.r, c.out, c.at, undefined) as never; },
    arguments: { min: 4, max: 4 },
  },
  ...SQL_CAST_FUNCTIONS,
};


/** Column types of the relations a query reads, by the names it may use. */
export interface RelationTypes {
  readonly names: readonly string[];
  readonly types: ReadonlyMap<string, SqlType>;
}

type Node = Record<string, unknown>;
type ExprNodeLike = Parameters<typeof staticType>[0];
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const sameType = (a: SqlType | undefined, b: SqlType | undefined) => a !== undefined && b !== undefined && typeSpec(a) === typeSpec(b);

/** Rewrites a parsed statement (a copy) so squirreling compares, orders and sums typed columns by value. */
export function rewriteTyped(statement: Statement, relations: readonly RelationTypes[], text: string): { statement: Statement; rewritten: number } {
  const aliasTypes = new Map<string, SqlType>();
  const typeOf: TypeOf = (node) => {
    const found: SqlType[] = [];
    for (const r of relations) {
      if (node.prefix !== undefined && !r.names.some((n) => n.toLowerCase() === node.prefix!.toLowerCase())) continue;
      const t = r.types.get(node.name);
      if (t) found.push(t);
    }
    // One type whatever relation the name comes from; a name two relations type differently stays untyped.
    if (found.length > 0) return found.every((t) => sameType(t, found[0])) ? found[0] : undefined;
    return node.prefix === undefined ? aliasTypes.get(node.name) : undefined;
  };
  // Select aliases of typed expressions (CTEs, subqueries), until no new one appears; a set operation's
  // column of integers and decimals is its wider DECIMAL under the first arm's name (set-operation-types.ts).
  const widenedNames = new Map<string, SqlType>();
  const widenedColumns = new Set<unknown>();
  for (let changed = true; changed;) {
    changed = false;
    const visit = (v: unknown): void => {
      if (Array.isArray(v)) { v.forEach(visit); return; }
      if (!isNode(v)) return;
      const first = v.type === 'compound' ? setArms(v)[0] : undefined;
      if (first) {
        const names = armNames(first);
        setDecimalColumns(v, (n) => staticType(n as never, typeOf, text)).forEach((t, k) => {
          if (!t) return;
          setArms(v).forEach((a) => widenedColumns.add((a.columns as Node[])[k]));
          const name = names[k];
          if (name !== undefined && !widenedNames.has(name)) { widenedNames.set(name, t); aliasTypes.set(name, t); changed = true; }
        });
      }
      if (v.type === 'derived' && typeof v.alias === 'string' && !aliasTypes.has(v.alias)) {
        const t = staticType(v.expr as never, typeOf, text);
        if (t) { aliasTypes.set(v.alias, t); changed = true; }
      }
      Object.values(v).forEach(visit);
    };
    visit(statement);
  }
  // Another select's alias of that name and another type: the name types as neither (the guard refuses the set operation then).
  const conflicts = (v: unknown): void => {
    if (Array.isArray(v)) { v.forEach(conflicts); return; }
    if (!isNode(v)) return;
    const w = v.type === 'derived' && typeof v.alias === 'string' && !widenedColumns.has(v) ? widenedNames.get(v.alias) : undefined;
    const own = w ? staticType(v.expr as never, typeOf, text) : undefined;
    if (w && own && !sameType(own, w)) aliasTypes.delete(v.alias as string);
    Object.values(v).forEach(conflicts);
  };
  conflicts(statement);

  const typeOfNode = (n: unknown) => staticType(n as never, typeOf, text);
  // What the rewrite below would leave inexact is refused before anything runs.
  guardTyped(statement, typeOfNode);

  let rewritten = 0;
  const pos = (n: Node) => ({ positionStart: n.positionStart, positionEnd: n.positionEnd });
  const lit = (n: Node, value: unknown): Node => ({ type: 'literal', value, ...pos(n) });
  const call = (n: Node, funcName: string, args: unknown[], extra: Node = {}): Node => ({ type: 'function', funcName, args, ...extra, ...pos(n) });
  /** A side of a typed comparison: a constant checked and written exactly, else the rewritten expression. */
  const operand = (n: Node, t: SqlType, other: Node): unknown => {
    const c = constantOf(n as never, text);
    if (!c) {
      // Compared as doubles, a FLOAT is widened first (Spark casts it to DOUBLE).
      const to = stringCastOf(n as never, t, typeOf, text);
      if (to) { const at: At = { positionStart: n.positionStart as number, positionEnd: n.positionEnd as number, expr: exprText({ positionStart: n.positionStart as number, positionEnd: n.positionEnd as number }, text) }; return call(n, '__LS3_STRCAST', [lit(n, to), lit(n, JSON.stringify(at)), walk(n)]); }
      const nc = numClass(n as never, (x) => staticType(x as never, typeOf, text), text);
      return t.kind === 'double' && nc.kind === 'double' && nc.float ? call(n, '__LS3_WIDEN', [walk(n)]) : walk(n);
    }
    const column = other.type === 'identifier' ? String(other.name) : 'expression';
    // A string meeting a DATE is cast to DATE (its time part dropped), as Spark does (sql-types.ts dateOfText).
    const value = t.kind === 'date' ? dateOfText(c.value) : c.value;
    checkLiteral(t, value, column, n as never);
    return lit(n, value);
  };

  /** `n` rewritten, as the result type `t` of a CASE or COALESCE/GREATEST/LEAST of integers and decimals (typed-eval.ts widerDecimalType). */
  const widened = (n: Node, t: SqlType): unknown => {
    if (t.kind !== 'decimal' || !toResultDecimal(n as never, t, typeOf, text)) return walk(n);
    return call(n, '__LS3_TODECIMAL', [lit(n, JSON.stringify({ scale: t.scale, precision: t.precision ?? 38, ...(isStringOperand(n as never, typeOf, text) ? { fromText: true } : {}), positionStart: n.positionStart, positionEnd: n.positionEnd, expr: exprText({ positionStart: n.positionStart as number, positionEnd: n.positionEnd as number }, text) })), walk(n)]);
  };
  /** Set operations' output columns mixing strings with numbers: each arm's column cast to the common type (setColumnCast). */
  const setCasts = new Map<Node, (n: Node, walked: unknown) => unknown>();
  const arms = (s: Node): Node[] => (s.type === 'compound' ? (setCasts.set(s, (_n, w) => w), [...arms(s.left as Node), ...arms(s.right as Node)]) : s.type === 'select' ? [s] : []); // a nested set operation is its top's (marked: not cast again by itself)
  const castSetColumns = (v: Node): void => {
    const selects = arms(v);
    if (selects.length === 0) return;
    const width = Math.min(...selects.map((a) => (a.columns as Node[]).length));
    for (let i = 0; i < width; i++) {
      const cols = selects.map((a) => (a.columns as Node[])[i]!);
      if (!cols.every((c) => c.type === 'derived')) continue;
      const types = cols.map((c) => typeOfNode(c.expr));
      const dec = setDecimalType(types);
      // Integers and decimals: each arm's column as the wider DECIMAL (rescaled; exact, the scale only grows).
      if (dec) cols.forEach((c, k) => { if (!(types[k]?.kind === 'decimal' && sameType(types[k], dec))) setCasts.set(c, (n, w) => call(n, '__LS3_TODECIMAL', [lit(n, JSON.stringify({ scale: dec.scale, precision: dec.precision ?? 38, ...(types[k]?.kind === 'string' ? { fromText: true } : {}), ...pos(n), expr: exprText({ positionStart: n.positionStart as number, positionEnd: n.positionEnd as number }, text) })), w])); });
      const to = setColumnCast(types);
      if (!to) continue;
      cols.forEach((c, k) => {
        const t = types[k]!;
        if (t.kind === 'string') setCasts.set(c, (n, w) => call(n, '__LS3_STRCAST', [lit(n, to), lit(n, JSON.stringify({ ...pos(n), expr: exprText({ positionStart: n.positionStart as number, positionEnd: n.positionEnd as number }, text) })), w]));
        else if (to === 'DOUBLE' && !(t.kind === 'double' && !t.float)) setCasts.set(c, (n, w) => call(n, '__LS3_TODOUBLE', [lit(n, t.kind === 'double' ? 'float' : 'number'), w]));
      });
    }
  };
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isNode(v)) return v;
    if (v.type === 'compound' && !setCasts.has(v)) { castSetColumns(v); setCasts.set(v, (_n, w) => w); }
    if (v.type === 'binary' && typeof v.op === 'string' && v.op in OPS) {
      const l = v.left as Node;
      const r = v.right as Node;
      const lt = typeOfNode(l);
      const rt = typeOfNode(r);
      const t = comparisonType(l as never, r as never, typeOf, text);
      // (Not for doubles: JS says NaN = NaN is false, Spark true.)
      const bothColumns = l.type === 'identifier' && r.type === 'identifier' && sameType(lt, rt) && (v.op === '=' || v.op === '==') && t?.kind !== 'double';
      // DOUBLEs (not FLOATs) against DOUBLEs or number literals the parser read as doubles (JS numbers, which are
      // the doubles Spark casts them to): squirreling's own comparison is right, and stays pushable into the scan.
      // (An INT or narrower is exact as a double too.)
      const jsNumber = (n: Node): boolean => (n.type === 'literal' && typeof literalValue(n as never, text) === 'number') || (n.type === 'unary' && n.op === '-' && isNode(n.argument) && jsNumber(n.argument))
        || (() => { const c = numClass(n as never, (x) => staticType(x as never, typeOf, text), text); return (c.kind === 'double' && !c.float) || (c.kind === 'int' && (c.bits ?? 64) <= 32); })();
      // …except where a side may be NaN, which JS compares false with everything and Spark puts above every value,
      // equal to itself (SQL reference, "NaN Semantics"): a column (not a literal) may be NaN; `x < c`, `x <= c`,
      // `x = c`, `x != c` (and mirrored) of a literal c agree with Spark's, `x > c`, `x >= c` and `x = y` do not.
      const mayBeNaN = (n: Node): boolean => !constantOf(n as never, text);
      const NAN_SAFE_LEFT = ['<', '<=', '=', '==', '!=', '<>'];
      const NAN_SAFE_RIGHT = ['>', '>=', '=', '==', '!=', '<>'];
      const nanSafe = (!mayBeNaN(l) && !mayBeNaN(r)) || (mayBeNaN(l) && !mayBeNaN(r) && NAN_SAFE_LEFT.includes(v.op)) || (!mayBeNaN(l) && mayBeNaN(r) && NAN_SAFE_RIGHT.includes(v.op));
      const plainDoubles = t?.kind === 'double' && jsNumber(l) && jsNumber(r) && nanSafe;
      if ((isOrderedType(t) || t?.kind === 'double') && !bothColumns && !plainDoubles) {
        rewritten++;
        return call(v, '__LS3_TCMP', [lit(v, v.op), lit(v, typeSpec(t)), operand(l, t, r), operand(r, t, l)]);
      }
    }
    // Date functions of a typed date or timestamp: exact (typed-dates.ts), not squirreling's JS Date.
    if (v.type === 'function' && Array.isArray(v.args) && v.args.length === 2 && ['DATE_TRUNC', 'EXTRACT', 'DATE_PART'].includes(String(v.funcName).toUpperCase())) {
      const name = String(v.funcName).toUpperCase();
      const t = typeOfNode(v.args[1]);
      if (isDated(t)) {
        const unit = constantUnit(v.args[0] as never, name === 'DATE_TRUNC' ? TRUNC_UNITS : EXTRACT_FIELDS, name);
        rewritten++;
        return call(v, name === 'DATE_TRUNC' ? '__LS3_TRUNC' : '__LS3_EXTRACT', [lit(v, typeSpec(t)), lit(v, unit), walk(v.args[1])]);
      }
    }
    if (v.type === 'binary' && (v.op === '+' || v.op === '-') && isNode(v.right) && v.right.type === 'interval' || v.type === 'binary' && v.op === '+' && isNode(v.left) && v.left.type === 'interval') {
      const interval = ((v.right as Node).type === 'interval' ? v.right : v.left) as Node;
      const x = interval === v.right ? v.left : v.right;
      const t = shiftedOperandType(x as never, typeOf);
      if (isDated(t)) {
        const op = interval === v.right ? String(v.op) as '+' | '-' : '+';
        shiftDated(null, Number(interval.value), String(interval.unit), op, t, interval as never);
        rewritten++;
        return call(v, '__LS3_SHIFT', [lit(v, typeSpec(t)), lit(v, interval.value), lit(v, interval.unit), lit(v, op), walk(x)]);
      }
    }
    // Number literals as written (an integer beyond 2^53 a bigint), arithmetic, unary minus and integer
    // CASTs exact or refused (exact-numeric.ts), not squirreling's Number().
    if (v.type === 'literal' && typeof v.value === 'number') {
      const value = literalValue(v as never, text);
      if (value !== v.value) { rewritten++; return { ...v, value }; }
    }
    const at = (n: Node): At & { expr: string } => ({ positionStart: n.positionStart as number, positionEnd: n.positionEnd as number, expr: exprText({ positionStart: n.positionStart as number, positionEnd: n.positionEnd as number }, text) });
    const sub = (n: ExprNodeLike) => staticType(n as never, typeOf, text);
    const texts = numberTextOperands(v, (n) => numClass(n as never, sub, text), text, walk, sub as never); // CAST(… AS STRING), CONCAT: a number's text as Spark's (number-text.ts)
    if (texts) { rewritten++; return texts; }
    if (v.type === 'binary' && typeof v.op === 'string' && ARITHMETIC_OPS.has(v.op)) {
      // `a DIV b`: Spark's integral division (integral-divide.ts); operands of other types (a string too) refused here.
      if (isDivOperator(v as never, text)) {
        const [dl, dr] = [v.left, v.right].map((n) => numClass(n as never, sub, text));
        checkDivOperands(dl!, dr!, at(v), text);
        const operand = (n: Node, c: NumClass) => { const t = decimalLiteralText(n as never, c, text); return t === undefined ? walk(n) : lit(n, t); };
        rewritten++;
        return call(v, '__LS3_DIV', [lit(v, JSON.stringify({ l: dl!, r: dr!, out: dl!, at: at(v) } satisfies ArithSpec)), operand(v.left as Node, dl!), operand(v.right as Node, dr!)]);
      }
      const [l, r] = arithmeticClasses(v.left as never, v.right as never, typeOf, text);
      const out = arithmeticClass(v.op, l, r);
      rewritten++;
      // A decimal literal (`1.5`) goes in as its text, not the double the parser made of it; a string against a
      // number is cast to BIGINT or DOUBLE first (typed-eval.ts stringOperand).
      const operand = (n: Node, c: NumClass, other: Node) => {
        const s = stringOperand(n as never, numClass(other as never, sub, text), typeOf, text);
        if (s) return call(n, '__LS3_STRCAST', [lit(n, s.to), lit(n, JSON.stringify(at(n))), walk(n)]);
        const t = decimalLiteralText(n as never, c, text);
        return t === undefined ? walk(n) : lit(n, t);
      };
      return call(v, '__LS3_ARITH', [lit(v, v.op), lit(v, JSON.stringify({ l, r, out, at: at(v) } satisfies ArithSpec)), operand(v.left as Node, l, v.right as Node), operand(v.right as Node, r, v.left as Node)]);
    }
    if (v.type === 'unary' && v.op === '-' && isNode(v.argument) && v.argument.type !== 'literal') {
      const c = numClass(v.argument as never, sub, text);
      rewritten++;
      return call(v, '__LS3_NEG', [lit(v, JSON.stringify({ l: c, r: c, out: c, at: at(v) } satisfies ArithSpec)), walk(v.argument)]);
    }
    // A FLOAT cast to another number is its float value (0.1f is 0.10000000149011612 as a DOUBLE), not its shortest text's double.
    const castFrom = v.type === 'cast' ? typeOfNode(v.expr) : undefined;
    if (v.type === 'cast' && castFrom?.kind === 'double' && castFrom.float && ['DOUBLE', ...Object.keys(INTEGER_CASTS)].includes(String(v.toType).toUpperCase())) {
      rewritten++;
      return walk({ ...v, expr: call(v.expr as Node, '__LS3_WIDEN', [v.expr]) });
    }
    if (v.type === 'cast' && ['FLOAT', 'REAL', 'DOUBLE'].includes(String(v.toType).toUpperCase())) {
      const c: NumClass = { kind: 'any' };
      rewritten++;
      return call(v, '__LS3_FLOAT', [lit(v, String(v.toType).toUpperCase()), lit(v, JSON.stringify({ l: c, r: c, out: c, at: at(v) } satisfies ArithSpec)), walk(v.expr)]);
    }
    // ABS and MOD exact and of their argument's type (exact-numeric.ts), not squirreling's Math.abs/Number().
    if (v.type === 'function' && Array.isArray(v.args) && ((String(v.funcName).toUpperCase() === 'ABS' && v.args.length === 1) || (String(v.funcName).toUpperCase() === 'MOD' && v.args.length === 2))) {
      const args = v.args as Node[];
      const classes = args.map((a) => numClass(a as never, sub, text));
      const operands = args.map((a, k) => { const t = decimalLiteralText(a as never, classes[k]!, text); return t === undefined ? walk(a) : lit(a, t); });
      rewritten++;
      if (args.length === 1) return call(v, '__LS3_ABS', [lit(v, JSON.stringify({ l: classes[0]!, r: classes[0]!, out: classes[0]!, at: at(v) } satisfies ArithSpec)), operands[0]]);
      const out = arithmeticClass('%', classes[0]!, classes[1]!);
      return call(v, '__LS3_ARITH', [lit(v, '%'), lit(v, JSON.stringify({ l: classes[0]!, r: classes[1]!, out, at: at(v) } satisfies ArithSpec)), operands[0], operands[1]]);
    }
    if (v.type === 'cast' && String(v.toType).toUpperCase() in INTEGER_CASTS) {
      // The operand's class tells a decimal's text (truncated) from a string (must be an integer).
      const c: NumClass = numClass(v.expr as never, sub, text);
      rewritten++;
      return call(v, '__LS3_CAST', [lit(v, String(v.toType).toUpperCase()), lit(v, JSON.stringify({ l: c, r: c, out: c, at: at(v) } satisfies ArithSpec)), walk(v.expr)]);
    }
    // A simple CASE comparing numbers of different types: the searched CASE of `x = v` (typed-eval.ts searchedCase).
    if (v.type === 'case' && v.caseExpr) {
      const searched = searchedCase(v as never, typeOf, text);
      if (searched) return walk(searched);
    }
    // Results mixing a DOUBLE with other numbers: each a DOUBLE (Spark's common type), in CASE and COALESCE/GREATEST/LEAST.
    // … and strings among numbers: each string cast to BIGINT or DOUBLE (findWiderTypeForString; malformed text an error).
    const strCast = (n: Node, to: 'BIGINT' | 'DOUBLE'): Node | undefined => {
      const c = numClass(n as never, sub, text);
      if (c.kind !== 'any' || !(n.type === 'literal' ? typeof n.value === 'string' : typeOfNode(n)?.kind === 'string')) return undefined;
      return call(n, '__LS3_STRCAST', [lit(n, to), lit(n, JSON.stringify(at(n))), walk(n)]) as Node;
    };
    const toDouble = (results: Node[]) => {
      if (stringResultCast(results as never, typeOf, text) === 'BIGINT') return (n: Node): Node => strCast(n, 'BIGINT') ?? walk(n) as Node;
      const dt = doubleResultType(results as never, typeOf, text);
      if (!dt) return undefined;
      return (n: Node): Node => {
        if (n.type === 'literal' && n.value == null) return n;
        const s = strCast(n, 'DOUBLE');
        if (s) return s;
        const c = numClass(n as never, sub, text);
        return call(n, '__LS3_TODOUBLE', [lit(n, c.kind === 'double' && c.float && !dt.float ? 'float' : 'number'), walk(n)]);
      };
    };
    if (v.type === 'case') {
      const conv = toDouble(caseResults(v as never) as never);
      if (conv) {
        rewritten++;
        return { ...v, ...(v.caseExpr ? { caseExpr: walk(v.caseExpr) } : {}), whenClauses: (v.whenClauses as Node[]).map((w) => ({ ...w, condition: walk(w.condition), result: conv(w.result as Node) })), ...(v.elseResult ? { elseResult: conv(v.elseResult as Node) } : {}) };
      }
    }
    if (v.type === 'function' && Array.isArray(v.args) && PASS_THROUGH.has(String(v.funcName).toUpperCase())) {
      const conv = toDouble(v.args as Node[]);
      if (conv) { rewritten++; return { ...v, args: (v.args as Node[]).map(conv) }; }
    }
    // A searched CASE whose results are of one typed type: constant results as its canonical text.
    if (v.type === 'case' && !v.caseExpr) {
      const t = typeOfNode(v);
      if (isOrderedType(t)) {
        rewritten++;
        const result = (n: Node) => { const c = typedConstant(t, n as never, text); return c === undefined ? widened(n, t) : lit(n, c); };
        return { ...v, whenClauses: (v.whenClauses as Node[]).map((w) => ({ ...w, condition: walk(w.condition), result: result(w.result as Node) })), ...(v.elseResult ? { elseResult: result(v.elseResult as Node) } : {}) };
      }
    }
    // COALESCE/GREATEST/LEAST over one typed type: constants as its canonical text; GREATEST/LEAST by value.
    if (v.type === 'function' && Array.isArray(v.args) && PASS_THROUGH.has(String(v.funcName).toUpperCase())) {
      const t = passThroughType(v.args as never, typeOf, text);
      if (t) {
        rewritten++;
        const args = (v.args as Node[]).map((a) => { const c = typedConstant(t, a as never, text); return c === undefined ? widened(a, t) : lit(a, c); });
        const name = String(v.funcName).toUpperCase();
        return name === 'COALESCE' ? { ...v, args } : call(v, '__LS3_EXTREME', [lit(v, typeSpec(t)), lit(v, name), ...args]);
      }
    }
    if (v.type === 'in valuelist') {
      const t = inType(v.expr as never, v.values as never, typeOf, text);
      if (isOrderedType(t) || t?.kind === 'double') {
        rewritten++;
        const x = v.expr as Node;
        return call(v, '__LS3_TIN', [lit(v, typeSpec(t)), operand(x, t, x), ...(v.values as Node[]).map((n) => operand(n, t, x))]);
      }
    }
    if (v.type === 'function' && Array.isArray(v.args) && v.args.length === 1 && isNode(v.args[0]) && v.args[0].type !== 'star') {
      const name = String(v.funcName).toUpperCase();
      const arg = v.args[0];
      const t = typeOfNode(arg);
      const spec = t ? lit(v, typeSpec(t)) : undefined;
      const inner = (fn: string, a: unknown) => call(v, fn, [a], { ...(v.filter ? { filter: walk(v.filter) } : {}), ...(v.distinct ? { distinct: true } : {}) });
      if ((name === 'MIN' || name === 'MAX') && t?.kind === 'double') {
        // By Spark's order of doubles: MAX is NaN when there is one, MIN skips it (squirreling's `<` would not).
        rewritten++;
        return call(v, '__LS3_UNDKEY', [inner(name, call(v, '__LS3_DKEY', [walk(arg)]))]);
      }
      if ((name === 'MIN' || name === 'MAX') && isOrderedType(t)) {
        rewritten++;
        return call(v, '__LS3_UNKEY', [spec, inner(name, call(v, '__LS3_KEY', [spec, walk(arg)]))]);
      }
      if ((name === 'SUM' || name === 'AVG') && t?.kind === 'double') {
        // Spark sums a FLOAT as doubles of its values (Math.fround of the shortest text squirreling would add).
        // squirreling skips a NaN or ±Infinity addend; Spark's sum has it: the extremes by Spark's order say which.
        rewritten++;
        const a = () => (t.float ? call(v, '__LS3_WIDEN', [walk(arg)]) : walk(arg));
        return call(v, '__LS3_DSPECIAL', [inner(name, a()), inner('MAX', call(v, '__LS3_DKEY', [a()])), inner('MIN', call(v, '__LS3_DKEY', [a()]))]);
      }
      if ((name === 'SUM' || name === 'AVG') && (t?.kind === 'decimal' || t?.kind === 'long')) {
        rewritten++;
        const sum = inner('SUM', call(v, '__LS3_KEY', [spec, walk(arg)]));
        const magnitude = inner('SUM', call(v, '__LS3_ABSKEY', [spec, walk(arg)]));
        const at = [lit(v, `${name}(${derivedAlias(arg as never)})`), lit(v, v.positionStart), lit(v, v.positionEnd), lit(v, t.kind === 'decimal' ? t.precision ?? 38 : 0)];
        return name === 'SUM' ? call(v, '__LS3_SUM', [spec, sum, magnitude, ...at]) : call(v, '__LS3_AVG', [spec, sum, inner('COUNT', walk(arg)), magnitude, ...at]);
      }
    }
    const out: Node = {};
    for (const [k, x] of Object.entries(v)) {
      if (v.type === 'select' && k === 'columns' && Array.isArray(x)) {
        // A rewritten output keeps the name squirreling would have given the original expression.
        out.columns = (x as Node[]).map((col) => {
          const before = rewritten;
          const now = walk(col) as Node;
          const cast = col.type === 'derived' ? setCasts.get(col) : undefined;
          if (cast) { rewritten++; return { ...now, expr: cast(col.expr as Node, now.expr), alias: col.alias ?? derivedAlias(col.expr as never) }; }
          return col.type === 'derived' && col.alias === undefined && rewritten !== before ? { ...now, alias: derivedAlias(col.expr as never) } : now;
        });
      } else if (k === 'orderBy' && Array.isArray(x) && (v.type === 'select' || v.type === 'compound' || v.type === 'window')) {
        const widenedAt = v.type === 'compound' ? setDecimalColumns(v, typeOfNode) : [];
        out.orderBy = (x as Node[]).map((term) => {
          // A set operation's widened column, by ordinal or name: the key of its DECIMAL, read by the first arm's name
          // at the term's place (output-columns.ts would take a call at the column's own place for the ordinal).
          const k = v.type === 'compound' ? orderPosition(v, term.expr) : undefined;
          const dec = k === undefined ? undefined : widenedAt[k];
          const first = setArms(v)[0];
          const name = k === undefined || !first ? undefined : armNames(first)[k];
          if (dec && name !== undefined) { rewritten++; return { ...term, expr: call(term, '__LS3_KEY', [lit(term, typeSpec(dec)), { type: 'identifier', name, ...pos(term) }]) }; }
          const t = typeOfNode(term.expr);
          const now = walk(term) as Node;
          if (t?.kind === 'double') {
            // NaN after every number ascending (Spark), where squirreling's `<` leaves it where it was.
            rewritten++;
            return { ...now, expr: call(term.expr as Node, '__LS3_DKEY', [now.expr]) };
          }
          if (!isOrderedType(t)) return now;
          rewritten++;
          return { ...now, expr: call(term.expr as Node, '__LS3_KEY', [lit(term.expr as Node, typeSpec(t)), now.expr]) };
        });
      } else out[k] = walk(x);
    }
    return out;
  };
  return { statement: walk(statement) as Statement, rewritten };
}
