/**
 * Paimon's cast rules (paimon-common `casting/*CastRule`, `DecimalUtils`, `BinaryStringUtils`,
 * `DateTimeUtils`) on internal values. Each expectation is Java's answer for the rule named beside it.
 */
import { describe, expect, it } from 'vitest';
import { isLakeError } from '../../../errors.ts';
import type { Value } from '../../../expr/index.ts';
import { CastFailure, orderPreservingCast, resolveCast } from './cast.ts';
import { parseDataType } from './data-type.ts';

const cast = (from: string, to: string, v: Value): Value | null => resolveCast(parseDataType(from), parseDataType(to))(v);
const fails = (from: string, to: string, v: Value) => expect(() => cast(from, to, v)).toThrow(CastFailure);
const refused = (from: string, to: string) => {
  let err: unknown;
  try { resolveCast(parseDataType(from), parseDataType(to)); } catch (e) { err = e; }
  expect(isLakeError(err, 'Unsupported'), `${from} → ${to} should be refused`).toBe(true);
  expect((err as Error).message).toContain(`cannot read ${parseDataType(from).root === 'ARRAY' ? 'ARRAY' : from.replace(/\s*NOT NULL/, '')}`);
};
const days = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;
const micros = (iso: string) => BigInt(Date.parse(`${iso}Z`)) * 1000n;

describe('paimon casts: numbers (NumericPrimitiveCastRule = Java Number.xxxValue())', () => {
  it('widens integers exactly and wraps when narrowing (two\'s complement)', () => {
    expect(cast('INT', 'BIGINT', 2147483647)).toBe(2147483647n);
    expect(cast('TINYINT', 'INT', -128)).toBe(-128);
    expect(cast('BIGINT', 'INT', 4294967297n)).toBe(1);
    expect(cast('INT', 'TINYINT', 383)).toBe(127); // CastExecutors comment: (byte) 383 == 127
    expect(cast('INT', 'SMALLINT', 40000)).toBe(-25536);
  });
  it('float ↔ double: widening is exact, narrowing rounds to nearest float', () => {
    expect(cast('FLOAT', 'DOUBLE', Math.fround(0.1))).toBe(0.10000000149011612);
    expect(cast('DOUBLE', 'FLOAT', 0.1)).toBe(Math.fround(0.1));
  });
  it('floating → integral truncates, saturates int/long, NaN → 0, byte/short go through int', () => {
    expect(cast('DOUBLE', 'INT', -2.7)).toBe(-2);
    expect(cast('DOUBLE', 'INT', 1e20)).toBe(2147483647);
    expect(cast('DOUBLE', 'BIGINT', -1e30)).toBe(-(2n ** 63n));
    expect(cast('DOUBLE', 'INT', NaN)).toBe(0);
    expect(cast('DOUBLE', 'TINYINT', 300.7)).toBe(44);
  });
  it('long → float rounds once from the exact integer (not through a double)', () => {
    // 2^60 + 2^36 + 1 is just above the midpoint between two floats; through a double it would be a tie → 2^60.
    expect(cast('BIGINT', 'FLOAT', 2n ** 60n + 2n ** 36n + 1n)).toBe(2 ** 60 + 2 ** 37);
    expect(cast('INT', 'DOUBLE', -5)).toBe(-5);
  });
  it('boolean → numbers is 1/0; integral → boolean is ≠ 0 (NumericToBooleanCastRule)', () => {
    expect(cast('BOOLEAN', 'INT', true)).toBe(1);
    expect(cast('BOOLEAN', 'DECIMAL(3, 2)', true)).toBe(100n);
    expect(cast('BIGINT', 'BOOLEAN', 0n)).toBe(false);
    expect(cast('TINYINT', 'BOOLEAN', -3)).toBe(true);
  });
});

