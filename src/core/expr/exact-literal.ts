/**
 * Exact conversion of literals for the kinds whose values lie on an integer grid: int, long, decimal(P,S)
 * (unscaled), date (days), time and timestamps (µs or ns). A literal is first read as an exact rational
 * number of grid units — never through a double, so `1728551410100.10010` keeps every digit — and then
 * either is a grid value of the type, or lies strictly between two neighbouring grid values (`1.005` on a
 * scale-2 column lies between 1.00 and 1.01; `2^40` on an int column lies above the largest int).
 * bind.ts turns the second case into comparisons with the neighbours, which select exactly the rows the
 * comparison with the literal itself would select (SQL compares such values exactly, as decimals).
 */
import type { DecimalLiteral, Literal } from './expr.ts';
import type { PrimitiveKind, Value, ValueType } from './types.ts';

/** Where a literal lies on a type's grid: on a value, or strictly between `below` and `above` (either may not exist). */
export type LiteralRange =
  | { readonly exact: Value }
  | { readonly below?: Value; readonly above?: Value; readonly why: string };

type GridKind = 'int' | 'long' | 'decimal' | 'date' | 'time' | 'timestamp' | 'timestamptz' | 'timestamp_ns' | 'timestamptz_ns';

/** True for the kinds {@link literalRange} handles. */
export function isGridKind(kind: PrimitiveKind): kind is GridKind {
  return kind === 'int' || kind === 'long' || kind === 'decimal' || kind === 'date' || kind === 'time' || kind.startsWith('timestamp');
}

/** `num / den` with `den > 0`. */
interface Rational { readonly num: bigint; readonly den: bigint }

const INT64: [bigint, bigint] = [-(2n ** 63n), 2n ** 63n - 1n];
const INT32: [bigint, bigint] = [-(2n ** 31n), 2n ** 31n - 1n];
const MICROS_PER_DAY = 86_400_000_000n;
/** Exponents beyond this are clamped: 10^400 lies beyond every grid and 10^-400 below every grid step. */
const MAX_EXPONENT = 400;

/**
 * Reads `lit` as an exact position on the grid of `type` (a grid kind, see {@link isGridKind}). Returns an
 * error message when the literal is not a value of that sort at all (text on an int column …).
 */
export function literalRange(lit: Literal, type: ValueType): LiteralRange | string {
  const kind = type.kind as GridKind;
  const r = gridRational(lit, type);
  if (typeof r === 'string') return r;
  const [min, max] = gridBounds(type);
  const floor = floorDiv(r.num, r.den);
  const onGrid = floor * r.den === r.num;
  const toValue = (n: bigint): Value => (kind === 'int' || kind === 'date' ? Number(n) : n);
  if (onGrid && floor >= min && floor <= max) return { exact: toValue(floor) };
  let below: bigint | undefined = onGrid ? floor - 1n : floor;
  let above: bigint | undefined = floor + 1n;
  if (below > max) below = max; else if (below < min) below = undefined;
  if (above < min) above = min; else if (above > max) above = undefined;
  const outOfRange = floor < min || (onGrid ? floor > max : floor >= max);
  const why = outOfRange ? 'out of the range of the type' : kind === 'decimal' ? `more than ${type.scale ?? 0} fraction digits` : 'finer than the type can hold';
  return { ...(below !== undefined ? { below: toValue(below) } : {}), ...(above !== undefined ? { above: toValue(above) } : {}), why };
}

function gridBounds(type: ValueType): [bigint, bigint] {
  switch (type.kind) {
    case 'int': case 'date': return INT32;
    case 'decimal': { const m = 10n ** BigInt(type.precision ?? 38) - 1n; return [-m, m]; }
    case 'time': return [0n, MICROS_PER_DAY - 1n];
    default: return INT64;
  }
}

/** The literal in grid units of the type, or an error message. */
function gridRational(lit: Literal, type: ValueType): Rational | string {
  const kind = type.kind as GridKind;
  switch (kind) {
    case 'int': case 'long': return numberRational(lit) ?? 'expected an integer';
    case 'decimal': {
      const r = numberRational(lit);
      return r ? { num: r.num * 10n ** BigInt(type.scale ?? 0), den: r.den } : 'expected a decimal number';
    }
    case 'date':
      if (typeof lit === 'number' || typeof lit === 'bigint') return integerRational(lit) ?? 'expected YYYY-MM-DD or days since 1970-01-01';
      if (typeof lit !== 'string') return 'expected YYYY-MM-DD';
      return scaleSeconds(timestampSeconds(lit, false), 1n, 86_400n);
    case 'time':
      if (typeof lit !== 'string') return integerRational(lit) ?? 'expected HH:MM:SS[.ffffff] or microseconds since midnight';
      return scaleSeconds(timeSeconds(lit), 1_000_000n, 1n);
    default: {
      if (typeof lit !== 'string') return integerRational(lit) ?? 'expected an ISO timestamp string';
      const perSecond = kind.endsWith('_ns') ? 1_000_000_000n : 1_000_000n;
      return scaleSeconds(timestampSeconds(lit, kind.startsWith('timestamptz')), perSecond, 1n);
    }
  }
}

