/**
 * SQL three-valued logic, exact 64-bit SUM, DISTINCT aggregates and decimal MIN/MAX (sql-3vl.ts,
 * arrow-eval.ts, fast-aggregate.ts) on a five-row table with NULLs and longs beyond 2^53. Every expected
 * answer is worked out by hand from SQL semantics (SQL:2016 §8.2, §6.39, §10.9), not taken from an engine;
 * each query runs on the columnar executor and, through a self-join, on the squirreling fallback.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { isLakeError } from '../../errors.ts';
import { runSql } from './run-sql.ts';
import type { SqlTableDto } from './sql-contract.ts';

const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];
const BIG = 9007199254740993n; // 2^53 + 1: not a double

let storage: MemoryStorage;
beforeAll(async () => {
  installNodeParquetWasm();
  storage = new MemoryStorage('sql 3vl');
  const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
  await createTable(storage, {
    location: 'memory://3vl/t', formatVersion: 2,
    schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 'a', 'int'), f(3, 'b', 'int'), f(4, 'region', 'string'), f(5, 'big', 'long'), f(6, 'dec', 'decimal(10,2)'), f(7, 'ok', 'boolean')] },
  });
  await appendRows(storage, [
    { ok: true, id: 1n, a: 10, b: 0, region: 'EU', big: BIG, dec: 950n },
    { ok: null, id: 2n, a: null, b: 1, region: null, big: BIG, dec: 1025n },
    { ok: false, id: 3n, a: 3, b: 1, region: 'US', big: null, dec: -100n },
    { ok: null, id: 4n, a: null, b: null, region: 'EU', big: 1n, dec: null },
    { ok: null, id: 5n, a: 7, b: 2, region: 'US', big: BIG, dec: 950n },
  ]);
});

async function run(query: string, executor: 'columnar' | 'auto') {
  const r = await runSql(storage, { query, tables: TABLES }, { executor });
  return { rows: r.rows.map((row) => row.map((v) => (v === null ? null : String(v)))), executor: r.executor?.name };
}

/** [where, ids it keeps]: a row stays only when the condition is true (not false, not NULL). */
const FILTERS: [string, number[]][] = [
  ['a > 5 OR b = 1', [1, 2, 3, 5]], // row 2: NULL OR true is true; row 4: NULL OR NULL is NULL
  ['ok OR b = 1', [1, 2, 3]], // row 2: a NULL boolean OR true is true; row 5: NULL OR false is NULL
  ["NOT (region = 'EU')", [3, 5]], // row 2: NOT NULL is NULL
  ["region <> 'EU'", [3, 5]],
  ['a NOT IN (3, 7)', [1]], // rows 2, 4: NULL NOT IN (…) is NULL
  ["region NOT LIKE 'E%'", [3, 5]], // row 2: NULL NOT LIKE is NULL
  ["region NOT LIKE 'e%'", [1, 3, 4, 5]], // case-sensitive: 'EU' is not LIKE 'e%'
  ["region LIKE 'e%'", []], // LIKE is case-sensitive (Spark): 'EU' does not match, on either executor
  ["region LIKE 'E%'", [1, 4]],
  // row 2: NULL AND false is false, NOT false is true; row 4: NULL AND NULL is NULL, NOT NULL is NULL
  ['NOT (a > 5 AND b = 0)', [2, 3, 5]],
];

describe('SQL three-valued logic', () => {
  for (const [where, ids] of FILTERS) {
    it(`WHERE ${where} — columnar and fallback`, async () => {
      const fast = await run(`SELECT id FROM t WHERE ${where} ORDER BY id`, 'columnar');
      expect(fast.rows).toEqual(ids.map((i) => [String(i)]));
      const cond = where.replace(/\b(a|b|region|ok)\b/g, 'x.$1');
      const slow = await run(`SELECT x.id FROM t x JOIN t y ON x.id = y.id WHERE ${cond} ORDER BY x.id`, 'auto');
      expect(slow.executor).toBe('squirreling');
      expect(slow.rows).toEqual(ids.map((i) => [String(i)]));
    });
  }

  it('a boolean in the select list is NULL where SQL says so', async () => {
    const want = [['1', 'true'], ['2', 'true'], ['3', 'true'], ['4', null], ['5', 'true']];
    expect((await run('SELECT id, a > 5 OR b = 1 AS x FROM t ORDER BY id', 'columnar')).rows).toEqual(want);
    expect((await run('SELECT x.id, x.a > 5 OR x.b = 1 AS v FROM t x JOIN t y ON x.id = y.id ORDER BY x.id', 'auto')).rows).toEqual(want);
  });

  it('CASE WHEN treats NULL as not true; a simple CASE does not match NULL', async () => {
    const want = [['1', 'hi'], ['2', 'lo'], ['3', 'lo'], ['4', 'lo'], ['5', 'hi']];
    expect((await run("SELECT id, CASE WHEN NOT (a <= 5) THEN 'hi' ELSE 'lo' END AS c FROM t ORDER BY id", 'columnar')).rows).toEqual(want);
    const simple = [['1', 'eu'], ['2', 'other'], ['3', 'other'], ['4', 'eu'], ['5', 'other']];
    expect((await run("SELECT id, CASE region WHEN 'EU' THEN 'eu' ELSE 'other' END AS c FROM t ORDER BY id", 'columnar')).rows).toEqual(simple);
  });
});

describe('aggregates', () => {
  it('SUM of longs beyond 2^53 is exact', async () => {
    // 3 × (2^53 + 1) + 1
    expect((await run('SELECT sum(big) AS s FROM t', 'columnar')).rows).toEqual([[String(3n * BIG + 1n)]]);
  });

  it('SUM/AVG/MIN/MAX/COUNT(DISTINCT) see each value once', async () => {
    // b: 0, 1, 1, NULL, 2 → distinct {0, 1, 2}
    expect((await run('SELECT sum(DISTINCT b) AS s, avg(DISTINCT b) AS v, count(DISTINCT b) AS c, max(DISTINCT b) AS m FROM t', 'columnar')).rows)
      .toEqual([['3', '1', '3', '2']]);
  });

  it('MIN/MAX of decimals compare as numbers', async () => {
    // 9.50, 10.25, -1.00, NULL, 9.50
    expect((await run('SELECT min(dec) AS lo, max(dec) AS hi FROM t', 'columnar')).rows).toEqual([['-1.00', '10.25']]);
  });

  it('the fallback refuses SUM(DISTINCT), saying where and why', async () => {
    const q = 'SELECT sum(DISTINCT x.b) AS s FROM t x JOIN t y ON x.id = y.id';
    const e = await runSql(storage, { query: q, tables: TABLES }).catch((err: unknown) => err);
    expect(isLakeError(e, 'Unsupported')).toBe(true);
    expect((e as Error).message).toMatch(/SUM\(DISTINCT …\).*column 8/s);
    const plan = await runSql(storage, { query: `EXPLAIN ${q}`, tables: TABLES });
    expect(plan.explain?.executor?.reason).toMatch(/refused: SUM\(DISTINCT …\)/);
  });
});
