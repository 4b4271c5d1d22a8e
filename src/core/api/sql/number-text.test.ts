/**
 * A number's text inside SQL (number-text.ts): `CAST(x AS STRING)` and CONCAT's arguments as Spark 4 (ANSI)
 * writes them — a DOUBLE/FLOAT by java.lang.Double.toString / Float.toString, a DECIMAL plainly with its scale —
 * on both executors (CONCAT runs on the fallback only). Before: `CAST(1.0 AS STRING)` was `1`, `CAST(1e10 AS
 * STRING)` `10000000000`. Expected texts are Java's (javadoc of Double.toString: scientific below 1e-3 and from
 * 1e7, a fraction digit always) and Spark's Decimal.toPlainString of the literal's DECIMAL(p,s).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { runSql } from './run-sql.ts';
import { decimalLiteralString, javaDoubleText } from './number-text.ts';
import type { SqlTableDto } from './sql-contract.ts';

describe('Java and Spark number texts', () => {
  it("Double.toString's shapes", () => {
    const cases: [number, string][] = [
      [1e10, '1.0E10'], [1, '1.0'], [1e-5, '1.0E-5'], [0.1, '0.1'], [0.001, '0.001'], [0.000999, '9.99E-4'],
      [9999999, '9999999.0'], [1e7, '1.0E7'], [12345678.9, '1.23456789E7'], [-2.5e-7, '-2.5E-7'], [123.456, '123.456'],
      [0, '0.0'], [-0, '-0.0'], [Number.NaN, 'NaN'], [Infinity, 'Infinity'], [-Infinity, '-Infinity'],
      [Number.MAX_VALUE, '1.7976931348623157E308'], [Number.MIN_VALUE, '4.9E-324'], [1e21, '1.0E21'],
    ];
    for (const [d, want] of cases) expect(javaDoubleText(d), String(d)).toBe(want);
  });

  it("a decimal literal's text keeps its scale", () => {
    expect(['1.0', '1.50', '.5', '007.50', '1.', '-0.0', '-1.20', '0.000'].map(decimalLiteralString)).toEqual(['1.0', '1.50', '0.5', '7.50', '1', '0.0', '-1.20', '0.000']);
  });
});

const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];
let storage: MemoryStorage;
beforeAll(async () => {
  installNodeParquetWasm();
  storage = new MemoryStorage('sql number text');
  const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
  await createTable(storage, { location: 'memory://numtext/t', formatVersion: 2, schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 'x', 'double'), f(3, 'd', 'decimal(9,2)'), f(4, 'r', 'float')] } });
  await appendRows(storage, [{ id: 1n, x: 1e10, d: '1.50', r: 0.1 }, { id: 2n, x: 0.5, d: '-3.00', r: 2 }, { id: 3n, x: null, d: null, r: null }]);
});

async function rows(query: string, executor: 'columnar' | 'squirreling'): Promise<readonly (readonly unknown[])[]> {
  const r = await runSql(storage, { query, tables: TABLES }, { executor });
  expect(r.executor?.name).toBe(executor);
  return r.rows;
}

describe.each(['columnar', 'squirreling'] as const)('CAST(… AS STRING) of numbers (%s)', (executor) => {
  it('of literals: a DECIMAL with its scale, a DOUBLE as Java writes it', async () => {
    expect(await rows('SELECT CAST(1.0 AS STRING), CAST(1.50 AS STRING), CAST(-0.50 AS STRING), CAST(1e10 AS STRING), CAST(CAST(1 AS DOUBLE) AS STRING), CAST(1e-5 AS STRING), CAST(0.1e0 AS STRING), CAST(7 AS STRING) FROM t WHERE id = 1', executor))
      .toEqual([['1.0', '1.50', '-0.50', '1.0E10', '1.0', '1.0E-5', '0.1', '7']]);
  });

  it('of columns and expressions: DOUBLE, FLOAT (its own digits), DECIMAL, a DOUBLE quotient', async () => {
    expect(await rows('SELECT CAST(x AS STRING), CAST(r AS STRING), CAST(d AS STRING), CAST(d * 2 AS STRING), CAST(id / 1 AS STRING), CAST(CAST(r AS DOUBLE) AS VARCHAR) FROM t ORDER BY id', executor)).toEqual([
      ['1.0E10', '0.1', '1.50', '3.00', '1.0', '0.10000000149011612'],
      ['0.5', '2.0', '-3.00', '-6.00', '2.0', '2.0'],
      [null, null, null, null, '3.0', null],
    ]);
  });

  it('leaves the result of a DOUBLE column a number', async () => {
    expect(await rows('SELECT x, d, 1e10 FROM t WHERE id = 1', executor)).toEqual([[1e10, '1.50', 1e10]]);
  });
});

describe('CONCAT casts numbers to STRING as Spark does (fallback)', () => {
  it('a decimal literal with its scale, a DOUBLE and a FLOAT as Java writes them', async () => {
    expect(await rows("SELECT concat('a', 1.0), concat('a', x), concat(r, '|', d), concat('a', 1e10, 7) FROM t ORDER BY id", 'squirreling')).toEqual([
      ['a1.0', 'a1.0E10', '0.1|1.50', 'a1.0E107'],
      ['a1.0', 'a0.5', '2.0|-3.00', 'a1.0E107'],
      ['a1.0', null, null, 'a1.0E107'],
    ]);
  });
});
