/**
 * The text conversions of Paimon's cast rules, written to give Java's answers: `Float/Double.toString`,
 * `BinaryStringUtils.toInt/toLong` (Hive's `LazyLong.parseLong`: digits before an optional `.`,
 * fraction dropped, no whitespace), `Double.parseDouble`, `new BigDecimal(String)` and the
 * `DateTimeUtils` date/time/timestamp parsers and formatters (paimon-common `utils/DateTimeUtils`).
 * A text that Paimon fails on throws {@link CastFailure}; the caller names the column and the file.
 *
 * Known limits: digits of `Double/Float.toString` are JDK 19+'s (shortest round-trip, as JavaScript's);
 * older JDKs print a longer form for a few values. `Float.parseFloat` is modelled as parse-to-double
 * then round to float, which differs from Java's single rounding only on rare halfway texts.
 * Hexadecimal float texts (`0x1p3`) are refused.
 */

/** A value Paimon's cast throws on (NumberFormatException, DateTimeException, …). */
export class CastFailure extends Error {}

const fail = (what: string, text: string, why = ''): CastFailure => new CastFailure(`cannot parse '${text}' as ${what}${why ? ` (${why})` : ''}`);

// ---------------------------------------------------------------- numbers → text

/** The shortest digits of `v` (|v| > 0, finite) and the decimal exponent of the first digit. */
function shortestDigits(v: number, significant?: number): { digits: string; exp: number } {
  const [m, e] = (significant === undefined ? Math.abs(v).toExponential() : Math.abs(v).toExponential(significant - 1)).split('e');
  return { digits: m!.replace('.', '').replace(/0+$/, '') || '0', exp: Number(e) };
}

/** Java's layout (`Double.toString` javadoc): plain for 10^-3 ≤ |v| < 10^7, else `d.dddE±n`; always a fraction digit. */
function javaLayout(v: number, digits: string, exp: number): string {
  const sign = v < 0 || Object.is(v, -0) ? '-' : '';
  if (v === 0) return `${sign}0.0`;
  if (exp >= -3 && exp < 7) {
    if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
    const int = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
    return `${sign}${int}.${digits.slice(exp + 1) || '0'}`;
  }
  return `${sign}${digits[0]}.${digits.slice(1) || '0'}E${exp}`;
}

/** `Double.toString(v)` (JDK 19+: the shortest digits that round-trip, as JavaScript's). */
export function javaDoubleToString(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? 'Infinity' : '-Infinity';
  if (v === 0) return javaLayout(v, '0', 0);
  const { digits, exp } = shortestDigits(v);
  return javaLayout(v, digits, exp);
}

/** `Float.toString(v)` for a float32 value: the shortest digits that round-trip through float32. */
export function javaFloatToString(v: number): string {
  if (Number.isNaN(v) || !Number.isFinite(v) || v === 0) return javaDoubleToString(v);
  for (let p = 1; p < 9; p++) {
    if (Math.fround(Number(v.toPrecision(p))) === v) {
      const { digits, exp } = shortestDigits(v, p);
      return javaLayout(v, digits, exp);
    }
  }
  const { digits, exp } = shortestDigits(v, 9);
  return javaLayout(v, digits, exp);
}

