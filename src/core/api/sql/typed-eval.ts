/**
 * Typed comparisons for the columnar executor (arrow-eval.ts): where one side of `=`, `<`, BETWEEN (parsed
 * as `>= AND <=`) or IN is a decimal, date or timestamp column (or MIN/MAX/SUM/AVG of one), both sides
 * compare as that type's values (sql-types.ts), never as canonical text. A literal the type does not take
 * (`d = 'abc'`) is LakeError DataInvalid; a number literal is read from the query's text, not from the
 * float the parser made of it, so `d = 0.1000000000000000055` is exact.
 */
import { CAST_TIME, castTimeType } from './time-cast.ts';
import type { ExprNode } from 'squirreling';
import { extractType, isDated, shiftType, truncType } from './typed-dates.ts';
import { avgDecimalType, sumDecimalType } from './decimal-aggregates.ts';
import { isDivOperator } from './integral-divide.ts';
import { arithmeticClass, ARITHMETIC_OPS, comparisonClass, intClass, isKnownNumber, numClass, typeOfClass, type NumClass } from './exact-numeric.ts';
import { checkLiteral, commonType, dateOfText, compareDecimal, compareDoubles, isOrderedType, keyOf, parseDecimal, parseInstant, sqlDouble, typeSpec, type Decimal, type SqlType } from './sql-types.ts';
import { castStringOperand, castTextToDecimal, constantOf, rescaleDecimal, typedConstant } from './typed-constants.ts';

type Identifier = Extract<ExprNode, { type: 'identifier' }>;

/** How a place in the query resolves a column's type (undefined: untyped or unknown). */
export type TypeOf = (node: Identifier) => SqlType | undefined;

/**
 * The type SQL knows statically: a typed column, MIN/MAX of one, SUM of a decimal or long, AVG of a decimal,
 * DATE_TRUNC or `± INTERVAL` of a date or timestamp, EXTRACT(EPOCH …) of a timestamp (typed-dates.ts).
 */
