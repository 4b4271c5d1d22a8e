/**
 * Column types of the SQL relations (issue 16): values reach the engines in the canonical row form
 * (sql-values.ts) — decimals, dates and timestamps as text — so without their column's type `price > 9.5`
 * would compare '10.00' and '9.50' as text. Both executors ask these functions instead: decimals compare
 * exactly as scaled bigints (rescaled to the larger scale, literals parsed from their text, no float),
 * dates and timestamps as instants (epoch nanoseconds; a date is its midnight UTC, a time without a zone
 * is UTC, as the canonical form writes every timestamp with `Z`).
 *
 * Nanosecond timestamps (Iceberg `timestamp_ns`/`timestamptz_ns`, Paimon `TIMESTAMP(7..9)` with or without
 * local time zone, Avro `timestamp-nanos`) reach SQL as canonical text with nine fraction digits
 * (`…SS.fffffffffZ`, {@link timestampText}), not as the row form's microseconds: the text stays the one
 * form every timestamp has (the date functions, LIKE and the output read it), is exact, and — fixed width
 * per column — orders, groups and de-duplicates as the instant does even where squirreling compares it as
 * text. Their type says so (`nanos`), so MIN/MAX and keys turn back into the same nine-digit text.
 */
import { LakeError } from '../../errors.ts';
import { errorRef } from '../../messages/message-parts.ts';
import { internalError, messageError } from '../../message-error.ts';
import type { LakeTable } from '../../formats/table-format.ts';
import { canonicalDate, canonicalDecimal, canonicalTimestampMicros, canonicalTimestampNanos } from '../../arrow/index.ts';

/**
 * A column's type where SQL must know it: decimal(p,s) by scale, date, timestamp (with or without zone),
 * `long` for every integer column with its width (Spark's TINYINT 8, SMALLINT 16, INT 32, BIGINT 64 bits:
 * INT op INT is an INT and overflows at 32 bits, exact-numeric.ts computes in bigint), and `double` for
 * DOUBLE and FLOAT columns (`float`: a FLOAT, whose value SQL widens to a double before it meets another
 * type — the engine holds a float as its shortest text's double, 0.1 for 0.1f, so the widening is
 * Math.fround of it).
 */
export type SqlType =
  | { readonly kind: 'decimal'; readonly scale: number; /** Digits in all (38 when unknown); arithmetic results carry theirs (exact-numeric.ts). */ readonly precision?: number }
  | { readonly kind: 'date' }
  | { readonly kind: 'timestamp'; readonly nanos?: boolean }
  | { readonly kind: 'long'; /** 8, 16, 32; 64 when absent. */ readonly bits?: IntBits }
  | { readonly kind: 'double'; readonly float?: boolean }
  /** Text (STRING, VARCHAR, CHAR): compared with a number it is cast to that number's type (typed-eval.ts stringCast). */
  | { readonly kind: 'string' };

/** Widths of Spark's integral types: TINYINT, SMALLINT, INT, BIGINT. */
export type IntBits = 8 | 16 | 32 | 64;

export type ColumnTypes = ReadonlyMap<string, SqlType>;

/** True for the types whose canonical text does not order or compare as the value does. */
export const isOrderedType = (t: SqlType | undefined): t is Exclude<SqlType, { kind: 'long' | 'double' | 'string' }> => t !== undefined && t.kind !== 'long' && t.kind !== 'double' && t.kind !== 'string';

/** True for the number types whose values the engine holds as numbers (integers, doubles, floats). */
export const isNumberType = (t: SqlType | undefined): t is Extract<SqlType, { kind: 'long' | 'double' }> => t?.kind === 'long' || t?.kind === 'double';

/**
 * The SQL type of a format's own type name (ColumnDto.type): Iceberg `decimal(10,2)`, `timestamptz`, `long`;
 * Delta `decimal(10,2)`, `timestamp_ntz`; Paimon `DECIMAL(10, 2) NOT NULL`, `TIMESTAMP(6) WITH LOCAL TIME ZONE`,
 * `BIGINT`; Hudi Avro `decimal(10,2)`, `timestamp-micros`, `local-timestamp-millis`. Undefined for the rest.
 */
