/**
 * SUM and AVG of decimals, typed and valued as Spark types them (Spark 4, ANSI mode — its default — as the rest
 * of exact-numeric.ts), for both executors:
 * - SUM(decimal(p,s)) is DECIMAL(min(38, p+10), s) (Sum.resultType: DecimalType.bounded(p + 10, s)); a sum of
 *   more digits than that is an error in ANSI mode (NULL otherwise) — LakeError DataInvalid here.
 * - AVG(decimal(p,s)) is DECIMAL(min(38, p+4), min(38, s+4)) (Average.resultType). Its value is
 *   DecimalDivideWithOverflowCheck(sum, count AS DECIMAL(20,0)): the sum (of Average.sumDataType, DECIMAL(p+10,
 *   s) bounded — overflowing it is an error under ANSI) divided by Decimal's `/` (38 fraction digits, HALF_UP),
 *   then Decimal.toPrecision(p', s', ROUND_HALF_UP) to the result type, whose overflow is an error under ANSI.
 * The precision matters beyond overflow: arithmetic on the aggregate takes it into DecimalPrecision's result
 * type (`AVG(d) * AVG(d)` of a decimal(10,2) is decimal(29,12), not a 38-digit type cut to scale 6).
 */
import { errorRef } from '../../messages/message-parts.ts';
import { canonicalDecimal } from '../../arrow/index.ts';
import { exprText, fail, MAX_DECIMAL_DIGITS, type At } from './exact-numeric.ts';
import type { SqlType } from './sql-types.ts';

type DecimalType = Extract<SqlType, { kind: 'decimal' }>;

/** The type of SUM over `t`: DECIMAL(min(38, p+10), s). An unknown precision is taken as 38. */
export const sumDecimalType = (t: DecimalType): DecimalType =>
  ({ kind: 'decimal', scale: t.scale, precision: Math.min(MAX_DECIMAL_DIGITS, (t.precision ?? MAX_DECIMAL_DIGITS) + 10) });

/** The type of AVG over `t`: DECIMAL(min(38, p+4), min(38, s+4)). */
export const avgDecimalType = (t: DecimalType): DecimalType =>
  ({ kind: 'decimal', scale: Math.min(MAX_DECIMAL_DIGITS, t.scale + 4), precision: Math.min(MAX_DECIMAL_DIGITS, (t.precision ?? MAX_DECIMAL_DIGITS) + 4) });

const digits = (n: bigint): number => (n < 0n ? -n : n).toString().length;

/** Throws when unscaled `u` has more digits than `type` holds (Spark ANSI: NUMERIC_VALUE_OUT_OF_RANGE). */
function checkFits(u: bigint, type: DecimalType, at: At, text: string | undefined): void {
  const p = type.precision ?? MAX_DECIMAL_DIGITS;
  if (digits(u) > p) fail('DataInvalid', errorRef('error.sql.exact.decimalTypeOverflow', { expr: exprText(at, text, 'SUM'), digits: digits(u), type: `DECIMAL(${p},${type.scale})` }), at);
}

/** SUM over a column of type `t`, from the unscaled sum at t's scale: its canonical text, or an error past SUM's type. */
export function decimalSumValue(sum: bigint, t: DecimalType, at: At, text: string | undefined): string {
  const out = sumDecimalType(t);
  checkFits(sum, out, at, text);
  return canonicalDecimal(sum, out.scale);
}

/** n / d rounded HALF_UP (d > 0). */
function divideHalfUp(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  return (r < 0n ? -r : r) * 2n >= d ? (n < 0n ? q - 1n : q + 1n) : q;
}

/** AVG over a column of type `t`, from the unscaled sum at t's scale and the count (> 0): Spark's value, or an error. */
export function decimalAvgValue(sum: bigint, count: bigint, t: DecimalType, at: At, text: string | undefined): string {
  checkFits(sum, sumDecimalType(t), at, text);
  const out = avgDecimalType(t);
  // Decimal's `/`: the quotient at 38 fraction digits (HALF_UP), then toPrecision HALF_UP to the result's scale.
  const q38 = divideHalfUp(sum * 10n ** BigInt(MAX_DECIMAL_DIGITS - t.scale), count);
  const u = divideHalfUp(q38, 10n ** BigInt(MAX_DECIMAL_DIGITS - out.scale));
  checkFits(u, out, at, text);
  return canonicalDecimal(u, out.scale);
}