export function staticType(node: ExprNode, typeOf: TypeOf | undefined, text?: string): SqlType | undefined {
  // Date functions of a date or timestamp (typed-dates.ts): DATE_TRUNC and `± INTERVAL` keep a time, EXTRACT(EPOCH) is a decimal.
  if (node.type === 'binary' && (node.op === '+' || node.op === '-') && node.right.type === 'interval') {
    const t = shiftedOperandType(node.left, typeOf);
    return t ? shiftType(t, node.right.unit) : undefined;
  }
  if (node.type === 'binary' && node.op === '+' && node.left.type === 'interval') {
    const t = shiftedOperandType(node.right, typeOf);
    return t ? shiftType(t, node.left.unit) : undefined;
  }
  if (!typeOf) return undefined;
  if (node.type === 'identifier') return typeOf(node);
  // `a DIV b` is a BIGINT (Spark's IntegralDivide, integral-divide.ts).
  if (isDivOperator(node, text)) return { kind: 'long' };
  // Arithmetic of integers and decimals, unary minus and CAST to an integer type (exact-numeric.ts).
  if (node.type === 'binary' && ARITHMETIC_OPS.has(node.op)) {
    const [l, r] = arithmeticClasses(node.left, node.right, typeOf, text);
    return typeOfClass(arithmeticClass(node.op, l, r));
  }
  if (node.type === 'unary' && node.op === '-') {
    const t = staticType(node.argument, typeOf, text);
    return t?.kind === 'decimal' || t?.kind === 'long' || t?.kind === 'double' ? t : undefined;
  }
  if (node.type === 'cast') return castType(node.toType);
  // CAST(x AS DATE|TIMESTAMP), carried as a call (time-cast.ts).
  if (node.type === 'function' && node.funcName.toUpperCase() === CAST_TIME && node.args[1]?.type === 'literal') return castTimeType(node.args[1].value);
  // ABS keeps its argument's type (Spark's Abs); MOD(a, b) is a % b (Remainder).
  if (node.type === 'function' && node.funcName.toUpperCase() === 'ABS' && node.args.length === 1) {
    const t = staticType(node.args[0]!, typeOf, text);
    return t?.kind === 'decimal' || t?.kind === 'long' || t?.kind === 'double' ? t : undefined;
  }
  if (node.type === 'function' && node.funcName.toUpperCase() === 'MOD' && node.args.length === 2) {
    const sub = (n: ExprNode) => staticType(n, typeOf, text);
    return typeOfClass(arithmeticClass('%', numClass(node.args[0]!, sub, text), numClass(node.args[1]!, sub, text)));
  }
  if (node.type === 'function' && PASS_THROUGH.has(node.funcName.toUpperCase()) && stringResultCast(node.args, typeOf, text) === 'BIGINT') return { kind: 'long' };
  if (node.type === 'case' && stringResultCast(caseResults(node), typeOf, text) === 'BIGINT') return { kind: 'long' };
  if (node.type === 'function' && PASS_THROUGH.has(node.funcName.toUpperCase())) return doubleResultType(node.args, typeOf, text) ?? passThroughType(node.args, typeOf, text);
  // A searched CASE whose results are all of one type (a simple CASE compares its operand as text: untyped).
  if (node.type === 'case') return doubleResultType(caseResults(node), typeOf, text) ?? (node.caseExpr ? undefined : passThroughType(caseResults(node), typeOf, text));
  if (node.type === 'function' && node.args.length === 2) {
    const name = node.funcName.toUpperCase();
    if (name !== 'DATE_TRUNC' && name !== 'EXTRACT' && name !== 'DATE_PART') return undefined;
    const t = staticType(node.args[1]!, typeOf, text);
    if (!isDated(t)) return undefined;
    if (name === 'DATE_TRUNC') return truncType(t);
    const field = node.args[0]!.type === 'literal' ? node.args[0]!.value : undefined;
    return typeof field === 'string' ? extractType(t, field.toUpperCase()) : undefined;
  }
  if (node.type === 'function' && node.args.length === 1 && node.args[0]!.type !== 'star') {
    const name = node.funcName.toUpperCase();
    const t = name === 'MIN' || name === 'MAX' || name === 'SUM' || name === 'AVG' ? staticType(node.args[0]!, typeOf, text) : undefined;
    if (!t) return undefined;
    if (name === 'MIN' || name === 'MAX') return t;
    // SUM of any integer is a BIGINT, of a FLOAT or DOUBLE a DOUBLE (Spark's Sum.resultType); AVG of a number a DOUBLE.
    // Of a decimal(p,s): SUM DECIMAL(min(38, p+10), s), AVG DECIMAL(min(38, p+4), s+4) (decimal-aggregates.ts).
    if (name === 'SUM') return t.kind === 'decimal' ? sumDecimalType(t) : t.kind === 'long' ? { kind: 'long' } : t.kind === 'double' ? { kind: 'double' } : undefined;
    if (t.kind === 'long' || t.kind === 'double') return { kind: 'double' };
    return t.kind === 'decimal' ? avgDecimalType(t) : undefined;
  }
  return undefined;
}

/** The type of CAST(… AS to) where it is a number type: INT/INTEGER 32 bits, BIGINT, FLOAT/REAL (32-bit, Spark), DOUBLE. */
export function castType(to: string): SqlType | undefined {
  const t = to.toUpperCase();
  if (t === 'INT' || t === 'INTEGER') return { kind: 'long', bits: 32 };
  if (t === 'BIGINT') return { kind: 'long' };
  if (t === 'FLOAT' || t === 'REAL') return { kind: 'double', float: true };
  if (t === 'DOUBLE') return { kind: 'double' };
  return undefined;
}

/**
 * A simple CASE (`CASE x WHEN v THEN …`) whose operand compares with a WHEN value as numbers of different
 * types (`CASE big WHEN 9007199254740992e0`), as the searched CASE Spark makes of it (CaseKeyWhen: each WHEN
 * is `x = v`, coerced like any comparison), so the comparison is typed; undefined when no WHEN needs that.
 */
export function searchedCase(node: Extract<ExprNode, { type: 'case' }>, typeOf: TypeOf | undefined, text: string | undefined): Extract<ExprNode, { type: 'case' }> | undefined {
  const x = node.caseExpr;
  // (Only for an integer or double operand: a simple CASE over a decimal, date or timestamp stays the guard's to refuse.)
  const xt = x === undefined ? undefined : staticType(x, typeOf, text);
  if (!x || !(xt?.kind === 'long' || xt?.kind === 'double') || !node.whenClauses.some((w) => comparisonType(x, w.condition, typeOf, text) !== undefined)) return undefined;
  return {
    ...node,
    caseExpr: undefined,
    whenClauses: node.whenClauses.map((w) => ({ ...w, condition: { type: 'binary', op: '=', left: x, right: w.condition, positionStart: w.condition.positionStart, positionEnd: w.condition.positionEnd } })),
  };
}

