/**
 * Single values of a typed query (typed-eval.ts): a constant as written in the query's text, a constant or a
 * number rescaled to a DECIMAL's scale, a string cast as Spark's ANSI Cast casts it. No expression typing here
 * (that is typed-eval.ts's), so both it and the executors use these without a cycle.
 */
import type { ExprNode } from 'squirreling';
import { type At } from './exact-numeric.ts';
import { castInvalid, castOutOfRange, castToFloating, castToInteger } from './numeric-cast.ts';
import { parseDecimal, parseInstant, valueOfKey, type SqlType } from './sql-types.ts';
import { canonicalDecimal } from '../../arrow/index.ts';

const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A constant's value as written: a number literal as its text in `text` (exact), `-` of one; undefined when not a constant. */
export function constantOf(node: ExprNode, text: string | undefined): { value: unknown } | undefined {
  if (node.type === 'unary' && node.op === '-') {
    const c = constantOf(node.argument, text);
    if (!c || c.value == null) return c;
    const v = c.value;
    return { value: typeof v === 'string' ? (v.startsWith('-') ? v.slice(1) : `-${v}`) : typeof v === 'number' ? -v : v };
  }
  if (node.type !== 'literal') return undefined;
  const v = node.value;
  if (typeof v === 'number' && text !== undefined) {
    const src = text.slice(node.positionStart, node.positionEnd).trim();
    if (NUMBER_TEXT.test(src)) return { value: src };
  }
  return { value: v };
}


/** `v` (an integer or decimal text) as canonical DECIMAL(t.precision, t.scale) text; overflow an error at `at`. */
export function rescaleDecimal(v: unknown, t: { scale: number; precision?: number }, at: { positionStart?: number; positionEnd?: number }, text: string | undefined): unknown {
  if (v == null) return null;
  const d = parseDecimal(v);
  if (!d || d.s > t.scale) return v;
  const u = d.u * 10n ** BigInt(t.scale - d.s);
  const type = `DECIMAL(${t.precision ?? 38},${t.scale})`;
  if ((u < 0n ? -u : u).toString().length > (t.precision ?? 38)) castOutOfRange(canonicalDecimal(d.u, d.s), type, at, text);
  return canonicalDecimal(u, t.scale);
}

/**
 * A string `v` cast to DECIMAL(t.precision, t.scale) as Spark's ANSI Cast does it (Decimal.fromStringANSI:
 * blanks trimmed, java.math.BigDecimal's syntax — `'7.5'`, `'1e1'` — then changePrecision with ROUND_HALF_UP):
 * more fraction digits are rounded half up, too many digits are CAST_OVERFLOW and malformed text is
 * CAST_INVALID_INPUT, both LakeError DataInvalid at `at`. A value that is no string is rescaled
 * ({@link rescaleDecimal}).
 */
export function castTextToDecimal(v: unknown, t: { scale: number; precision?: number }, at: At, text: string | undefined): unknown {
  if (typeof v !== 'string') return rescaleDecimal(v, t, at, text);
  const type = `DECIMAL(${t.precision ?? 38},${t.scale})`;
  const d = parseDecimal(v);
  if (!d) return castInvalid(v, type, at, text);
  let u: bigint;
  if (d.s <= t.scale) u = d.u * 10n ** BigInt(t.scale - d.s);
  else {
    const div = 10n ** BigInt(d.s - t.scale);
    const abs = d.u < 0n ? -d.u : d.u;
    const q = abs / div + ((abs % div) * 2n >= div ? 1n : 0n);
    u = d.u < 0n ? -q : q;
  }
  if ((u < 0n ? -u : u).toString().length > (t.precision ?? 38)) castOutOfRange(v.trim(), type, at, text);
  return canonicalDecimal(u, t.scale);
}

/**
 * A constant argument as a value of type `t` in its canonical text (`0` of a decimal(…,2) is '0.00', a date
 * literal of a timestamp its midnight); null for NULL; undefined when it is no value of `t` (or has more
 * fraction digits than the decimal's scale).
 */
export function typedConstant(t: SqlType, node: ExprNode, text: string | undefined): string | null | undefined {
  const c = constantOf(node, text);
  if (!c) return undefined;
  if (c.value == null) return null;
  if (t.kind === 'decimal') {
    const d = parseDecimal(c.value);
    return d && d.s <= t.scale ? canonicalDecimal(d.u * 10n ** BigInt(t.scale - d.s), t.scale) : undefined;
  }
  const n = parseInstant(c.value);
  return n === undefined ? undefined : valueOfKey(t, n) as string;
}

/**
 * A string value cast as Spark's ANSI Cast does it before comparing (`to` from {@link stringCastOf}): to BIGINT
 * only an optional sign and digits within 64 bits, to DOUBLE a number or a special text (`'NaN'`, `'-inf'`);
 * anything else is LakeError DataInvalid at `at` (CAST_INVALID_INPUT) — never NULL, never JavaScript's loose `==`.
 */
export function castStringOperand(v: unknown, to: 'BIGINT' | 'DOUBLE', at: At, text: string | undefined): unknown {
  if (v == null || typeof v !== 'string') return v;
  return to === 'BIGINT' ? castToInteger(v, 'BIGINT', at, text, true) : castToFloating(v, 'DOUBLE', at, text);
}
