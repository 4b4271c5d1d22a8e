/**
 * The columnar executor against squirreling (the reference): 120 seeded random queries — filters,
 * GROUP BY on one and two keys, every supported aggregate with and without FILTER/DISTINCT, HAVING,
 * ORDER BY with NULLS FIRST/LAST, DISTINCT, LIMIT/OFFSET — over a generated table with nulls, 64-bit
 * values beyond 2^53, decimals, dates, timestamps and mixed-case text, and per-column queries over
 * fixtures of every format (~60 more): both executors must give the same columns, rows (in order) and truncation.
 * Also: its column vectors equal squirreling's row objects over every fixture, and unsupported queries
 * fall back (EXPLAIN says which executor runs).
 */
import { mulberry32 } from '../../../testing/fuzz/prng.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, listFixtures, type FixtureFormat } from '../../../testing/fixtures.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { openTable } from '../open-table.ts';
import { planScan } from '../plan-scan.ts';
import { readTasks } from '../read-tasks.ts';
import { columnBatchOf } from './arrow-columns.ts';
import { runSql } from './run-sql.ts';
import type { SqlTableDto } from './sql-contract.ts';
import { sqlRowsOf } from './sql-values.ts';

/** The fuzzers' seeded generator (mulberry32), as a bare function: the same sample on every run. */
const prng = (seed: number): (() => number) => mulberry32(seed).next;

const ROWS = 1500;
const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];

/** The generated table: three files, nulls in most columns, longs beyond 2^53, decimals, dates, timestamps. */
async function generated(): Promise<MemoryStorage> {
  const storage = new MemoryStorage('sql differential');
  const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
  await createTable(storage, {
    location: 'memory://diff/t', formatVersion: 2,
    schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 'cat', 'string'), f(3, 'amount', 'double'), f(4, 'qty', 'int'), f(5, 'big', 'long'),
      f(6, 'd', 'date'), f(7, 'ts', 'timestamp'), f(8, 'dec', 'decimal(10,2)'), f(9, 'flag', 'boolean'), f(10, 'name', 'string')] },
  });
  const r = prng(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const names = ['Alpha', 'beta', 'GAMMA', 'delta_x', 'eps%', 'Zeta', 'a_b', 'ab', ''];
  for (let file = 0; file < 3; file++) {
    const rows = Array.from({ length: ROWS / 3 }, (_, k) => {
      const i = file * (ROWS / 3) + k;
      const maybe = <T>(v: T, p = 0.1): T | null => (r() < p ? null : v);
      return {
        id: BigInt(i),
        cat: maybe(`c${Math.floor(r() * 7)}`),
        amount: maybe(Math.round((r() * 2000 - 500) * 100) / 100),
        qty: maybe(Math.floor(r() * 10) - 2),
        big: maybe(r() < 0.5 ? 9007199254740990n + BigInt(Math.floor(r() * 6)) : BigInt(Math.floor(r() * 1000) - 500)),
        d: maybe(19723 + Math.floor(r() * 20)),
        ts: maybe(1_704_067_200_000_000n + BigInt(Math.floor(r() * 20 * 86_400)) * 1_000_000n + BigInt(Math.floor(r() * 1000))),
        dec: maybe(BigInt(Math.floor(r() * 20000) - 5000)),
        flag: maybe(r() < 0.5),
        name: maybe(pick(names)),
      };
    });
    await appendRows(storage, rows);
  }
  return storage;
}

