/**
 * Exact numbers in SQL, for both executors (arrow-eval.ts compiles these, sql-typed-rewrite.ts calls them
 * from the squirreling fallback). squirreling 0.12 computes `+ - * / %`, unary minus and CAST through
 * Number(), so a 64-bit integer beyond 2^53 or a decimal of more than 15 significant digits silently
 * rounds (`big + 1`, `CAST(d AS INTEGER)` of a decimal(38,0) 9007199254740993, a literal 9007199254740993).
 * Here a value is exact or the query stops with a LakeError naming the expression and its place:
 *
 * Types are Spark's (ANSI mode, Spark 4's default; AnsiTypeCoercion and DecimalPrecision):
 * - **Number literals** are read from the query's text and typed as Spark's parser types them: `1` INT,
 *   `9007199254740993` BIGINT (a bigint value beyond 2^53), past 64 bits DECIMAL(digits, 0), `1.5`
 *   DECIMAL(2,1), `1e3` DOUBLE.
 * - **Integers** (integer columns with their width — sql-types.ts `long` with `bits` —, integer literals,
 *   CAST … AS INT/BIGINT, SUM of one — a BIGINT —, arithmetic of these): `+ - * %`, unary minus and ABS in
 *   bigint at the wider operand's width (INT op INT is an INT); a result outside it is LakeError DataInvalid
 *   (SQLSTATE 22003; Spark ANSI's ARITHMETIC_OVERFLOW), not a wrap-around or a wider number.
 * - **DOUBLE and FLOAT** (columns, exponent literals, CAST): with any other number the result is a DOUBLE of
 *   both sides cast to DOUBLE (a BIGINT past 2^53 rounds, a FLOAT is widened by Math.fround of the shortest
 *   text the engine holds it as); FLOAT op FLOAT is a FLOAT. `/` of integers is a DOUBLE (Spark's Division).
 * - `/` and `%` by zero are LakeError DataInvalid (Spark ANSI's DIVIDE_BY_ZERO), for every number type.
 * - **A value whose type SQL does not know** (a function's result…) meeting an
 *   integer: a fraction is a double, and the double answer is SQL's (integer op double is double); when both
 *   values are integers and the double answer is not the exact one (a result beyond 2^53), a double would
 *   want the rounded answer and an integer the exact one, so the query stops (Unsupported). A decimal with a
 *   double is a double (Spark); a decimal with a bigint or text of unknown type is refused.
 * - **Decimals** follow Spark (DecimalPrecision with `spark.sql.decimalOperations.allowPrecisionLoss`, its
 *   default; Hive's rules too — what most Iceberg and Delta tables are written by). Result types: `+`/`-`
 *   precision max(p1-s1, p2-s2) + max(s1,s2) + 1, scale max(s1,s2); `*` p1+p2+1, s1+s2; `/` p1-s1+s2 +
 *   max(6, s1+p2+1), scale max(6, s1+p2+1); `%` min(p1-s1, p2-s2) + max(s1,s2), scale max(s1,s2). A precision past
 *   38 becomes 38 and the scale max(38 - integer digits, min(scale, 6)) (DecimalType.adjustPrecisionScale).
 *   Values (Spark's Decimal): `+ - %` exact, `*` rounded to 38 significant digits (MathContext(38, HALF_UP)),
 *   `/` rounded to 38 fractional digits (HALF_UP), then each rounded HALF_UP to the result's scale
 *   (Decimal.toPrecision) — done here on bigint unscaled values, so the answer is Spark's to the last digit. A
 *   result of more digits than its precision is LakeError DataInvalid (Spark in ANSI mode; NULL otherwise). A long is decimal(20,0) there (Spark's DecimalType.forType(LongType)), an
 *   integer literal decimal(its digits, 0), `1.50` decimal(3,2).
 * - **CAST(x AS INTEGER | INT | BIGINT)** truncates toward zero — Spark's Cast (Decimal.toLong /
 *   roundToLong: `toBigInteger.longValueExact()`, truncation, overflow an error in ANSI mode); Trino and
 *   PostgreSQL round half away from zero instead, squirreling truncates (Math.trunc), and we keep truncation.
 *   INTEGER/INT is 32-bit, BIGINT 64-bit; a value outside is LakeError DataInvalid, never a wrap-around or a
 *   rounded double. Text that is not an integer (`'1.5'`, `'abc'`) is LakeError DataInvalid (Spark ANSI's
 *   CAST_INVALID_INPUT); CAST AS FLOAT/REAL/DOUBLE likewise for text that is no number.
 * Results follow the engines' convention for 64-bit values: a number while it is a safe integer, a bigint beyond.
 */
