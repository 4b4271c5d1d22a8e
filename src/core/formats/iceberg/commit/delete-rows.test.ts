import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { checkIntegrity, events, EVENTS_SCHEMA, memoryCopy, readRows } from '../../../../testing/iceberg-writer-fixtures.ts';
import { findSnapshot } from '../spec/table-metadata.ts';
import { appendRows } from './append.ts';
import { prepareCompaction } from './compaction.ts';
import { createTable } from './create-table.ts';
import { prepareDeleteWhere } from './delete-rows.ts';
import { deleteByKeys } from './equality-deletes.ts';
import { liveEntries, readAllEntries } from './snapshot-files.ts';
import { loadTableState } from './table-state.ts';

async function live(storage: MemoryStorage) {
  const s = await loadTableState(storage);
  return liveEntries(await readAllEntries(s, findSnapshot(s.metadata, s.metadata.currentSnapshotId!)));
}

async function table(formatVersion: 2 | 3) {
  const storage = new MemoryStorage();
  await createTable(storage, { location: 'mem://t', schema: EVENTS_SCHEMA, formatVersion, partitionSpec: { fields: [{ name: 'category', transform: 'identity', 'source-id': 2 }] } });
  await appendRows(storage, events(0, 40));
  return storage;
}

const ids = (rows: unknown[]) => (rows as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
const range = (a: number, b: number, f: (i: number) => boolean = () => true) => Array.from({ length: b - a }, (_, i) => a + i).filter(f);

describe('delete by filter', () => {
  for (const formatVersion of [2, 3] as const) {
    for (const mode of ['merge-on-read', 'copy-on-write'] as const) {
      it(`v${formatVersion} ${mode}: partial and whole-file deletes read back right, and compaction cleans up`, async () => {
        const storage = await table(formatVersion);
        const op = await prepareDeleteWhere(storage, 'id < 10', { mode });
        expect(op.preview.details).toMatchObject({ mode, rows: 10, filesRemoved: 0, filesChanged: 2 });
        await op.apply();
        expect(ids(await readRows(storage))).toEqual(range(10, 40));
        let files = await live(storage);
        const deleteFiles = files.filter((e) => e.dataFile.content !== 'data');
        if (mode === 'copy-on-write') expect(deleteFiles).toEqual([]);
        else expect(deleteFiles.map((e) => e.dataFile.fileFormat)).toEqual(formatVersion === 3 ? ['puffin', 'puffin'] : ['parquet', 'parquet']);
        // a second delete on the same files: v3 keeps one DV per data file (merged)
        await (await prepareDeleteWhere(storage, 'id >= 30 and id < 35', { mode })).apply();
        expect(ids(await readRows(storage))).toEqual([...range(10, 30), ...range(35, 40)]);
        files = await live(storage);
        if (mode === 'merge-on-read' && formatVersion === 3) {
          const dvs = files.filter((e) => e.dataFile.fileFormat === 'puffin');
          expect(new Set(dvs.map((e) => e.dataFile.referencedDataFile)).size).toBe(dvs.length);
          expect(dvs.map((e) => e.dataFile.recordCount).sort()).toEqual([7n, 8n]);
        }
        // a whole partition goes without reading or writing anything new
        const whole = await prepareDeleteWhere(storage, "category = 'odd'", { mode });
        expect(whole.preview.details).toMatchObject({ filesRemoved: 1, filesChanged: 0 });
        const r = await whole.apply();
        expect(ids(await readRows(storage))).toEqual([...range(10, 30), ...range(35, 40)].filter((i) => i % 2 === 0));
        const s = await loadTableState(storage);
        expect(findSnapshot(s.metadata, s.metadata.currentSnapshotId!)!.operation).toBe('delete');
        expect(r.details).toMatchObject({ dataFilesAdded: 0 });
        await checkIntegrity(storage);
        // nothing matches: nothing to do, no file read beyond metrics
        expect((await prepareDeleteWhere(storage, 'id > 1000', { mode })).files).toEqual([]);
        // compaction leaves clean files
        const before = await readRows(storage);
        await (await prepareCompaction(storage, { targetFileSizeBytes: 1 << 20, minInputFiles: 1 })).apply();
        expect(await readRows(storage)).toEqual(before);
        expect((await live(storage)).filter((e) => e.dataFile.content !== 'data')).toEqual([]);
      });
    }
  }

  it('equality deletes by key apply to older rows only', async () => {
    const storage = await table(2);
    await deleteByKeys(storage, ['id', 'category'], [{ id: 3n, category: 'odd' }, { id: 4n, category: 'even' }, { id: 5n, category: 'even' }]);
    expect(ids(await readRows(storage))).toEqual(range(0, 40, (i) => i !== 3 && i !== 4));
    // a row re-inserted after the delete is not deleted by it (strictly lower sequence numbers only)
    await appendRows(storage, [{ id: 3n, category: 'odd' }]);
    expect(ids(await readRows(storage)).filter((i) => i === 3)).toEqual([3]);
    const files = await live(storage);
    expect(files.filter((e) => e.dataFile.content === 'equality-deletes').map((e) => e.dataFile.equalityIds)).toEqual([[1, 2], [1, 2]]);
    await expect(deleteByKeys(storage, ['id'], [{ id: 1n }])).rejects.toThrow(/must include partition source column category/);
  });
});

describe('deletes on fixture copies', () => {
  if (!FIXTURES_PRESENT) it.skip(`skipped: ${FIXTURES_SKIP_REASON}`, () => {});
  it.skipIf(!FIXTURES_PRESENT)('v3 Spark table with deletion vectors: a merge-on-read delete merges into the existing DV', async () => {
    const storage = await memoryCopy(join(FIXTURES_DIR, 'iceberg/v3_spark_deletion_vectors'));
    const fx = listFixtures('iceberg').find((f) => f.name === 'iceberg/v3_spark_deletion_vectors')!;
    const rows = fx.expected.versions.find((v) => v.id === fx.expected.current)!.rows as { i: number }[];
    const victim = rows[0].i;
    await (await prepareDeleteWhere(storage, `i = ${victim}`, { mode: 'merge-on-read' })).apply();
    expect((await readRows(storage) as { i: number }[]).map((r) => r.i).sort()).toEqual(rows.map((r) => r.i).filter((i) => i !== victim).sort());
    const files = await live(storage);
    const dvs = files.filter((e) => e.dataFile.fileFormat === 'puffin');
    expect(new Set(dvs.map((e) => e.dataFile.referencedDataFile)).size).toBe(dvs.length);
    await checkIntegrity(storage);
  });
  it.skipIf(!FIXTURES_PRESENT)('v2 Java table with position and equality deletes: copy-on-write delete', async () => {
    const storage = await memoryCopy(join(FIXTURES_DIR, 'iceberg/v2_java_position_and_equality_deletes'));
    const before = await readRows(storage) as Record<string, unknown>[];
    await (await prepareDeleteWhere(storage, '"Lifespan" > 8', { mode: 'copy-on-write' })).apply();
    const after = await readRows(storage) as Record<string, unknown>[];
    expect(after).toEqual(before.filter((r) => !((r.Lifespan as number) > 8)));
    expect(after.length).toBeLessThan(before.length);
  });
});