/** One random query over the generated table. */
function randomQuery(r: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const chance = (p: number) => r() < p;
  const preds = [
    'amount > 100', 'amount <= 0', "cat = 'c3'", "cat <> 'c1'", 'cat IS NULL', 'cat IS NOT NULL', 'qty IN (1, 2, 3)', 'qty NOT IN (0, 5)',
    "name LIKE 'a%'", "name LIKE '%a_%'", "name LIKE '%\\%'", "d >= '2024-01-10'", "ts < '2024-01-05T12:00:00Z'", "ts >= '2024-01-15'",
    'big > 9007199254740991', 'big = 9007199254740993', 'big < 0', 'dec > 10.5', "dec < '-1.00'", 'flag', 'NOT flag', 'flag = false',
    'amount * 2 > qty', 'qty % 3 = 1', 'id < 500 OR id >= 2000', 'CASE WHEN qty > 3 THEN 1 ELSE 0 END = 1', 'COALESCE(qty, 0) > 2',
    "upper(name) = 'BETA'", 'amount / qty > 10', '-qty > -2', 'CAST(amount AS INT) = 100',
    // Typed columns compared by value on both paths (sql-types.ts): literal scale, text against a decimal, a date against a timestamp.
    "dec = '10.5'", 'dec = 10.50', 'dec BETWEEN -10 AND 10.5', 'dec IN (1.5, -2, 100.25)', "ts <= '2024-01-05'", "d BETWEEN '2024-01-03' AND '2024-01-09'",
    "ts > '2024-01-05 12:00:00+08:00'", "d >= '2024-01-10 00:00:00'",
    // Exact numbers (exact-numeric.ts): longs past 2^53 in arithmetic, decimal arithmetic, typed COALESCE/GREATEST.
    'big + 1 > 9007199254740992', 'big - 9007199254740990 IN (1, 3)', 'dec * 2 > 21', 'dec - 1.5 < 0', 'qty * 1.5 >= 3', 'COALESCE(dec, 0) > 10', 'GREATEST(dec, 5) = 5',
    "ts >= '2024-01-10' - INTERVAL 3 DAY", "d + INTERVAL 1 MONTH > '2024-02-05'", 'extract(DOW FROM ts) IN (0, 6)', "date_trunc('month', d) = '2024-01-01'",
  ];
  const where = () => {
    const a = pick(preds);
    if (!chance(0.4)) return a;
    return `(${a}) ${pick(['AND', 'OR'])} (${pick(preds)})`;
  };
  const keys = ['cat', 'flag', 'qty', 'd', 'name', 'big', 'dec', 'ts', 'substr(ts, 1, 10)', 'lower(name)', 'qty % 3', 'CASE WHEN amount > 0 THEN \'pos\' ELSE \'neg\' END',
    "date_trunc('day', ts)", 'extract(HOUR FROM ts)', "date_part('dow', d)"];
  const args = ['amount', 'qty', 'big', 'dec', 'd', 'ts', 'name', 'cat', 'amount * qty', 'flag'];
  const agg = () => {
    const fn = pick(['count', 'sum', 'avg', 'min', 'max', 'count', 'sum']);
    const star = fn === 'count' && chance(0.3);
    const distinct = fn === 'count' && !star && chance(0.4) ? 'DISTINCT ' : '';
    const filter = chance(0.15) ? ` FILTER (WHERE ${pick(preds)})` : '';
    // Typed columns take part on both paths (the fallback refuses a SUM or AVG it would round: counted, not compared).
    const arg = pick(args);
    return `${fn}(${star ? '*' : `${distinct}${arg}`})${filter}`;
  };
  const kind = r();
  if (kind < 0.6) {
    const groups = chance(0.75) ? (chance(0.3) ? [pick(keys), pick(keys)] : [pick(keys)]) : [];
    const aggs = Array.from({ length: 1 + Math.floor(r() * 3) }, (_, k) => `${agg()} AS a${k}`);
    const cols = [...groups.map((g, k) => `${g} AS g${k}`), ...aggs];
    let q = `SELECT ${cols.join(', ')} FROM t`;
    if (chance(0.5)) q += ` WHERE ${where()}`;
    if (groups.length) q += ` GROUP BY ${groups.join(', ')}`;
    if (chance(0.3)) q += ` HAVING ${pick(['count(*) > 300', 'a0 IS NOT NULL', 'min(qty) < 0', 'sum(amount) > 1000'])}`;
    if (groups.length && chance(0.7)) q += ` ORDER BY ${pick(['a0', 'g0'])} ${pick(['ASC', 'DESC'])}${chance(0.3) ? ' NULLS LAST' : ''}, g0`;
    if (chance(0.3)) q += ` LIMIT ${1 + Math.floor(r() * 10)}${chance(0.3) ? ' OFFSET 2' : ''}`;
    return q;
  }
  const exprs = ['id', 'cat', 'amount', 'qty', 'big', 'd', 'ts', 'dec', 'flag', 'name', 'amount + qty AS s', 'upper(cat) AS u', 'CAST(qty AS TEXT) AS q', 'big - 1 AS b1',
    'big * 3 AS b3', 'dec * qty AS dq', '-dec AS nd', 'CAST(dec AS BIGINT) AS di', 'COALESCE(dec, 0) AS dz', 'CASE WHEN qty > 2 THEN dec ELSE 0 END AS dc'];
  const cols = kind < 0.7 ? '*' : Array.from({ length: 1 + Math.floor(r() * 4) }, () => pick(exprs)).join(', ');
  let q = `SELECT ${kind > 0.9 ? 'DISTINCT ' : ''}${kind > 0.9 ? pick(['cat', 'cat, flag', 'qty % 4 AS m', 'name']) : cols} FROM t`;
  if (chance(0.7)) q += ` WHERE ${where()}`;
  if (kind <= 0.9 && chance(0.6)) q += ` ORDER BY ${pick(['amount', 'ts', 'name', 'big', 'dec', 'dec', 'd', 'qty'])} ${pick(['ASC', 'DESC'])}${chance(0.3) ? ' NULLS LAST' : ''}, id`;
  if (chance(0.7)) q += ` LIMIT ${1 + Math.floor(r() * 40)}${chance(0.3) ? ' OFFSET 3' : ''}`;
  return q;
}

