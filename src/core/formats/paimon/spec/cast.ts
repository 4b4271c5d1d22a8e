/**
 * Paimon's casts between column types, as a data file written with an old schema is read in the
 * table's current type after `ALTER TABLE … MODIFY COLUMN` (paimon-core `SchemaEvolutionUtil` resolves
 * `CastExecutors.resolve(fileType, tableType)` per changed field; a null from the cast is a null, an
 * exception fails the read — `CastFieldGetter`). The rules are those of paimon-common
 * `org.apache.paimon.casting` (`CastExecutors` rule table), each cited below; values are the internal
 * values of spec/data-type.ts. ALTER TABLE only accepts a change both `DataTypeCasts.supportsCast`
 * (explicit) and `CastExecutors.resolve` allow, so a pair without a rule here cannot have been written
 * by Paimon; it is refused as Unsupported naming both types. Casts whose result depends on the
 * reading JVM's default time zone (TIMESTAMP WITH LOCAL TIME ZONE to or from wall-clock types) are
 * refused too, since no zone is recorded in the table.
 */
import { LakeError } from '../../../errors.ts';
import type { Value } from '../../../expr/index.ts';
import { utf8Decode, utf8Encode } from '../../../util/bytes.ts';
import {
  CastFailure, formatDate, formatTimeMillis, formatTimestamp, isNumericText, javaDoubleToString, javaFloatToString, parseBigDecimal,
  parseDate, parseJavaDouble, parseJavaInteger, parseTime, parseTimestamp, plainDecimal, timestampFromEpochText, type JavaTimestamp,
} from './cast-text.ts';
import { formatDataType, isNanoTimestamp, type AtomicRoot, type DataType } from './data-type.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef } from '../../../messages/message-parts.ts';

export { CastFailure } from './cast-text.ts';

/** A cast of one non-null internal value; null when Paimon's cast yields null (decimal overflow). Throws {@link CastFailure}. */
export type CastFn = (v: Value) => Value | null;

type Root = DataType['root'];
/** An atomic (non-nested) type: casts of nested types are refused. */
type Atomic = Extract<DataType, { root: AtomicRoot }>;
const isAtomic = (t: DataType): t is Atomic => !['ARRAY', 'MULTISET', 'MAP', 'ROW'].includes(t.root);
const INTEGRAL: readonly Root[] = ['TINYINT', 'SMALLINT', 'INT', 'BIGINT'];
const APPROX: readonly Root[] = ['FLOAT', 'DOUBLE'];
const isIntegral = (t: DataType) => INTEGRAL.includes(t.root);
const isApprox = (t: DataType) => APPROX.includes(t.root);
const isChar = (t: DataType) => t.root === 'CHAR' || t.root === 'VARCHAR';
const isBinary = (t: DataType) => t.root === 'BINARY' || t.root === 'VARBINARY';
const isTimestamp = (t: DataType) => t.root === 'TIMESTAMP' || t.root === 'TIMESTAMP_LTZ';
const BITS: Partial<Record<AtomicRoot, 8 | 16 | 32 | 64>> = { TINYINT: 8, SMALLINT: 16, INT: 32, BIGINT: 64 };
const MAX_LENGTH = 2147483647;

/** True when two types are equal but for nullability (`DataType.equalsIgnoreNullable`): no cast is needed. */
export function sameTypeIgnoringNullable(a: DataType, b: DataType): boolean {
  return JSON.stringify({ ...a, nullable: true }, dropNullable) === JSON.stringify({ ...b, nullable: true }, dropNullable);
}

function dropNullable(key: string, value: unknown): unknown {
  return key === 'nullable' ? undefined : value;
}

function unsupported(from: DataType, to: DataType, why: 'error.paimon.cast.nested' | 'error.paimon.cast.noRule' | 'error.paimon.cast.ltz'): LakeError {
  return messageError('Unsupported', 'error.paimon.cast', { from: formatDataType(from), to: formatDataType(to), reason: errorRef(why, undefined) });
}

/**
 * The cast from `from` to `to`. Must hold: equal types (nullability aside) give the identity; a pair
 * Paimon has a cast rule for gives that rule's values; anything else throws Unsupported naming both.
 */
export function resolveCast(from: DataType, to: DataType): CastFn {
  if (sameTypeIgnoringNullable(from, to)) return (v) => v;
  if (!isAtomic(from) || !isAtomic(to)) throw unsupported(from, to, 'error.paimon.cast.nested');
  const rule = ruleFor(from, to);
  if (rule === undefined) throw unsupported(from, to, 'error.paimon.cast.noRule');
  if (rule === 'zone') {
    throw unsupported(from, to, 'error.paimon.cast.ltz');
  }
  return rule;
}

