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
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'bigint') n = Number(v);
  else if (typeof v === 'boolean') n = v ? 1 : 0;
  else if (typeof v === 'string') {
    const special = FLOATING_SPECIAL[v.trim().toLowerCase()];
    if (special !== undefined) n = special;
    else if (parseDecimal(v) !== undefined) n = Number(v.trim());
    else return castInvalid(v, to, at, text);
  } else return v;
  const t = to.toUpperCase();
  return t === 'FLOAT' || t === 'REAL' ? floatValue(n) : n;
}