let rowsCompared = 0;

async function bothAgree(storage: Parameters<typeof runSql>[0], query: string, tables: SqlTableDto[], maxRows?: number): Promise<string> {
  const request = { query, tables, ...(maxRows ? { maxRows } : {}) };
  const reference = await runSql(storage, request, { executor: 'squirreling' }).catch((e: Error) => ({ error: e.message }));
  const fast = await runSql(storage, request).catch((e: Error) => ({ error: e.message }));
  // The fallback refuses a SUM or AVG whose double sum would no longer be exact; the columnar answer is exact there.
  if ('error' in reference && /reaches 2\^53/.test(reference.error) && !('error' in fast)) return 'refused';
  // -0 and 0 are one value to SQL (`=` holds; Spark's MAX/MIN keeps whichever of two equal values it met first, so
  // which one a tie gives depends on the order rows arrive): compared as 0.
  const zero = (v: unknown) => (Object.is(v, -0) ? 0 : v);
  const shape = (x: typeof fast) => ('error' in x ? x : { columns: x.columns, rows: x.rows.map((r) => r.map(zero)), truncated: x.truncated });
  expect(shape(fast), query).toEqual(shape(reference));
  if (!('error' in fast)) rowsCompared += fast.rows.length;
  return 'error' in fast ? 'error' : fast.executor!.name;
}

beforeAll(() => installNodeParquetWasm());

