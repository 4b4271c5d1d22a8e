/**
 * Compaction: on tables our writer wrote (upserts and deletes, then full and universal compaction) and on
 * temp copies of every Paimon fixture — rows unchanged, the files merged are the ones planned, the LSM view
 * shows the compacted level, and its prediction is the universal pick.
 */
import type { RecordBatch } from 'apache-arrow';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows, canonicalRowsText } from '../../../arrow/index.ts';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, listFixtures } from '../../../../testing/fixtures.ts';
import { PaimonTable } from '../table.ts';
import { copyOf, removeCopies } from './fixture-copies.test-support.ts';

beforeAll(() => installNodeParquetWasm());
afterEach(removeCopies);

/** Canonical rows text, merging every level (what the table holds, level-0 files of deletion-vector tables included). */
async function allRows(table: PaimonTable, version?: string): Promise<string> {
  const plan = await table.planScan({ mergeAllLevels: true, ...(version ? { version } : {}) });
  const batches: RecordBatch[] = [];
  for (const t of plan.tasks) for await (const b of table.read(t)) batches.push(b);
  return canonicalRowsText(canonicalRows(batches, { columns: plan.columns }));
}

async function pkTable(commits: number): Promise<{ table: PaimonTable; expected: Map<number, string> }> {
  const table = await PaimonTable.create(new MemoryStorage('compact'), { columns: [{ name: 'k', type: 'INT' }, { name: 'v', type: 'STRING' }], primaryKeys: ['k'], buckets: 2 });
  const expected = new Map<number, string>();
  for (let c = 0; c < commits; c++) {
    const keys = Array.from({ length: 8 }, (_, i) => (c * 5 + i * 3) % 17);
    if (c % 3 === 2) {
      await table.writeRows('delete', keys.slice(0, 3).map((k) => ({ k })));
      for (const k of keys.slice(0, 3)) expected.delete(k);
    } else {
      await table.writeRows('upsert', keys.map((k) => ({ k, v: `c${c}k${k}` })));
      for (const k of keys) expected.set(k, `c${c}k${k}`);
    }
  }
  return { table, expected };
}

const rowsText = (m: Map<number, string>) => canonicalRowsText([...m].sort((a, b) => a[0] - b[0]).map(([k, v]) => ({ k, v })));

describe('paimon compaction of written tables', () => {
  it('full compaction: every bucket becomes one file at the top level, rows unchanged, DELETE records dropped, COMPACT snapshot', async () => {
    const { table, expected } = await pkTable(4);
    const before = await allRows(table);
    expect(before).toBe(rowsText(expected));
    const lsmBefore = await table.lsmView();
    expect(lsmBefore.buckets.every((b) => b.levels.every((l) => l.level === 0))).toBe(true);
    const plan = (await table.planCompaction({ strategy: 'full' }))!;
    const r = await table.compact({ strategy: 'full' });
    expect(r.snapshotId).toBe('5');
    expect([...r.inputFiles].sort()).toEqual(plan.buckets.flatMap((b) => b.pick.inputs.map((e) => b.folder + e.file.fileName)).sort());
    expect((await table.meta.snapshot(5n)).commitKind).toBe('COMPACT');
    expect(await allRows(table)).toBe(before);
    expect(await allRows(table, '4')).toBe(before);
    const lsm = await table.lsmView();
    for (const b of lsm.buckets) {
      expect(b.levels.map((l) => [l.level, l.files.length])).toEqual([[5, 1]]);
      expect(b.levels[0]!.files[0]!.fileSource).toBe('COMPACT');
      expect(b.levels[0]!.files[0]!.deleteRowCount).toBe('0');
    }
    expect((await table.compact({ strategy: 'full' })).snapshotId).toBeUndefined();
  });

  it('universal compaction merges what the LSM view predicts, and only then', async () => {
    const { table, expected } = await pkTable(3);
    expect((await table.planCompaction({ strategy: 'universal' }))!.buckets).toEqual([]);
    expect((await table.lsmView()).buckets.every((b) => /below num-sorted-run.compaction-trigger/.test(b.nextCompaction))).toBe(true);
    for (let c = 0; c < 3; c++) {
      await table.writeRows('upsert', [{ k: c, v: `x${c}` }, { k: c + 1, v: `y${c}` }, { k: c + 9, v: `z${c}` }]);
      expected.set(c, `x${c}`); expected.set(c + 1, `y${c}`); expected.set(c + 9, `z${c}`);
    }
    const lsm = await table.lsmView();
    const plan = (await table.planCompaction({ strategy: 'universal' }))!;
    expect(plan.buckets.length).toBeGreaterThan(0);
    for (const b of plan.buckets) {
      const view = lsm.buckets.find((x) => x.bucket === b.bucket)!;
      expect(view.compactionDue).toBe(true);
      expect(view.nextPick).toEqual({ files: b.pick.inputs.map((e) => e.file.fileName), outputLevel: b.pick.outputLevel, reason: b.pick.reason });
    }
    const before = await allRows(table);
    expect(before).toBe(rowsText(expected));
    await table.compact({ strategy: 'universal' });
    expect(await allRows(table)).toBe(before);
    const after = await table.lsmView();
    for (const b of plan.buckets) {
      const view = after.buckets.find((x) => x.bucket === b.bucket)!;
      expect(view.levels.some((l) => l.level === b.pick.outputLevel && l.files.some((f) => f.fileSource === 'COMPACT'))).toBe(true);
      expect(view.sortedRuns).toBeLessThan(lsm.buckets.find((x) => x.bucket === b.bucket)!.sortedRuns);
    }
  });
});