/** The results a CASE may give: each THEN, and the ELSE (NULL when there is none). */
export const caseResults = (node: Extract<ExprNode, { type: 'case' }>): ExprNode[] => [...node.whenClauses.map((w) => w.result), ...(node.elseResult ? [node.elseResult] : [])];

/** Functions that pass one of their arguments on: typed when every argument is of one ordered type. */
export const PASS_THROUGH = new Set(['COALESCE', 'GREATEST', 'LEAST']);

const isNullLiteral = (n: ExprNode): boolean => n.type === 'literal' && n.value == null;

/**
 * The DOUBLE (or FLOAT) that COALESCE, GREATEST, LEAST or CASE results give when they mix a DOUBLE or FLOAT
 * with other numbers of known types: Spark casts every one to their common type (findWiderCommonType,
 * CaseWhenCoercion), DOUBLE — so `COALESCE(big, 1e0)` of the BIGINT 2^53+1 is 9007199254740992.0, not the
 * integer. FLOAT only when all are FLOATs. Undefined otherwise (NULLs aside).
 */
export function doubleResultType(args: readonly ExprNode[], typeOf: TypeOf | undefined, text: string | undefined): Extract<SqlType, { kind: 'double' }> | undefined {
  if (stringResultCast(args, typeOf, text) === 'DOUBLE') return { kind: 'double' };
  const cs = args.filter((a) => !isNullLiteral(a)).map((a) => classOf(a, typeOf, text));
  if (cs.length === 0 || !cs.every(isKnownNumber) || !cs.some((c) => c.kind === 'double')) return undefined;
  return cs.every((c) => c.kind === 'double' && c.float) ? { kind: 'double', float: true } : { kind: 'double' };
}

/**
 * A value of `node` as the DOUBLE of result type `t` ({@link doubleResultType}): a FLOAT widened unless the
 * result is a FLOAT, an integer or a decimal's text rounded to the nearest double; NULL stays NULL.
 */
export function toResultDouble(node: ExprNode, t: Extract<SqlType, { kind: 'double' }>, typeOf: TypeOf | undefined, text: string | undefined): (v: unknown) => unknown {
  // A string among them is cast to DOUBLE as Spark's ANSI Cast does it: malformed text an error, not NULL.
  if (isStringOperand(node, typeOf, text)) return (v) => castStringOperand(v, 'DOUBLE', { positionStart: node.positionStart, positionEnd: node.positionEnd }, text);
  const c = classOf(node, typeOf, text);
  const widen = c.kind === 'double' && c.float && !t.float;
  return (v) => (v == null ? null : widen ? Math.fround(Number(v)) : typeof v === 'number' ? v : sqlDouble(v) ?? null);
}

/**
 * The cast Spark puts on the strings among COALESCE, GREATEST, LEAST or CASE results that mix strings with
 * numbers of known types (ANSI: their common type is findWiderCommonType's, and findWiderTypeForString
 * promotes a string to BIGINT against an integral type, to DOUBLE against a fractional one; Spark folds the
 * strings first, then the numbers in order — `COALESCE(s, 0)` is a BIGINT, `COALESCE(s, 0.5)` a DOUBLE):
 * `BIGINT` when every number is an integer, `DOUBLE` when the first number is fractional or a DOUBLE or FLOAT
 * is among them. Undefined when no string meets a number, a type is unknown, or an integer first then a
 * DECIMAL make Spark's wider DECIMAL ({@link widerDecimalType} types those).
 */
export function stringResultCast(args: readonly ExprNode[], typeOf: TypeOf | undefined, text: string | undefined): 'BIGINT' | 'DOUBLE' | undefined {
  const live = args.filter((a) => !isNullLiteral(a));
  const numbers = live.filter((a) => !isStringOperand(a, typeOf, text));
  if (numbers.length === 0 || numbers.length === live.length) return undefined;
  const cs = numbers.map((a) => classOf(a, typeOf, text));
  if (!cs.every(isKnownNumber)) return undefined;
  if (cs[0]!.kind !== 'int' || cs.some((c) => c.kind === 'double')) return 'DOUBLE';
  return cs.every((c) => c.kind === 'int') ? 'BIGINT' : undefined;
}

