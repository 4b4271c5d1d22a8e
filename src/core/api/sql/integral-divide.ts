/**
 * `a DIV b`, Spark's integral division (IntegralDivide; SQL reference, "div": "Divide expr1 by expr2 and
 * truncate the result"), on both executors. squirreling does not parse DIV, so table-refs.ts writes it into the
 * engine's query as `/` followed by a marker comment (table-refs.ts DIV_TEXT) that squirreling's tokenizer skips; a
 * binary `/` whose operator carries the marker is DIV ({@link isDivOperator}). Spark types it BIGINT for integer
 * and DECIMAL operands (inputs TypeCollection(LongType, DecimalType)): the exact quotient truncated toward zero
 * (java.math.BigDecimal.divideToIntegralValue for decimals); in ANSI mode a zero divisor is DIVIDE_BY_ZERO and a
 * quotient outside 64 bits (`-9223372036854775808 DIV -1`) ARITHMETIC_OVERFLOW — both LakeError DataInvalid. Other
 * operands (a DOUBLE, a string, a value of unknown type) are refused (Unsupported) rather than guessed.
 */
import type { ExprNode } from 'squirreling';
import { errorRef } from '../../messages/message-parts.ts';
import { engineInt, exprText, fail, INT64_MAX, INT64_MIN, type At, type NumClass } from './exact-numeric.ts';
import { parseDecimal } from './sql-types.ts';
import { DIV_MARKER } from './table-refs.ts';


/** True when `node` is a `/` written as DIV in the query (the marker between its operands in the engine's text). */
export function isDivOperator(node: ExprNode, text: string | undefined): boolean {
  if (node.type !== 'binary' || node.op !== '/' || text === undefined) return false;
  return text.slice(node.left.positionEnd, node.right.positionStart).includes(DIV_MARKER);
}

/** Throws Unsupported at `at` unless both operand classes are integers or decimals (Spark's DIV inputs). */
export function checkDivOperands(l: NumClass, r: NumClass, at: At, text: string | undefined): void {
  for (const c of [l, r]) {
    if (c.kind !== 'int' && c.kind !== 'decimal') fail('Unsupported', errorRef('error.sql.exact.divOperand', { expr: exprText(at, text), type: c.kind === 'double' ? 'DOUBLE' : 'unknown' }), at);
  }
}

/** An operand of class `c` as an exact decimal (an integer's bigint or number, a decimal's canonical text). */
function exact(v: unknown, c: NumClass, at: At, text: string | undefined): { u: bigint; s: number } {
  const d = c.kind === 'int' && typeof v === 'number' && Number.isSafeInteger(v) ? { u: BigInt(v), s: 0 } : parseDecimal(v);
  if (!d || typeof v === 'boolean') return fail('Unsupported', errorRef('error.sql.exact.divOperand', { expr: exprText(at, text), type: typeof v }), at);
  return d;
}

/** `a DIV b` for operands of classes `l` and `r` (checked by {@link checkDivOperands}): a BIGINT, NULL when either is NULL. */
export function integralDivide(a: unknown, b: unknown, l: NumClass, r: NumClass, at: At, text: string | undefined): number | bigint | null {
  if (a == null || b == null) return null;
  const x = exact(a, l, at, text);
  const y = exact(b, r, at, text);
  if (y.u === 0n) fail('DataInvalid', errorRef('error.sql.exact.divideByZero', { expr: exprText(at, text) }), at);
  // x / y = (x.u · 10^y.s) / (y.u · 10^x.s); bigint division truncates toward zero, as divideToIntegralValue does.
  const q = (x.u * 10n ** BigInt(y.s)) / (y.u * 10n ** BigInt(x.s));
  if (q < INT64_MIN || q > INT64_MAX) fail('DataInvalid', errorRef('error.sql.exact.overflow', { expr: exprText(at, text), type: 'BIGINT' }), at);
  return engineInt(q);
}