export function sqlTypeOf(formatType: string): SqlType | undefined {
  const t = formatType.trim().toLowerCase();
  const dec = /^decimal\s*(?:\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\))?(?:\s|$)/.exec(t);
  if (dec) return { kind: 'decimal', scale: Number(dec[2] ?? 0), ...(dec[1] ? { precision: Number(dec[1]) } : {}) };
  if (/^date(?:\s|$)/.test(t)) return { kind: 'date' };
  if (/^(?:local-)?timestamp/.test(t)) return isNanosType(t) ? { kind: 'timestamp', nanos: true } : { kind: 'timestamp' };
  if (/^(?:long|bigint|int64)(?:\s|$)/.test(t)) return { kind: 'long' };
  if (/^(?:int|integer|int32)(?:\s|$)/.test(t)) return { kind: 'long', bits: 32 };
  if (/^(?:short|smallint|int16)(?:\s|$)/.test(t)) return { kind: 'long', bits: 16 };
  if (/^(?:byte|tinyint|int8)(?:\s|$)/.test(t)) return { kind: 'long', bits: 8 };
  if (/^(?:double|float64|double precision)(?:\s|$)/.test(t)) return { kind: 'double' };
  if (/^(?:float|real|float32)(?:\s|$)/.test(t)) return { kind: 'double', float: true };
  if (/^(?:string|varchar|char|utf8|large_utf8)(?:\s|\(|$)/.test(t)) return { kind: 'string' };
  return undefined;
}

/** True for a timestamp type name of nanosecond precision (`timestamptz_ns`, `TIMESTAMP(9)`, `TIMESTAMP_LTZ(7)`, `timestamp-nanos`). */
function isNanosType(t: string): boolean {
  return /^timestamp(?:tz)?_ns\b/.test(t) || /^(?:local-)?timestamp-nanos\b/.test(t) || /^timestamp(?:_ltz)?\s*\(\s*[7-9]\s*\)/.test(t);
}

/** Types of the table's top-level columns by name: the current schema's, older schemas' for dropped names. */
export async function columnTypesOf(table: LakeTable, signal?: AbortSignal): Promise<Map<string, SqlType>> {
  const schemas = await table.schemas(signal);
  const current = schemas.find((s) => s.isCurrent) ?? schemas[schemas.length - 1];
  const out = new Map<string, SqlType>();
  for (const s of [...schemas.filter((x) => x !== current), ...(current ? [current] : [])]) {
    for (const c of s.columns) {
      const t = sqlTypeOf(c.type);
      if (t) out.set(c.name, t); else out.delete(c.name);
    }
  }
  return out;
}

const NESTED_NANOS = /timestamp(?:tz)?_ns\b|timestamp-nanos\b|timestamp(?:_ltz)?\s*\(\s*[7-9]\s*\)/i;

/**
 * The current schema's struct, list and map columns with a nanosecond timestamp inside (`struct<t:
 * timestamp_ns>`, Paimon `ROW<t TIMESTAMP(9)>`): SQL reads them with those timestamps' nine fraction
 * digits (arrow exactTimestampAccessor), as it reads a nanosecond column, instead of floored to microseconds.
 */
export async function nestedNanosColumns(table: LakeTable, signal?: AbortSignal): Promise<Set<string>> {
  const schemas = await table.schemas(signal);
  const current = schemas.find((s) => s.isCurrent) ?? schemas[schemas.length - 1];
  return new Set((current?.columns ?? []).filter((c) => sqlTypeOf(c.type) === undefined && NESTED_NANOS.test(c.type)).map((c) => c.name));
}

/** A type as text (the fallback's function argument) and back. */
export const typeSpec = (t: SqlType): string => (t.kind === 'decimal' ? `decimal:${t.scale}` : t.kind === 'timestamp' && t.nanos ? 'timestamp_ns'
  : t.kind === 'long' && t.bits !== undefined && t.bits !== 64 ? `long:${t.bits}` : t.kind === 'double' && t.float ? 'float' : t.kind);
export function typeOfSpec(spec: unknown): SqlType {
  const s = String(spec);
  if (s.startsWith('decimal:')) return { kind: 'decimal', scale: Number(s.slice(8)) };
  if (s === 'date' || s === 'timestamp' || s === 'long' || s === 'double' || s === 'string') return { kind: s };
  if (s.startsWith('long:')) return { kind: 'long', bits: Number(s.slice(5)) as IntBits };
  if (s === 'float') return { kind: 'double', float: true };
  if (s === 'timestamp_ns') return { kind: 'timestamp', nanos: true };
  throw internalError(`sql: unknown type spec ${s}`);
}

/** An exact decimal: unscaled × 10^-scale. */
export interface Decimal { readonly u: bigint; readonly s: number }