/**
 * The cast Spark puts on one output column of a set operation whose arms give it as strings and numbers
 * (`types`: that column's type in each arm, in order): WidenSetOperationTypes takes their findWiderCommonType,
 * a STRING with an integral type BIGINT, with a fractional type DOUBLE (strings first, then the numbers in
 * order, as {@link stringResultCast}). Undefined unless a string meets numbers of known types only, and for an
 * integer then a DECIMAL (Spark's wider DECIMAL, not followed here).
 */
export function setColumnCast(types: readonly (SqlType | undefined)[]): 'BIGINT' | 'DOUBLE' | undefined {
  if (!types.some((t) => t?.kind === 'string')) return undefined;
  const numbers = types.filter((t) => t?.kind !== 'string');
  if (numbers.length === 0 || !numbers.every((t) => t?.kind === 'long' || t?.kind === 'double' || t?.kind === 'decimal')) return undefined;
  if (numbers[0]!.kind !== 'long' || numbers.some((t) => t!.kind === 'double')) return 'DOUBLE';
  return numbers.every((t) => t!.kind === 'long') ? 'BIGINT' : undefined;
}

/** A value of `node` as the BIGINT of a result whose strings are cast to BIGINT ({@link stringResultCast}); identity for a number. */
export function toResultBigint(node: ExprNode, typeOf: TypeOf | undefined, text: string | undefined): ((v: unknown) => unknown) | undefined {
  if (!isStringOperand(node, typeOf, text)) return undefined;
  return (v) => castStringOperand(v, 'BIGINT', { positionStart: node.positionStart, positionEnd: node.positionEnd }, text);
}

/**
 * The type COALESCE, GREATEST or LEAST of `args` gives: the one decimal, date or timestamp type (same scale,
 * same precision) of every argument that is not a constant, when each constant (NULL, `0`, `'2024-01-01'`)
 * is a value of it ({@link typedConstant}); undefined otherwise (the guard then refuses a typed argument).
 */
export function passThroughType(args: readonly ExprNode[], typeOf: TypeOf | undefined, text: string | undefined): SqlType | undefined {
  let t: SqlType | undefined;
  for (const a of args) {
    if (constantOf(a, text)) continue;
    const at = staticType(a, typeOf, text);
    if (!isOrderedType(at) || (t && typeSpec(t) !== typeSpec(at))) return widerDecimalType(args, typeOf, text);
    t = at;
  }
  if (!t) return widerDecimalType(args, typeOf, text);
  for (const a of args) if (constantOf(a, text) && typedConstant(t, a, text) === undefined) return widerDecimalType(args, typeOf, text);
  return t;
}

/** Decimal digits of an integral width as Spark's DecimalType.forType gives them: TINYINT 3, SMALLINT 5, INT 10, BIGINT 20. */
const INTEGRAL_DIGITS: Readonly<Record<number, number>> = { 8: 3, 16: 5, 32: 10, 64: 20 };

/**
 * The DECIMAL that COALESCE, GREATEST, LEAST or CASE results of integers and decimals of different types give:
 * Spark's wider decimal (findWiderTypeForDecimal / widerDecimalType): scale max(s), integer digits max(p − s),
 * bounded to 38 digits (DecimalType.bounded); an integer is DECIMAL(10,0) for an INT, (20,0) for a BIGINT.
 * Strings among them fold first, as a BIGINT when the first number is an integer (`COALESCE(s, 1, 2.5)` is a
 * DECIMAL(21,1), its strings cast to it). Undefined unless every other argument (NULLs aside) is an integer or
 * decimal of known type and one is a decimal.
 */