import type { ExprNode } from 'squirreling';
import { LakeError, type LakeErrorRef } from '../../errors.ts';
import { errorRef, errorText } from '../../messages/message-parts.ts';
import { canonicalDecimal } from '../../arrow/index.ts';
import { parseDecimal, type IntBits, type SqlType } from './sql-types.ts';

/** What SQL knows of an operand before running: an integer, a decimal(p,s), a double, or nothing. */
export type NumClass =
  | { readonly kind: 'int'; readonly precision: number; /** Spark's integral width (TINYINT 8 … BIGINT 64); 64 when absent. */ readonly bits?: IntBits }
  | { readonly kind: 'decimal'; readonly precision: number; readonly scale: number }
  | { readonly kind: 'double'; /** A FLOAT (REAL): 32-bit, widened to a double with any other type. */ readonly float?: boolean }
  | { readonly kind: 'any' };

const ANY: NumClass = { kind: 'any' };
export const MAX_DECIMAL_DIGITS = 38;
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;
export const INT32_MIN = -(2n ** 31n);
export const INT32_MAX = 2n ** 31n - 1n;
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** The range and SQL name of each integral width (Spark's ByteType … LongType). */
const INT_RANGES: Readonly<Record<IntBits, readonly [bigint, bigint, string]>> = {
  8: [-128n, 127n, 'TINYINT'], 16: [-32768n, 32767n, 'SMALLINT'], 32: [INT32_MIN, INT32_MAX, 'INT'], 64: [INT64_MIN, INT64_MAX, 'BIGINT'],
};
/** Decimal digits of each integral width (Spark's DecimalType.forType: ByteDecimal (3,0) … LongDecimal (20,0) — 19 here, asDecimal makes it 20). */
const INT_DIGITS: Readonly<Record<IntBits, number>> = { 8: 3, 16: 5, 32: 10, 64: 19 };
const bitsOf = (c: { bits?: IntBits }): IntBits => c.bits ?? 64;
const INTEGER_TEXT = /^\s*[+-]?\d+\s*$/;
const FRACTION_TEXT = /^\s*[+-]?(\d*)\.(\d*)\s*$/;

/** Where a node is in the engine's query (run-sql.ts turns it into line:column of the query as written). */
export interface At { readonly positionStart?: number; readonly positionEnd?: number; /** Its text, when known before (the fallback's calls carry it). */ readonly expr?: string }
/**
 * An expression as the error names it: its text in the engine's query, else `what` — as the user wrote it: the
 * engine's query spells integer literals past 2^53 with a bigint suffix (`…n`, table-refs.ts), dropped here, and DIV
 * as `/` and a marker comment (table-refs.ts DIV_TEXT), written back as DIV.
 */
export const exprText = (node: At, text: string | undefined, what = 'expression'): string =>
  (node.expr ?? (text !== undefined && node.positionStart !== undefined && node.positionEnd !== undefined ? text.slice(node.positionStart, node.positionEnd).trim() || what : what))
    .replace(/\b(\d+)n\b/g, '$1').replaceAll('/ /*__ls_div*/', 'DIV');

/** Throws the SQL LakeError `code` with message `why` at `at` (the engine query's place). */
export function fail(code: 'DataInvalid' | 'Unsupported', why: LakeErrorRef, at: At): never {
  const ref = errorRef('error.sql', { message: why });
  throw new LakeError(code, errorText(ref), at.positionStart === undefined ? {} : { engineStart: at.positionStart, engineEnd: at.positionEnd ?? at.positionStart + 1 }, { ref });
}

/** A 64-bit engine value: a number while safe, else a bigint (as 64-bit columns reach SQL). */
export const engineInt = (n: bigint): number | bigint => (n >= -SAFE && n <= SAFE ? Number(n) : n);

/** An integer value as a bigint: a bigint, or a number that is a safe integer; undefined otherwise. */
function intOf(v: unknown): bigint | undefined {
  if (typeof v === 'bigint') return v;
  return typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : undefined;
}

const digits = (n: bigint): number => (n < 0n ? -n : n).toString().length;

/** A number literal's value as written in `text` (an integer beyond 2^53 as a bigint); the parsed value otherwise. */
export function literalValue(node: Extract<ExprNode, { type: 'literal' }>, text: string | undefined): unknown {
  const v = node.value;
  if (typeof v !== 'number' || text === undefined || Number.isSafeInteger(v)) return v;
  const src = text.slice(node.positionStart, node.positionEnd);
  return INTEGER_TEXT.test(src) ? engineInt(BigInt(src.trim())) : v;
}

/**
 * The class of an integer literal as Spark types it (AstBuilder.visitIntegerLiteral): INT when it fits 32
 * bits, BIGINT when it fits 64, else DECIMAL(its digits, 0).
 */
function integerLiteralClass(n: bigint): NumClass {
  const precision = Math.max(1, digits(n));
  if (n >= INT32_MIN && n <= INT32_MAX) return { kind: 'int', precision, bits: 32 };
  if (n >= INT64_MIN && n <= INT64_MAX) return { kind: 'int', precision, bits: 64 };
  return { kind: 'decimal', precision, scale: 0 };
}

/**
 * The class of a number literal from its text, as Spark's parser types it: an integer INT/BIGINT, a decimal
 * (`1.50`, DECIMAL(3,2)), a double (`1e3`, `2.5E-1`: an exponent makes a DOUBLE literal).
 */
function literalClass(node: Extract<ExprNode, { type: 'literal' }>, text: string | undefined): NumClass {
  const v = node.value;
  if (typeof v === 'bigint') return integerLiteralClass(v);
  if (typeof v !== 'number') return ANY;
  const src = text?.slice(node.positionStart, node.positionEnd);
  if (src !== undefined && INTEGER_TEXT.test(src)) return integerLiteralClass(BigInt(src.trim()));
  const f = src === undefined ? undefined : FRACTION_TEXT.exec(src);
  if (f) {
    const whole = (f[1] ?? '').replace(/^0+/, '');
    const frac = f[2] ?? '';
    return { kind: 'decimal', precision: Math.max(1, whole.length + frac.length), scale: frac.length };
  }
  if (src === undefined && Number.isSafeInteger(v)) return integerLiteralClass(BigInt(v));
  return { kind: 'double' };
}

/** A number literal (or `-` of one) of class decimal as its exact text (`-1.50`); undefined for anything else. */
export function decimalLiteralText(node: ExprNode, c: NumClass, text: string | undefined): string | undefined {
  if (c.kind !== 'decimal' || text === undefined) return undefined;
  if (node.type === 'unary' && node.op === '-') { const t = decimalLiteralText(node.argument, c, text); return t === undefined ? undefined : t.startsWith('-') ? t.slice(1) : `-${t}`; }
  if (node.type !== 'literal' || typeof node.value !== 'number') return undefined;
  const src = text.slice(node.positionStart, node.positionEnd).trim();
  return FRACTION_TEXT.test(src) ? src : undefined;
}

/** The class of an operand: a literal's from its text, a typed expression's from its SQL type (`typeOfExpr`). */
export function numClass(node: ExprNode, typeOfExpr: (n: ExprNode) => SqlType | undefined, text: string | undefined): NumClass {
  if (node.type === 'literal') return literalClass(node, text);
  if (node.type === 'unary' && node.op === '-') return numClass(node.argument, typeOfExpr, text);
  const t = typeOfExpr(node);
  if (t?.kind === 'long') return intClass(t.bits ?? 64);
  if (t?.kind === 'decimal') return { kind: 'decimal', precision: t.precision ?? MAX_DECIMAL_DIGITS, scale: t.scale };
  if (t?.kind === 'double') return t.float ? { kind: 'double', float: true } : { kind: 'double' };
  return ANY;
}

/** The class of a value of an integral type of `bits` (BIGINT when 64). */
export const intClass = (bits: IntBits): NumClass => (bits === 64 ? { kind: 'int', precision: INT_DIGITS[64] } : { kind: 'int', precision: INT_DIGITS[bits], bits });

/** True for a class whose values SQL knows to be numbers of one type (an integer, a decimal, a double or float). */
export const isKnownNumber = (c: NumClass): boolean => c.kind !== 'any';

/**
 * Spark's common type of two number classes in a comparison, IN or arithmetic (AnsiTypeCoercion
 * findTightestCommonType / findWiderTypeForTwo, DecimalPrecision): with a DOUBLE or FLOAT on either side
 * every other number is cast to DOUBLE (FLOAT with FLOAT stays FLOAT; with an integer it is DOUBLE in ANSI
 * mode), so `double`; otherwise integers and decimals compare exactly (`exact`); `any` when a side's type
 * is not known.
 */
export function comparisonClass(l: NumClass, r: NumClass): 'double' | 'exact' | 'any' {
  if (l.kind === 'any' || r.kind === 'any') return 'any';
  return l.kind === 'double' || r.kind === 'double' ? 'double' : 'exact';
}

/** A class as a decimal, for decimal arithmetic: an integer is decimal(its digits, 0) (a long decimal(20,0), Spark). */
function asDecimal(c: NumClass): { precision: number; scale: number } | undefined {
  if (c.kind === 'decimal') return c;
  if (c.kind === 'int') return { precision: c.precision >= 19 ? 20 : c.precision, scale: 0 };
  return undefined;
}

export const ARITHMETIC_OPS = new Set(['+', '-', '*', '/', '%']);

/**
 * The result of `l op r` by class: a decimal(p,s) (Spark DecimalPrecision, bounded to 38 digits), an integer,
 * or `any` (a double or unknown: the value decides at run time). Every class pair has a result type.
 */
export function arithmeticClass(op: string, l: NumClass, r: NumClass): NumClass {
  if (l.kind === 'any' || r.kind === 'any') {
    // An untyped number (a function's result…): the value decides at run time (exactArithmetic).
    return ANY;
  }
  // With a DOUBLE or FLOAT the other side is cast to DOUBLE (decimal op double is double, Spark
  // DecimalPrecision; an integer with a FLOAT is DOUBLE under ANSI AnsiTypeCoercion); FLOAT op FLOAT is FLOAT.
  // `/` of two integers casts both to DOUBLE (Spark's Division rule).
  if (l.kind === 'double' || r.kind === 'double') return l.kind === 'double' && r.kind === 'double' && l.float && r.float ? { kind: 'double', float: true } : { kind: 'double' };
  if (l.kind === 'decimal' || r.kind === 'decimal') {
    const a = asDecimal(l);
    const b = asDecimal(r);
    if (!a || !b) return ANY;
    if (op === '+' || op === '-') {
      const scale = Math.max(a.scale, b.scale);
      return adjustedDecimal(Math.max(a.precision - a.scale, b.precision - b.scale) + scale + 1, scale);
    }
    if (op === '*') return adjustedDecimal(a.precision + b.precision + 1, a.scale + b.scale);
    if (op === '/') {
      const scale = Math.max(MIN_ADJUSTED_SCALE, a.scale + b.precision + 1);
      return adjustedDecimal(a.precision - a.scale + b.scale + scale, scale);
    }
    const scale = Math.max(a.scale, b.scale);
    return adjustedDecimal(Math.min(a.precision - a.scale, b.precision - b.scale) + scale, scale);
  }
  // Integers: the wider of the two types (ImplicitTypeCasts), overflowing at its width under ANSI.
  if (l.kind === 'int' && r.kind === 'int') return op === '/' ? { kind: 'double' } : intClass(Math.max(bitsOf(l), bitsOf(r)) as IntBits);
  return ANY;
}

/** Spark's DecimalType.MINIMUM_ADJUSTED_SCALE: the least scale a result keeps when its precision is capped. */
const MIN_ADJUSTED_SCALE = 6;

/** decimal(precision, scale) as Spark's DecimalType.adjustPrecisionScale bounds it: past 38 digits the integer part wins. */
function adjustedDecimal(precision: number, scale: number): NumClass {
  if (precision <= MAX_DECIMAL_DIGITS) return { kind: 'decimal', precision, scale };
  const intDigits = precision - scale;
  return { kind: 'decimal', precision: MAX_DECIMAL_DIGITS, scale: Math.max(MAX_DECIMAL_DIGITS - intDigits, Math.min(scale, MIN_ADJUSTED_SCALE)) };
}

/** `u` × 10^-from rounded HALF_UP (halves away from zero, java.math.RoundingMode.HALF_UP) to `to` fractional digits. */
function roundHalfUp(u: bigint, from: number, to: number): bigint {
  if (to >= from) return u * 10n ** BigInt(to - from);
  return divideHalfUp(u, 10n ** BigInt(from - to));
}

/** n / d rounded HALF_UP (d ≠ 0). */
function divideHalfUp(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < (d < 0n ? -d : d)) return q;
  return (n < 0n) !== (d < 0n) ? q - 1n : q + 1n;
}

