/**
 * LIKE as Spark 4 answers it (spark-like.ts; catalyst `Like`, StringUtils.escapeLikeRegex), unit by unit and
 * through runSql on both executors. Before: case ignored, `%` stopped at a newline, `_` matched half a
 * surrogate pair, `\_` read as a backslash then any character.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { isLakeError } from '../../errors.ts';
import { runSql } from './run-sql.ts';
import { sparkLike } from './spark-like.ts';
import type { SqlTableDto } from './sql-contract.ts';

describe('sparkLike', () => {
  it('is case-sensitive and spans newlines and supplementary characters', () => {
    expect(sparkLike('Spark', 'S%')).toBe(true);
    expect(sparkLike('spark', 'S%')).toBe(false);
    expect(sparkLike('a\nb', 'a%b')).toBe(true);
    expect(sparkLike('😀', '_')).toBe(true);
    expect(sparkLike('a😀c', 'a_c')).toBe(true);
    expect(sparkLike('a.c', 'a.c')).toBe(true);
    expect(sparkLike('abc', 'a.c')).toBe(false); // a regex character is literal
    expect(sparkLike('(x)', '(%)')).toBe(true);
  });

  it('reads \\ as the escape of %, _ and \\ only', () => {
    expect(sparkLike('a_b', 'a\\_b')).toBe(true);
    expect(sparkLike('axb', 'a\\_b')).toBe(false);
    expect(sparkLike('100%', '100\\%')).toBe(true);
    expect(sparkLike('a\\b', 'a\\\\b')).toBe(true);
    for (const bad of ['a\\b', 'abc\\']) {
      const e = (() => { try { sparkLike('x', bad); } catch (x) { return x; } return undefined; })();
      expect(isLakeError(e, 'DataInvalid')).toBe(true);
    }
  });
});

const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];
let storage: MemoryStorage;
beforeAll(async () => {
  installNodeParquetWasm();
  storage = new MemoryStorage('sql like');
  const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
  await createTable(storage, { location: 'memory://like/t', formatVersion: 2, schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 's', 'string')] } });
  await appendRows(storage, [{ id: 1n, s: 'Alpha' }, { id: 2n, s: 'alpha' }, { id: 3n, s: 'al_pha\nx' }, { id: 4n, s: '😀lpha' }, { id: 5n, s: null }]);
});

async function ids(where: string): Promise<{ fast: string[]; slow: string[] }> {
  const fast = await runSql(storage, { query: `SELECT id FROM t WHERE ${where} ORDER BY id`, tables: TABLES }, { executor: 'columnar' });
  const slow = await runSql(storage, { query: `SELECT t.id FROM t JOIN t u ON t.id = u.id WHERE ${where.replace(/\bs\b/g, 't.s')} ORDER BY t.id`, tables: TABLES });
  expect(slow.executor?.name).toBe('squirreling');
  return { fast: fast.rows.map((r) => String(r[0])), slow: slow.rows.map((r) => String(r[0])) };
}

describe('LIKE in SQL, on both executors', () => {
  for (const [where, want] of [
    ["s LIKE 'a%'", ['2', '3']],
    ["s LIKE 'A%'", ['1']],
    ["s LIKE 'al\\_%'", ['3']],
    ["s LIKE '%x'", ['3']],
    ["s LIKE '_lpha'", ['1', '2', '4']],
    ["s NOT LIKE 'a%'", ['1', '4']],
  ] as const) {
    it(where, async () => {
      const r = await ids(where);
      expect(r.fast).toEqual(want);
      expect(r.slow).toEqual(want);
    });
  }
});
