/**
 * Date functions over typed values (typed-dates.ts), against answers worked out by hand (calendar facts:
 * 2024 is a leap year, 2023 is not, 1970-01-01 was a Thursday), on both executors over a table the test
 * writes (Iceberg v3: timestamp, timestamp_ns, date), and as functions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { runSql } from './run-sql.ts';
import type { SqlTableDto } from './sql-contract.ts';
import { extractDated, shiftDated, truncDated } from './typed-dates.ts';

const TS = { kind: 'timestamp' } as const;
const NS = { kind: 'timestamp', nanos: true } as const;
const DATE = { kind: 'date' } as const;

describe('typed date functions', () => {
  it('± INTERVAL: exact sub-millisecond digits, month ends clamped, a date with hours becomes a timestamp', () => {
    expect(shiftDated('2024-01-31T10:00:00.123456Z', 1, 'MONTH', '+', TS)).toBe('2024-02-29T10:00:00.123456Z');
    expect(shiftDated('2023-01-31T10:00:00.123456Z', 1, 'MONTH', '+', TS)).toBe('2023-02-28T10:00:00.123456Z');
    expect(shiftDated('2024-02-29', 1, 'YEAR', '+', DATE)).toBe('2025-02-28');
    expect(shiftDated('2024-03-31', 1, 'MONTH', '-', DATE)).toBe('2024-02-29');
    expect(shiftDated('2024-01-15', 13, 'MONTH', '-', DATE)).toBe('2022-12-15');
    expect(shiftDated('2024-01-15', 1, 'HOUR', '+', DATE)).toBe('2024-01-15T01:00:00.000000Z');
    expect(shiftDated('2024-01-15', 90, 'MINUTE', '-', DATE)).toBe('2024-01-14T22:30:00.000000Z');
    expect(shiftDated('2024-01-15', 1, 'DAY', '-', DATE)).toBe('2024-01-14');
    expect(shiftDated('2024-12-31T23:59:59.999999Z', 1, 'SECOND', '+', TS)).toBe('2025-01-01T00:00:00.999999Z');
    expect(shiftDated('1969-12-31T23:59:59.999999999Z', 1, 'DAY', '+', NS)).toBe('1970-01-01T23:59:59.999999999Z');
    expect(shiftDated('2008-12-28T00:00:00.000123456Z', 3, 'HOUR', '-', NS)).toBe('2008-12-27T21:00:00.000123456Z');
    expect(shiftDated(null, 1, 'DAY', '+', TS)).toBeNull();
    expect(() => shiftDated('2024-01-15', 1.5, 'HOUR', '+', DATE)).toThrow(/fractional interval/);
  });

  it('DATE_TRUNC floors (also before 1970) and keeps the type', () => {
    expect(truncDated('SECOND', '1969-12-31T23:59:59.999999Z', TS)).toBe('1969-12-31T23:59:59.000000Z');
    expect(truncDated('HOUR', '1899-01-01T00:59:20.001001001Z', NS)).toBe('1899-01-01T00:00:00.000000000Z');
    expect(truncDated('MONTH', '2024-02-29T23:00:00Z', TS)).toBe('2024-02-01T00:00:00.000000Z');
    expect(truncDated('YEAR', '1969-07-20', DATE)).toBe('1969-01-01');
    expect(truncDated('DAY', '1969-07-20T20:17:40.5Z', TS)).toBe('1969-07-20T00:00:00.000000Z');
  });

  it('EXTRACT: EPOCH exact to the column\'s precision, fields of the floored instant', () => {
    expect(extractDated('EPOCH', '2008-12-28T00:00:00.000123456Z', NS)).toBe('1230422400.000123456');
    expect(extractDated('EPOCH', '2008-12-28T00:00:00.000123Z', TS)).toBe('1230422400.000123');
    expect(extractDated('EPOCH', '1969-12-31T23:59:59.999999Z', TS)).toBe('-0.000001');
    expect(extractDated('EPOCH', '1969-12-31', DATE)).toBe(-86400);
    expect(extractDated('SECOND', '1969-12-31T23:59:59.999999Z', TS)).toBe(59);
    expect(extractDated('DOW', '1970-01-01', DATE)).toBe(4);
    expect(extractDated('DOW', '1969-12-28T12:00:00Z', TS)).toBe(0);
    expect(extractDated('MONTH', '1899-01-01T00:59:20.001001001Z', NS)).toBe(1);
  });
});

describe('typed date functions in SQL, both executors', () => {
  const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];
  const storage = new MemoryStorage('typed dates');
  const US = (iso: string, sub = 0n) => BigInt(Date.parse(iso)) * 1000n + sub;
  const DAY = (iso: string) => Date.parse(iso) / 86_400_000;
  // ts: microseconds; tn: nanoseconds (rows 2 and 3 differ only below the microsecond); d: date.
  const ROWS = [
    { id: 1n, ts: US('2024-01-31T10:00:00.123Z', 456n), tn: US('2008-12-28T00:00:00.000Z', 123n) * 1000n + 456n, d: DAY('2024-01-31') },
    { id: 2n, ts: US('2023-01-31T23:59:59.999Z', 999n), tn: US('2008-12-28T00:00:00.000Z', 123n) * 1000n + 450n, d: DAY('2024-02-29') },
    { id: 3n, ts: US('1969-12-31T23:59:59.999Z', 999n), tn: US('1899-01-01T00:59:20.001Z', 1n) * 1000n + 1n, d: DAY('1969-12-31') },
  ];
  beforeAll(async () => {
    installNodeParquetWasm();
    const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
    await createTable(storage, {
      location: 'memory://dates/t', formatVersion: 3,
      schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 'ts', 'timestamp'), f(3, 'tn', 'timestamp_ns'), f(4, 'd', 'date')] },
    });
    await appendRows(storage, ROWS);
  });
  const both = async (query: string) => {
    const out = [];
    for (const executor of ['columnar', 'squirreling'] as const) out.push((await runSql(storage, { query, tables: TABLES }, { executor })).rows);
    expect(out[0], query).toEqual(out[1]);
    return out[0]!;
  };

  it('± INTERVAL, DATE_TRUNC and EXTRACT(EPOCH) give the hand-computed values', async () => {
    expect(await both('SELECT id, ts + INTERVAL 1 MONTH AS m, d + INTERVAL 1 HOUR AS h, d - INTERVAL 1 MONTH AS dm, tn + INTERVAL 1 DAY AS nd FROM t ORDER BY id')).toEqual([
      [1, '2024-02-29T10:00:00.123456Z', '2024-01-31T01:00:00.000000Z', '2023-12-31', '2008-12-29T00:00:00.000123456Z'],
      [2, '2023-02-28T23:59:59.999999Z', '2024-02-29T01:00:00.000000Z', '2024-01-29', '2008-12-29T00:00:00.000123450Z'],
      [3, '1970-01-31T23:59:59.999999Z', '1969-12-31T01:00:00.000000Z', '1969-11-30', '1899-01-02T00:59:20.001001001Z'],
    ]);
    expect(await both("SELECT id, EXTRACT(EPOCH FROM ts) AS e, EXTRACT(EPOCH FROM tn) AS en, DATE_TRUNC('second', ts) AS s FROM t ORDER BY id")).toEqual([
      [1, '1706695200.123456', '1230422400.000123456', '2024-01-31T10:00:00.000000Z'],
      [2, '1675209599.999999', '1230422400.000123450', '2023-01-31T23:59:59.000000Z'],
      [3, '-0.000001', '-2240521239.998998999', '1969-12-31T23:59:59.000000Z'],
    ]);
  });

  it('compares, orders and groups their results as times, not as text', async () => {
    // As text '2024-02-29T10:…' < '2024-02-29T10:00:00.5' would hold for the wrong reason; these need the instant.
    expect(await both("SELECT id FROM t WHERE ts + INTERVAL 1 MONTH > '2024-02-29 10:00:00.123455' ORDER BY id")).toEqual([[1]]);
    expect(await both("SELECT id FROM t WHERE DATE_TRUNC('day', ts) = '2024-01-31' ORDER BY id")).toEqual([[1]]);
    expect(await both("SELECT id FROM t WHERE d + INTERVAL 1 HOUR = '2024-02-29 01:00' ORDER BY id")).toEqual([[2]]);
    expect(await both('SELECT id FROM t WHERE EXTRACT(EPOCH FROM tn) > 1230422400.000123451 ORDER BY id')).toEqual([[1]]);
    expect(await both('SELECT id FROM t ORDER BY tn - INTERVAL 1 SECOND DESC')).toEqual([[1], [2], [3]]);
    // A literal written as a date or timestamp shifts the same way (JS Date would give 2024-03-02).
    expect(await both("SELECT id FROM t WHERE d = '2024-01-31' + INTERVAL 1 MONTH ORDER BY id")).toEqual([[2]]);
    expect(await both("SELECT '2024-01-31 10:00:00.000000001' + INTERVAL 1 MONTH AS x FROM t WHERE id = 1")).toEqual([['2024-02-29T10:00:00.000000001Z']]);
    expect(await both("SELECT DATE_TRUNC('day', tn) AS day, count(*) AS n FROM t GROUP BY DATE_TRUNC('day', tn) ORDER BY day")).toEqual([
      ['1899-01-01T00:00:00.000000000Z', 1], ['2008-12-28T00:00:00.000000000Z', 2]]);
    expect(await both('SELECT min(tn + INTERVAL 1 YEAR) AS lo, max(EXTRACT(EPOCH FROM ts)) AS hi FROM t')).toEqual([['1900-01-01T00:59:20.001001001Z', '1706695200.123456']]);
  });

  it('refuses what it cannot answer exactly, at its place', async () => {
    for (const [query, at] of [
      ["SELECT DATE_TRUNC('week', ts) FROM t", /unit WEEK[\s\S]*line 1, column 19/],
      ['SELECT ts + INTERVAL 1.5 HOUR FROM t', /fractional interval[\s\S]*line 1, column 13/],
      ['SELECT CAST(ts AS INTEGER) FROM t', /CAST of a timestamp to INTEGER[\s\S]*line 1, column 8/],
      ['SELECT sum(d) FROM t', /line 1, column 8/],
      ['SELECT ts - d FROM t', /line 1, column 8/],
    ] as const) {
      for (const executor of ['auto', 'squirreling'] as const) {
        await expect(runSql(storage, { query, tables: TABLES }, { executor }), `${executor}: ${query}`).rejects.toMatchObject({ code: 'Unsupported', message: expect.stringMatching(at) });
      }
    }
  });
});
