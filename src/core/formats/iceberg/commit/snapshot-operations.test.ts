import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { checkIntegrity, events, EVENTS_SCHEMA, readRows } from '../../../../testing/iceberg-writer-fixtures.ts';
import { findSnapshot } from '../spec/table-metadata.ts';
import { appendRows } from './append.ts';
import { prepareCherryPick } from './cherry-pick.ts';
import { createTable } from './create-table.ts';
import { deleteByKeys } from './equality-deletes.ts';
import { prepareOverwrite } from './overwrite.ts';
import { prepareBranch } from './ref-operations.ts';
import { prepareRewriteManifests } from './rewrite-manifests.ts';
import { readAllEntries, snapshotManifests } from './snapshot-files.ts';
import { loadTableState } from './table-state.ts';

const ids = (rows: unknown[]) => (rows as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);

async function table(formatVersion: 2 | 3 = 2) {
  const storage = new MemoryStorage();
  await createTable(storage, { location: 'mem://t', schema: EVENTS_SCHEMA, formatVersion, partitionSpec: { fields: [{ name: 'category', transform: 'identity', 'source-id': 2 }] } });
  await appendRows(storage, events(0, 10));
  return storage;
}

describe('cherry-pick', () => {
  it('fast-forwards when main is at the parent, re-applies an append otherwise, and refuses a second pick', async () => {
    const storage = await table();
    await (await prepareBranch(storage, 'wap', undefined)).apply();
    await appendRows(storage, events(100, 3), { branch: 'wap' });
    await appendRows(storage, events(200, 2), { branch: 'wap' });
    let m = (await loadTableState(storage)).metadata;
    const [first, second] = m.snapshots.slice(1).map((s) => s.snapshotId);

    const ff = await prepareCherryPick(storage, first);
    expect(ff.preview.details).toMatchObject({ fastForward: true });
    await ff.apply();
    expect(ids(await readRows(storage))).toEqual([...Array(10).keys(), 100, 101, 102]);

    await appendRows(storage, events(300, 1)); // main moves on: the next pick must re-apply
    const op = await prepareCherryPick(storage, second);
    expect(op.preview.details).toMatchObject({ addedFiles: 2 });
    await op.apply();
    expect(ids(await readRows(storage))).toEqual([...Array(10).keys(), 100, 101, 102, 200, 201, 300]);
    m = (await loadTableState(storage)).metadata;
    const head = findSnapshot(m, m.currentSnapshotId!)!;
    expect(head.summary).toMatchObject({ operation: 'append', 'source-snapshot-id': String(second), 'added-records': '2' });
    await expect(prepareCherryPick(storage, second)).rejects.toThrow(/already picked/);
    await expect(prepareCherryPick(storage, first)).rejects.toThrow(/already in main's history/);
    await checkIntegrity(storage);
  });
});

describe('rewrite manifests', () => {
  for (const formatVersion of [2, 3] as const) {
    it(`v${formatVersion}: merges one-per-append manifests, keeping sequence numbers so equality deletes still apply right`, async () => {
      const storage = await table(formatVersion);
      for (let i = 1; i < 4; i++) await appendRows(storage, events(i * 10, 10));
      await deleteByKeys(storage, ['id', 'category'], [{ id: 5n, category: 'odd' }, { id: 35n, category: 'odd' }]);
      await appendRows(storage, [{ id: 5n, category: 'odd' }]); // newer than the delete: stays
      const rows = await readRows(storage);
      expect(ids(rows).filter((i) => i === 5 || i === 35)).toEqual([5]);
      let state = await loadTableState(storage);
      const beforeSeqs = (await readAllEntries(state, findSnapshot(state.metadata, state.metadata.currentSnapshotId!)))
        .flatMap((m) => m.entries).map((e) => `${e.dataFile.filePath}:${e.sequenceNumber}:${e.fileSequenceNumber}:${e.dataFile.firstRowId ?? ''}`).sort();
      expect((await snapshotManifests(state, findSnapshot(state.metadata, state.metadata.currentSnapshotId!))).length).toBe(6);

      const op = await prepareRewriteManifests(storage);
      expect(op.preview.details).toMatchObject({ manifests: 6, replaced: 5, groups: 1 });
      await op.apply();
      state = await loadTableState(storage);
      const head = findSnapshot(state.metadata, state.metadata.currentSnapshotId!)!;
      expect(head.operation).toBe('replace');
      expect(head.summary).toMatchObject({ 'manifests-created': '1', 'manifests-kept': '1', 'manifests-replaced': '5', 'entries-processed': '9' }); // 4 appends × 2 partitions + 1
      const after = await readAllEntries(state, head);
      expect(after.length).toBe(2);
      const afterSeqs = after.flatMap((m) => m.entries).map((e) => `${e.dataFile.filePath}:${e.sequenceNumber}:${e.fileSequenceNumber}:${e.dataFile.firstRowId ?? ''}`).sort();
      expect(afterSeqs).toEqual(beforeSeqs);
      expect(after.filter((m) => m.manifest.content === 'data').flatMap((m) => m.entries).every((e) => e.status === 'existing')).toBe(true);
      expect(await readRows(storage)).toEqual(rows);
      expect((await prepareRewriteManifests(storage)).preview.details).toMatchObject({ groups: 0 });
      await checkIntegrity(storage);
    });
  }
});

describe('overwrite by filter', () => {
  it('replaces exactly the matching rows in one snapshot', async () => {
    const storage = await table();
    const op = await prepareOverwrite(storage, "category = 'odd'", [{ id: 1001n, category: 'odd' }, { id: 1003n, category: 'odd' }]);
    expect(op.preview.details).toMatchObject({ removedRows: 5, addedRows: 2 });
    await op.apply();
    expect(ids(await readRows(storage))).toEqual([0, 2, 4, 6, 8, 1001, 1003]);
    const m = (await loadTableState(storage)).metadata;
    expect(findSnapshot(m, m.currentSnapshotId!)!.summary).toMatchObject({ operation: 'overwrite', 'deleted-records': '5', 'added-records': '2', 'total-records': '7' });
    await expect(prepareOverwrite(storage, "category = 'odd'", [{ id: 7n, category: 'even' }])).rejects.toThrow(/does not match the overwrite filter/);
  });
});