const DECIMAL_TEXT = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?\s*$/i;

/** A decimal from text ('-10.50', '1e3'), a number (its shortest round-trip text) or an integer; undefined otherwise. */
export function parseDecimal(v: unknown): Decimal | undefined {
  if (typeof v === 'bigint') return { u: v, s: 0 };
  if (typeof v === 'number') { if (!Number.isFinite(v)) return undefined; v = String(v); }
  if (typeof v !== 'string') return undefined;
  const m = DECIMAL_TEXT.exec(v);
  if (!m || ((m[2] ?? '') === '' && (m[3] ?? '') === '')) return undefined;
  let s = (m[3] ?? '').length - Number(m[4] ?? 0);
  let u = BigInt(`${m[2] ?? ''}${m[3] ?? ''}` || '0');
  if (s < 0) { u *= 10n ** BigInt(-s); s = 0; }
  return { u: m[1] === '-' ? -u : u, s };
}

const rescale = (d: Decimal, to: number): bigint => d.u * 10n ** BigInt(to - d.s);

/** Order of two exact decimals (rescaled to the larger scale). */
export function compareDecimal(a: Decimal, b: Decimal): number {
  const s = Math.max(a.s, b.s);
  const x = rescale(a, s);
  const y = rescale(b, s);
  return x < y ? -1 : x > y ? 1 : 0;
}

// Month, day, hour, minute and second of one or two digits, as Spark's stringToTimestamp reads them (`2024-1-2 3:04`).
const TIME_TEXT = /^\s*([+-]?\d{4,6})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,9}))?)?)?\s*(Z|UTC|[+-]\d{2}(?::?\d{2})?)?\s*$/i;
/** A timestamp text with more fraction digits than nanoseconds have (no instant we can hold exactly). */
const TOO_FINE = /^\s*[+-]?\d{4,6}-\d{1,2}-\d{1,2}[T ]\d{1,2}:\d{1,2}:\d{1,2}\.\d{10,}/;

/** Spark's stringToDate forms: `yyyy`, `yyyy-[m]m`, `yyyy-[m]m-[d]d`, and that followed by a blank or `T` and anything. */
const SPARK_DATE = /^\s*([+-]?\d{4,6})(?:-(\d{1,2})(?:-(\d{1,2})(?:[T ][^]*)?)?)?\s*$/;

/** Days in month `mo` (1–12) of year `y` (proleptic Gregorian, as Spark's LocalDate). */
const daysIn = (y: number, mo: number): number => new Date(Date.UTC(2000, mo, 0)).getUTCDate() - (mo === 2 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)) ? 1 : 0);

/**
 * A text as Spark 4's Cast to DATE reads it (SparkDateTimeUtils.stringToDate: blanks trimmed, a year of four or
 * more digits, a month and a day of one or two digits, 1 when left out, whatever follows a blank or `T` after
 * the day ignored), as canonical `YYYY-MM-DD`: `'2024-1-2'` and `'2024-01-02 10:00:00'` are 2024-01-02, `'2024'`
 * 2024-01-01. Undefined for any other text and for a day the month does not have (`'2024-2-30'`).
 */
export function sparkDateText(v: string): string | undefined {
  const m = SPARK_DATE.exec(v);
  if (!m) return undefined;
  const y = Number(m[1]);
  const mo = Number(m[2] ?? 1);
  const d = Number(m[3] ?? 1);
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo)) return undefined;
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * A string as Spark casts it to DATE before comparing it with a date (AnsiTypeCoercion.findWiderTypeForString:
 * a string with a DATE is a DATE; {@link sparkDateText}): '2024-01-01 10:00:00' is the date 2024-01-01, so it
 * equals that date rather than being 10 hours past its midnight, and '2024-1-1' is that date too. Other values
 * (text Spark does not read as a date) are returned as they are.
 */
export function dateOfText(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  return sparkDateText(v) ?? v;
}