export function widerDecimalType(args: readonly ExprNode[], typeOf: TypeOf | undefined, text: string | undefined): Extract<SqlType, { kind: 'decimal' }> | undefined {
  const live = args.filter((a) => !isNullLiteral(a));
  const numbers = live.filter((a) => !isStringOperand(a, typeOf, text)).map((a) => classOf(a, typeOf, text));
  // Strings fold first (AnsiTypeCoercion.findWiderCommonType): a string with an integer is a BIGINT, which then
  // widens with the DECIMALs to decimal(20,0)'s wider type; a string then a fractional number is a DOUBLE (not here).
  const withStrings = numbers.length < live.length;
  if (withStrings && (numbers.length === 0 || numbers[0]!.kind !== 'int')) return undefined;
  const cs = withStrings ? [intClass(64), ...numbers] : numbers;
  if (cs.length === 0 || !cs.some((c) => c.kind === 'decimal') || !cs.every((c) => c.kind === 'decimal' || c.kind === 'int')) return undefined;
  let scale = 0;
  let range = 0;
  for (const c of cs) {
    const [p, sc] = c.kind === 'decimal' ? [c.precision, c.scale] : [INTEGRAL_DIGITS[c.kind === 'int' ? c.bits ?? 64 : 64]!, 0];
    scale = Math.max(scale, sc);
    range = Math.max(range, p - sc);
  }
  return { kind: 'decimal', scale: Math.min(scale, 38), precision: Math.min(range + scale, 38) };
}

/**
 * A value of `node` as the DECIMAL `t` of a result ({@link widerDecimalType}): an integer or a decimal's text
 * rescaled to t's scale (exact: the scale only grows); more digits than t's precision is LakeError DataInvalid
 * (Spark ANSI's cast overflow); NULL stays NULL. Identity when `node` is already of type t.
 */
export function toResultDecimal(node: ExprNode, t: Extract<SqlType, { kind: 'decimal' }>, typeOf: TypeOf | undefined, text: string | undefined): ((v: unknown) => unknown) | undefined {
  // A string is cast straight to the result's DECIMAL (Spark casts each argument to the common type): rounded half up, malformed text an error.
  if (isStringOperand(node, typeOf, text)) return (v) => castTextToDecimal(v, t, { positionStart: node.positionStart, positionEnd: node.positionEnd }, text);
  const own = staticType(node, typeOf, text);
  if (own?.kind === 'decimal' && own.scale === t.scale && (own.precision ?? 38) <= (t.precision ?? 38)) return undefined;
  return (v) => rescaleDecimal(v, t, node, text);
}

/**
 * The type of the operand of `± INTERVAL` when it is a date or timestamp: a typed expression, or a
 * literal written as one ('2024-01-31' a date; with a time, a timestamp — of nanoseconds when it has more
 * than six fraction digits), so `'2024-01-31' + INTERVAL 1 MONTH` is exact too.
 */
export function shiftedOperandType(node: ExprNode, typeOf: TypeOf | undefined): Extract<SqlType, { kind: 'date' | 'timestamp' }> | undefined {
  if (node.type === 'literal') {
    const v = node.value;
    if (typeof v !== 'string' || parseInstant(v) === undefined) return undefined;
    if (/^\s*[+-]?\d{4,6}-\d{1,2}-\d{1,2}\s*$/.test(v)) return { kind: 'date' };
    return /\.\d{7}/.test(v) ? { kind: 'timestamp', nanos: true } : { kind: 'timestamp' };
  }
  const t = staticType(node, typeOf);
  return isDated(t) ? t : undefined;
}

const columnName = (node: ExprNode): string => (node.type === 'identifier' ? node.name : node.type === 'function' ? `${node.funcName}(…)` : 'expression');

type Parse = (v: unknown) => Decimal | bigint | number | undefined;
type Key = Decimal | bigint | number;
const parserOf = (t: SqlType): Parse => (t.kind === 'decimal' ? parseDecimal : t.kind === 'double' ? sqlDouble : parseInstant);
const comparerOf = (t: SqlType) => (t.kind === 'decimal'
  ? (x: Key, y: Key) => compareDecimal(x as Decimal, y as Decimal)
  : t.kind === 'double' ? (x: Key, y: Key) => compareDoubles(x as number, y as number)
    : (x: Key, y: Key) => (x < y ? -1 : x > y ? 1 : 0));

const OPS: Record<string, (c: number) => boolean> = {
  '=': (c) => c === 0, '==': (c) => c === 0, '!=': (c) => c !== 0, '<>': (c) => c !== 0,
  '<': (c) => c < 0, '<=': (c) => c <= 0, '>': (c) => c > 0, '>=': (c) => c >= 0,
};
export const isTypedComparison = (op: string) => op in OPS;

