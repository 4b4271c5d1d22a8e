/**
 * CAST to a number type in SQL, for both executors (arrow-eval.ts compiles these, sql-typed-rewrite.ts calls
 * them from the squirreling fallback): exact, range-checked, and strict about text as Spark in ANSI mode is
 * (Cast with ansiEnabled: CAST_INVALID_INPUT for malformed text, CAST_OVERFLOW out of range), where
 * squirreling's Number() would round, truncate text or give NULL.
 */
import { LakeError } from '../../errors.ts';
import { errorRef } from '../../messages/message-parts.ts';
import { FLOATING_SPECIAL, parseDecimal } from './sql-types.ts';
import { engineInt, exprText, fail, floatValue, INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN, type At } from './exact-numeric.ts';
import { internalError } from '../../message-error.ts';

/** INTEGER/INT (32-bit) and BIGINT (64-bit): the casts to an integer type. */
export const INTEGER_CASTS: Readonly<Record<string, readonly [bigint, bigint]>> = { INTEGER: [INT32_MIN, INT32_MAX], INT: [INT32_MIN, INT32_MAX], BIGINT: [INT64_MIN, INT64_MAX] };

/** Text Spark ANSI casts to an integral type: an optional sign and digits (no point, no exponent). */
export const INTEGRAL_TEXT = /^\s*[+-]?\d+\s*$/;

/** Throws Spark ANSI's CAST_OVERFLOW as LakeError DataInvalid: `value` is out of the range of `type`. */
export function castOutOfRange(value: string, type: string, at: At, text: string | undefined): never {
  return fail('DataInvalid', errorRef('error.sql.exact.castRange', { expr: exprText(at, text), value, type }), at);
}

/** Throws Spark ANSI's CAST_INVALID_INPUT as LakeError DataInvalid: text `v` is no `to` (INT, BIGINT, DOUBLE…). */
export function castInvalid(v: string, to: string, at: At, text: string | undefined): never {
  return fail('DataInvalid', errorRef('error.sql.exact.castInvalid', { expr: exprText(at, text), value: JSON.stringify(v), type: to.toUpperCase() }), at);
}

/**
 * CAST(v AS INTEGER | INT | BIGINT), exact: a decimal's text or a number truncated toward zero (Spark), a
 * bigint as is; outside the target's range LakeError DataInvalid at `at`; a boolean 1 or 0. Text (`fromText`:
 * a string, not a decimal column's canonical text) must be an integer — Spark in ANSI mode fails `'1.5'`,
 * `'1e1'` and `'abc'` with CAST_INVALID_INPUT, and so do we (DataInvalid), rather than truncate or give NULL.
 * An object is not cast here (`object` returned: the caller reports it as the engine does).
 */
export function castToInteger(v: unknown, to: string, at: At, text: string | undefined, fromText = false): unknown {
  if (v == null) return null;
  const range = INTEGER_CASTS[to.toUpperCase()];
  if (!range) throw internalError(`sql: no integer cast to ${to}`);
  let n: bigint;
  if (typeof v === 'bigint') n = v;
  else if (typeof v === 'boolean') n = v ? 1n : 0n;
  else if (typeof v === 'number') {
    // NaN has no integer: out of range, as Spark ANSI's CAST_OVERFLOW says.
    n = Number.isNaN(v) ? INT64_MAX + 1n : Number.isFinite(v) ? BigInt(Math.trunc(v)) : v > 0 ? INT64_MAX + 1n : INT64_MIN - 1n;
  } else if (typeof v === 'string') {
    if (fromText && !INTEGRAL_TEXT.test(v)) castInvalid(v, to, at, text);
    const d = parseDecimal(v);
    if (!d) castInvalid(v, to, at, text);
    // bigint division truncates toward zero.
    n = d.u / 10n ** BigInt(d.s);
  } else return v;
  if (n < range[0] || n > range[1]) {
    const value = typeof v === 'number' && !Number.isFinite(v) ? String(v) : typeof v === 'string' ? v : String(v);
    fail('DataInvalid', errorRef('error.sql.exact.castRange', { expr: exprText(at, text), value, type: to.toUpperCase() }), at);
  }
  return engineInt(n);
}

