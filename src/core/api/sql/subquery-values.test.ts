/**
 * Expression subqueries on the squirreling fallback (subquery-values.ts): `IN`, `NOT IN`, `EXISTS` and scalar
 * subqueries answer as SQL does (SQL:2016 §8.4 <in predicate>, §6.9 <scalar subquery>; Spark's
 * SCALAR_SUBQUERY_TOO_MANY_ROWS), and an uncorrelated subquery reads its table once, not once per outer row.
 * Expected answers are worked out by hand from the five rows below.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { isLakeError } from '../../errors.ts';
import { runSql } from './run-sql.ts';
import { inValues } from './subquery-values.ts';
import type { SqlTableDto } from './sql-contract.ts';

const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];

let storage: MemoryStorage;
beforeAll(async () => {
  installNodeParquetWasm();
  storage = new MemoryStorage('sql subqueries');
  const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
  await createTable(storage, {
    location: 'memory://subq/t', formatVersion: 2,
    schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 'a', 'int'), f(3, 'region', 'string')] },
  });
  await appendRows(storage, [
    { id: 1n, a: 10, region: 'EU' },
    { id: 2n, a: null, region: 'US' },
    { id: 3n, a: 3, region: 'EU' },
    { id: 4n, a: 7, region: null },
    { id: 5n, a: 2, region: 'US' },
  ]);
});

async function run(query: string) {
  const r = await runSql(storage, { query, tables: TABLES });
  return { rows: r.rows.map((row) => row.map((v) => (v === null ? null : String(v)))), scans: r.scans.length, executor: r.executor?.name };
}

describe('expression subqueries on the fallback', () => {
  it('x NOT IN a subquery holding NULL keeps no row (NULL, not true)', async () => {
    // The subquery's values: {10, NULL, 3}. 1..5 NOT IN it: no match → NULL for every id (3 is not an id).
    const r = await run('SELECT id FROM t WHERE id NOT IN (SELECT a FROM t WHERE id <= 3) ORDER BY id');
    expect(r.executor).toBe('squirreling');
    expect(r.rows).toEqual([]);
  });

  it('x IN / NOT IN a subquery as a value: true, false or NULL', async () => {
    const r = await run('SELECT id, id IN (SELECT a FROM t WHERE id <= 3) AS i, id NOT IN (SELECT a FROM t WHERE id >= 3) AS n FROM t ORDER BY id');
    // {10, NULL, 3} and {3, 7, 2}: id 3 is in the first; ids 2, 3 are in the second.
    expect(r.rows).toEqual([
      ['1', null, 'true'],
      ['2', null, 'false'],
      ['3', 'true', 'false'],
      ['4', null, 'true'],
      ['5', null, 'true'],
    ]);
  });

  it('a NULL x IN an empty subquery is false, NOT IN it true', async () => {
    const r = await run('SELECT id, a IN (SELECT a FROM t WHERE id > 9) AS i, a NOT IN (SELECT a FROM t WHERE id > 9) AS n FROM t WHERE id = 2');
    expect(r.rows).toEqual([['2', 'false', 'true']]);
  });

  it('an uncorrelated IN subquery reads its table once, not once per outer row', async () => {
    const r = await run('SELECT id FROM t WHERE a IN (SELECT a FROM t WHERE region = \'EU\') ORDER BY id');
    expect(r.rows).toEqual([['1'], ['3']]);
    expect(r.scans).toBe(2); // the outer scan and the subquery's
  });

  it('EXISTS and NOT EXISTS of an uncorrelated subquery', async () => {
    expect((await run('SELECT count(*) FROM t WHERE EXISTS (SELECT 1 FROM t WHERE a > 9)')).rows).toEqual([['5']]);
    expect((await run('SELECT count(*) FROM t WHERE NOT EXISTS (SELECT 1 FROM t WHERE a > 99)')).rows).toEqual([['5']]);
    expect((await run('SELECT count(*) FROM t WHERE EXISTS (SELECT 1 FROM t WHERE a > 99)')).rows).toEqual([['0']]);
  });

  it('a scalar subquery of one row is its value, of none NULL, of two an error at its place', async () => {
    expect((await run('SELECT id FROM t WHERE a = (SELECT max(a) FROM t)')).rows).toEqual([['1']]);
    expect((await run('SELECT id, (SELECT a FROM t WHERE id > 9) AS v FROM t WHERE id = 1')).rows).toEqual([['1', null]]);
    const query = 'SELECT id FROM t WHERE a = (SELECT a FROM t WHERE id < 3)';
    const e = await run(query).then(() => undefined, (x: unknown) => x);
    expect(isLakeError(e, 'DataInvalid')).toBe(true);
    expect((e as Error).message).toContain('more than one row');
    expect((e as { context: { column: number } }).context.column).toBe(query.indexOf('(SELECT') + 1);
  });

  it('a subquery naming a CTE and a correlated scalar subquery still answer', async () => {
    const cte = await run('WITH m AS (SELECT max(a) AS mx FROM t) SELECT id FROM t WHERE a IN (SELECT mx FROM m)');
    expect(cte.rows).toEqual([['1']]);
    const corr = await run('SELECT id, (SELECT count(*) FROM t u WHERE u.id < t.id) AS c FROM t ORDER BY id');
    expect(corr.rows).toEqual([['1', '0'], ['2', '1'], ['3', '2'], ['4', '3'], ['5', '4']]);
  });
});

describe('a correlated scalar subquery', () => {
  const failure = async (query: string) => {
    const e = await run(query).then(() => undefined, (x: unknown) => x);
    expect(isLakeError(e, 'DataInvalid'), query).toBe(true);
    expect((e as Error).message).toContain('more than one row');
    expect((e as { context: { column: number } }).context.column).toBe(query.indexOf('(SELECT') + 1);
  };

  it('of several rows for an outer row is an error at its place (Spark SCALAR_SUBQUERY_TOO_MANY_ROWS), not its first value', async () => {
    // EU has ids 1 and 3: two rows for id 1.
    await failure('SELECT id, (SELECT u.a FROM t u WHERE u.region = t.region) AS v FROM t ORDER BY id');
    // US has a = NULL (id 2) and 2 (id 5): a second row whose value is NULL is a second row all the same.
    await failure('SELECT id, (SELECT u.a FROM t u WHERE u.region = t.region ORDER BY u.id) AS v FROM t WHERE id = 5');
    await failure('SELECT id FROM t WHERE a = (SELECT u.a FROM t u WHERE u.region = t.region LIMIT 5 OFFSET 0)');
  });

  it('of at most one row per outer row answers it (NULL for none), DISTINCT and LIMIT counted as SQL counts them', async () => {
    expect((await run('SELECT id, (SELECT u.a FROM t u WHERE u.id = t.id) AS v FROM t ORDER BY id')).rows).toEqual([['1', '10'], ['2', null], ['3', '3'], ['4', '7'], ['5', '2']]);
    expect((await run('SELECT id, (SELECT DISTINCT u.region FROM t u WHERE u.region = t.region) AS v FROM t ORDER BY id')).rows).toEqual([['1', 'EU'], ['2', 'US'], ['3', 'EU'], ['4', null], ['5', 'US']]);
    expect((await run('SELECT id, (SELECT u.id FROM t u WHERE u.region = t.region ORDER BY u.id DESC LIMIT 1) AS v FROM t ORDER BY id')).rows).toEqual([['1', '3'], ['2', '5'], ['3', '3'], ['4', null], ['5', '5']]);
    expect((await run('SELECT id, (SELECT u.id FROM t u WHERE u.region = t.region ORDER BY u.id LIMIT 3 OFFSET 1) AS v FROM t ORDER BY id')).rows).toEqual([['1', '3'], ['2', '5'], ['3', '3'], ['4', null], ['5', '5']]);
    expect((await run('SELECT id, (SELECT max(u.a) FROM t u WHERE u.region = t.region) AS v FROM t ORDER BY id')).rows).toEqual([['1', '10'], ['2', '2'], ['3', '10'], ['4', null], ['5', '2']]);
  });
});

describe('inValues', () => {
  it('follows SQL for NULLs, empty lists, NaN and mixed kinds', () => {
    expect(inValues([])(null)).toBe(false);
    expect(inValues([1, null])(null)).toBe(null);
    expect(inValues([1, null])(1)).toBe(true);
    expect(inValues([1, null])(2)).toBe(null);
    expect(inValues([1, 2])(2)).toBe(true);
    expect(inValues([1, 2])(3)).toBe(false);
    expect(inValues([Number.NaN])(Number.NaN)).toBe(false); // `==`, as the IN list
    expect(inValues([1n, 2n])(2n)).toBe(true);
    expect(inValues([1, 'x'])(1n)).toBe(true); // mixed kinds compare loosely, as squirreling did
  });
});