function ruleFor(from: Atomic, to: Atomic): CastFn | 'zone' | undefined {
  if (to.root === 'DECIMAL') return toDecimal(from, to);
  if (isIntegral(to) || isApprox(to)) return toNumber(from, to);
  if (to.root === 'BOOLEAN') return toBoolean(from);
  if (isChar(to)) return toText(from, to);
  if (isBinary(to)) return isChar(from) ? (v) => fitBinary(utf8Encode(v as string), to) : isBinary(from) ? (v) => fitBinary(v as Uint8Array, to) : undefined;
  if (to.root === 'DATE') return toDate(from);
  if (to.root === 'TIME') return toTime(from);
  if (isTimestamp(to)) return toTimestamp(from, to);
  return undefined;
}

// ---------------------------------------------------------------- numbers

/** Java's narrowing of a double to int/long (JLS 5.1.3): NaN → 0, out of range → the bound, else truncated. */
function doubleToIntegral(d: number, bits: 32 | 64): bigint {
  if (Number.isNaN(d)) return 0n;
  const max = (1n << BigInt(bits - 1)) - 1n;
  if (d >= Number(max)) return max;
  if (d <= -Number(max) - 1) return -max - 1n;
  return BigInt(Math.trunc(d));
}

/** `Number.byteValue()` … `longValue()` of an integral value: two's-complement wrap-around. */
function wrap(v: bigint, root: Root): number | bigint {
  const bits = BITS[root as AtomicRoot]!;
  const w = BigInt.asIntN(bits, v);
  return bits === 64 ? w : Number(w);
}

/** `(float) long`: correctly rounded (half-even) from the exact integer, not through a double. */
function longToFloat(v: bigint): number {
  const neg = v < 0n;
  const n = neg ? -v : v;
  const shift = n.toString(2).length - 24;
  if (shift <= 0) return Math.fround(Number(v));
  let mant = n >> BigInt(shift);
  const rem = n & ((1n << BigInt(shift)) - 1n);
  const half = 1n << BigInt(shift - 1);
  if (rem > half || (rem === half && (mant & 1n) === 1n)) mant += 1n;
  const f = Math.fround(Number(mant) * 2 ** shift);
  return neg ? -f : f;
}

/** `NumericPrimitiveCastRule`, `DecimalToNumericPrimitiveCastRule`, `BooleanToNumericCastRule`, `StringToNumericPrimitiveCastRule`, `TimestampToNumericPrimitiveCastRule`. */
function toNumber(from: Atomic, to: Atomic): CastFn | 'zone' | undefined {
  const out = (fromIntegral: (v: Value) => bigint, fromDouble: (v: Value) => number): CastFn => {
    if (to.root === 'FLOAT') return (v) => Math.fround(fromDouble(v));
    if (to.root === 'DOUBLE') return fromDouble;
    return (v) => wrap(fromIntegral(v), to.root);
  };
  if (isIntegral(from)) {
    const big = (v: Value) => BigInt(v as number | bigint);
    if (to.root === 'FLOAT') return (v) => longToFloat(big(v));
    return out(big, (v) => Number(v as number | bigint));
  }
  if (isApprox(from)) {
    // (byte)/(short) of a double go through int (JLS 5.1.3); (int)/(long) saturate.
    return out((v) => doubleToIntegral(v as number, to.root === 'BIGINT' ? 64 : 32), (v) => v as number);
  }
  if (from.root === 'DECIMAL') {
    const scale = from.scale ?? 0;
    // DecimalUtils.castToIntegral: setScale(0, DOWN).longValue() (low 64 bits); doubleValue: compact
    // decimals (precision ≤ 18) divide the unscaled long by 10^scale in double arithmetic.
    const toLong = (v: Value) => BigInt.asIntN(64, (v as bigint) / 10n ** BigInt(scale));
    const toDouble = (from.precision ?? 10) <= 18
      ? (v: Value) => Number(v as bigint) / 10 ** scale
      : (v: Value) => Number(plainDecimal(v as bigint, scale));
    return out(toLong, toDouble);
  }
  if (from.root === 'BOOLEAN') return out((v) => (v ? 1n : 0n), (v) => (v ? 1 : 0));
  if (isChar(from)) {
    const what = formatDataType(to);
    if (to.root === 'FLOAT') return (v) => Math.fround(parseJavaDouble(v as string, what));
    if (to.root === 'DOUBLE') return (v) => parseJavaDouble(v as string, what);
    const bits = BITS[to.root as AtomicRoot]!;
    return (v) => wrap(parseJavaInteger(v as string, bits, what), to.root);
  }
  if (isTimestamp(from) && (to.root === 'BIGINT' || to.root === 'INT')) {
    // DateTimeUtils.unixTimestamp(millis) = millis / 1000 (Java division); the same for LTZ.
    return (v) => wrap(toJavaTimestamp(v as bigint, from).millis / 1000n, to.root);
  }
  return undefined;
}