/** The SQL type of an arithmetic result class (what comparisons, ORDER BY and SUM see); undefined when untyped. */
export function typeOfClass(c: NumClass): SqlType | undefined {
  if (c.kind === 'decimal') return { kind: 'decimal', scale: c.scale, precision: c.precision };
  if (c.kind === 'int') return c.bits === undefined || c.bits === 64 ? { kind: 'long' } : { kind: 'long', bits: c.bits };
  if (c.kind === 'double') return c.float ? { kind: 'double', float: true } : { kind: 'double' };
  return undefined;
}

/** An exact decimal operand: a decimal's text, an integer; undefined for NULL. */
function decimalOperand(v: unknown, expr: string, at: At): { u: bigint; s: number } | undefined {
  const i = intOf(v);
  if (i !== undefined) return { u: i, s: 0 };
  const d = parseDecimal(v);
  // A decimal column's value is its canonical text; anything else here is not a decimal we can hold.
  if (!d || typeof v === 'number') fail('Unsupported', errorRef('error.sql.exact.decimalWith', { expr, other: typeof v }), at);
  return d;
}

const rescale = (d: { u: bigint; s: number }, to: number) => d.u * 10n ** BigInt(to - d.s);

/** Division by zero: Spark in ANSI mode raises DIVIDE_BY_ZERO (SQLSTATE 22012) for `/`, `%` of every number type. */
function divideByZero(at: At, text: string | undefined): never {
  return fail('DataInvalid', errorRef('error.sql.exact.divideByZero', { expr: exprText(at, text) }), at);
}

