/**
 * DELETE and UPDATE: on temp copies of the fixtures (deletion vectors where the table enables them,
 * copy-on-write otherwise) and on tables this writer creates; what is read after equals the rows before
 * less (or changed by) the predicate, evaluated here independently on the canonical rows.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CanonicalRow } from '../../../arrow/index.ts';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { readRows } from '../test-support.test-helper.ts';
import { DeltaTable } from '../table.ts';
import { appendRows } from './append.ts';
import { createDeltaTable } from './create-table.ts';
import { prepareRowChange } from './row-changes.ts';

beforeAll(() => installNodeParquetWasm());
const temp = mkdtempSync(join(tmpdir(), 'lakescope-delta-dml-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const sorted = (rows: CanonicalRow[]) => rows.map((r) => JSON.stringify(r)).sort();

/** Per fixture: a predicate on its first column and the same test in JS. */
const CASES: Record<string, { where: string; test: (r: CanonicalRow) => boolean; dv: boolean }> = {
  'delta/basic-dv-with-checkpoint': { where: 'id < 100 OR id = 250', test: (r) => (r.id as number) < 100 || r.id === 250, dv: true },
  'delta/table-with-dv-small': { where: 'value >= 5', test: (r) => (r.value as number) >= 5, dv: true },
  'delta/dv-partitioned-with-checkpoint': { where: "col1 > 40 AND part <= 5 OR col2 = 'foo4'", test: (r) => ((r.col1 as number) > 40 && (r.part as number) <= 5) || r.col2 === 'foo4', dv: true },
  'delta/python-0.25.5-checkpoint': { where: 'x = 1', test: (r) => r.x === 1, dv: false },
  'delta/checkpoint-v2-table': { where: 'id > 20', test: (r) => (r.id as number) > 20, dv: false },
};

const fixtures = listFixtures('delta').filter((f) => CASES[f.name]);

describe.skipIf(fixtures.length === 0)(`delta DELETE on fixture copies ${fixtures.length ? '' : FIXTURES_SKIP_REASON}`, () => {
  for (const fx of fixtures) {
    const c = CASES[fx.name]!;
    it(`${fx.name}: DELETE WHERE ${c.where} (${c.dv ? 'deletion vectors' : 'rewriting files'})`, async () => {
      const dir = join(temp, fx.name.replace(/\//g, '_'));
      cpSync(fx.root, dir, { recursive: true });
      const table = await DeltaTable.open(new FsStorage(dir));
      const before = await readRows(table);
      const want = before.filter((r) => !c.test(r));
      expect(want.length).toBeLessThan(before.length);
      const prepared = await prepareRowChange(table, { where: c.where });
      expect(prepared.preview.details!.rows).toBe(before.length - want.length);
      expect(prepared.preview.after.rows).toBe(BigInt(want.length));
      const r = await prepared.apply();
      expect(sorted(await readRows(table))).toEqual(sorted(want));
      const dvWritten = r.written.filter((w) => w.kind === 'delete');
      expect(dvWritten.length).toBe(c.dv ? 1 : 0);
      if (c.dv) expect(existsSync(join(dir, dvWritten[0]!.key))).toBe(true);
      // Reopened from storage alone (no cached state), the version reads the same.
      expect(sorted(await readRows(await DeltaTable.open(new FsStorage(dir))))).toEqual(sorted(want));
      // The earlier version is still there to travel to.
      expect(sorted(await readRows(table, { version: (BigInt(r.currentAfter!) - 1n).toString() }))).toEqual(sorted(before));
    });
  }

  it.skipIf(!fixtures.some((f) => f.name === 'delta/checkpoint-v2-table'))('checkpoint-v2-table: UPDATE is refused naming identityColumns (its id column is generated)', async () => {
    const fx = fixtures.find((f) => f.name === 'delta/checkpoint-v2-table')!;
    const table = await DeltaTable.open(new FsStorage(fx.root, { readOnly: false }));
    await expect(prepareRowChange(table, { where: 'id = 1', set: { name: 'x' } })).rejects.toMatchObject({ code: 'Unsupported', context: { feature: 'identityColumns' } });
  });
});

describe('delta DELETE and UPDATE on tables this writer creates', () => {
  for (const dv of [true, false]) {
    it(`UPDATE moves rows between partitions and DELETE removes them (${dv ? 'deletion vectors' : 'copy-on-write'})`, async () => {
      const storage = new MemoryStorage('dml');
      await createDeltaTable(storage, {
        columns: [{ name: 'id', type: 'long' }, { name: 'city', type: 'string' }, { name: 'amount', type: 'double' }], partitionColumns: ['city'],
        configuration: dv ? { 'delta.enableDeletionVectors': 'true' } : {},
      });
      const table = await DeltaTable.open(storage);
      const rows = Array.from({ length: 30 }, (_, i) => ({ id: i, city: ['Oslo', 'Lima', 'Pune'][i % 3]!, amount: i * 1.5 }));
      await appendRows(table, rows);
      const upd = await prepareRowChange(table, { where: "city = 'Oslo' AND id >= 12", set: { city: 'Kyiv', amount: 0 } });
      await upd.apply();
      let want = rows.map((r) => (r.city === 'Oslo' && r.id >= 12 ? { ...r, city: 'Kyiv', amount: 0 } : r));
      expect(sorted(await readRows(table))).toEqual(sorted(want as CanonicalRow[]));
      const del = await prepareRowChange(table, { where: 'amount = 0 OR id < 2' });
      await del.apply();
      want = want.filter((r) => !(r.amount === 0 || r.id < 2));
      expect(sorted(await readRows(table))).toEqual(sorted(want as CanonicalRow[]));
      const live = [...table.snapshot.files.values()];
      expect(live.some((a) => a.deletionVector !== undefined)).toBe(dv);
      // Deleting again what is already gone does nothing.
      expect((await prepareRowChange(table, { where: 'id < 2' })).noop).toBe(true);
      // Every row of a file deleted: the file is removed, not given a full deletion vector.
      await (await prepareRowChange(table, { where: "city = 'Lima'" })).apply();
      expect([...table.snapshot.files.values()].some((a) => a.partitionValues.city === 'Lima')).toBe(false);
    });
  }

  it('rejects an empty predicate, unknown columns and values that do not fit', async () => {
    const storage = new MemoryStorage('dml-bad');
    await createDeltaTable(storage, { columns: [{ name: 'id', type: 'long' }] });
    const table = await DeltaTable.open(storage);
    await expect(prepareRowChange(table, { where: ' ' })).rejects.toMatchObject({ code: 'DataInvalid' });
    await expect(prepareRowChange(table, { where: 'nope = 1' })).rejects.toThrow();
    await expect(prepareRowChange(table, { where: 'id = 1', set: { nope: 1 } })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(prepareRowChange(table, { where: 'id = 1', set: { id: 'x' } })).rejects.toMatchObject({ code: 'DataInvalid' });
  });
});