/** Rows for the append fixture (INT f1 partition, INT f2 bucket key, DATE, TIMESTAMP(9), DECIMAL(23, 5), BYTES). */
const APPEND_ROWS = [10, 20].flatMap((f1) => [0, 1, 2, 3, 100].map((f2) => ({ f1, f2, f3: '2024-02-29', f4: '2024-01-01T00:00:00.123456789', f5: '123456789012345678.12345', f6: new Uint8Array([f2, 0, 255]) })));

describe.skipIf(!FIXTURES_PRESENT)('paimon compaction on copies of every fixture', () => {
  for (const fx of FIXTURES_PRESENT ? listFixtures('paimon') : []) {
    it(`${fx.name}: full compaction keeps the rows (every level merged) and merges the planned files`, async () => {
      const dir = copyOf(fx.name.replace(/^paimon\//, ''));
      const table = await PaimonTable.open(new FsStorage(dir));
      // An append table's buckets each hold one file: append rows through our writer first (its exotic types included) so there is something to merge.
      if (table.schema.primaryKeys.length === 0) await table.writeRows('append', APPEND_ROWS);
      const before = await allRows(table);
      const plan = (await table.planCompaction({ strategy: 'full' }))!;
      expect(plan.buckets.length).toBeGreaterThan(0);
      const r = await table.compact({ strategy: 'full' });
      expect(r.snapshotId).toBe(String(plan.snapshot.id + 1n));
      expect([...r.inputFiles].sort()).toEqual(plan.buckets.flatMap((b) => b.pick.inputs.map((e) => b.folder + e.file.fileName)).sort());
      expect(await allRows(table)).toBe(before);
      const lsm = await table.lsmView();
      if (lsm.primaryKey) for (const b of lsm.buckets) expect(b.levels.map((l) => l.level), `${b.partition} bucket ${b.bucket}`).toEqual([5]);
      else for (const b of lsm.buckets) expect(b.levels[0]!.files.length).toBe(1);
      // After a full compaction nothing is left at level 0 of a primary-key table, so Paimon's own batch read (skipping level 0 with deletion vectors) agrees.
      const plain = await table.plan({});
      const batches: RecordBatch[] = [];
      for (const t of plain.tasks) for await (const b of table.read(t)) batches.push(b);
      expect(canonicalRowsText(canonicalRows(batches, { columns: plain.columns }))).toBe(before);
    });
  }
});