/**
 * CAST(v AS DOUBLE | FLOAT | REAL): a number or bigint rounded to the type, a decimal's or number text's
 * value, Spark's special texts (NaN, Infinity, inf); other text is LakeError DataInvalid (Spark ANSI:
 * CAST_INVALID_INPUT), not NULL. A FLOAT is held as its shortest text's double ({@link floatValue}). A
 * boolean is 1 or 0; an object is returned as is (the caller reports it).
 */
export function castToFloating(v: unknown, to: string, at: At, text: string | undefined): unknown {
  if (v == null) return null;
  const t = to.toUpperCase();
  const toFloat = t === 'FLOAT' || t === 'REAL';
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'bigint') n = toFloat ? nearestFloat({ u: v, s: 0 }) : Number(v);
  else if (typeof v === 'boolean') n = v ? 1 : 0;
  else if (typeof v === 'string') {
    const special = FLOATING_SPECIAL[v.trim().toLowerCase()];
    const d = special === undefined ? parseDecimal(v) : undefined;
    if (special !== undefined) n = special;
    else if (d !== undefined) n = toFloat ? nearestFloat(d) : Number(v.trim());
    else return castInvalid(v, to, at, text);
  } else return v;
  return toFloat ? floatValue(n) : n;
}

const F32 = new Float32Array(1);
const U32 = new Uint32Array(F32.buffer);

/** The float next to a finite float `f` towards +Infinity (`up`) or -Infinity, by its bit pattern. */
function nextFloat(f: number, up: boolean): number {
  if (f === 0) return up ? 2 ** -149 : -(2 ** -149);
  F32[0] = f;
  U32[0] = (f > 0) === up ? U32[0]! + 1 : U32[0]! - 1;
  return F32[0]!;
}

const evenMantissa = (f: number): boolean => { F32[0] = f; return (U32[0]! & 1) === 0; };

/** A finite float (or double) as m × 2^e with integer m and e (exact: m has at most 53 bits). */
function binaryParts(f: number): { m: bigint; e: number } {
  let e = 0;
  let m = f;
  while (!Number.isInteger(m)) { m *= 2; e--; }
  return { m: BigInt(m), e };
}

/**
 * The float nearest the exact decimal `d` (ties to even), as Java's (float) of a BigDecimal or long and
 * Float.parseFloat give it — Spark's Cast to FloatType of a decimal, a BIGINT or text. Math.fround(Number(x))
 * rounds twice (to a double, then to a float) and may land on the wrong float next to a tie:
 * 1.00000005960464477539062500000001 becomes the double 1 + 2^-24 exactly, a tie, which goes to 1.0, while
 * the value itself is nearer 1 + 2^-23. The double-rounded float is at most one float away, so the nearest
 * of it and its two neighbours, compared exactly in bigint, is the answer.
 */
export function nearestFloat(d: { u: bigint; s: number }): number {
  const guess = Math.fround(Number(`${d.u}e${-d.s}`));
  if (!Number.isFinite(guess)) return guess;
  // |x - f| of each candidate f = m·2^e, all scaled by one 10^s·2^k (parseDecimal gives s ≥ 0):
  // x·10^s·2^k = u·2^k, f·10^s·2^k = m·2^(e+k)·10^s.
  const candidates = [guess, nextFloat(guess, false), nextFloat(guess, true)].filter(Number.isFinite);
  const parts = candidates.map(binaryParts);
  const k = Math.max(0, ...parts.map((p) => -p.e));
  const x = d.u * 2n ** BigInt(k);
  const ten = 10n ** BigInt(Math.max(0, d.s));
  let best = guess;
  let bestDistance: bigint | undefined;
  candidates.forEach((f, i) => {
    const diff = x - parts[i]!.m * 2n ** BigInt(parts[i]!.e + k) * ten;
    const dist = diff < 0n ? -diff : diff;
    // A tie goes to the float whose last mantissa bit is 0 (IEEE round half to even).
    if (bestDistance === undefined || dist < bestDistance || (dist === bestDistance && evenMantissa(f))) { best = f; bestDistance = dist; }
  });
  return best;
}
