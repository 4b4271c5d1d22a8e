/**
 * A date or timestamp turned into text inside SQL (CAST(… AS STRING), CONCAT, a comparison or LIKE over that
 * text) is Spark's `yyyy-MM-dd HH:mm:ss[.fraction]` (time-text.ts), on both executors over an Iceberg v3 table
 * the test writes; a timestamp column of the result still prints its canonical ISO text.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { runSql } from './run-sql.ts';
import type { SqlTableDto } from './sql-contract.ts';
import { sparkTimestampText } from './time-text.ts';

describe('Spark text of a timestamp', () => {
  it('drops the zone and zero fraction digits, keeps the rest', () => {
    expect(sparkTimestampText('2020-01-01T08:00:00.000000Z')).toBe('2020-01-01 08:00:00');
    expect(sparkTimestampText('2020-01-01T08:00:00.500000Z')).toBe('2020-01-01 08:00:00.5');
    expect(sparkTimestampText('2020-01-01T08:00:00.123456Z')).toBe('2020-01-01 08:00:00.123456');
    expect(sparkTimestampText('2008-12-28T00:00:00.000123450Z')).toBe('2008-12-28 00:00:00.00012345');
    expect(sparkTimestampText(null)).toBeNull();
  });
});

describe('a date or timestamp as text in SQL, both executors', () => {
  const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];
  const storage = new MemoryStorage('time text');
  const US = (iso: string, sub = 0n) => BigInt(Date.parse(iso)) * 1000n + sub;
  const DAY = (iso: string) => Date.parse(iso) / 86_400_000;
  const ROWS = [
    { id: 1n, ts: US('2020-01-01T08:00:00.000Z'), tn: US('2008-12-28T00:00:00.000Z', 123n) * 1000n + 450n, d: DAY('2020-01-01') },
    { id: 2n, ts: US('2020-01-01T08:00:00.500Z'), tn: US('2008-12-28T00:00:01.000Z') * 1000n, d: DAY('1969-12-31') },
    { id: 3n, ts: US('1969-12-31T23:59:59.123Z', 456n), tn: null, d: null },
  ];
  beforeAll(async () => {
    installNodeParquetWasm();
    const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
    await createTable(storage, {
      location: 'memory://time-text/t', formatVersion: 3,
      schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 'ts', 'timestamp'), f(3, 'tn', 'timestamp_ns'), f(4, 'd', 'date')] },
    });
    await appendRows(storage, ROWS);
  });
  const both = async (query: string, first: 'columnar' | 'auto' = 'columnar') => {
    const out = [];
    for (const executor of [first, 'squirreling'] as const) out.push((await runSql(storage, { query, tables: TABLES }, { executor })).rows);
    expect(out[0], query).toEqual(out[1]);
    return out[0]!;
  };

  it('CAST(… AS STRING) and CONCAT write Spark\'s text', async () => {
    expect(await both('SELECT id, CAST(ts AS STRING) AS s, CAST(tn AS STRING) AS n, CAST(d AS STRING) AS dd FROM t ORDER BY id')).toEqual([
      [1, '2020-01-01 08:00:00', '2008-12-28 00:00:00.00012345', '2020-01-01'],
      [2, '2020-01-01 08:00:00.5', '2008-12-28 00:00:01', '1969-12-31'],
      [3, '1969-12-31 23:59:59.123456', null, null],
    ]);
    expect(await both("SELECT id, CONCAT(ts, '') AS s, CONCAT('at ', DATE_TRUNC('second', ts)) AS c FROM t ORDER BY id", 'auto')).toEqual([
      [1, '2020-01-01 08:00:00', 'at 2020-01-01 08:00:00'],
      [2, '2020-01-01 08:00:00.5', 'at 2020-01-01 08:00:00'],
      [3, '1969-12-31 23:59:59.123456', 'at 1969-12-31 23:59:59'],
    ]);
  });

  it('compares and matches that text; the column itself still prints canonically', async () => {
    expect(await both("SELECT id FROM t WHERE CAST(ts AS STRING) = '2020-01-01 08:00:00' ORDER BY id")).toEqual([[1]]);
    expect(await both("SELECT id FROM t WHERE CAST(ts AS STRING) LIKE '2020-01-01 08:%' ORDER BY id")).toEqual([[1], [2]]);
    expect(await both("SELECT id FROM t WHERE CAST(ts + INTERVAL 1 HOUR AS STRING) = '2020-01-01 09:00:00.5' ORDER BY id")).toEqual([[2]]);
    expect(await both('SELECT id, ts FROM t WHERE id = 1')).toEqual([[1, '2020-01-01T08:00:00.000000Z']]);
    // A string literal is its text, whatever it looks like (it was rewritten into the rows' ISO form).
    expect(await both("SELECT '2020-01-01 08:00:00' AS s, CONCAT('2020-01-01 08:00', ':00') = '2020-01-01 08:00:00' AS e FROM t WHERE id = 1", 'auto')).toEqual([['2020-01-01 08:00:00', true]]);
  });
  it('CAST(… AS DATE|TIMESTAMP) and TIMESTAMP literals are typed values, Spark\'s casts', async () => {
    // A timestamp to DATE is its UTC day; text by stringToDate / stringToTimestamp (UTC); a date to TIMESTAMP is midnight UTC.
    expect(await both("SELECT id, CAST(ts AS DATE) AS d1, CAST('2024-1-2 10:00' AS DATE) AS d2, CAST(d AS TIMESTAMP) AS t1, CAST('2024-01-02 03:04:05.5' AS TIMESTAMP) AS t2 FROM t ORDER BY id")).toEqual([
      [1, '2020-01-01', '2024-01-02', '2020-01-01T00:00:00.000000Z', '2024-01-02T03:04:05.500000Z'],
      [2, '2020-01-01', '2024-01-02', '1969-12-31T00:00:00.000000Z', '2024-01-02T03:04:05.500000Z'],
      [3, '1969-12-31', '2024-01-02', null, '2024-01-02T03:04:05.500000Z'],
    ]);
    // Compared, ordered and grouped by value, as a date column is.
    expect(await both("SELECT id FROM t WHERE CAST(ts AS DATE) = '2020-1-1' ORDER BY id")).toEqual([[1], [2]]);
    expect(await both("SELECT id FROM t WHERE CAST(ts AS TIMESTAMP_NTZ) > TIMESTAMP '2020-01-01 08:00:00' ORDER BY id")).toEqual([[2]]);
    expect(await both("SELECT id FROM t WHERE ts = TIMESTAMP '2020-01-01 08:00:00.5' ORDER BY id")).toEqual([[2]]);
    expect(await both('SELECT CAST(ts AS DATE) AS day, count(*) AS n FROM t GROUP BY CAST(ts AS DATE) ORDER BY day DESC')).toEqual([['2020-01-01', 2], ['1969-12-31', 1]]);
    expect(await both("SELECT id FROM t ORDER BY CAST(CONCAT('2024-01-', CAST(id * 5 AS STRING)) AS DATE) DESC", 'auto')).toEqual([[3], [2], [1]]);
  });

  it('a text Spark does not read as a date or timestamp is an error at it', async () => {
    for (const [query, at] of [
      ["SELECT CAST('2024-02-30' AS DATE) FROM t", /2024-02-30" cannot be cast to DATE, it is not a valid date \(Spark[\s\S]*line 1, column 13/],
      ["SELECT id FROM t WHERE CAST(CONCAT('x', id) AS TIMESTAMP) IS NULL", /line 1, column 29/],
      ["SELECT TIMESTAMP '2024-13-01 00:00' FROM t", /no TIMESTAMP[\s\S]*line 1, column 18/],
    ] as const) {
      for (const executor of ['auto', 'squirreling'] as const) {
        await expect(runSql(storage, { query, tables: TABLES }, { executor }), `${executor}: ${query}`).rejects.toMatchObject({ code: 'DataInvalid', message: expect.stringMatching(at) });
      }
    }
  });
});
