/**
 * What a write does when another commit landed between its preview and its commit (log-commit.ts): appends
 * and OPTIMIZE move on over a concurrent append; OPTIMIZE and DELETE fail with Conflict when their files
 * were removed meanwhile; RESTORE fails on any concurrent data change. Two table objects on one storage
 * stand for two clients.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { readRows } from '../test-support.test-helper.ts';
import { DeltaTable } from '../table.ts';
import { appendRows } from './append.ts';
import { createDeltaTable } from './create-table.ts';
import { prepareOptimize } from './optimize.ts';
import { prepareRestore } from './restore.ts';
import { prepareRowChange } from './row-changes.ts';

beforeAll(() => installNodeParquetWasm());

async function twoClients(): Promise<[DeltaTable, DeltaTable]> {
  const storage = new MemoryStorage('race');
  await createDeltaTable(storage, { columns: [{ name: 'id', type: 'long' }], configuration: { 'delta.enableDeletionVectors': 'true' } });
  const a = await DeltaTable.open(storage);
  for (let i = 0; i < 3; i++) await appendRows(a, [{ id: i * 2 }, { id: i * 2 + 1 }]);
  return [a, await DeltaTable.open(storage)];
}

const ids = async (t: DeltaTable) => (await readRows(t)).map((r) => r.id as number).sort((x, y) => x - y);

describe('delta commit conflicts', () => {
  it('OPTIMIZE lands over a concurrent append (after it, at the next version) and keeps the appended rows', async () => {
    const [a, b] = await twoClients();
    const optimize = await prepareOptimize(a);
    await appendRows(b, [{ id: 100 }]); // version 4
    const r = await optimize.apply();
    expect(r.currentAfter).toBe('5');
    expect(r.attempts).toBe(2);
    expect(await ids(a)).toEqual([0, 1, 2, 3, 4, 5, 100]);
  });

  it('OPTIMIZE fails with Conflict when a concurrent DELETE removed a file it rewrites; nothing it wrote stays', async () => {
    const [a, b] = await twoClients();
    const optimize = await prepareOptimize(a);
    await (await prepareRowChange(b, { where: 'id = 2' })).apply();
    const before = (await a.storage.list({})).objects.length;
    await expect(optimize.apply()).rejects.toMatchObject({ code: 'Conflict', context: { retryable: false } });
    expect((await a.storage.list({})).objects.length).toBe(before);
    await a.reload();
    expect(await ids(a)).toEqual([0, 1, 3, 4, 5]);
  });

  it('DELETE fails with Conflict when a concurrent OPTIMIZE removed the files it read, and lands over an append', async () => {
    const [a, b] = await twoClients();
    const del = await prepareRowChange(a, { where: 'id = 1' });
    await appendRows(b, [{ id: 7 }]);
    await del.apply();
    expect(await ids(a)).toEqual([0, 2, 3, 4, 5, 7]);
    const del2 = await prepareRowChange(a, { where: 'id = 0' });
    await (await prepareOptimize(b)).apply();
    await expect(del2.apply()).rejects.toMatchObject({ code: 'Conflict' });
  });

  it('RESTORE fails with Conflict on any concurrent data change', async () => {
    const [a, b] = await twoClients();
    const restore = await prepareRestore(a, { version: 1n });
    await appendRows(b, [{ id: 9 }]);
    await expect(restore.apply()).rejects.toThrow(/version 4 was committed by another writer first and it added/);
  });
});
