import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { parseWhere } from '../../../expr/parse.ts';
import { events, EVENTS_SCHEMA, readRows } from '../../../../testing/iceberg-writer-fixtures.ts';
import { openIcebergTable } from '../table.ts';
import { appendRows } from './append.ts';
import { createTable } from './create-table.ts';
import { loadTableState } from './table-state.ts';
import { readAllEntries } from './snapshot-files.ts';

describe('createTable + appendRows', () => {
  for (const formatVersion of [1, 2, 3] as const) {
    it(`v${formatVersion}: partitioned appends read back exactly through the read path`, async () => {
      const storage = new MemoryStorage();
      await createTable(storage, {
        location: 's3://bucket/db/events', schema: EVENTS_SCHEMA, formatVersion,
        partitionSpec: { fields: [{ name: 'ts_day', transform: 'day', 'source-id': 3 }, { name: 'category', transform: 'identity', 'source-id': 2 }] },
      });
      expect(await readRows(storage)).toEqual([]);
      const r1 = await appendRows(storage, events(0, 30));
      const r2 = await appendRows(storage, events(30, 12));
      expect(r1.attempts).toBe(1);
      expect(r2.committedKey).toBe('metadata/v3.metadata.json');
      expect(new TextDecoder().decode(await storage.read('metadata/version-hint.text'))).toBe('3');

      const state = await loadTableState(storage);
      const m = state.metadata;
      expect(m.snapshots.length).toBe(2);
      const [s1, s2] = m.snapshots;
      expect(s2.parentSnapshotId).toBe(s1.snapshotId);
      expect(m.currentSnapshotId).toBe(s2.snapshotId);
      if (formatVersion >= 2) expect([s1.sequenceNumber, s2.sequenceNumber, m.lastSequenceNumber]).toEqual([1n, 2n, 2n]);
      if (formatVersion === 3) {
        expect([s1.firstRowId, s1.addedRows, s2.firstRowId, s2.addedRows, m.nextRowId]).toEqual([0n, 30n, 30n, 12n, 42n]);
      }
      expect(s2.summary).toMatchObject({ operation: 'append', 'added-records': '12', 'total-records': '42', 'added-data-files': '6', 'total-data-files': '12', 'changed-partition-count': '6' });
      expect(m.metadataLog.map((e) => e.metadataFile)).toEqual(['s3://bucket/db/events/metadata/v1.metadata.json', 's3://bucket/db/events/metadata/v2.metadata.json']);

      const rows = await readRows(storage) as Record<string, unknown>[];
      expect(rows.length).toBe(42);
      expect(rows.find((r) => r.id === 7)).toEqual({ id: 7, category: 'odd', ts: '2023-11-15T22:13:20.000000Z', amount: '7.07', tags: ['t1'] });
      expect(rows.find((r) => r.id === 10)).toMatchObject({ tags: null });
      // the first snapshot still reads as it was
      expect((await readRows(storage, { version: String(s1.snapshotId) })).length).toBe(30);

      // partitions and metrics let planning prune: one day, one category → exactly its files
      const table = await openIcebergTable(storage);
      const plan = await table.planScan({ filter: parseWhere("category = 'odd' and id < 10") });
      expect(plan.tasks.length).toBe(3); // 3 days of 'odd' … id metrics prune the second snapshot's files
      expect(plan.counts.dataFiles.total).toBe(12);

      // v3 lineage: ADDED files inherit first row ids in manifest order
      if (formatVersion === 3) {
        const entries = (await readAllEntries(state, m.snapshots[1])).flatMap((x) => x.entries);
        const ids = entries.map((e) => [e.dataFile.firstRowId!, e.dataFile.recordCount] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1));
        let next = 0n;
        for (const [first, count] of ids) { expect(first).toBe(next); next += count; }
        expect(next).toBe(42n);
      }
    });
  }

  it('refuses rows that do not fit the schema before writing anything, and a second table in the same folder', async () => {
    const storage = new MemoryStorage();
    await createTable(storage, { location: 'mem://t', schema: EVENTS_SCHEMA });
    const before = storage.size;
    await expect(appendRows(storage, [{ id: null }])).rejects.toThrow(/row 0: id is required but null/);
    await expect(appendRows(storage, [{ id: 1n, amount: 1.5 }])).rejects.toThrow(/amount: 1.5 is not a valid decimal/);
    expect(storage.size).toBe(before);
    await expect(createTable(storage, { location: 'mem://t', schema: EVENTS_SCHEMA })).rejects.toThrow(/already holds a table/);
  });
});