/** An operand of class `c` as the DOUBLE Spark casts it to: a FLOAT widened (Math.fround of its shortest text), an integer or decimal rounded to nearest. */
function doubleOperand(v: unknown, c: NumClass): number {
  const n = typeof v === 'number' ? v : Number(v);
  return c.kind === 'double' && c.float ? Math.fround(n) : n;
}

/** A FLOAT result as the engine holds floats: the shortest text that reads back as the same float (canonicalFloat32). */
export function floatValue(f: number): number {
  const v = Math.fround(f);
  if (!Number.isFinite(v) || v === 0) return v === 0 ? 0 : v;
  for (let p = 1; p <= 9; p++) { const c = Number(v.toPrecision(p)); if (Math.fround(c) === v) return c; }
  return v;
}

/** Throws the overflow error of integral width `bits` when `n` is outside it. */
function checkIntRange(n: bigint, bits: IntBits, at: At, text: string | undefined): void {
  const [lo, hi, name] = INT_RANGES[bits];
  if (n < lo || n > hi) fail('DataInvalid', errorRef('error.sql.exact.overflow', { expr: exprText(at, text), type: name }), at);
}

/**
 * `a op b` evaluated exactly for operands of classes `l` and `r` with result class `out` (from
 * {@link arithmeticClass}); `at`/`text` name the expression in an error. NULL when either is NULL; `/` and
 * `%` by zero are LakeError DataInvalid (Spark ANSI's DIVIDE_BY_ZERO).
 */