type Compile = (node: ExprNode) => () => unknown;

/**
 * One side: a constant parsed once (checked against the type), else compiled and parsed per row. Compared
 * as doubles, a FLOAT side is widened first (`typeOf` given: Math.fround of the float's shortest text).
 */
function side(node: ExprNode, t: SqlType, other: ExprNode, compile: Compile, text: string | undefined, typeOf?: TypeOf): () => Key | null | undefined {
  const typed = t.kind === 'double' && isFloat(node, typeOf, text) ? (v: unknown) => { const d = sqlDouble(v); return d === undefined ? undefined : Math.fround(d); } : parserOf(t);
  // A string side is cast first, as Spark casts it (malformed text an error, not NULL).
  const to = stringCastOf(node, t, typeOf, text);
  const at = { positionStart: node.positionStart, positionEnd: node.positionEnd };
  const parse = to ? (v: unknown) => typed(castStringOperand(v, to, at, text)) : typed;
  const c0 = constantOf(node, text);
  // A string meeting a DATE is cast to DATE (its time part dropped), as Spark does.
  const c = c0 && t.kind === 'date' ? { value: dateOfText(c0.value) } : c0;
  if (c) {
    checkLiteral(t, c.value, columnName(other), node);
    const v = c.value == null ? null : parse(c.value);
    return () => v;
  }
  const f = compile(node);
  return () => { const v = f(); return v == null ? null : parse(v); };
}

/** A number literal, or `-` of one. */
export const isNumberLiteral = (n: ExprNode): boolean =>
  (n.type === 'literal' && (typeof n.value === 'number' || typeof n.value === 'bigint')) || (n.type === 'unary' && n.op === '-' && isNumberLiteral(n.argument));

/** An integer against a number literal compares exactly as decimals (`big = 9007199254740993`, `n > 2.5`), not with a double of the literal. */
const INTEGER_AS_DECIMAL: SqlType = { kind: 'decimal', scale: 0 };
/** Numbers compared as DOUBLEs: Spark casts an integer or decimal to DOUBLE to compare it with a DOUBLE or FLOAT (or a DOUBLE literal, `1e0`). */
const AS_DOUBLE: SqlType = { kind: 'double' };

/** True when `node` is a FLOAT (REAL) value: compared as a double it is widened (Math.fround). */
function isFloat(node: ExprNode, typeOf: TypeOf | undefined, text: string | undefined): boolean {
  const c = numClass(node, (n) => staticType(n, typeOf, text), text);
  return c.kind === 'double' && c.float === true;
}

const classOf = (node: ExprNode, typeOf: TypeOf | undefined, text: string | undefined): NumClass => numClass(node, (n) => staticType(n, typeOf, text), text);

/**
 * The type `left` and `right` compare in: their common ordered type, or for an integer (long) against a
 * number literal, decimal (the literal's exact value, not the double the parser made of it).
 */
export function comparisonType(left: ExprNode, right: ExprNode, typeOf: TypeOf | undefined, text?: string): SqlType | undefined {
  const s = stringAgainstNumber(right, left, typeOf, text) ?? stringAgainstNumber(left, right, typeOf, text);
  if (s) return s;
  const lt = staticType(left, typeOf, text);
  const rt = staticType(right, typeOf, text);
  // Two numbers of known types with a DOUBLE or FLOAT among them compare as doubles (Spark: a BIGINT 2^53+1
  // equals 9007199254740992e0); integers and decimals exactly.
  if (comparisonClass(classOf(left, typeOf, text), classOf(right, typeOf, text)) === 'double') return AS_DOUBLE;
  const t = commonType(lt, rt);
  if (isOrderedType(t)) return t;
  if ((lt?.kind === 'long' && isNumberLiteral(right)) || (rt?.kind === 'long' && isNumberLiteral(left))) return INTEGER_AS_DECIMAL;
  return undefined;
}

/**
 * The type a string meets a number of class `c` in, as Spark 4 in ANSI mode (its default) promotes it
 * (AnsiStringPromotionTypeCoercion / AnsiTypeCoercion.findWiderTypeForString, used by comparisons and by IN's
 * InConversion): BIGINT against any integral type, DOUBLE against a fractional one — DECIMAL, DOUBLE or FLOAT;
 * undefined against anything else. (Spark 3.x's non-ANSI default cast the string to the other side's type and
 * gave NULL for malformed text; we follow ANSI, as for every other rule here.)
 */
