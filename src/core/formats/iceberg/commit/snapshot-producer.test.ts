import { describe, expect, it } from 'vitest';
import type { WriteOptions } from '../../../io/storage.ts';
import { listAll } from '../../../io/storage.ts';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { events, EVENTS_SCHEMA, readRows } from '../../../../testing/iceberg-writer-fixtures.ts';
import { appendRows } from './append.ts';
import { createTable } from './create-table.ts';
import { commitSnapshot } from './snapshot-commit.ts';
import { readAllEntries, snapshotManifests } from './snapshot-files.ts';
import { prepareRewriteManifests } from './rewrite-manifests.ts';
import { loadTableState } from './table-state.ts';
import { findSnapshot } from '../spec/table-metadata.ts';

/** A memory bucket that refuses the PUT of keys matching `refuse` (after storing nothing). */
class RefusingStorage extends MemoryStorage {
  refuse: RegExp | undefined;
  override async write(key: string, data: Uint8Array, options?: WriteOptions) {
    if (this.refuse?.test(key)) throw new Error(`refused PUT of ${key}`);
    return super.write(key, data, options);
  }
}

async function keys(storage: MemoryStorage): Promise<string[]> {
  const out: string[] = [];
  for await (const info of listAll(storage, {})) out.push(info.key);
  return out.sort();
}

/** A partitioned table of three appends (one data file per category each) and one live data file path. */
async function table() {
  const storage = new RefusingStorage();
  await createTable(storage, { location: 'mem://t', schema: EVENTS_SCHEMA, formatVersion: 2, partitionSpec: { fields: [{ name: 'category', transform: 'identity', 'source-id': 2 }] } });
  for (let i = 0; i < 3; i++) await appendRows(storage, events(i * 10, 10));
  const state = await loadTableState(storage);
  const head = findSnapshot(state.metadata, state.metadata.currentSnapshotId!);
  const live = (await readAllEntries(state, head)).flatMap((m) => m.entries).find((e) => e.status !== 'deleted')!.dataFile.filePath;
  return { storage, live };
}

// An attempt that fails after writing some of its files must not leave them behind: its plan is never returned,
// so the commit's own cleanup cannot see them (issue 17 noted orphans left by a failed produceSnapshot).
describe('produceSnapshot: a failed attempt leaves no files', () => {
  it('a removal that finds one path not live fails with Conflict after rewriting manifests, and they are deleted', async () => {
    const { storage, live } = await table();
    const before = await keys(storage);
    const rows = await readRows(storage);
    await expect(commitSnapshot(storage, { operation: 'delete', removedPaths: new Set([live, 'mem://t/data/not-there.parquet']) }))
      .rejects.toMatchObject({ code: 'Conflict' });
    expect(await keys(storage)).toEqual(before);
    expect(await readRows(storage)).toEqual(rows);
  });

  it('a refused manifest list PUT after the rewritten manifests were written: both are gone, the table unchanged', async () => {
    const { storage, live } = await table();
    const before = await keys(storage);
    storage.refuse = /\/snap-[^/]*\.avro$/;
    await expect(commitSnapshot(storage, { operation: 'delete', removedPaths: new Set([live]) }, { retry: { numRetries: 0 } }))
      .rejects.toThrow(/refused PUT/);
    expect(await keys(storage)).toEqual(before);
    storage.refuse = undefined;
    // The same removal lands once the bucket takes it: nothing of the failed attempt is in its way.
    await commitSnapshot(storage, { operation: 'delete', removedPaths: new Set([live]) });
    expect((await keys(storage)).length).toBeGreaterThan(before.length);
  });

  it('a manifest merge whose second manifest PUT is refused deletes the first it wrote (rewrite-manifests hook)', async () => {
    const { storage } = await table();
    const rows = await readRows(storage);
    const before = await keys(storage);
    storage.refuse = /-m1\.avro$/; // the merge's second new manifest
    // A target just above the largest manifest: all three appends' manifests merge, about one per output.
    const state = await loadTableState(storage);
    const manifests = await snapshotManifests(state, findSnapshot(state.metadata, state.metadata.currentSnapshotId!));
    const op = await prepareRewriteManifests(storage, { targetSizeBytes: Math.max(...manifests.map((m) => Number(m.length))) + 1 });
    expect(op.preview.details).toMatchObject({ replaced: 3 });
    await expect(op.apply()).rejects.toThrow(/refused PUT/);
    expect(await keys(storage)).toEqual(before);
    expect(await readRows(storage)).toEqual(rows);
  });
});