describe('paimon casts: decimals (Decimal.fromBigDecimal: HALF_UP, too many digits → null)', () => {
  it('scale up is exact, scale down rounds half up (away from zero)', () => {
    expect(cast('DECIMAL(5, 2)', 'DECIMAL(7, 4)', 12345n)).toBe(1234500n);
    expect(cast('DECIMAL(5, 2)', 'DECIMAL(4, 1)', 12345n)).toBe(1235n);
    expect(cast('DECIMAL(5, 2)', 'DECIMAL(4, 1)', -12345n)).toBe(-1235n);
    expect(cast('DECIMAL(5, 2)', 'DECIMAL(4, 1)', 12344n)).toBe(1234n);
  });
  it('precision overflow gives null, also after rounding up', () => {
    expect(cast('DECIMAL(5, 2)', 'DECIMAL(4, 1)', 99999n)).toBeNull(); // 999.99 → 1000.0
    expect(cast('DECIMAL(5, 2)', 'DECIMAL(3, 2)', 12345n)).toBeNull();
    expect(cast('INT', 'DECIMAL(3, 1)', 12)).toBe(120n);
    expect(cast('INT', 'DECIMAL(3, 1)', 123)).toBeNull();
  });
  it('floating → decimal goes through Double.toString (BigDecimal.valueOf); NaN fails', () => {
    expect(cast('DOUBLE', 'DECIMAL(5, 3)', 0.1)).toBe(100n);
    expect(cast('FLOAT', 'DECIMAL(20, 17)', Math.fround(0.1))).toBe(10000000149011612n);
    expect(cast('DOUBLE', 'DECIMAL(10, 0)', 1e9)).toBe(1000000000n);
    fails('DOUBLE', 'DECIMAL(10, 2)', NaN);
  });
  it('decimal → integral rounds down (DecimalUtils.castToIntegral); → double divides compact values', () => {
    expect(cast('DECIMAL(5, 2)', 'INT', -12399n)).toBe(-123);
    expect(cast('DECIMAL(5, 2)', 'DOUBLE', 12345n)).toBe(123.45);
    expect(cast('DECIMAL(23, 5)', 'DOUBLE', 12345678998765432145678n)).toBe(123456789987654321.45678);
    expect(cast('DECIMAL(23, 5)', 'INT', 12345678998765432145678n)).toBe(Number(BigInt.asIntN(32, 123456789987654321n)));
  });
});