function stringPromotion(c: NumClass): SqlType | undefined {
  if (c.kind === 'int') return INTEGER_AS_DECIMAL;
  return c.kind === 'decimal' || c.kind === 'double' ? AS_DOUBLE : undefined;
}

/** True for a string literal, or an expression SQL knows to be text (a STRING/VARCHAR column, MIN/MAX of one…). */
export function isStringOperand(node: ExprNode, typeOf: TypeOf | undefined, text: string | undefined): boolean {
  return node.type === 'literal' ? typeof node.value === 'string' : staticType(node, typeOf, text)?.kind === 'string';
}

/**
 * The CAST Spark puts on a string side of a comparison or IN whose common type `t` is a number's (a string
 * promoted, {@link stringPromotion}): `BIGINT` or `DOUBLE`; undefined when `node` is no string or `t` no such type.
 */
export function stringCastOf(node: ExprNode, t: SqlType, typeOf: TypeOf | undefined, text: string | undefined): 'BIGINT' | 'DOUBLE' | undefined {
  if ((t !== INTEGER_AS_DECIMAL && t !== AS_DOUBLE) || !isStringOperand(node, typeOf, text)) return undefined;
  return t === AS_DOUBLE ? 'DOUBLE' : 'BIGINT';
}


/**
 * A string operand of arithmetic with a number of class `other` (`s + 1`, `'7.5' * d`): Spark casts it as it
 * does for a comparison (AnsiStringPromotionTypeCoercion applies to every BinaryOperator) — to BIGINT against
 * an integral type, to DOUBLE against a fractional one — so `'7' + 1` is the BIGINT 8 and `'7.5' + 1` is
 * CAST_INVALID_INPUT, not JavaScript's 8.5. The operand's class then and the cast; undefined otherwise.
 */
export function stringOperand(node: ExprNode, other: NumClass, typeOf: TypeOf | undefined, text: string | undefined): { readonly cls: NumClass; readonly to: 'BIGINT' | 'DOUBLE' } | undefined {
  if (!isStringOperand(node, typeOf, text)) return undefined;
  const t = stringPromotion(other);
  if (!t) return undefined;
  return t === AS_DOUBLE ? { cls: { kind: 'double' }, to: 'DOUBLE' } : { cls: { kind: 'int', precision: 19 }, to: 'BIGINT' };
}

/** The classes of arithmetic operands, a string one promoted against a number ({@link stringOperand}). */
export function arithmeticClasses(left: ExprNode, right: ExprNode, typeOf: TypeOf | undefined, text: string | undefined): [NumClass, NumClass] {
  const sub = (n: ExprNode) => staticType(n, typeOf, text);
  const l = numClass(left, sub, text);
  const r = numClass(right, sub, text);
  return [stringOperand(left, r, typeOf, text)?.cls ?? l, stringOperand(right, l, typeOf, text)?.cls ?? r];
}

/**
 * A string (literal or column) compared with a number of known type: the type both are cast to
 * ({@link stringPromotion}); a literal that does not cast is LakeError DataInvalid here, a column's value where
 * it is read. Undefined when `str` is no string or `num` no such number.
 */
function stringAgainstNumber(str: ExprNode, num: ExprNode, typeOf: TypeOf | undefined, text: string | undefined): SqlType | undefined {
  if (!isStringOperand(str, typeOf, text)) return undefined;
  const t = stringPromotion(classOf(num, typeOf, text));
  if (t && str.type === 'literal') castStringOperand(str.value, t === AS_DOUBLE ? 'DOUBLE' : 'BIGINT', { positionStart: str.positionStart, positionEnd: str.positionEnd }, text);
  return t;
}

/**
 * IN with a string among numbers of known types (`s IN (1, 2)`, `n IN ('7', 8)`, `d IN ('1.5')`): Spark's
 * InConversion casts every element to their wider common type, and a string with an integral type is BIGINT,
 * with a DECIMAL, DOUBLE or FLOAT a DOUBLE (AnsiTypeCoercion.findWiderTypeForTwo). Undefined otherwise.
 */