/** `BigDecimal.toPlainString()` of an unscaled value and scale (`Decimal.toString`). */
export function plainDecimal(unscaled: bigint, scale: number): string {
  const neg = unscaled < 0n;
  const digits = (neg ? -unscaled : unscaled).toString();
  if (scale <= 0) return (neg ? '-' : '') + digits + '0'.repeat(-scale);
  const padded = digits.padStart(scale + 1, '0');
  return `${neg ? '-' : ''}${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
}

// ---------------------------------------------------------------- text → numbers

/**
 * `BinaryStringUtils.toLong`/`toInt`: optional sign, digits, optionally `.` and more digits (dropped,
 * not rounded); nothing else — no whitespace, no exponent. Out of the `bits`-wide range → failure.
 */
export function parseJavaInteger(text: string, bits: 8 | 16 | 32 | 64, what: string): bigint {
  if (text.length === 0) throw fail(what, text, 'input is empty');
  let i = 0;
  const negative = text[0] === '-';
  if (negative || text[0] === '+') {
    i++;
    if (text.length === 1) throw fail(what, text, 'only a sign');
  }
  let result = 0n;
  const min = -(1n << BigInt(bits === 64 ? 63 : 31));
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 46 /* . */) { i++; break; }
    if (c < 48 || c > 57) throw fail(what, text, 'invalid character');
    result = result * 10n - BigInt(c - 48);
    if (result < min) throw fail(what, text, 'overflow');
  }
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) throw fail(what, text, 'invalid character');
  }
  if (!negative) {
    result = -result;
    if (result > -min - 1n) throw fail(what, text, 'overflow');
  }
  // toByte/toShort parse as int and refuse values that do not fit.
  if (bits < 32 && BigInt.asIntN(bits, result) !== result) throw fail(what, text, 'overflow');
  return result;
}

const JAVA_FLOAT = /^[+-]?(?:NaN|Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFdD]?)$/;

/**
 * `Double.parseDouble`: leading/trailing characters ≤ U+0020 trimmed, optional sign, `NaN`,
 * `Infinity`, or decimal digits with an optional exponent and `f`/`d` suffix. Hexadecimal floats are
 * refused (Java reads them; no writer stores them as text in practice).
 */
export function parseJavaDouble(text: string, what: string): number {
  const t = text.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (!JAVA_FLOAT.test(t)) throw fail(what, text);
  const body = t.replace(/[fFdD]$/, '');
  if (body.endsWith('NaN')) return NaN;
  return Number(body.replace(/^\+/, ''));
}

const BIG_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** `new BigDecimal(String)`: sign, digits with an optional point, optional exponent; no whitespace. */
export function parseBigDecimal(text: string, what: string): { unscaled: bigint; scale: number } {
  const m = BIG_DECIMAL.exec(text);
  if (!m || (m[2]! + (m[3] ?? '')).length === 0) throw fail(what, text);
  const frac = m[3] ?? '';
  const unscaled = BigInt(`${m[1]}${m[2]}${frac}`.replace(/^([+-]?)$/, '$10'));
  return { unscaled, scale: frac.length - Number(m[4] ?? 0) };
}

/** `StringUtils.isNumeric`: an optional `-` then digits only (the cast then parses it as a number). */
export function isNumericText(text: string): boolean {
  return /^-?\p{Nd}+$/u.test(text);
}

// ---------------------------------------------------------------- dates and times

const MILLIS_PER_DAY = 86_400_000;
const EPOCH_JULIAN = 2440588;

/** `DateTimeUtils.ymdToUnixDate` (proleptic Gregorian). */
function ymdToDays(year: number, month: number, day: number): number {
  const a = Math.trunc((14 - month) / 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  const julian = day + Math.trunc((153 * m + 2) / 5) + 365 * y + Math.trunc(y / 4) - Math.trunc(y / 100) + Math.trunc(y / 400) - 32045;
  return julian - EPOCH_JULIAN;
}

const isLeap = (y: number) => y % 400 === 0 || (y % 4 === 0 && y % 100 !== 0);
const monthLength = (y: number, m: number) => (m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

/** `DateTimeUtils.formatDate` (`julianToString`, Java int division). */
export function formatDate(days: number): string {
  const j = days + EPOCH_JULIAN + 32044;
  const g = Math.trunc(j / 146097);
  const dg = j % 146097;
  const c = Math.trunc((Math.trunc(dg / 36524) + 1) * 3 / 4);
  const dc = dg - c * 36524;
  const b = Math.trunc(dc / 1461);
  const db = dc % 1461;
  const a = Math.trunc((Math.trunc(db / 365) + 1) * 3 / 4);
  const da = db - a * 365;
  const y = g * 400 + c * 100 + b * 4 + a;
  const m = Math.trunc((da * 5 + 308) / 153) - 2;
  const d = da - Math.trunc((m + 4) * 153 / 5) + 122;
  return `${int4(y - 4800 + Math.trunc((m + 2) / 12))}-${int2((m + 2) % 12 + 1)}-${int2(d + 1)}`;
}

const digit = (n: number) => String.fromCharCode(48 + n);
const int2 = (i: number) => digit(Math.trunc(i / 10) % 10) + digit(i % 10);
const int4 = (i: number) => digit(Math.trunc(i / 1000) % 10) + digit(Math.trunc(i / 100) % 10) + int2(i);

const DIGITS = /^\d+$/;
const intOf = (s: string): number | undefined => (DIGITS.test(s.trim()) ? Number.parseInt(s.trim(), 10) : undefined);

/** `DateTimeUtils.parseDate`: `y[-m[-d]]`, anything after the first space ignored; undefined when not a date. */
export function parseDate(text: string): number | undefined {
  let s = text;
  const ws = s.indexOf(' ');
  if (ws > 0) s = s.slice(0, ws);
  const parts = s.split('-');
  if (parts.length > 3) parts.splice(2, parts.length - 2, parts.slice(2).join('-'));
  const [y, m = 1, d = 1] = parts.map(intOf);
  if (y === undefined || m === undefined || d === undefined) return undefined;
  if (y > 9999 || m < 1 || m > 12 || d < 1 || d > monthLength(y, m)) return undefined;
  return ymdToDays(y, m, d);
}

/** `DateTimeUtils.parseTime`: `h[:m[:s[.fff]]]` with an optional `+`/`-` zone offset; undefined when not a time. */
export function parseTime(v: string): number | undefined {
  let operator = -1;
  let tz = v.indexOf('-');
  if (tz < 0) { tz = v.indexOf('+'); operator = 1; }
  let end = v.length;
  let tzHour = 0;
  let tzMinute = 0;
  if (tz >= 0) {
    end = tz;
    const c3 = v.indexOf(':', tz);
    const h = intOf(c3 < 0 ? v.slice(tz + 1) : v.slice(tz + 1, c3));
    const m = c3 < 0 ? 0 : intOf(v.slice(c3 + 1));
    if (h === undefined || m === undefined) return undefined;
    tzHour = h;
    tzMinute = m;
  }
  const c1 = v.indexOf(':');
  let hour: number | undefined;
  let minute: number | undefined = 0;
  let second: number | undefined = 0;
  let milli = 0;
  if (c1 < 0) {
    hour = intOf(v.slice(0, end));
  } else {
    hour = intOf(v.slice(0, c1));
    const c2 = v.indexOf(':', c1 + 1);
    if (c2 < 0) {
      minute = intOf(v.slice(c1 + 1, end));
    } else {
      minute = intOf(v.slice(c1 + 1, c2));
      const dot = v.indexOf('.', c2);
      second = intOf(dot < 0 ? v.slice(c2 + 1, end) : v.slice(c2 + 1, dot));
      if (dot >= 0) milli = parseFraction(v.slice(dot + 1, end).trim());
    }
  }
  if (hour === undefined || minute === undefined || second === undefined) return undefined;
  hour += operator * tzHour;
  minute += operator * tzMinute;
  return (hour * 3_600_000 + minute * 60_000 + second * 1000 + milli) | 0;
}

/** `DateTimeUtils.parseFraction`: three digits of milliseconds, the fourth rounds. */
function parseFraction(v: string): number {
  let multiplier = 100;
  let r = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    r += multiplier * (c < 48 || c > 57 ? 0 : c - 48);
    if (multiplier < 10) {
      if (i + 1 < v.length && v.charCodeAt(i + 1) >= 53) r++;
      break;
    }
    multiplier = Math.trunc(multiplier / 10);
  }
  return r;
}

/** `DateTimeUtils.formatTimestampMillis(time, precision)` — TIME to text. */
export function formatTimeMillis(time: number, precision: number): string {
  let t = time;
  while (t < 0) t += MILLIS_PER_DAY;
  const h = Math.trunc(t / 3_600_000);
  const m = Math.trunc((t % 3_600_000) / 60_000);
  const s = Math.trunc((t % 60_000) / 1000);
  let ms = t % 1000;
  let out = `${int2(h)}:${int2(m)}:${int2(s)}`;
  if (precision > 0) {
    out += '.';
    for (let p = precision; p > 0; p--) {
      out += digit(Math.trunc(ms / 100));
      ms = (ms % 100) * 10;
      if (ms === 0) break;
    }
  }
  return out;
}

/** A Paimon `Timestamp`: epoch milliseconds (floor) and nanoseconds within the millisecond (0…999999). */
export interface JavaTimestamp {
  readonly millis: bigint;
  readonly nanoOfMilli: number;
}

const floorDiv = (a: bigint, b: bigint): bigint => (a % b !== 0n && (a < 0n) !== (b < 0n) ? a / b - 1n : a / b);

/** `DateTimeUtils.formatTimestamp(ts, precision)`: `yyyy-MM-dd HH:mm:ss[.f…]`, trailing zeros beyond `precision` dropped. */
export function formatTimestamp(ts: JavaTimestamp, precision: number): string {
  const days = Number(floorDiv(ts.millis, 86_400_000n));
  const msOfDay = Number(ts.millis - BigInt(days) * 86_400_000n);
  const nano = (msOfDay % 1000) * 1_000_000 + ts.nanoOfMilli;
  let fraction = String(nano).padStart(9, '0');
  while (fraction.length > precision && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const hms = formatTimeMillis(msOfDay - (msOfDay % 1000), 0);
  return `${formatDate(days)} ${hms}${fraction ? `.${fraction}` : ''}`;
}

// `DateTimeUtils.DEFAULT_TIMESTAMP_FORMATTER`: yyyy-[MM][M]-[dd][d], then ` HH:mm:ss[.fraction]` or
// `'T'HH:mm[:ss[.fraction]]` (one or two digits each, fraction up to 9 digits).
const TIMESTAMP_TEXT = /^(\d{4,9})-(\d{1,2})-(\d{1,2})(?: (\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.(\d{0,9}))?|T(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{0,9}))?)?)?$/;

/**
 * `DateTimeUtils.parseTimestampData(text, precision)`: the formatter above with the SMART resolver
 * (a day past the month's end is clamped to its last day), nanoseconds floored to `precision`.
 */
export function parseTimestamp(text: string, precision: number, what: string): JavaTimestamp {
  const m = TIMESTAMP_TEXT.exec(text);
  if (!m) throw fail(what, text);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const dayOfMonth = Number(m[3]);
  const hour = Number(m[4] ?? m[8] ?? 0);
  const minute = Number(m[5] ?? m[9] ?? 0);
  const second = Number(m[6] ?? m[10] ?? 0);
  let nano = Number((m[7] ?? m[11] ?? '').padEnd(9, '0'));
  if (month < 1 || month > 12 || dayOfMonth < 1 || dayOfMonth > 31 || hour > 23 || minute > 59 || second > 59) throw fail(what, text, 'field out of range');
  const day = Math.min(dayOfMonth, monthLength(year, month));
  const unit = 10 ** (9 - precision);
  nano -= nano % unit;
  const millis = BigInt(ymdToDays(year, month, day)) * 86_400_000n + BigInt(hour * 3_600_000 + minute * 60_000 + second * 1000 + Math.trunc(nano / 1e6));
  return { millis, nanoOfMilli: nano % 1_000_000 };
}

/** `BinaryStringUtils.fromMillisToTimestamp`: a number text read in the target precision's unit (0, 3, 6, 9 only). */
export function timestampFromEpochText(text: string, precision: number, what: string): JavaTimestamp {
  const epoch = parseJavaInteger(text, 64, what);
  switch (precision) {
    case 0: return { millis: BigInt.asIntN(64, epoch * 1000n), nanoOfMilli: 0 };
    case 3: return { millis: epoch, nanoOfMilli: 0 };
    // Java's truncating / and %, then a negative remainder borrowed from the milliseconds.
    case 6: return borrow(epoch / 1000n, Number(epoch % 1000n) * 1000);
    case 9: return borrow(epoch / 1_000_000n, Number(epoch % 1_000_000n));
    default: throw new CastFailure(`cannot read the number '${text}' as a TIMESTAMP(${precision}) (Paimon: unsupported precision)`);
  }
}

function borrow(millis: bigint, nanoOfMilli: number): JavaTimestamp {
  return nanoOfMilli < 0 ? { millis: millis - 1n, nanoOfMilli: 1_000_000 + nanoOfMilli } : { millis, nanoOfMilli };
}
