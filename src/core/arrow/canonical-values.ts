/**
 * Value formatting rules of the canonical row form (fixtures/expected/README.md, "Canonical row
 * form"). Kept apart from the Arrow walking so each rule is testable on plain values.
 */

const TWO_53 = 2n ** 53n;

/** Integers: a JSON number when |v| < 2^53, else a decimal string. */
export function canonicalInteger(v: number | bigint): number | string {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : BigInt(v).toString();
  return v < TWO_53 && v > -TWO_53 ? Number(v) : v.toString();
}

/** The text of a non-finite float in the canonical row form (see {@link nonFiniteText}). */
export type NonFiniteText = 'NaN' | 'Infinity' | '-Infinity';

/**
 * A non-finite float or double as the canonical row form writes it: the strings "NaN", "Infinity",
 * "-Infinity". JSON has no such numbers (JSON.stringify would write null, which is SQL NULL — a wrong
 * answer without an error); Spark's `to_json` writes them as these quoted strings (Jackson's
 * QUOTE_NON_NUMERIC_NUMBERS, the CPU output NVIDIA/cudf-spark#15118 matches), and a float column never
 * holds text otherwise, so the form stays unambiguous given the column's type — like a 64-bit integer
 * beyond 2^53, which is a string too. Undefined for a finite number.
 */
export function nonFiniteText(v: number): NonFiniteText | undefined {
  if (Number.isFinite(v)) return undefined;
  return Number.isNaN(v) ? 'NaN' : v > 0 ? 'Infinity' : '-Infinity';
}

/** The double of a {@link nonFiniteText} string (NaN, ±Infinity); undefined for anything else. */
export function parseNonFiniteText(v: unknown): number | undefined {
  return v === 'NaN' ? NaN : v === 'Infinity' ? Infinity : v === '-Infinity' ? -Infinity : undefined;
}

/**
 * A float32 as the shortest decimal that reads back as the same float32 (1.8, not 1.7999999523).
 * Non-finite values as {@link nonFiniteText}.
 */
export function canonicalFloat32(value: number): number | NonFiniteText {
  const v = Math.fround(value);
  const special = nonFiniteText(v);
  if (special !== undefined) return special;
  if (v === 0) return 0;
  for (let p = 1; p <= 9; p++) {
    const candidate = Number(v.toPrecision(p));
    if (Math.fround(candidate) === v) return candidate;
  }
  return v; // not reached: 9 significant digits always round-trip a float32
}

/**
 * A float64 as is (JSON.stringify writes the shortest round-trip form); non-finite as {@link nonFiniteText}.
 * -0.0 is 0: JSON.stringify writes both as `0`, and Spark's comparisons, GROUP BY and DISTINCT treat them
 * as one value (SQLOrderingUtil.compareDoubles, NormalizeFloatingNumbers).
 */
export function canonicalFloat64(v: number): number | NonFiniteText {
  return Number.isFinite(v) ? (Object.is(v, -0) ? 0 : v) : nonFiniteText(v)!;
}

/** Decimals: exactly `scale` fraction digits, no negative zero ("0.00", "-5.00"). */
export function canonicalDecimal(unscaled: bigint, scale: number): string {
  if (scale <= 0) return (unscaled * 10n ** BigInt(-scale)).toString();
  const negative = unscaled < 0n;
  const digits = (negative ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  const text = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

const MS_PER_DAY = 86_400_000;

/** Dates: "YYYY-MM-DD" of days since 1970-01-01 (proleptic Gregorian, as Date does). */
export function canonicalDate(days: number): string {
  return new Date(days * MS_PER_DAY).toISOString().split('T')[0]!;
}

/** Floor division for bigints (`/` truncates toward zero; timestamps before 1970 need floor). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n) && ((a < 0n) !== (b < 0n)) ? q - 1n : q;
}

const MAX_SAFE_BIG = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE_BIG = -MAX_SAFE_BIG;

/** Timestamps: "YYYY-MM-DDTHH:MM:SS.ffffffZ" from microseconds since the epoch. */
export function canonicalTimestampMicros(micros: bigint): string {
  if (micros >= MIN_SAFE_BIG && micros <= MAX_SAFE_BIG) {
    // Within ±2^53 (years 1685–2255) the arithmetic is exact in doubles, without a bigint made per step
    // (a scan prints a timestamp per row). `%` of an integral double is exact, and so is the division of a multiple of 1000.
    const n = Number(micros);
    const sub = ((n % 1000) + 1000) % 1000;
    const iso = new Date((n - sub) / 1000).toISOString();
    return `${iso.slice(0, -1)}${sub < 10 ? '00' : sub < 100 ? '0' : ''}${sub}Z`;
  }
  const ms = floorDiv(micros, 1000n);
  const sub = micros - ms * 1000n; // 0..999, also for instants before 1970
  const iso = new Date(Number(ms)).toISOString(); // …SS.mmmZ
  return `${iso.slice(0, -1)}${sub.toString().padStart(3, '0')}Z`;
}

/**
 * Timestamps of nanosecond precision where a caller asks to keep them (SQL, sql-types.ts): the canonical
 * form with nine fraction digits, "YYYY-MM-DDTHH:MM:SS.fffffffffZ", from nanoseconds since the epoch.
 */
export function canonicalTimestampNanos(nanos: bigint): string {
  const micros = floorDiv(nanos, 1000n);
  return `${canonicalTimestampMicros(micros).slice(0, -1)}${(nanos - micros * 1000n).toString().padStart(3, '0')}Z`;
}

/** Nanoseconds per unit of Arrow's TimeUnit (SECOND=0, MILLISECOND=1, MICROSECOND=2, NANOSECOND=3). */
export const nanosPerUnit = (unit: number): bigint => [1_000_000_000n, 1_000_000n, 1000n, 1n][unit] ?? 1n;

/** Microseconds per unit of Arrow's TimeUnit (SECOND=0, MILLISECOND=1, MICROSECOND=2, NANOSECOND=3). */
export function toMicros(value: bigint, unit: number): bigint {
  switch (unit) {
    case 0: return value * 1_000_000n;
    case 1: return value * 1000n;
    case 2: return value;
    default: return floorDiv(value, 1000n); // sub-microsecond digits truncated toward -infinity
  }
}

/**
 * Time of day (not covered by the README; our convention, same shape as a timestamp's time part):
 * "HH:MM:SS.ffffff".
 */
export function canonicalTimeMicros(micros: bigint): string {
  const day = 86_400_000_000n;
  const us = ((micros % day) + day) % day;
  const pad = (n: bigint, w: number) => n.toString().padStart(w, '0');
  return `${pad(us / 3_600_000_000n, 2)}:${pad((us / 60_000_000n) % 60n, 2)}:${pad((us / 1_000_000n) % 60n, 2)}.${pad(us % 1_000_000n, 6)}`;
}

/** IEEE half-precision bits → number. */
export function float16ToNumber(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * frac * 2 ** -24;
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * (1 + frac / 1024) * 2 ** (exp - 15);
}