describe('paimon casts: to text (Java toString, then CHAR/VARCHAR length)', () => {
  it('formats doubles and floats as Double/Float.toString', () => {
    const s = (t: string, v: number) => cast(t, 'STRING', v);
    expect([s('DOUBLE', 1e7), s('DOUBLE', 1234567), s('DOUBLE', 0.001), s('DOUBLE', 0.0001), s('DOUBLE', -0), s('DOUBLE', 100), s('DOUBLE', 1.5e-10)])
      .toEqual(['1.0E7', '1234567.0', '0.001', '1.0E-4', '-0.0', '100.0', '1.5E-10']);
    expect([s('FLOAT', Math.fround(0.1)), s('FLOAT', Math.fround(1e10)), s('FLOAT', Math.fround(1.1)), s('DOUBLE', NaN), s('DOUBLE', -Infinity)])
      .toEqual(['0.1', '1.0E10', '1.1', 'NaN', '-Infinity']);
  });
  it('integers, decimals (plain, with their scale) and booleans', () => {
    expect(cast('INT', 'STRING', -5)).toBe('-5');
    expect(cast('BIGINT', 'STRING', 9007199254740993n)).toBe('9007199254740993');
    expect(cast('DECIMAL(5, 2)', 'STRING', 500n)).toBe('5.00');
    expect(cast('DECIMAL(5, 2)', 'STRING', -5n)).toBe('-0.05');
    expect(cast('BOOLEAN', 'STRING', true)).toBe('true');
  });
  it('CHAR pads with spaces, CHAR/VARCHAR cut to their length in characters', () => {
    expect(cast('INT', 'CHAR(5)', 12)).toBe('12   ');
    expect(cast('STRING', 'VARCHAR(3)', '12345')).toBe('123');
    expect(cast('STRING', 'VARCHAR(2)', '😀é!')).toBe('😀é');
  });
  it('date, time, timestamp → STRING (DateTimeUtils formats)', () => {
    expect(cast('DATE', 'STRING', 0)).toBe('1970-01-01');
    expect(cast('DATE', 'STRING', -1)).toBe('1969-12-31');
    expect(cast('TIME', 'STRING', 37230123000n)).toBe('10:20:30');
    expect(cast('TIME(3)', 'STRING', 37230120000n)).toBe('10:20:30.12');
    expect(cast('TIMESTAMP(3)', 'STRING', 1_500_000n)).toBe('1970-01-01 00:00:01.500');
    expect(cast('TIMESTAMP(6)', 'STRING', 1_500_000n)).toBe('1970-01-01 00:00:01.500000');
    expect(cast('TIMESTAMP(9)', 'STRING', 1_000_000_001n)).toBe('1970-01-01 00:00:01.000000001');
    expect(cast('TIMESTAMP(0)', 'STRING', -1_000_000n)).toBe('1969-12-31 23:59:59');
  });
  it('binary ↔ text: bytes as UTF-8; BINARY(n) pads with zeros, VARBINARY(n) cuts', () => {
    expect(cast('BYTES', 'STRING', new Uint8Array([104, 105]))).toBe('hi');
    expect(cast('STRING', 'BINARY(4)', 'ab')).toEqual(new Uint8Array([97, 98, 0, 0]));
    expect(cast('STRING', 'VARBINARY(1)', 'ab')).toEqual(new Uint8Array([97]));
    expect(cast('BYTES', 'BINARY(1)', new Uint8Array([1, 2]))).toEqual(new Uint8Array([1]));
  });
});