/** `NumericToBooleanCastRule` (integral ≠ 0), `StringToBooleanCastRule` (`BinaryStringUtils.toBoolean`). */
function toBoolean(from: Atomic): CastFn | undefined {
  if (isIntegral(from)) return (v) => BigInt(v as number | bigint) !== 0n;
  if (isChar(from)) {
    return (v) => {
      const s = (v as string).toLowerCase();
      if (['t', 'true', 'y', 'yes', '1'].includes(s)) return true;
      if (['f', 'false', 'n', 'no', '0'].includes(s)) return false;
      throw new CastFailure(`cannot parse '${v as string}' as BOOLEAN`);
    };
  }
  return undefined;
}

/** `Decimal.fromBigDecimal`: rounded HALF_UP to the scale, null when the digits exceed the precision. */
function fitDecimal(unscaled: bigint, scale: number, to: Atomic): bigint | null {
  const target = to.scale ?? 0;
  let v = unscaled;
  if (target >= scale) v *= 10n ** BigInt(target - scale);
  else {
    const d = 10n ** BigInt(scale - target);
    const neg = v < 0n;
    const a = neg ? -v : v;
    let q = a / d;
    if ((a % d) * 2n >= d) q += 1n;
    v = neg ? -q : q;
  }
  const digits = (v < 0n ? -v : v).toString().length;
  return digits > (to.precision ?? 10) ? null : v;
}

/** `DecimalToDecimalCastRule`, `NumericPrimitiveToDecimalCastRule`, `BooleanToNumericCastRule`, `StringToDecimalCastRule`. */
function toDecimal(from: Atomic, to: Atomic): CastFn | undefined {
  if (from.root === 'DECIMAL') return (v) => fitDecimal(v as bigint, from.scale ?? 0, to);
  if (isIntegral(from)) return (v) => fitDecimal(BigInt(v as number | bigint), 0, to);
  if (isApprox(from)) {
    // BigDecimal.valueOf(double) = new BigDecimal(Double.toString(d)); NaN and infinities throw.
    return (v) => {
      const d = v as number;
      if (!Number.isFinite(d)) throw new CastFailure(`cannot convert ${javaDoubleToString(d)} to ${formatDataType(to)}`);
      const { unscaled, scale } = parseBigDecimal(javaDoubleToString(d), formatDataType(to));
      return fitDecimal(unscaled, scale, to);
    };
  }
  if (from.root === 'BOOLEAN') return (v) => fitDecimal(v ? 1n : 0n, 0, to);
  if (isChar(from)) {
    return (v) => {
      const { unscaled, scale } = parseBigDecimal(v as string, formatDataType(to));
      return fitDecimal(unscaled, scale, to);
    };
  }
  return undefined;
}

// ---------------------------------------------------------------- text and binary

/** `BinaryStringUtils.toCharacterString`: cut to the length in characters; CHAR is padded with spaces. */
function fitText(s: string, to: Atomic): string {
  const length = to.length ?? MAX_LENGTH;
  const chars = [...s];
  if (chars.length > length) return chars.slice(0, length).join('');
  if (chars.length < length && to.root === 'CHAR') return s + ' '.repeat(length - chars.length);
  return s;
}

/** `BinaryStringUtils.toBinaryString`: BINARY(n) is cut or zero-padded to n bytes, VARBINARY(n) cut. */
function fitBinary(b: Uint8Array, to: Atomic): Uint8Array {
  const length = to.length ?? MAX_LENGTH;
  if (b.length === length || (to.root === 'VARBINARY' && b.length < length)) return b;
  const out = new Uint8Array(length);
  out.set(b.subarray(0, length));
  return out;
}

/**
 * `NumericToStringCastRule` (Java `toString` of the boxed value; decimals plain), `BooleanToStringCastRule`,
 * `StringToStringCastRule`, `BinaryToStringCastRule` (bytes as they are, no length fit), and — only to
 * `STRING` itself, their rules' single target type — `DateToStringCastRule`, `TimeToStringCastRule`,
 * `TimestampToStringCastRule`.
 */