function stringInType(all: readonly ExprNode[], typeOf: TypeOf | undefined, text: string | undefined): SqlType | undefined {
  const numbers = all.filter((n) => !isNullLiteral(n) && !isStringOperand(n, typeOf, text)).map((n) => classOf(n, typeOf, text));
  if (numbers.length === 0 || numbers.length === all.filter((n) => !isNullLiteral(n)).length || !numbers.every(isKnownNumber)) return undefined;
  const t = numbers.some((c) => c.kind !== 'int') ? AS_DOUBLE : INTEGER_AS_DECIMAL;
  for (const n of all) if (n.type === 'literal' && typeof n.value === 'string') castStringOperand(n.value, t === AS_DOUBLE ? 'DOUBLE' : 'BIGINT', { positionStart: n.positionStart, positionEnd: n.positionEnd }, text);
  return t;
}

/** The type `x IN (values)` compares in: x's ordered type, or decimal for an integer x among number literals only. */
export function inType(expr: ExprNode, values: readonly ExprNode[], typeOf: TypeOf | undefined, text?: string): SqlType | undefined {
  const s = stringInType([expr, ...values], typeOf, text);
  if (s) return s;
  const t = staticType(expr, typeOf, text);
  // Spark casts x and every value to their common type (InConversion): with a DOUBLE or FLOAT among numbers of
  // known types, all are compared as doubles.
  const classes = [expr, ...values].map((n) => classOf(n, typeOf, text));
  if (classes.every(isKnownNumber) && classes.some((c) => c.kind === 'double')) return AS_DOUBLE;
  // A DOUBLE or FLOAT x among numbers and texts of doubles ('NaN', '1.5'): Spark casts the texts to DOUBLE too.
  const isDoubleText = (n: ExprNode) => n.type === 'literal' && typeof n.value === 'string' && sqlDouble(n.value) !== undefined;
  if (classes[0]!.kind === 'double' && values.every((v, i) => isKnownNumber(classes[i + 1]!) || isDoubleText(v))) return AS_DOUBLE;
  if (isOrderedType(t)) return t;
  return t?.kind === 'long' && values.length > 0 && values.every(isNumberLiteral) ? INTEGER_AS_DECIMAL : undefined;
}

/** `left op right` compared as values of their common type; undefined when neither side is typed. */
export function compileTypedComparison(op: string, left: ExprNode, right: ExprNode, typeOf: TypeOf | undefined, compile: Compile, text?: string): (() => boolean | null) | undefined {
  const t = comparisonType(left, right, typeOf, text);
  if (!(isOrderedType(t) || t?.kind === 'double') || !(op in OPS)) return undefined;
  const test = OPS[op]!;
  const cmp = comparerOf(t);
  const l = side(left, t, right, compile, text, typeOf);
  const r = side(right, t, left, compile, text, typeOf);
  return () => {
    const a = l();
    const b = r();
    // NULL, or a value that is not one of the type (SQL's failed cast in non-ANSI mode): unknown.
    return a == null || b == null ? null : test(cmp(a, b));
  };
}

/** `x IN (values)` compared as values of x's type (SQL three-valued); undefined when x is not typed. */
export function compileTypedIn(expr: ExprNode, values: readonly ExprNode[], typeOf: TypeOf | undefined, compile: Compile, text?: string): (() => boolean | null) | undefined {
  const t = inType(expr, values, typeOf, text);
  if (!(isOrderedType(t) || t?.kind === 'double')) return undefined;
  const cmp = comparerOf(t);
  const x = side(expr, t, expr, compile, text, typeOf);
  const vs = values.map((v) => side(v, t, expr, compile, text, typeOf));
  return () => {
    const a = x();
    if (a == null) return null;
    let unknown = false;
    for (const v of vs) {
      const b = v();
      if (b == null) unknown = true;
      else if (cmp(a, b) === 0) return true;
    }
    return unknown ? null : false;
  };
}

/**
 * A compiled value as its ordering and grouping key when its type is ordered (decimal: unscaled bigint at
 * the type's scale, so 10.5 and 10.50 are one key; date/timestamp: epoch nanos); the value itself otherwise.
 */
export function keyed(t: SqlType | undefined, f: () => unknown): () => unknown {
  if (!isOrderedType(t)) return f;
  return () => { const v = f(); if (v == null) return null; return keyOf(t, v) ?? v; };
}