/** Epoch nanoseconds of a date or timestamp text ('2025-03-01', '2025-03-01 08:00:00.5+08:00', canonical `…Z`); undefined otherwise. */
export function parseInstant(v: unknown): bigint | undefined {
  if (typeof v !== 'string') return undefined;
  const m = TIME_TEXT.exec(v);
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', sec = '0', frac = '', zone] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec));
  if (Number.isNaN(ms) || Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > daysIn(Number(y), Number(mo)) || Number(h) > 23 || Number(mi) > 59 || Number(sec) > 59) return undefined;
  // Date.UTC maps years 0-99 to 1900-1999; set the year exactly.
  const date = new Date(ms);
  date.setUTCFullYear(Number(y));
  let nanos = BigInt(date.getTime()) * 1_000_000n + BigInt(frac.padEnd(9, '0') || '0');
  if (zone && !/^(z|utc)$/i.test(zone)) {
    const z = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone)!;
    const offset = (Number(z[2]) * 60 + Number(z[3] ?? 0)) * 60_000_000_000;
    nanos -= BigInt(z[1] === '-' ? -offset : offset);
  }
  return nanos;
}

/** The comparable key of a value of type `t` (decimal: unscaled bigint at the type's scale; date/timestamp: epoch nanos); undefined when it is not one. */
export function keyOf(t: SqlType, v: unknown): bigint | number | undefined {
  if (t.kind === 'decimal') {
    const d = parseDecimal(v);
    if (!d) return undefined;
    // A value with more fraction digits than the column (only a literal can have them) is not a key of it.
    return d.s <= t.scale ? rescale(d, t.scale) : undefined;
  }
  if (t.kind === 'long' || t.kind === 'double') return typeof v === 'number' || typeof v === 'bigint' ? v : undefined;
  return parseInstant(v);
}

/** The canonical value of a key (the inverse of {@link keyOf} for canonical values). */
export function valueOfKey(t: SqlType, k: unknown): unknown {
  if (k == null) return null;
  const n = BigInt(k as bigint);
  if (t.kind === 'decimal') return canonicalDecimal(n, t.scale);
  if (t.kind === 'long' || t.kind === 'double' || t.kind === 'string') return k;
  const micros = n >= 0n ? n / 1000n : -((-n + 999n) / 1000n);
  if (t.kind === 'date') return canonicalDate(Number(micros / 86_400_000_000n));
  return t.nanos ? timestampText(n, true) : canonicalTimestampMicros(micros);
}

/**
 * The canonical text of an instant in epoch nanoseconds: six fraction digits (the row form, sub-microsecond
 * digits floored) or, for a nanosecond column, nine (`2008-12-28T00:00:00.000123456Z`).
 */
export function timestampText(nanos: bigint, ns: boolean): string {
  return ns ? canonicalTimestampNanos(nanos) : canonicalTimestampMicros(nanos >= 0n ? nanos / 1000n : -((-nanos + 999n) / 1000n));
}

/**
 * Order of `a` and `b` as values of type `t` (the other side parsed as that type: a decimal's other side
 * as a decimal, a date or timestamp's as an instant); undefined when either is not one (SQL NULL then).
 */
export function compareTyped(t: SqlType, a: unknown, b: unknown): number | undefined {
  if (t.kind === 'double') {
    // Both sides already doubles (Spark casts an integer or decimal to DOUBLE to compare it with one, sqlDouble).
    const x = sqlDouble(a);
    const y = sqlDouble(b);
    return x === undefined || y === undefined ? undefined : compareDoubles(x, y);
  }
  if (t.kind === 'decimal') {
    const x = parseDecimal(a);
    const y = parseDecimal(b);
    return x && y ? compareDecimal(x, y) : undefined;
  }
  const x = parseInstant(a);
  const y = parseInstant(b);
  return x === undefined || y === undefined ? undefined : x < y ? -1 : x > y ? 1 : 0;
}

/** The common type two typed sides compare in (a date with a timestamp as instants), undefined when none. */
export function commonType(a: SqlType | undefined, b: SqlType | undefined): SqlType | undefined {
  const l = isOrderedType(a) ? a : undefined;
  const r = isOrderedType(b) ? b : undefined;
  if (!l || !r) return l ?? r;
  if (l.kind === 'decimal' && r.kind === 'decimal') return l.scale >= r.scale ? l : r;
  if (l.kind !== 'decimal' && r.kind !== 'decimal') return l.kind === 'timestamp' ? l : r;
  return undefined;
}

/**
 * Throws LakeError DataInvalid when a literal compared with a typed column is no value of that type; its
 * context carries the literal's place in the engine's query (`engineStart`/`engineEnd`) for run-sql.ts.
 */