export function exactArithmetic(op: string, a: unknown, b: unknown, l: NumClass, r: NumClass, out: NumClass, at: At, text: string | undefined): unknown {
  if (a == null || b == null) return null;
  if (out.kind === 'decimal') {
    const expr = exprText(at, text);
    const x = decimalOperand(a, expr, at)!;
    const y = decimalOperand(b, expr, at)!;
    // The exact (or Spark-rounded) value at scale s, then HALF_UP to the result's scale (Decimal.toPrecision).
    let u: bigint;
    let s: number;
    if (op === '*') {
      // java.math.BigDecimal.multiply(_, MathContext(38, HALF_UP)): 38 significant digits first.
      u = x.u * y.u;
      s = x.s + y.s;
      const extra = digits(u) - MAX_DECIMAL_DIGITS;
      if (extra > 0) { u = divideHalfUp(u, 10n ** BigInt(extra)); s -= extra; }
    } else if (op === '/') {
      if (y.u === 0n) divideByZero(at, text);
      // BigDecimal.divide(_, 38, HALF_UP): the quotient at 38 fractional digits.
      s = MAX_DECIMAL_DIGITS;
      u = divideHalfUp(x.u * 10n ** BigInt(s + y.s), y.u * 10n ** BigInt(x.s));
    } else if (op === '%') {
      if (y.u === 0n) divideByZero(at, text);
      // BigDecimal.remainder: the sign of the dividend, exact.
      s = Math.max(x.s, y.s);
      u = rescale(x, s) % rescale(y, s);
    } else {
      s = Math.max(x.s, y.s);
      u = op === '+' ? rescale(x, s) + rescale(y, s) : rescale(x, s) - rescale(y, s);
    }
    u = roundHalfUp(u, s, out.scale);
    if (digits(u) > out.precision) fail('DataInvalid', errorRef('error.sql.exact.decimalOverflow', { expr, digits: digits(u) }), at);
    return canonicalDecimal(u, out.scale);
  }
  if (out.kind === 'double') {
    // DOUBLE (or FLOAT op FLOAT): each side cast to DOUBLE first — a BIGINT past 2^53 rounds, as Spark's Cast does.
    const x = doubleOperand(a, l);
    const y = doubleOperand(b, r);
    if ((op === '/' || op === '%') && y === 0) divideByZero(at, text);
    const d = doubleOp(op, x, y) as number;
    return out.float ? floatValue(d) : d;
  }
  if (out.kind === 'int') {
    // Integers of known types: exact in bigint, an overflow of the result's width is an error (Spark ANSI).
    const bits = bitsOf(out);
    if ((op === '%' || op === '/') && (b === 0 || b === 0n)) divideByZero(at, text);
    // Fast path: two safe integers whose double answer is a safe integer — that answer is the exact one
    // (rounding is monotone, so an exact result past 2^53 never rounds back below it; `%` is always exact).
    if (typeof a === 'number' && typeof b === 'number' && Number.isSafeInteger(a) && Number.isSafeInteger(b)) {
      const d = doubleOp(op, a, b) as number;
      if (Number.isSafeInteger(d)) {
        if (bits !== 64) checkIntRange(BigInt(d), bits, at, text);
        return d === 0 ? 0 : d;
      }
    }
    const x = intOf(a);
    const y = intOf(b);
    if (x !== undefined && y !== undefined) {
      const exact = op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : x % y;
      checkIntRange(exact, bits, at, text);
      return engineInt(exact);
    }
  }
  if ((op === '/' || op === '%') && Number(b) === 0) divideByZero(at, text);
  // Fast path: two safe integers whose double answer is a safe integer — that answer is the exact one.
  if (typeof a === 'number' && typeof b === 'number' && op !== '/' && Number.isSafeInteger(a) && Number.isSafeInteger(b)) {
    const d = doubleOp(op, a, b);
    if (d === null || Number.isSafeInteger(d)) return d === 0 ? 0 : d;
  }
  if (op === '/') {
    // Numbers divide as doubles (Spark's Divide casts integers; squirreling divides the doubles).
    return Number(a) / Number(b);
  }
  if (l.kind === 'decimal' || r.kind === 'decimal') {
    // A decimal with a double: SQL's answer is the double one. With anything else (a bigint, text) we cannot say.
    const other = l.kind === 'decimal' ? b : a;
    if (typeof other !== 'number') fail('Unsupported', errorRef('error.sql.exact.decimalWith', { expr: exprText(at, text), other: typeof other }), at);
    return doubleOp(op, Number(a), Number(b));
  }
  const x = intOf(a);
  const y = intOf(b);
  if (x === undefined || y === undefined || (l.kind === 'double' || r.kind === 'double')) {
    // A fraction (a double) or a double literal: SQL computes in double, as squirreling does.
    return doubleOp(op, Number(a), Number(b));
  }
  const exact = op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : x % y;
  // Integer values of a type SQL does not know (a function's result…): the answer is the same only
  // while the double one is exact.
  const d = doubleOp(op, Number(a), Number(b)) as number;
  if (Number.isInteger(d) && BigInt(d) === exact) return typeof a === 'bigint' || typeof b === 'bigint' ? engineInt(exact) : d;
  return fail('Unsupported', errorRef('error.sql.exact.ambiguous', { expr: exprText(at, text) }), at);
}

