/**
 * Create, append, DELETE and UPDATE as actions of the common write model (core/api `prepareCreateTable`,
 * `prepareWrite`, the table's `capabilities`): the same calls the worker and the CLI make, with no format
 * name in them beyond the one the registry looks up for create. What is read after each step equals the
 * rows computed here independently; previews say what will happen and apply commits exactly that.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareCreateTable, prepareWrite, writeCapabilities } from '../../../api/table-writes.ts';
import { openTableAt } from '../../../api/open-location.ts';
import { TABLE_READERS } from '../../../api/table-formats.ts';
import { canonicalRows, type CanonicalRow } from '../../../arrow/index.ts';
import type { LakeTable, TableFormat } from '../../table-format.ts';
import { isLakeError } from '../../../errors.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';

beforeAll(() => installNodeParquetWasm());
const temp = mkdtempSync(join(tmpdir(), 'lakescope-delta-model-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const FORMATS = Object.values(TABLE_READERS) as TableFormat[];
const openAt = (dir: string) => openTableAt(new FsStorage(dir), { formats: FORMATS });

async function rowsOf(table: LakeTable): Promise<string[]> {
  const plan = await table.plan({});
  const out: CanonicalRow[] = [];
  for (const t of plan.tasks) for await (const b of table.read(t)) out.push(...canonicalRows(b, { columns: plan.columns }));
  return out.map((r) => JSON.stringify(r)).sort();
}

const row = (id: number, name: string | null, day: string, amount: string) => ({ id, name, day, amount });
const canon = (r: ReturnType<typeof row>) => JSON.stringify(r);

describe('delta writes as model actions', () => {
  for (const dv of [true, false]) {
    it(`create → append → delete → update → restore (${dv ? 'deletion vectors' : 'copy-on-write'})`, async () => {
      const dir = join(temp, `t-${dv}`);
      const storage = new FsStorage(dir);
      const create = await prepareCreateTable('delta', storage, {
        columns: [{ name: 'id', type: 'long', nullable: false }, { name: 'name', type: 'string' }, { name: 'day', type: 'date' }, { name: 'amount', type: 'decimal(10,2)' }],
        partitionColumns: ['day'], properties: dv ? { 'delta.enableDeletionVectors': 'true' } : {},
      });
      expect(create.preview.operation).toBe('create');
      expect(create.preview.writes.map((w) => w.key)).toEqual(['_delta_log/00000000000000000000.json']);
      expect(create.preview.description).toContain(dv ? 'reader 3 / writer 7 with reader features deletionVectors' : 'reader 1 / writer 2');
      expect((await create.apply()).currentAfter).toBe('0');
      // Created twice: refused at preview.
      await expect(prepareCreateTable('delta', storage, { columns: [{ name: 'x', type: 'integer' }] })).rejects.toMatchObject({ code: 'Conflict' });

      let table = await openAt(dir);
      const caps = (await writeCapabilities(table)).filter((c) => c.scope === 'rows');
      expect(caps.map((c) => [c.kind, c.available, c.rowsInput])).toEqual([['append', true, 'rows'], ['delete', true, undefined], ['update', true, undefined]]);
      expect(caps.find((c) => c.kind === 'delete')!.description).toContain(dv ? 'deletion vectors' : 'copy-on-write');

      const rows = [row(1, 'a', '2024-01-01', '1.50'), row(2, 'b', '2024-01-01', '2.00'), row(3, null, '2024-01-02', '-3.25'), row(4, 'd', '2024-01-02', '0.00')];
      const append = await prepareWrite(table, { kind: 'append', rows });
      expect(append.noop).toBe(false);
      expect(append.preview.after.rows).toBe(4n);
      const appended = await append.apply();
      expect(appended.currentAfter).toBe('1');
      expect(appended.written.filter((w) => w.kind === 'data')).toHaveLength(2); // one file per day
      table = await openAt(dir);
      expect(await rowsOf(table)).toEqual(rows.map(canon).sort());

      // No rows: a no-op; a value that does not fit its column fails the preview, naming it.
      expect((await prepareWrite(table, { kind: 'append', rows: [] })).noop).toBe(true);
      const bad = await prepareWrite(table, { kind: 'append', rows: [{ id: 'x', name: 'y', day: '2024-01-01', amount: '1' }] }).catch((e: unknown) => e);
      expect(isLakeError(bad, 'DataInvalid') && bad.message).toMatch(/column id/);

      const del = await prepareWrite(table, { kind: 'delete', where: "name = 'b' or amount < 0" });
      expect(del.preview.after.rows).toBe(2n);
      // A deletion vector file only where the table enables them.
      expect((await del.apply()).written.some((w) => w.kind === 'delete')).toBe(dv);
      table = await openAt(dir);
      const afterDelete = [rows[0]!, rows[3]!];
      expect(await rowsOf(table)).toEqual(afterDelete.map(canon).sort());

      const upd = await prepareWrite(table, { kind: 'update', where: 'id = 4', set: { name: 'dd', amount: '9.99' } });
      expect(upd.preview.operation).toBe('update');
      const updated = await upd.apply();
      table = await openAt(dir);
      const afterUpdate = [rows[0]!, row(4, 'dd', '2024-01-02', '9.99')];
      expect(await rowsOf(table)).toEqual(afterUpdate.map(canon).sort());
      // Every step is a version with Delta's operation name.
      expect((await table.versions()).map((v) => v.operation)).toEqual(['CREATE TABLE', 'WRITE', 'DELETE', 'UPDATE']);
      expect(updated.undo?.action).toEqual({ kind: 'rollback', snapshotId: '2' });
      await (await prepareWrite(table, updated.undo!.action)).apply();
      expect(await rowsOf(await openAt(dir))).toEqual(afterDelete.map(canon).sort());
    });
  }

  it('update with nothing to set and a predicate on an unknown column are refused before anything is written', async () => {
    const dir = join(temp, 'refuse');
    await (await prepareCreateTable('delta', new FsStorage(dir), { columns: [{ name: 'id', type: 'long' }] })).apply();
    const table = await openAt(dir);
    await expect(prepareWrite(table, { kind: 'update', where: 'id = 1', set: {} })).rejects.toMatchObject({ code: 'DataInvalid' });
    await expect(prepareWrite(table, { kind: 'delete', where: 'nope = 1' })).rejects.toThrow(/nope/);
    expect((await table.versions()).length).toBe(1);
  });

  it('create: a format without create, an unknown format, bad columns are refused with the reason', async () => {
    const dir = join(temp, 'bad');
    const storage = new FsStorage(dir);
    await expect(prepareCreateTable('hudi', storage, { columns: [{ name: 'id', type: 'long' }] })).rejects.toThrow(/cannot create Apache Hudi tables yet \(it creates: delta\)/);
    await expect(prepareCreateTable('orc', storage, { columns: [{ name: 'id', type: 'long' }] })).rejects.toMatchObject({ code: 'Unsupported' });
    await expect(prepareCreateTable('delta', storage, { columns: [{ name: 'id', type: 'long' }, { name: 'ID', type: 'integer' }] })).rejects.toThrow(/given twice/);
    await expect(prepareCreateTable('delta', storage, { columns: [{ name: 'id', type: 'long' }], partitionColumns: ['day'] })).rejects.toThrow(/partition column day/);
    await expect(prepareCreateTable('delta', storage, { columns: [] })).rejects.toMatchObject({ code: 'DataInvalid' });
  });
});