describe('paimon casts: from text (BinaryStringUtils)', () => {
  it('integers: digits with an optional dropped fraction, no spaces or exponents, overflow fails', () => {
    expect(['12', '12.9', '-0.5', '+7', '-2147483648'].map((t) => cast('STRING', 'INT', t))).toEqual([12, 12, 0, 7, -2147483648]);
    expect(cast('STRING', 'BIGINT', '9223372036854775807')).toBe(9223372036854775807n);
    for (const t of [' 1', '1e3', '', '-', '2147483648', 'abc']) fails('STRING', 'INT', t);
    fails('STRING', 'TINYINT', '128');
  });
  it('doubles: Double.parseDouble (trims, NaN/Infinity, f/d suffix)', () => {
    expect([' 1.5 ', '1e3', '1.5f', '-Infinity', '.5'].map((t) => cast('STRING', 'DOUBLE', t))).toEqual([1.5, 1000, 1.5, -Infinity, 0.5]);
    expect(cast('STRING', 'DOUBLE', 'NaN')).toBeNaN();
    expect(cast('STRING', 'FLOAT', '0.1')).toBe(Math.fround(0.1));
    fails('STRING', 'DOUBLE', 'abc');
  });
  it('decimals: new BigDecimal(text), HALF_UP, overflow → null, bad text fails', () => {
    expect(cast('STRING', 'DECIMAL(3, 1)', '1.25')).toBe(13n);
    expect(cast('STRING', 'DECIMAL(3, 1)', '-1.25')).toBe(-13n);
    expect(cast('STRING', 'DECIMAL(5, 0)', '1e2')).toBe(100n);
    expect(cast('STRING', 'DECIMAL(4, 0)', '12345')).toBeNull();
    fails('STRING', 'DECIMAL(4, 0)', ' 1');
    fails('STRING', 'DECIMAL(4, 0)', 'abc');
  });
  it('booleans: t/true/y/yes/1 and f/false/n/no/0, any case', () => {
    expect(['YES', 't', '0', 'No'].map((t) => cast('STRING', 'BOOLEAN', t))).toEqual([true, true, false, false]);
    fails('STRING', 'BOOLEAN', 'maybe');
  });
  it('dates: a number is a day count, else y-m-d (anything after a space ignored); invalid dates fail', () => {
    // '2024' is a number, so a day count (1975-07-17), not a year.
    expect(['2024-02-29', '2024-1-5', '19909', '2024-07-05 10:00:00', '2024', '2024-3'].map((t) => cast('STRING', 'DATE', t)))
      .toEqual([days('2024-02-29'), days('2024-01-05'), 19909, days('2024-07-05'), 2024, days('2024-03-01')]);
    fails('STRING', 'DATE', '2023-02-29');
    fails('STRING', 'DATE', 'July');
  });
  it('times: h:m:s.fff, the fourth fraction digit rounds', () => {
    expect(cast('STRING', 'TIME', '10:20:30.1234')).toBe(37230123000n);
    expect(cast('STRING', 'TIME', '10:20:30.1235')).toBe(37230124000n);
    fails('STRING', 'TIME', 'noon');
  });
  it('timestamps: the default formatter, fraction floored to the precision, SMART day clamp; numbers in the precision\'s unit', () => {
    expect(cast('STRING', 'TIMESTAMP(6)', '2024-07-05 10:20:30.1234567')).toBe(micros('2024-07-05T10:20:30') + 123456n);
    expect(cast('STRING', 'TIMESTAMP(3)', '2024-07-05T10:20')).toBe(micros('2024-07-05T10:20:00'));
    expect(cast('STRING', 'TIMESTAMP(6)', '2024-02-30')).toBe(micros('2024-02-29T00:00:00'));
    expect(cast('STRING', 'TIMESTAMP(3)', '1720000000000')).toBe(1720000000000n * 1000n);
    expect(cast('STRING', 'TIMESTAMP(6)', '-1')).toBe(-1n);
    expect(cast('STRING', 'TIMESTAMP(9)', '1720000000123456789')).toBe(1720000000123456789n);
    fails('STRING', 'TIMESTAMP(6)', '2024-13-01');
    fails('STRING', 'TIMESTAMP(5)', '1720000000');
  });
});

describe('paimon casts: dates and timestamps', () => {
  it('date → timestamp is midnight UTC (DateToTimestampCastRule)', () => {
    expect(cast('DATE', 'TIMESTAMP(6)', 19909)).toBe(BigInt(19909) * 86_400_000_000n);
    expect(cast('DATE', 'TIMESTAMP(9)', -1)).toBe(-86_400_000_000_000n);
    expect(cast('DATE', 'TIMESTAMP(3)', 1)).toBe(86_400_000_000n);
  });
  it('timestamp precision: up is exact; down truncates only extra digits, toward zero to ≤ 3 digits (DateTimeUtils.truncate)', () => {
    expect(cast('TIMESTAMP(3)', 'TIMESTAMP(9)', 1_500_000n)).toBe(1_500_000_000n);
    expect(cast('TIMESTAMP(9)', 'TIMESTAMP(6)', 1_234_567_891n)).toBe(1_234_567n);
    expect(cast('TIMESTAMP(9)', 'TIMESTAMP(7)', 1_234_567_891n)).toBe(1_234_567_800n);
    expect(cast('TIMESTAMP(6)', 'TIMESTAMP(0)', -1_500_000n)).toBe(-1_000_000n); // -1.5 s → -1 s, not -2 s
    expect(cast('TIMESTAMP(6)', 'TIMESTAMP(3)', -1_500_001n)).toBe(-1_501_000n); // floor to the millisecond
    expect(cast('TIMESTAMP_LTZ(6)', 'TIMESTAMP_LTZ(3)', 1_500_999n)).toBe(1_500_000n);
  });
  it('timestamp → date floors, → time is the millisecond of the day, → BIGINT/INT seconds (Java division)', () => {
    expect(cast('TIMESTAMP(6)', 'DATE', -1n)).toBe(-1);
    expect(cast('TIMESTAMP(6)', 'TIME', -1000n)).toBe(86_399_999_000n);
    expect(cast('TIMESTAMP(6)', 'BIGINT', -1_500_000n)).toBe(-1n);
    expect(cast('TIMESTAMP_LTZ(3)', 'INT', 2_500_000n)).toBe(2);
  });
  it('INT/BIGINT seconds and TIME → TIMESTAMP', () => {
    expect(cast('INT', 'TIMESTAMP(6)', 10)).toBe(10_000_000n);
    expect(cast('TIME', 'TIMESTAMP(3)', 1_000_000n)).toBe(1_000_000n);
  });
});