function scaleSeconds(r: Rational | string, mul: bigint, div: bigint): Rational | string {
  return typeof r === 'string' ? r : { num: r.num * mul, den: r.den * div };
}

function integerRational(lit: Literal): Rational | undefined {
  if (typeof lit === 'bigint') return { num: lit, den: 1n };
  if (typeof lit === 'number' && Number.isSafeInteger(lit)) return { num: BigInt(lit), den: 1n };
  return undefined;
}

/** A number, bigint, decimal literal or numeric string as an exact rational (a double by its shortest text). */
function numberRational(lit: Literal): Rational | undefined {
  if (typeof lit === 'bigint') return { num: lit, den: 1n };
  let s: string;
  if (typeof lit === 'number') { if (!Number.isFinite(lit)) return undefined; s = String(lit); } else if (typeof lit === 'string') s = lit.trim();
  else if (isDecimalLiteral(lit)) s = lit.decimal;
  else return undefined;
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const frac = m[3] ?? '';
  let digits = BigInt(`${m[2]}${frac}` || '0');
  if (m[1] === '-') digits = -digits;
  let exp = (m[4] ? Number(m[4]) : 0) - frac.length;
  if (digits === 0n) return { num: 0n, den: 1n };
  const sign = digits < 0n ? -1n : 1n;
  if (exp > MAX_EXPONENT) return { num: sign * 10n ** BigInt(MAX_EXPONENT), den: 1n };
  if (exp < -2 * MAX_EXPONENT) { digits = sign; exp = -MAX_EXPONENT; }
  return exp >= 0 ? { num: digits * 10n ** BigInt(exp), den: 1n } : { num: digits, den: 10n ** BigInt(-exp) };
}

/** True for the `{ decimal: '…' }` literal form (a number kept as its text). */
export function isDecimalLiteral(lit: unknown): lit is DecimalLiteral {
  return typeof lit === 'object' && lit !== null && !(lit instanceof Uint8Array) && typeof (lit as DecimalLiteral).decimal === 'string';
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}

/**
 * Seconds since 1970-01-01T00:00:00 of `YYYY-MM-DD[( |T)HH:MM[:SS[.fraction]]][Z|±HH[:MM]]`, exactly (any
 * number of fraction digits). Zone-less text is UTC for a timestamp with time zone; without a zone (and
 * for dates) only Z/+00:00 is accepted, since such columns hold wall-clock values.
 */
export function timestampSeconds(s: string, withZone: boolean): Rational | string {
  const m = /^\s*([+-]?\d{4,6})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?\s*$/i.exec(s);
  if (!m) return 'expected YYYY-MM-DD[THH:MM:SS[.ffffff]][Z|±HH:MM]';
  const days = civilToDays(Number(m[1]), Number(m[2]), Number(m[3]));
  const [h, mi, se] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (days === undefined || h > 23 || mi > 59 || se > 59) return 'not a valid date and time';
  let offsetSeconds = 0;
  const zone = m[8];
  if (zone && zone.toUpperCase() !== 'Z') {
    const z = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone)!;
    offsetSeconds = (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 3600 + Number(z[3] ?? 0) * 60);
  }
  if (!withZone && offsetSeconds !== 0) return 'a value without time zone cannot take a zone offset';
  const frac = m[7] ?? '';
  const den = 10n ** BigInt(frac.length);
  const seconds = BigInt(days) * 86_400n + BigInt(h * 3600 + mi * 60 + se) - BigInt(offsetSeconds);
  return { num: seconds * den + BigInt(frac || '0'), den };
}

/** Seconds since midnight of `HH:MM[:SS[.fraction]]`, exactly. */
function timeSeconds(s: string): Rational | string {
  const m = /^\s*(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*$/.exec(s);
  if (!m) return 'expected HH:MM:SS[.ffffff]';
  const [h, mi, se] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || mi > 59 || se > 59) return 'not a valid time';
  const frac = m[4] ?? '';
  const den = 10n ** BigInt(frac.length);
  return { num: BigInt(h * 3600 + mi * 60 + se) * den + BigInt(frac || '0'), den };
}

/** Days since 1970-01-01 of a proleptic Gregorian date, or undefined when there is no such day. */
export function civilToDays(y: number, mo: number, d: number): number | undefined {
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  if (date.getUTCMonth() !== mo - 1) return undefined; // e.g. 2023-02-30
  return Math.floor(date.getTime() / 86_400_000);
}
