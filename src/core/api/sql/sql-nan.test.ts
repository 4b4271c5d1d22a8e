/**
 * NaN, +Infinity and -Infinity in DOUBLE and FLOAT columns (issue 16, exactness), on an Iceberg table we write
 * here in three files: one of NaNs only, one of finite values and a NULL, one with the infinities and -0.0.
 * The Data tab's rows (RowCursor) carry them as the canonical row form's "NaN"/"Infinity"/"-Infinity" (not
 * null); SQL answers follow Spark's SQL reference, "NaN Semantics": NaN = NaN is true, NaN is above every other
 * value (+Infinity included) in comparisons, ORDER BY and MIN/MAX, all NaNs are one group; and a sum that
 * adds a NaN, or both infinities, is NaN (IEEE addition, Spark's Sum of a DOUBLE). Each expected answer is
 * worked out from those rules and the rows below, on both executors (`auto` = columnar, `squirreling` the
 * fallback). The pushed filter must never skip the NaN file for `x > 5` (Spark: NaN > 5), and skips a file
 * only where its statistics prove it (Iceberg spec, "Manifests": bounds exclude NaN; nan_value_counts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { openTable } from '../open-table.ts';
import { RowCursor } from '../row-cursor.ts';
import { runSql } from './run-sql.ts';
import type { SqlTableDto } from './sql-contract.ts';

const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];
const EXECUTORS = ['auto', 'squirreling'] as const;

// x: double, f: float (the same values as floats).
const FILES = [
  [{ id: 1n, x: NaN, f: NaN }, { id: 2n, x: NaN, f: NaN }],
  [{ id: 3n, x: 1, f: 1 }, { id: 4n, x: 2, f: 2 }, { id: 5n, x: null, f: null }],
  [{ id: 6n, x: 10, f: 10 }, { id: 7n, x: Infinity, f: Infinity }, { id: 8n, x: -Infinity, f: -Infinity }, { id: 9n, x: -0, f: -0 }],
];

let storage: MemoryStorage;
beforeAll(async () => {
  installNodeParquetWasm();
  storage = new MemoryStorage('sql nan');
  const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
  await createTable(storage, { location: 'memory://nan/t', formatVersion: 2, schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 'x', 'double'), f(3, 'f', 'float')] } });
  for (const rows of FILES) await appendRows(storage, rows);
});

const run = (query: string, executor: 'auto' | 'squirreling') => runSql(storage, { query, tables: TABLES }, { executor });

async function expectRows(query: string, want: unknown[][]): Promise<void> {
  for (const executor of EXECUTORS) {
    const r = await run(query, executor);
    expect(r.rows, `${executor}: ${query}`).toEqual(want);
  }
}

const ids = (...n: number[]) => n.map((i) => [i]);

describe('NaN and ±Infinity in the Data tab rows (canonical row form)', () => {
  it('RowCursor pages them as "NaN", "Infinity", "-Infinity", -0.0 as 0 and NULL as null', async () => {
    const table = await openTable(storage, '', 'iceberg');
    const cursor = await RowCursor.open(table, { columns: ['id', 'x', 'f'] });
    const page = await cursor.page(0, 20);
    expect([...page.rows].sort((a, b) => Number(a.id) - Number(b.id))).toEqual([
      { id: 1, x: 'NaN', f: 'NaN' }, { id: 2, x: 'NaN', f: 'NaN' },
      { id: 3, x: 1, f: 1 }, { id: 4, x: 2, f: 2 }, { id: 5, x: null, f: null },
      { id: 6, x: 10, f: 10 }, { id: 7, x: 'Infinity', f: 'Infinity' }, { id: 8, x: '-Infinity', f: '-Infinity' }, { id: 9, x: 0, f: 0 },
    ]);
    // JSON keeps them apart from NULL.
    expect(JSON.stringify(page.rows.find((r) => r.id === 1))).toBe('{"id":1,"x":"NaN","f":"NaN"}');
  });
});

describe('Spark NaN semantics in SQL, both executors', () => {
  it('SELECT * gives NaN and the infinities, never NULL; IS NULL is false for them', async () => {
    await expectRows('SELECT x, f, x IS NULL AS n FROM t WHERE id IN (1, 5, 7, 8) ORDER BY id', [
      ['NaN', 'NaN', false], [null, null, true], ['Infinity', 'Infinity', false], ['-Infinity', '-Infinity', false],
    ]);
  });

  it('comparisons: NaN = NaN, NaN above +Infinity; the literals \'NaN\' and \'Infinity\' are doubles', async () => {
    await expectRows('SELECT id FROM t WHERE x > 5 ORDER BY id', ids(1, 2, 6, 7));
    await expectRows('SELECT id FROM t WHERE 5 < x ORDER BY id', ids(1, 2, 6, 7));
    await expectRows('SELECT id FROM t WHERE f >= 5 ORDER BY id', ids(1, 2, 6, 7));
    await expectRows('SELECT id FROM t WHERE x < 5 ORDER BY id', ids(3, 4, 8, 9));
    await expectRows('SELECT id FROM t WHERE x > \'Infinity\' ORDER BY id', ids(1, 2));
    await expectRows('SELECT id FROM t WHERE x = \'NaN\' ORDER BY id', ids(1, 2));
    await expectRows('SELECT id FROM t WHERE x < \'NaN\' ORDER BY id', ids(3, 4, 6, 7, 8, 9));
    await expectRows('SELECT id FROM t WHERE x <> 1 ORDER BY id', ids(1, 2, 4, 6, 7, 8, 9));
    await expectRows('SELECT id FROM t WHERE x = x ORDER BY id', ids(1, 2, 3, 4, 6, 7, 8, 9));
    await expectRows('SELECT id FROM t WHERE x = 0 ORDER BY id', ids(9));
    await expectRows('SELECT id, x > 1 AS g FROM t WHERE id IN (1, 5, 7) ORDER BY id', [[1, true], [5, null], [7, true]]);
    await expectRows('SELECT id FROM t WHERE x IN (2, \'NaN\') ORDER BY id', ids(1, 2, 4));
  });

  it('ORDER BY: -Infinity first, then the numbers, +Infinity, then NaN; NULLs where asked', async () => {
    await expectRows('SELECT id FROM t ORDER BY x, id', ids(5, 8, 9, 3, 4, 6, 7, 1, 2));
    await expectRows('SELECT id FROM t ORDER BY x DESC NULLS LAST, id', ids(1, 2, 7, 6, 4, 3, 9, 8, 5));
    await expectRows('SELECT id FROM t ORDER BY f, id', ids(5, 8, 9, 3, 4, 6, 7, 1, 2));
  });

  it('GROUP BY and DISTINCT: all NaNs one group, -0.0 and 0.0 one value', async () => {
    await expectRows('SELECT x, COUNT(*) AS c FROM t GROUP BY x ORDER BY x', [
      [null, 1], ['-Infinity', 1], [0, 1], [1, 1], [2, 1], [10, 1], ['Infinity', 1], ['NaN', 2],
    ]);
    await expectRows('SELECT COUNT(DISTINCT x) AS d FROM t', [[7]]);
  });

  it('MIN/MAX by that order; SUM and AVG add NaN and the infinities (IEEE)', async () => {
    await expectRows('SELECT MIN(x), MAX(x), MIN(f), MAX(f) FROM t', [['-Infinity', 'NaN', '-Infinity', 'NaN']]);
    await expectRows('SELECT MIN(x), MAX(x) FROM t WHERE x < \'NaN\'', [['-Infinity', 'Infinity']]);
    await expectRows('SELECT SUM(x), AVG(x) FROM t WHERE id IN (3, 4, 7)', [['Infinity', 'Infinity']]);
    await expectRows('SELECT SUM(x) FROM t WHERE id IN (7, 8)', [['NaN']]);
    await expectRows('SELECT SUM(x), AVG(f) FROM t WHERE id IN (1, 3)', [['NaN', 'NaN']]);
    await expectRows('SELECT SUM(x), AVG(x) FROM t WHERE id IN (3, 4, 6)', [[13, 13 / 3]]);
  });

  it('joins match NaN with NaN (Spark: a normal value in join keys); a window orders it last', async () => {
    await expectRows('SELECT a.id AS l, b.id AS r FROM t a JOIN t b ON a.x = b.x WHERE a.id < 3 ORDER BY l, r', [[1, 1], [1, 2], [2, 1], [2, 2]]);
    await expectRows('SELECT id, ROW_NUMBER() OVER (ORDER BY x, id) AS n FROM t WHERE id IN (1, 5, 7, 8) ORDER BY id', [[1, 4], [5, 1], [7, 3], [8, 2]]);
  });

  it('CHANGES BETWEEN carries them as numbers too', async () => {
    const table = await openTable(storage, '', 'iceberg');
    const versions = await table.versions();
    const first = versions[0]!.id;
    const last = versions[versions.length - 1]!.id;
    for (const executor of EXECUTORS) {
      const r = await run(`SELECT id, x FROM t CHANGES BETWEEN ${first} AND ${last} WHERE x > 5 ORDER BY x, id`, executor);
      expect(r.rows, executor).toEqual([[6, 10], [7, 'Infinity']]);
    }
  });
});

describe('pushdown and pruning with NaN (Iceberg bounds exclude NaN)', () => {
  const skipped = async (query: string) => (await run(query, 'auto')).scans[0]!;

  it('x > 5 reads the NaN-only file; only statistics that prove no row matches skip a file', async () => {
    // File 2 (1, 2, NULL; no NaN) is skipped; file 1 (NaN only) and file 3 (up to +Infinity) are read.
    let s = await skipped('SELECT id FROM t WHERE x > 5');
    expect([s.filesPlanned, s.filesSkipped]).toEqual([2, 1]);
    s = await skipped('SELECT id FROM t WHERE f > 5');
    expect([s.filesPlanned, s.filesSkipped]).toEqual([2, 1]);
    // x < 5: NaN is never below 5, so the NaN-only file is skipped (and file 3 is read for -Infinity, -0.0).
    s = await skipped('SELECT id FROM t WHERE x < 5');
    expect([s.filesPlanned, s.filesSkipped]).toEqual([2, 1]);
    // x = 'NaN': the files whose nan_value_counts is 0 are skipped.
    s = await skipped('SELECT id FROM t WHERE x = \'NaN\'');
    expect([s.filesPlanned, s.filesSkipped]).toEqual([1, 2]);
  });

  it('the fallback pushes the same filter', async () => {
    const r = await run('SELECT id FROM t WHERE x > 5 ORDER BY id', 'squirreling');
    expect([r.rows, r.scans[0]!.filesPlanned, r.scans[0]!.filesSkipped]).toEqual([ids(1, 2, 6, 7), 2, 1]);
  });
});
