/**
 * Exact or refused (issue 16): a decimal, date or timestamp value used where neither executor compares or
 * computes it as a value — under COALESCE/CASE, in an IN subquery, a scalar subquery, a set operation of
 * two scales, decimal arithmetic — is LakeError Unsupported at its place, never an answer from text or
 * doubles. The typed uses next to them still answer, from rows this test writes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { runSql } from './run-sql.ts';
import type { SqlTableDto } from './sql-contract.ts';

const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];
// p: decimal(38,2), q: decimal(38,6). As text '9.50' > '10.00' and '10.50' <> '10.500000'; as doubles a
// 38-digit p * 2 rounds.
const ROWS = [
  { id: 1n, p: 1000n, q: 10_500_000n, day: 20_000 },
  { id: 2n, p: 950n, q: 9_500_000n, day: 20_001 },
  { id: 3n, p: 99_999_999_999_999_999_999_999_999_999_999_999_99n, q: 1n, day: 20_002 },
  { id: 4n, p: null, q: null, day: null },
];

let storage: MemoryStorage;
beforeAll(async () => {
  installNodeParquetWasm();
  storage = new MemoryStorage('sql typed guard');
  const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
  await createTable(storage, {
    location: 'memory://guard/t', formatVersion: 2,
    schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 'p', 'decimal(38,2)'), f(3, 'q', 'decimal(38,6)'), f(4, 'day', 'date')] },
  });
  await appendRows(storage, ROWS);
});

/** Each query and the text of the expression the refusal must point at. */
const REFUSED: [string, string][] = [
  ['SELECT id FROM t WHERE COALESCE(p, 0) > 9.6', 'p'],
  ['SELECT id FROM t WHERE CASE WHEN id > 0 THEN p END > 9.6', 'p'],
  ['SELECT id FROM t WHERE GREATEST(p, q) > 9.6', 'p'],
  ['SELECT id FROM t WHERE p IN (SELECT q FROM t)', 'p IN (SELECT q FROM t)'],
  ['SELECT id FROM t WHERE id IN (SELECT p FROM t)', 'id IN (SELECT p FROM t)'],
  ['SELECT id FROM t WHERE (SELECT MAX(p) FROM t) > 9.6', '(SELECT MAX(p) FROM t)'],
  ['SELECT p FROM t UNION SELECT q FROM t ORDER BY p', 'SELECT p FROM t UNION SELECT q FROM t ORDER BY p'],
  ['SELECT id FROM t WHERE p > day', 'p > day'],
  ['SELECT p * 2 AS x FROM t', 'p'],
  ['SELECT id, p + 1 AS x FROM t', 'p'],
  ['SELECT id, p - q AS x FROM t', 'p'],
  ['SELECT SUM(p * q) AS x FROM t', 'p'],
  ['SELECT id FROM t WHERE p * 1 > 9.6', 'p'],
  ['SELECT id, -p AS x FROM t', 'p'],
  ['WITH c AS (SELECT p AS v FROM t) SELECT v * 2 AS y FROM c', 'v'],
];

describe('typed values the executors would answer inexactly are refused', () => {
  for (const [query, at] of REFUSED) {
    for (const executor of ['auto', 'squirreling'] as const) {
      it(`${executor}: ${query}`, async () => {
        const column = query.lastIndexOf(at) + 1;
        await expect(runSql(storage, { query, tables: TABLES }, { executor }))
          .rejects.toMatchObject({ code: 'Unsupported', message: expect.stringContaining(`line 1, column ${column}`) });
      });
    }
  }

  it('typed values compared, ordered, grouped, cast or shifted directly still answer by value', async () => {
    const ids = async (query: string, executor: 'auto' | 'squirreling') =>
      (await runSql(storage, { query, tables: TABLES }, { executor })).rows.map((r) => Number(r[0]));
    for (const executor of ['auto', 'squirreling'] as const) {
      const byValue = ROWS.filter((r) => r.p !== null && r.p > 960n).map((r) => Number(r.id));
      expect(await ids('SELECT id FROM t WHERE p > 9.6 ORDER BY id', executor), executor).toEqual(byValue);
      expect(await ids('SELECT id FROM t WHERE p IS NOT NULL ORDER BY p', executor), executor).toEqual([2, 1, 3]);
      expect(await ids("SELECT id FROM t WHERE day + INTERVAL 1 DAY > '2024-10-04' ORDER BY id", executor), executor)
        .toEqual(ROWS.filter((r) => r.day !== null && r.day + 1 > 20_000).map((r) => Number(r.id)));
      expect(await ids('SELECT id FROM (SELECT id, p FROM t UNION ALL SELECT id, p FROM t) u WHERE p IS NOT NULL ORDER BY p, id', executor), executor).toEqual([2, 2, 1, 1, 3, 3]);
      expect(await ids('SELECT id FROM t WHERE CASE WHEN p > 9.6 THEN 1 ELSE 0 END = 1 ORDER BY id', executor), executor).toEqual(byValue);
    }
  });
});