function toText(from: Atomic, to: Atomic): CastFn | 'zone' | undefined {
  const fit = (text: (v: Value) => string): CastFn => (v) => fitText(text(v), to);
  if (isIntegral(from)) return fit((v) => String(v));
  if (from.root === 'FLOAT') return fit((v) => javaFloatToString(v as number));
  if (from.root === 'DOUBLE') return fit((v) => javaDoubleToString(v as number));
  if (from.root === 'DECIMAL') return fit((v) => plainDecimal(v as bigint, from.scale ?? 0));
  if (from.root === 'BOOLEAN') return fit((v) => String(v));
  if (isChar(from)) return fit((v) => v as string);
  if (isBinary(from)) return (v) => utf8Decode(v as Uint8Array);
  const toString = to.root === 'VARCHAR' && to.length === MAX_LENGTH && to.nullable;
  if (!toString) return undefined;
  if (from.root === 'DATE') return (v) => formatDate(v as number);
  if (from.root === 'TIME') return (v) => formatTimeMillis(Number((v as bigint) / 1000n), from.precision ?? 0);
  if (from.root === 'TIMESTAMP') return (v) => formatTimestamp(toJavaTimestamp(v as bigint, from), from.precision ?? 6);
  if (from.root === 'TIMESTAMP_LTZ') return 'zone';
  return undefined;
}

// ---------------------------------------------------------------- dates, times, timestamps

const MILLIS_PER_DAY = 86_400_000n;
const floorDiv = (a: bigint, b: bigint): bigint => (a % b !== 0n && (a < 0n) !== (b < 0n) ? a / b - 1n : a / b);

/** The `Timestamp` (millis + nanos of milli) of an internal timestamp value of type `t`. */
function toJavaTimestamp(v: bigint, t: DataType): JavaTimestamp {
  const nanos = isNanoTimestamp(t) ? v : v * 1000n;
  const millis = floorDiv(nanos, 1_000_000n);
  return { millis, nanoOfMilli: Number(nanos - millis * 1_000_000n) };
}

/** The internal value of type `t` of a `Timestamp` (µs floored for precision ≤ 6, as Paimon's Parquet writer stores it). */
function fromJavaTimestamp(ts: JavaTimestamp, t: DataType): bigint {
  const nanos = ts.millis * 1_000_000n + BigInt(ts.nanoOfMilli);
  return isNanoTimestamp(t) ? nanos : floorDiv(nanos, 1000n);
}

/** `DateTimeUtils.truncate`: only when the fraction has more significant digits than `p`; to ≤ 3 digits the millis are cut toward zero. */
function truncate(ts: JavaTimestamp, p: number): JavaTimestamp {
  const nanoOfSecond = Number(((ts.millis % 1000n) + 1000n) % 1000n) * 1_000_000 + ts.nanoOfMilli;
  const significant = String(nanoOfSecond).padStart(9, '0').replace(/0+$/, '').length;
  if (significant <= p) return ts;
  if (p <= 3) {
    const unit = 10n ** BigInt(3 - p);
    return { millis: (ts.millis / unit) * unit, nanoOfMilli: 0 };
  }
  const unit = 10 ** (9 - p);
  return { millis: ts.millis, nanoOfMilli: Math.trunc(ts.nanoOfMilli / unit) * unit };
}

/** `TimestampToDateCastRule` (floor of millis by day), `StringToDateCastRule` (a number text is the day count, else `parseDate`). */
function toDate(from: Atomic): CastFn | 'zone' | undefined {
  if (from.root === 'TIMESTAMP') return (v) => Number(floorDiv(toJavaTimestamp(v as bigint, from).millis, MILLIS_PER_DAY));
  if (from.root === 'TIMESTAMP_LTZ') return 'zone';
  if (isChar(from)) {
    return (v) => {
      const s = v as string;
      const days = isNumericText(s) ? Number(parseJavaInteger(s, 32, 'DATE')) : parseDate(s);
      if (days === undefined) throw new CastFailure(`cannot parse '${s}' as DATE`);
      return days;
    };
  }
  return undefined;
}

