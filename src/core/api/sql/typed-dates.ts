/**
 * Date functions over typed values (a date or timestamp column, or an expression typed as one), exact on
 * both executors. squirreling 0.12 (expression/date.js) goes through a JS Date: `ts ± INTERVAL` and
 * EXTRACT(EPOCH …) keep milliseconds only, `'2024-01-31' + INTERVAL 1 MONTH` overflows into March,
 * `date + INTERVAL 1 HOUR` stays the date, and an unknown DATE_TRUNC unit returns the value unchanged. Here
 * the value is its instant in epoch nanoseconds (sql-types.ts parseInstant) and:
 * - DATE_TRUNC(YEAR|MONTH|DAY|HOUR|MINUTE|SECOND, x) floors to that unit, the result of x's type (a date
 *   stays a date), in the canonical text of that type (sql-types.ts valueOfKey);
 * - EXTRACT/DATE_PART of YEAR, MONTH, DAY, HOUR, MINUTE, SECOND (whole seconds, squirreling's field) and
 *   DOW (0 = Sunday) are integers of the floored instant; EPOCH of a timestamp is the exact decimal of
 *   seconds (scale 6, or 9 for a nanosecond column; PostgreSQL's numeric EXTRACT(EPOCH)), of a date whole seconds;
 * - x ± INTERVAL n DAY|HOUR|MINUTE|SECOND adds exact nanoseconds (UTC: a day is 86,400 s); MONTH and YEAR
 *   move the civil date and clamp the day to the month's last (2024-01-31 + 1 month = 2024-02-29: Spark
 *   add_months, PostgreSQL, Trino); a date with HOUR, MINUTE or SECOND becomes a timestamp (PostgreSQL's
 *   `date + interval`), with DAY, MONTH or YEAR stays a date. A fractional n is refused.
 * A unit or field that is not a constant, or not one of these, is LakeError Unsupported at its place.
 */
import type { ExprNode } from 'squirreling';
import { messageError } from '../../message-error.ts';
import { errorRef, type ErrorRef } from '../../messages/message-parts.ts';
import { parseInstant, valueOfKey, type SqlType } from './sql-types.ts';

type Dated = Extract<SqlType, { kind: 'date' | 'timestamp' }>;
export const isDated = (t: SqlType | undefined): t is Dated => t?.kind === 'date' || t?.kind === 'timestamp';

const NS_PER_SECOND = 1_000_000_000n;
const NS: Record<string, bigint> = { SECOND: NS_PER_SECOND, MINUTE: 60n * NS_PER_SECOND, HOUR: 3600n * NS_PER_SECOND, DAY: 86_400n * NS_PER_SECOND };
export const TRUNC_UNITS = ['YEAR', 'MONTH', 'DAY', 'HOUR', 'MINUTE', 'SECOND'] as const;
export const EXTRACT_FIELDS = ['YEAR', 'MONTH', 'DAY', 'HOUR', 'MINUTE', 'SECOND', 'DOW', 'EPOCH'] as const;

const floorDiv = (a: bigint, b: bigint) => { const q = a / b; return a % b !== 0n && (a < 0n) !== (b < 0n) ? q - 1n : q; };

/** Civil date of a day number (days since 1970-01-01), proleptic Gregorian as Date has it. */
function civil(days: bigint): { y: number; m: number; d: number } {
  const date = new Date(Number(days) * 86_400_000);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}
function dayNumber(y: number, m: number, d: number): bigint {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return BigInt(Math.round(date.getTime() / 86_400_000));
}
const daysInMonth = (y: number, m: number) => Number(dayNumber(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 1) - dayNumber(y, m, 1));

function unsupported(what: ErrorRef, node: { positionStart?: number; positionEnd?: number } | undefined): never {
  throw messageError('Unsupported', 'error.sql', { message: what }, node?.positionStart === undefined ? {} : { engineStart: node.positionStart, engineEnd: node.positionEnd ?? node.positionStart + 1 });
}