function doubleOp(op: string, x: number, y: number): number | null {
  if (op === '+') return x + y;
  if (op === '-') return x - y;
  if (op === '*') return x * y;
  if (op === '/') return y === 0 ? null : x / y;
  return y === 0 ? null : x % y;
}

/**
 * Unary minus, exact: a decimal's text negated, an integer in bigint at its width (−(−2^31) of an INT
 * overflows, Spark ANSI's UnaryMinus), a double or float negated, an untyped number negated.
 */
export function exactNegate(v: unknown, c: NumClass, at: At, text: string | undefined): unknown {
  if (v == null) return null;
  if (c.kind === 'decimal') {
    const d = parseDecimal(v);
    if (!d || typeof v === 'number') return fail('Unsupported', errorRef('error.sql.exact.decimalWith', { expr: exprText(at, text), other: typeof v }), at);
    return canonicalDecimal(-rescale(d, Math.max(d.s, c.scale)), Math.max(d.s, c.scale));
  }
  if (c.kind === 'int') {
    const n = intOf(v);
    if (n !== undefined) { checkIntRange(-n, bitsOf(c), at, text); return engineInt(-n); }
  }
  if (typeof v === 'bigint') {
    if (-v > INT64_MAX) fail('DataInvalid', errorRef('error.sql.exact.overflow', { expr: exprText(at, text), type: 'BIGINT' }), at);
    return engineInt(-v);
  }
  // An integer's minus zero is zero (a double keeps its sign, as JS and IEEE do).
  return c.kind === 'int' && v === 0 ? 0 : -(v as number);
}

