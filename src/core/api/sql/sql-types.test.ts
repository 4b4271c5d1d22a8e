import { describe, expect, it } from 'vitest';
import { checkLiteral, compareTyped, decimalAvg, keyOf, parseDecimal, parseInstant, sqlTypeOf, timestampText, valueOfKey } from './sql-types.ts';
import { keyed } from './typed-eval.ts';

const NS = (iso: string) => BigInt(Date.parse(iso)) * 1_000_000n;

describe('SQL column types', () => {
  it('maps the type names of every format', () => {
    expect(['decimal(10,2)', 'DECIMAL(23, 5) NOT NULL', 'decimal(38,0)', 'decimal'].map(sqlTypeOf)).toEqual([
      { kind: 'decimal', scale: 2, precision: 10 }, { kind: 'decimal', scale: 5, precision: 23 }, { kind: 'decimal', scale: 0, precision: 38 }, { kind: 'decimal', scale: 0 }]);
    for (const t of ['timestamp', 'timestamptz', 'timestamp_ntz', 'TIMESTAMP(6) WITH LOCAL TIME ZONE', 'TIMESTAMP(3)', 'timestamp-micros', 'local-timestamp-millis']) expect(sqlTypeOf(t), t).toEqual({ kind: 'timestamp' });
    for (const t of ['timestamp_ns', 'timestamptz_ns', 'TIMESTAMP(9)', 'TIMESTAMP(7) WITH LOCAL TIME ZONE', 'TIMESTAMP(9) NOT NULL', 'timestamp-nanos', 'local-timestamp-nanos']) expect(sqlTypeOf(t), t).toEqual({ kind: 'timestamp', nanos: true });
    for (const t of ['date', 'DATE NOT NULL']) expect(sqlTypeOf(t), t).toEqual({ kind: 'date' });
    // Every integer column is an integer to SQL (exact-numeric.ts computes with it in bigint), of its width:
    // Spark's INT op INT is an INT and overflows at 32 bits, TINYINT at 8.
    for (const t of ['long', 'BIGINT', 'int64']) expect(sqlTypeOf(t), t).toEqual({ kind: 'long' });
    for (const t of ['int', 'integer', 'INT NOT NULL', 'int32']) expect(sqlTypeOf(t), t).toEqual({ kind: 'long', bits: 32 });
    for (const t of ['short', 'SMALLINT']) expect(sqlTypeOf(t), t).toEqual({ kind: 'long', bits: 16 });
    for (const t of ['byte', 'TINYINT']) expect(sqlTypeOf(t), t).toEqual({ kind: 'long', bits: 8 });
    // DOUBLE and FLOAT columns: compared with integers and decimals as doubles (Spark casts those to DOUBLE).
    for (const t of ['double', 'DOUBLE NOT NULL', 'float64']) expect(sqlTypeOf(t), t).toEqual({ kind: 'double' });
    for (const t of ['float', 'FLOAT', 'real']) expect(sqlTypeOf(t), t).toEqual({ kind: 'double', float: true });
    // Text columns: compared with a number they are cast to BIGINT or DOUBLE (Spark ANSI, typed-eval.ts).
    for (const t of ['string', 'STRING NOT NULL', 'VARCHAR(10)', 'char(3)']) expect(sqlTypeOf(t), t).toEqual({ kind: 'string' });
    for (const t of ['interval', 'decimal_text', 'datetime', 'time-micros', 'list<decimal(10,2)>', 'list<double>']) expect(sqlTypeOf(t), t).toBeUndefined();
  });

  it('parses decimals and instants exactly', () => {
    expect(parseDecimal('-10.50')).toEqual({ u: -1050n, s: 2 });
    expect(parseDecimal('1e3')).toEqual({ u: 1000n, s: 0 });
    expect(parseDecimal('0.1000000000000000055')).toEqual({ u: 1000000000000000055n, s: 19 });
    expect(parseDecimal('abc')).toBeUndefined();
    expect(parseInstant('2025-03-01 08:00:00+08:00')).toBe(NS('2025-03-01T00:00:00Z'));
    expect(parseInstant('2025-03-01T00:00:00.000000001Z')! - NS('2025-03-01T00:00:00Z')).toBe(1n);
    expect(parseInstant('2025-03-01')).toBe(NS('2025-03-01T00:00:00Z'));
    expect(parseInstant('0099-01-01')).toBe(BigInt(Date.UTC(2000, 0, 1) - Date.UTC(2000, 0, 1)) + NS('0099-01-01T00:00:00Z'));
    expect(parseInstant('2025-13-01')).toBeUndefined();
    expect(compareTyped({ kind: 'decimal', scale: 2 }, '10.00', '9.50')).toBe(1);
    expect(compareTyped({ kind: 'timestamp' }, '2025-03-01T00:00:00.000000Z', '2025-03-01T00:00:00Z')).toBe(0);
  });

  it('10.5 and 10.50 are one key of a decimal column; keys turn back into canonical values', () => {
    const t = { kind: 'decimal', scale: 2 } as const;
    expect(keyOf(t, '10.5')).toBe(keyOf(t, '10.50'));
    expect(keyed(t, () => '10.5')()).toBe(keyed(t, () => '10.50')());
    expect(valueOfKey(t, keyOf(t, '-0.5'))).toBe('-0.50');
    expect(valueOfKey({ kind: 'timestamp' }, keyOf({ kind: 'timestamp' }, '1969-12-31T23:59:59.999999Z'))).toBe('1969-12-31T23:59:59.999999Z');
    expect(valueOfKey({ kind: 'date' }, keyOf({ kind: 'date' }, '1900-01-01'))).toBe('1900-01-01');
    // Nanoseconds: nine digits both ways, before 1970 too (the fraction is an offset into its second).
    const ns = { kind: 'timestamp', nanos: true } as const;
    for (const v of ['1969-12-31T23:59:59.999999999Z', '1899-01-01T00:59:20.001001001Z', '2008-12-28T00:00:00.000123456Z', '1970-01-01T00:00:00.000000000Z']) {
      expect(valueOfKey(ns, keyOf(ns, v)), v).toBe(v);
    }
    expect(timestampText(-1n, true)).toBe('1969-12-31T23:59:59.999999999Z');
    expect(timestampText(-1n, false)).toBe('1969-12-31T23:59:59.999999Z');
    expect(keyOf(ns, '2008-12-28T00:00:00.000123456Z')! > keyOf(ns, '2008-12-28T00:00:00.000123450Z')!).toBe(true);
  });

  it('a literal with more than nine fraction digits is DataInvalid naming the digits', () => {
    expect(() => checkLiteral({ kind: 'timestamp', nanos: true }, '2008-12-28 00:00:00.0001234567', 'f4')).toThrow(/more than 9 fraction digits/);
    expect(() => checkLiteral({ kind: 'timestamp' }, '2008-12-28 00:00:00.123456789', 'ts')).not.toThrow();
  });

  it('AVG of decimals: scale + 4, half away from zero', () => {
    expect(decimalAvg(1n, 20000n, 0)).toBe('0.0001');
    expect(decimalAvg(-1n, 20000n, 0)).toBe('-0.0001');
    expect(decimalAvg(-1n, 3n, 2)).toBe('-0.003333');
    expect(decimalAvg(2n, 3n, 2)).toBe('0.006667');
  });
});