describe('columnar executor vs squirreling', () => {
  it('120 seeded random queries over a generated table give equal results', async () => {
    const storage = await generated();
    const r = prng(20261201);
    const ran = { columnar: 0, squirreling: 0, error: 0, refused: 0 } as Record<string, number>;
    for (let k = 0; k < 120; k++) ran[await bothAgree(storage, randomQuery(r), TABLES, k % 10 === 0 ? 5 : undefined)]!++;
    // Nearly every generated query is one the columnar executor runs (the point of the comparison).
    expect(ran.columnar).toBeGreaterThan(95);
    expect(ran.refused).toBeLessThan(20);
    expect(rowsCompared).toBeGreaterThan(1000);
  }, 120_000);

  it('per-column queries over fixtures of every format give equal results', async () => {
    if (!FIXTURES_PRESENT) return;
    const storage = new FsStorage(FIXTURES_DIR, { readOnly: true });
    let columnar = 0;
    for (const format of ['iceberg', 'paimon', 'delta', 'hudi'] as FixtureFormat[]) {
      for (const f of listFixtures(format).slice(0, 2)) {
        const tables: SqlTableDto[] = [{ name: 't', root: f.root.slice(FIXTURES_DIR.length + 1) + '/', format }];
        for (const c of f.expected.columns.slice(0, 4)) {
          const q = `"${c.replaceAll('"', '""')}"`;
          for (const query of [
            `SELECT count(*) AS n, count(${q}) AS k, count(DISTINCT ${q}) AS d, min(${q}) AS lo, max(${q}) AS hi FROM t`,
            `SELECT ${q}, count(*) AS n FROM t GROUP BY ${q} ORDER BY n DESC, ${q}`,
          ]) if ((await bothAgree(storage, query, tables)) === 'columnar') columnar++;
        }
      }
    }
    expect(columnar).toBeGreaterThan(20);
  }, 120_000);

  it('column vectors hold the values squirreling gets as rows, over every fixture', async () => {
    if (!FIXTURES_PRESENT) return;
    const storage = new FsStorage(FIXTURES_DIR, { readOnly: true });
    for (const format of ['iceberg', 'paimon', 'delta', 'hudi'] as FixtureFormat[]) {
      for (const f of listFixtures(format)) {
        const table = await openTable(storage, `${f.root.slice(FIXTURES_DIR.length + 1)}/`, format);
        const plan = await planScan(table, {});
        for await (const r of readTasks(table, plan)) {
          if (!('batch' in r)) continue;
          const rows = sqlRowsOf(r.batch, plan.columns);
          const cols = columnBatchOf(r.batch, plan.columns);
          expect(cols.length, f.name).toBe(rows.length);
          for (const c of plan.columns) expect(cols.cols[c], `${f.name} ${c}`).toEqual(rows.map((x) => x[c]));
        }
      }
    }
  }, 120_000);

  it('joins, subqueries and unknown functions fall back to squirreling; EXPLAIN says which executor runs', async () => {
    const storage = await generated();
    const run = (query: string) => runSql(storage, { query, tables: TABLES });
    expect((await run('SELECT a.id FROM t AS a JOIN t AS b ON a.id = b.id LIMIT 1')).executor).toMatchObject({ name: 'squirreling' });
    expect((await run('SELECT id FROM t WHERE id IN (SELECT id FROM t WHERE qty = 1) LIMIT 1')).executor).toMatchObject({ name: 'squirreling' });
    expect((await run('SELECT sqrt(amount) AS x FROM t LIMIT 1')).executor).toMatchObject({ name: 'squirreling', reason: 'function SQRT' });
    expect((await run('SELECT cat, count(*) AS n FROM t GROUP BY cat')).executor).toEqual({ name: 'columnar' });
    // "Orders per day last week": date_trunc, a timestamp literal minus an interval, ORDER BY an alias.
    const perDay = await run("SELECT date_trunc('day', ts) AS day, count(*) AS n FROM t WHERE ts >= '2024-01-20' - INTERVAL 7 DAY GROUP BY date_trunc('day', ts) ORDER BY day");
    expect(perDay.executor).toEqual({ name: 'columnar' });
    // DATE_TRUNC of a timestamp column is a timestamp in the canonical form (typed-dates.ts).
    expect(perDay.rows.map((r) => r[0])).toEqual(['2024-01-13T00:00:00.000000Z', '2024-01-14T00:00:00.000000Z', '2024-01-15T00:00:00.000000Z', '2024-01-16T00:00:00.000000Z', '2024-01-17T00:00:00.000000Z', '2024-01-18T00:00:00.000000Z', '2024-01-19T00:00:00.000000Z', '2024-01-20T00:00:00.000000Z'].slice(0, perDay.rows.length));
    const explain = await run('EXPLAIN SELECT cat, count(*) AS n FROM t GROUP BY cat');
    expect(explain.rows.map((x) => x[0])).toContain('executor: columnar');
    await expect(runSql(storage, { query: 'SELECT sqrt(amount) FROM t', tables: TABLES }, { executor: 'columnar' })).rejects.toMatchObject({ code: 'Unsupported' });
  });

  it('reports read progress and the scan record, and stops on abort mid-read', async () => {
    const storage = await generated();
    const query = 'SELECT cat, count(*) AS n, avg(amount) AS a FROM t GROUP BY cat';
    const progress: { phase: string; bytes?: number }[] = [];
    const done = await runSql(storage, { query, tables: TABLES }, { onProgress: (p) => progress.push(p) });
    expect(done.executor).toEqual({ name: 'columnar' });
    expect(progress.some((p) => p.phase === 'read' && (p.bytes ?? 0) > 0)).toBe(true);
    expect(done.scans[0]).toMatchObject({ rowsRead: ROWS, columns: ['cat', 'amount'] });
    expect(done.scans[0]!.bytesFetched).toBeGreaterThan(0);
    const controller = new AbortController();
    await expect(runSql(storage, { query, tables: TABLES }, {
      signal: controller.signal, onProgress: (p) => { if (p.phase === 'read') controller.abort(); },
    })).rejects.toMatchObject({ code: 'Aborted' });
  });
});