export function checkLiteral(t: SqlType, value: unknown, column: string, at?: { positionStart: number; positionEnd: number }): void {
  if (value == null) return;
  const ok = t.kind === 'decimal' ? parseDecimal(value) !== undefined : t.kind === 'long' || t.kind === 'double' ? true : parseInstant(value) !== undefined;
  if (!ok && t.kind !== 'decimal' && typeof value === 'string' && TOO_FINE.test(value)) {
    throw messageError('DataInvalid', 'error.sql', { message: errorRef('error.sql.tooPrecise', { value: JSON.stringify(value), column }) },
      { columnName: column, ...(at ? { engineStart: at.positionStart, engineEnd: at.positionEnd } : {}) });
  }
  if (!ok) {
    throw messageError('DataInvalid', 'error.sql', { message: errorRef('error.sql.notAValue', { value: JSON.stringify(value), type: t.kind, column }) },
      { columnName: column, ...(at ? { engineStart: at.positionStart, engineEnd: at.positionEnd } : {}) });
  }
}

/**
 * A value as the DOUBLE Spark casts it to (Cast to DoubleType): a number as is, a bigint or a decimal's text
 * rounded to the nearest double (Number() of an integer or of decimal text rounds correctly, as Java's
 * (double) of a long and BigDecimal.doubleValue do), Spark's special texts ({@link FLOATING_SPECIAL}) as NaN
 * or ±Infinity; undefined for anything else.
 */
export function sqlDouble(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string' && parseDecimal(v) !== undefined) return Number(v);
  if (typeof v === 'string') return FLOATING_SPECIAL[v.trim().toLowerCase()];
  return undefined;
}

/**
 * Spark's special texts of a DOUBLE or FLOAT, case-insensitive (Cast to DoubleType: `'NaN'`, `'Infinity'`,
 * `'-inf'`…; Databricks SQL reference, "Special floating point values").
 */
export const FLOATING_SPECIAL: Readonly<Record<string, number>> = { nan: NaN, infinity: Infinity, '+infinity': Infinity, '-infinity': -Infinity, inf: Infinity, '+inf': Infinity, '-inf': -Infinity };

/**
 * Spark's order of doubles in a comparison (SQLOrderingUtil.compareDoubles): NaN equals NaN and is above
 * every other value, -0.0 equals 0.0.
 */
export function compareDoubles(x: number, y: number): number {
  if (x < y) return -1;
  if (x > y) return 1;
  if (x === y) return 0;
  const xn = Number.isNaN(x);
  const yn = Number.isNaN(y);
  return xn === yn ? 0 : xn ? 1 : -1;
}

const KEY_F64 = new Float64Array(1);
const KEY_U64 = new BigUint64Array(KEY_F64.buffer);
const SIGN_BIT = 1n << 63n;
const NAN_KEY = 0x7ff8000000000000n;

/**
 * A double as a bigint that orders as {@link compareDoubles} does with `<` (for the squirreling fallback,
 * whose ORDER BY and MIN/MAX compare with JS `<`, false both ways for a NaN): the IEEE bits of a value ≥ 0,
 * minus the magnitude's bits of a negative one; every NaN one key above +Infinity's, -0.0 the key of 0.0.
 */
export function doubleOrderKey(x: number): bigint {
  if (Number.isNaN(x)) return NAN_KEY;
  KEY_F64[0] = x === 0 ? 0 : x;
  const bits = KEY_U64[0]!;
  return bits >= SIGN_BIT ? -(bits - SIGN_BIT) : bits;
}

/** The double of a {@link doubleOrderKey}. */
export function doubleOfOrderKey(k: bigint): number {
  KEY_U64[0] = k < 0n ? -k + SIGN_BIT : k;
  return KEY_F64[0]!;
}

/** Sum of decimal keys at `scale` as the canonical decimal (SUM keeps the scale, Spark and Trino). */
export const decimalSum = (sum: bigint, scale: number): string => canonicalDecimal(sum, scale);

/** Scale of AVG over decimal(p,s): s + 4 capped at 38 — Spark's rule (Average.resultType). */
export const avgScale = (scale: number): number => Math.min(scale + 4, 38);

/** AVG of decimals: sum/count at {@link avgScale}, rounded half away from zero (Spark's HALF_UP). */
export function decimalAvg(sum: bigint, count: bigint, scale: number): string {
  const to = avgScale(scale);
  const num = sum * 10n ** BigInt(to - scale);
  const neg = num < 0n;
  const abs = neg ? -num : num;
  let q = abs / count;
  if ((abs % count) * 2n >= count) q += 1n;
  return canonicalDecimal(neg ? -q : q, to);
}