/**
 * ABS, exact and of its argument's type (Spark's Abs): an integer in bigint at its width (ABS of the
 * smallest INT or BIGINT overflows under ANSI), a decimal's text without its sign, a double's magnitude.
 */
export function exactAbs(v: unknown, c: NumClass, at: At, text: string | undefined): unknown {
  if (v == null) return null;
  if (c.kind === 'decimal' && typeof v === 'string') return v.startsWith('-') ? v.slice(1) : v;
  const n = intOf(v);
  if (n !== undefined && (c.kind === 'int' || typeof v === 'bigint')) {
    const abs = n < 0n ? -n : n;
    checkIntRange(abs, c.kind === 'int' ? bitsOf(c) : 64, at, text);
    return engineInt(abs);
  }
  if (typeof v === 'number') return Math.abs(v);
  const d = typeof v === 'string' ? parseDecimal(v) : undefined;
  return d ? Math.abs(Number(v)) : null;
}

/** Throws LakeError DataInvalid (the result is out of range for BIGINT) at `at` when `n` is outside 64 bits. */
export function checkInt64(n: bigint, at: At, text: string | undefined): void {
  if (n < INT64_MIN || n > INT64_MAX) fail('DataInvalid', errorRef('error.sql.exact.overflow', { expr: exprText(at, text), type: 'BIGINT' }), at);
}

/**
 * sum / count as the double nearest the exact quotient (AVG of integers is a double in Spark and Trino):
 * Number(sum) / count rounds twice once the sum passes 2^53; here the quotient's first 60+ digits and a
 * sticky digit for the rest are parsed once (Number() of decimal text rounds correctly).
 */
export function ratioToDouble(sum: bigint, count: bigint): number {
  if (sum >= -SAFE && sum <= SAFE && count <= SAFE) return Number(sum) / Number(count);
  const neg = sum < 0n;
  const abs = neg ? -sum : sum;
  const k = Math.max(0, 60 - digits(abs) + digits(count));
  const scaled = abs * 10n ** BigInt(k);
  const q = scaled / count;
  const sticky = scaled % count === 0n ? '' : '1';
  return Number(`${neg ? '-' : ''}${q}${sticky}e-${k + sticky.length}`);
}
