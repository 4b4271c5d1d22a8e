import { beforeAll, describe, expect, it } from 'vitest';
import { isLakeError } from '../../../errors.ts';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { listAll } from '../../../io/storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { metaDataAction, syntheticTable } from '../test-support.test-helper.ts';
import { readRows } from '../test-support.test-helper.ts';
import { DeltaTable } from '../table.ts';
import { appendRows } from './append.ts';
import { createDeltaTable } from './create-table.ts';
import { prepareOptimize } from './optimize.ts';
import { prepareRowChange } from './row-changes.ts';
import { isHidden, prepareVacuum } from './vacuum.ts';

beforeAll(() => installNodeParquetWasm());

const DAY = 86_400_000;
async function keys(s: MemoryStorage): Promise<string[]> {
  const out: string[] = [];
  for await (const o of listAll(s)) if (!o.key.startsWith('_delta_log/')) out.push(o.key);
  return out.sort();
}

describe('delta VACUUM', () => {
  it('reports only files past the retention that no version needs, and deletes them only on a second confirmation', async () => {
    const storage = new MemoryStorage('vacuum');
    await createDeltaTable(storage, { columns: [{ name: 'id', type: 'long' }], configuration: { 'delta.enableDeletionVectors': 'true' } });
    const table = await DeltaTable.open(storage);
    await appendRows(table, [{ id: 1 }, { id: 2 }, { id: 3 }]);
    await appendRows(table, [{ id: 4 }]);
    await (await prepareRowChange(table, { where: 'id = 1' })).apply(); // a deletion vector on the first file
    await (await prepareRowChange(table, { where: 'id = 2' })).apply(); // a second vector replaces it
    await (await prepareOptimize(table)).apply(); // both data files removed, one new file
    await storage.write('orphan-from-a-failed-write.parquet', new Uint8Array(10));
    await storage.write('_tmp/hidden.parquet', new Uint8Array(10));
    await storage.write('.hidden/x.parquet', new Uint8Array(10));
    const rows = await readRows(table);
    const live = [...table.snapshot.files.values()].map((a) => decodeURIComponent(a.path));
    expect(live).toHaveLength(1);
    const all = await keys(storage);

    // Within the retention nothing goes: every removal and every file is younger than 7 days.
    expect((await prepareVacuum(table)).noop).toBe(true);

    const later = () => Date.now() + 8 * DAY;
    const prepared = await table.prepare({ kind: 'vacuum' });
    expect(prepared.deletesNeedSecondConfirmation).toBe(true);
    const vacuum = await prepareVacuum(table, { now: later });
    const doomed = vacuum.preview.deletes.map((d) => d.key).sort();
    expect(doomed).toEqual(all.filter((k) => !live.includes(k) && !isHidden(k)).sort());
    expect(doomed.filter((k) => k.endsWith('.bin'))).toHaveLength(2); // both vectors (their files were removed)
    expect(doomed).toContain('orphan-from-a-failed-write.parquet');
    // First confirmation: a report, nothing deleted.
    const report = await vacuum.apply();
    expect(report.deleted).toEqual([]);
    expect(await keys(storage)).toEqual(all);
    // Second confirmation: deleted; the current version reads the same.
    const done = await vacuum.apply({ deleteFiles: true });
    expect(done.deleted.map((d) => d.key).sort()).toEqual(doomed);
    expect(await keys(storage)).toEqual([...live, '.hidden/x.parquet', '_tmp/hidden.parquet'].sort());
    expect(await readRows(table)).toEqual(rows);
    // Versions that needed the deleted files no longer read (the warning said so).
    await expect(readRows(table, { version: '1' })).rejects.toSatisfy((e: unknown) => isLakeError(e, 'NotFound'));
  });

  it('refuses a retention shorter than delta.deletedFileRetentionDuration, and honours a longer one', async () => {
    const storage = new MemoryStorage('vacuum-retention');
    await createDeltaTable(storage, { columns: [{ name: 'id', type: 'long' }], configuration: { 'delta.deletedFileRetentionDuration': 'interval 2 days' } });
    const table = await DeltaTable.open(storage);
    await appendRows(table, [{ id: 1 }]);
    await (await prepareRowChange(table, { where: 'id = 1' })).apply();
    await expect(prepareVacuum(table, { retentionHours: 24 })).rejects.toMatchObject({ code: 'DataInvalid' });
    expect((await prepareVacuum(table, { now: () => Date.now() + 3 * DAY })).preview.deletes).toHaveLength(1);
    expect((await prepareVacuum(table, { now: () => Date.now() + 3 * DAY, retentionHours: 96 })).noop).toBe(true);
  });

  it('checks the writer protocol (vacuumProtocolCheck): refused on a writer feature it does not implement', async () => {
    const mk = (writerFeatures: string[]) => syntheticTable([{ actions: [
      { commitInfo: { timestamp: 1 } }, { protocol: { minReaderVersion: 3, minWriterVersion: 7, readerFeatures: ['vacuumProtocolCheck'], writerFeatures } },
      metaDataAction([{ name: 'id', type: 'long' }]),
    ] }]);
    expect((await prepareVacuum(await DeltaTable.open(await mk(['vacuumProtocolCheck'])))).noop).toBe(true);
    await expect(prepareVacuum(await DeltaTable.open(await mk(['vacuumProtocolCheck', 'rowTracking'])))).rejects.toMatchObject({ code: 'Unsupported', context: { feature: 'rowTracking' } });
  });

  it('never touches hidden paths, but does look inside partition folders starting with _', () => {
    expect(isHidden('_delta_log/0.json')).toBe(true);
    expect(isHidden('_change_data/a.parquet')).toBe(true);
    expect(isHidden('p=1/.a.parquet.crc')).toBe(true);
    expect(isHidden('_p=1/a.parquet')).toBe(false);
    expect(isHidden('p=1/a.parquet')).toBe(false);
  });
});