/** `TimestampToTimeCastRule` (millis mod day), `StringToTimeCastRule` (a number text is millis, else `parseTime`). TIME values are µs here. */
function toTime(from: Atomic): CastFn | 'zone' | undefined {
  if (from.root === 'TIMESTAMP') {
    return (v) => {
      const ms = toJavaTimestamp(v as bigint, from).millis;
      return (ms - floorDiv(ms, MILLIS_PER_DAY) * MILLIS_PER_DAY) * 1000n;
    };
  }
  if (from.root === 'TIMESTAMP_LTZ') return 'zone';
  if (isChar(from)) {
    return (v) => {
      const s = v as string;
      const ms = isNumericText(s) ? Number(parseJavaInteger(s, 32, 'TIME')) : parseTime(s);
      if (ms === undefined) throw new CastFailure(`cannot parse '${s}' as TIME`);
      return BigInt(ms) * 1000n;
    };
  }
  return undefined;
}

/**
 * `TimestampToTimestampCastRule` (same zone kind: precision change, truncating as `DateTimeUtils.truncate`),
 * `DateToTimestampCastRule` (midnight UTC), `TimeToTimestampCastRule` (1970-01-01 plus the time),
 * `NumericPrimitiveToTimestamp` (INT/BIGINT seconds), `StringToTimestampCastRule`.
 */
function toTimestamp(from: Atomic, to: Atomic): CastFn | 'zone' | undefined {
  const p = to.precision ?? 6;
  const out = (f: (v: Value) => JavaTimestamp): CastFn => (v) => fromJavaTimestamp(f(v), to);
  if (isTimestamp(from)) {
    if (from.root !== to.root) return 'zone';
    const inputP = from.precision ?? 6;
    return out((v) => (inputP <= p ? toJavaTimestamp(v as bigint, from) : truncate(toJavaTimestamp(v as bigint, from), p)));
  }
  const local = to.root === 'TIMESTAMP';
  if (from.root === 'DATE') return local ? out((v) => ({ millis: BigInt(v as number) * MILLIS_PER_DAY, nanoOfMilli: 0 })) : 'zone';
  if (from.root === 'TIME') return local ? out((v) => ({ millis: (v as bigint) / 1000n, nanoOfMilli: 0 })) : 'zone';
  if (from.root === 'INT' || from.root === 'BIGINT') {
    return local ? out((v) => ({ millis: BigInt.asIntN(64, BigInt(v as number | bigint) * 1000n), nanoOfMilli: 0 })) : 'zone';
  }
  if (isChar(from)) {
    if (!local) return 'zone';
    const what = formatDataType(to);
    return out((v) => (isNumericText(v as string) ? timestampFromEpochText(v as string, p, what) : parseTimestamp(v as string, p, what)));
  }
  return undefined;
}

// ---------------------------------------------------------------- statistics

const INT_DIGITS: Partial<Record<Root, number>> = { TINYINT: 3, SMALLINT: 5, INT: 10, BIGINT: 19 };

/**
 * The cast from `from` to `to` when it keeps order (a ≤ b ⇒ cast(a) ≤ cast(b)), never yields null and
 * never fails — then a file's old min/max/null counts, cast, still bound its values in the new type;
 * undefined otherwise (the stats are unknown). Paimon itself only keeps filters on integer widening
 * (`CastExecutors.castLiteralsWithEvolution`); these are the casts where that reasoning also holds:
 * integer widening, integer or FLOAT to FLOAT/DOUBLE, decimals or integers into a decimal with room
 * for every integer digit, DATE → TIMESTAMP, and timestamp precision changes of the same kind.
 */
export function orderPreservingCast(from: DataType, to: DataType): CastFn | undefined {
  if (sameTypeIgnoringNullable(from, to)) return (v) => v;
  if (!isAtomic(from) || !isAtomic(to)) return undefined;
  const widerInt = isIntegral(from) && isIntegral(to) && BITS[from.root as AtomicRoot]! <= BITS[to.root as AtomicRoot]!;
  const toFloating = (isIntegral(from) || from.root === 'FLOAT') && isApprox(to);
  const intDigits = from.root === 'DECIMAL' ? (from.precision ?? 10) - (from.scale ?? 0) : INT_DIGITS[from.root];
  const roundsUp = from.root === 'DECIMAL' && (to.scale ?? 0) < (from.scale ?? 0) ? 1 : 0;
  const toRoomyDecimal = to.root === 'DECIMAL' && intDigits !== undefined && (from.root === 'DECIMAL' || isIntegral(from))
    && (to.precision ?? 10) - (to.scale ?? 0) >= intDigits + roundsUp;
  const temporal = (from.root === 'DATE' && to.root === 'TIMESTAMP') || (isTimestamp(from) && from.root === to.root);
  if (!widerInt && !toFloating && !toRoomyDecimal && !temporal) return undefined;
  const cast = ruleFor(from, to);
  return typeof cast === 'function' ? cast : undefined;
}