/** A unit or field argument's constant text, upper-cased; Unsupported when it is not a constant or not in `allowed`. */
export function constantUnit(node: ExprNode, allowed: readonly string[], fn: string): string {
  const v = node.type === 'literal' ? node.value : undefined;
  const unit = typeof v === 'string' ? v.toUpperCase() : undefined;
  if (unit === undefined || !allowed.includes(unit)) {
    unsupported(errorRef('error.sql.dateUnit', { fn, unit, allowed: allowed.join(', ') }), node);
  }
  return unit;
}

/** The type DATE_TRUNC gives: the argument's. */
export const truncType = (t: Dated): Dated => t;

/** The type `x ± INTERVAL n unit` gives. */
export const shiftType = (t: Dated, unit: string): Dated => (t.kind === 'date' && unit !== 'DAY' && unit !== 'MONTH' && unit !== 'YEAR' ? { kind: 'timestamp' } : t);

/** The type EXTRACT(field …) gives when it is typed: EPOCH of a timestamp, an exact decimal. */
export const extractType = (t: Dated, field: string): SqlType | undefined => (field === 'EPOCH' && t.kind === 'timestamp' ? { kind: 'decimal', scale: t.nanos ? 9 : 6 } : undefined);

/** DATE_TRUNC(unit, v) of a value of type `t`. */
export function truncDated(unit: string, v: unknown, t: Dated): string | null {
  const n = v == null ? undefined : parseInstant(v);
  if (n === undefined) return null;
  let out: bigint;
  if (unit === 'YEAR' || unit === 'MONTH') {
    const c = civil(floorDiv(n, NS.DAY!));
    out = dayNumber(c.y, unit === 'YEAR' ? 1 : c.m, 1) * NS.DAY!;
  } else out = floorDiv(n, NS[unit]!) * NS[unit]!;
  return valueOfKey(t, out) as string;
}

/** EXTRACT(field FROM v) of a value of type `t`. */
export function extractDated(field: string, v: unknown, t: Dated): number | string | null {
  const n = v == null ? undefined : parseInstant(v);
  if (n === undefined) return null;
  const days = floorDiv(n, NS.DAY!);
  const inDay = n - days * NS.DAY!;
  switch (field) {
    case 'YEAR': return civil(days).y;
    case 'MONTH': return civil(days).m;
    case 'DAY': return civil(days).d;
    case 'HOUR': return Number(inDay / NS.HOUR!);
    case 'MINUTE': return Number((inDay / NS.MINUTE!) % 60n);
    case 'SECOND': return Number((inDay / NS_PER_SECOND) % 60n);
    case 'DOW': return Number((((days + 4n) % 7n) + 7n) % 7n); // 1970-01-01 was a Thursday
    default: {
      const scaled = extractType(t, 'EPOCH');
      if (!scaled || scaled.kind !== 'decimal') return Number(floorDiv(n, NS_PER_SECOND));
      return valueOfKey(scaled, floorDiv(n, 10n ** BigInt(9 - scaled.scale))) as string;
    }
  }
}

/** `v ± INTERVAL amount unit` of a value of type `t` (the result has {@link shiftType}). */
export function shiftDated(v: unknown, amount: number, unit: string, op: '+' | '-', t: Dated, node?: { positionStart?: number; positionEnd?: number }): string | null {
  if (!Number.isInteger(amount)) unsupported(errorRef('error.sql.fractionalInterval', { amount, unit }), node);
  const n = v == null ? undefined : parseInstant(v);
  if (n === undefined) return null;
  const k = BigInt(op === '+' ? amount : -amount);
  let out: bigint;
  if (unit === 'MONTH' || unit === 'YEAR') {
    const days = floorDiv(n, NS.DAY!);
    const inDay = n - days * NS.DAY!;
    const c = civil(days);
    const months = BigInt(c.y) * 12n + BigInt(c.m - 1) + (unit === 'YEAR' ? 12n * k : k);
    const y = Number(floorDiv(months, 12n));
    const m = Number(months - BigInt(y) * 12n) + 1;
    out = dayNumber(y, m, Math.min(c.d, daysInMonth(y, m))) * NS.DAY! + inDay;
  } else if (NS[unit] !== undefined) out = n + k * NS[unit]!;
  else unsupported(errorRef('error.sql.intervalUnit', { unit }), node);
  return valueOfKey(shiftType(t, unit), out) as string;
}
