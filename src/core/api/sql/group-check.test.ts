/**
 * Spark's MISSING_AGGREGATION and DISTINCT/ORDER BY analysis (group-check.ts): refused at the column's place on
 * both executors, where squirreling and the columnar executor answered with the first row's value; the
 * queries Spark accepts (aliases, ordinals, expressions over grouping keys, aggregates in HAVING/ORDER BY,
 * windows) still answer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { isLakeError } from '../../errors.ts';
import { runSql } from './run-sql.ts';
import type { SqlTableDto } from './sql-contract.ts';

const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];
let storage: MemoryStorage;
beforeAll(async () => {
  installNodeParquetWasm();
  storage = new MemoryStorage('sql group check');
  const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
  await createTable(storage, { location: 'memory://group/t', formatVersion: 2, schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 'g', 'string'), f(3, 'v', 'int')] } });
  await appendRows(storage, [{ id: 1n, g: 'a', v: 1 }, { id: 2n, g: 'b', v: 5 }, { id: 3n, g: 'a', v: 3 }]);
});

const rows = async (query: string, executor: 'auto' | 'squirreling' = 'auto') =>
  (await runSql(storage, { query, tables: TABLES }, { executor })).rows.map((r) => r.map((x) => (x === null ? null : String(x))));

describe('Spark analysis squirreling skips', () => {
  for (const [query, at, key] of [
    ['SELECT g, v FROM t GROUP BY g', 'v FROM', 'error.sql.missingAggregation'],
    ['SELECT v, count(*) FROM t', 'v,', 'error.sql.missingAggregation'],
    ['SELECT g, count(*) FROM t GROUP BY g HAVING v > 1', 'v > 1', 'error.sql.missingAggregation'],
    ['SELECT g, count(*) FROM t GROUP BY g ORDER BY v', 'v', 'error.sql.missingAggregation'],
    ['SELECT g, v + 1 FROM t GROUP BY g', 'v + 1', 'error.sql.missingAggregation'],
    ['SELECT DISTINCT g FROM t ORDER BY id', 'id', 'error.sql.distinctOrder'],
  ] as const) {
    for (const executor of ['auto', 'squirreling'] as const) {
      it(`${query} is refused at its column (${executor})`, async () => {
        const e = await rows(query, executor).then(() => undefined, (x: unknown) => x);
        expect(isLakeError(e, 'DataInvalid')).toBe(true);
        expect(JSON.stringify((e as { ref?: unknown }).ref)).toContain(key);
        const column = query.lastIndexOf(at.split(' ')[0]!) + 1;
        expect((e as { context: { column: number } }).context.column).toBe(column);
      });
    }
  }

  it('what Spark accepts still answers', async () => {
    expect(await rows('SELECT g AS k, count(*) AS n FROM t GROUP BY k HAVING n > 1 ORDER BY n')).toEqual([['a', '2']]);
    expect(await rows('SELECT upper(g), sum(v) FROM t GROUP BY 1 ORDER BY 1')).toEqual([['A', '4'], ['B', '5']]);
    expect(await rows('SELECT t.g, max(v) + 1 AS m FROM t GROUP BY g ORDER BY max(v) DESC')).toEqual([['b', '6'], ['a', '4']]);
    expect(await rows("SELECT CASE WHEN g = 'a' THEN 1 ELSE 0 END AS k, count(*) FROM t GROUP BY CASE WHEN g = 'a' THEN 1 ELSE 0 END ORDER BY k")).toEqual([['0', '1'], ['1', '2']]);
    expect(await rows('SELECT 1 AS one, count(*) FROM t')).toEqual([['1', '3']]);
    expect(await rows('SELECT DISTINCT g AS k FROM t ORDER BY k')).toEqual([['a'], ['b']]);
    expect(await rows('SELECT DISTINCT g FROM t ORDER BY 1 DESC')).toEqual([['b'], ['a']]);
    expect(await rows('SELECT id, row_number() OVER (ORDER BY v) AS r FROM t ORDER BY id')).toEqual([['1', '1'], ['2', '3'], ['3', '2']]);
    // A literal past 2^53 is a bigint in the query's tree: comparing expressions threw an Internal error.
    expect(await rows('SELECT sum(CAST(1152921504606846976 AS BIGINT)) AS s FROM t')).toEqual([['3458764513820540928']]);
    const past = await rows('SELECT sum(CAST(4611686018427387904 AS BIGINT)) AS s FROM t').then(() => undefined, (x: unknown) => x);
    expect(isLakeError(past, 'DataInvalid'), String(past)).toBe(true); // 3 × 2^62 is past BIGINT: ANSI's overflow
    for (const executor of ['auto', 'squirreling'] as const) {
      expect(await rows('SELECT g, id + 9007199254740993 AS k FROM t GROUP BY g, id + 9007199254740993 ORDER BY k', executor))
        .toEqual([['a', '9007199254740994'], ['b', '9007199254740995'], ['a', '9007199254740996']]);
    }
  });
});