describe('paimon casts: refused pairs name both types', () => {
  it('pairs Paimon has no rule for (ALTER TABLE refuses them)', () => {
    for (const [from, to] of [
      ['DATE', 'INT'], ['DECIMAL(5, 2)', 'BOOLEAN'], ['DATE', 'VARCHAR(10)'], ['TIME(0)', 'TIME(3)'], ['DOUBLE', 'TIMESTAMP(6)'],
      ['BOOLEAN', 'DATE'], ['TIMESTAMP(6)', 'DECIMAL(20, 0)'], ['INT', 'BYTES'], ['FLOAT', 'BOOLEAN'],
    ]) refused(from!, to!);
    // ArrayToStringCastRule and friends exist in Paimon but are not implemented here.
    expect(() => resolveCast(parseDataType({ type: 'ARRAY<INT>', element: 'INT' }), parseDataType('STRING')))
      .toThrow(/ARRAY<INT> as STRING: nested types/);
  });
  it('casts that depend on the reading JVM\'s time zone (LOCAL TIME ZONE ↔ wall clock)', () => {
    for (const [from, to] of [
      ['DATE', 'TIMESTAMP(6) WITH LOCAL TIME ZONE'], ['TIMESTAMP(6)', 'TIMESTAMP(6) WITH LOCAL TIME ZONE'],
      ['TIMESTAMP(3) WITH LOCAL TIME ZONE', 'STRING'], ['TIMESTAMP(3) WITH LOCAL TIME ZONE', 'DATE'], ['STRING', 'TIMESTAMP(3) WITH LOCAL TIME ZONE'],
    ]) {
      expect(() => resolveCast(parseDataType(from!), parseDataType(to!))).toThrow(/time zone/);
    }
  });
  it('nullability alone needs no cast', () => {
    expect(cast('INT NOT NULL', 'INT', 5)).toBe(5);
  });
});

describe('paimon casts: which casts keep file stats usable (orderPreservingCast)', () => {
  const keeps = (from: string, to: string) => orderPreservingCast(parseDataType(from), parseDataType(to)) !== undefined;
  it('keeps order-preserving total casts, drops the rest', () => {
    expect([keeps('INT', 'BIGINT'), keeps('FLOAT', 'DOUBLE'), keeps('INT', 'DOUBLE'), keeps('DATE', 'TIMESTAMP(6)'), keeps('TIMESTAMP(9)', 'TIMESTAMP(3)'),
      keeps('DECIMAL(5, 2)', 'DECIMAL(6, 1)'), keeps('INT', 'DECIMAL(12, 2)')]).toEqual([true, true, true, true, true, true, true]);
    expect([keeps('BIGINT', 'INT'), keeps('DOUBLE', 'FLOAT'), keeps('DECIMAL(5, 2)', 'DECIMAL(4, 1)'), keeps('INT', 'DECIMAL(5, 0)'),
      keeps('INT', 'STRING'), keeps('STRING', 'INT'), keeps('DOUBLE', 'DECIMAL(38, 10)'), keeps('DATE', 'TIMESTAMP(6) WITH LOCAL TIME ZONE')])
      .toEqual([false, false, false, false, false, false, false, false]);
  });
});
