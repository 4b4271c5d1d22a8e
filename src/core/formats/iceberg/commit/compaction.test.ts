import { describe, expect, it } from 'vitest';
import { CountingStorage } from '../../../io/counting-storage.ts';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { listFixtures, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../../testing/fixtures.ts';
import { checkIntegrity, events, EVENTS_SCHEMA, readRows, tempCopy } from '../../../../testing/iceberg-writer-fixtures.ts';
import { partitionKey } from '../scan/delete-index.ts';
import { appendRows } from './append.ts';
import { prepareCompaction } from './compaction.ts';
import { prepareDeleteWhere } from './delete-rows.ts';
import { createTable } from './create-table.ts';
import { liveEntries, readAllEntries } from './snapshot-files.ts';
import { loadTableState, type TableState } from './table-state.ts';
import { findSnapshot } from '../spec/table-metadata.ts';
import { errorText } from '../../../messages/message-parts.ts';
import { zh } from '../../../messages/zh.ts';

async function liveFiles(state: TableState) {
  const snap = findSnapshot(state.metadata, state.metadata.currentSnapshotId!);
  return liveEntries(await readAllEntries(state, snap));
}

describe('compaction on copies of the fixtures', () => {
  if (!FIXTURES_PRESENT) it.skip(`skipped: ${FIXTURES_SKIP_REASON}`, () => {});
  for (const fx of listFixtures('iceberg')) {
    it(`${fx.name}: reads the same rows after, with fewer data files and no delete files in compacted partitions`, async () => {
      const { dir, cleanup } = await tempCopy(fx.root);
      try {
        const storage = new FsStorage(dir);
        const rowsBefore = await readRows(storage);
        const current = fx.expected.versions.find((v) => v.id === fx.expected.current)!;
        expect(rowsBefore).toEqual(current.rows);
        const before = await liveFiles(await loadTableState(storage));
        const op = await prepareCompaction(storage, { targetFileSizeBytes: 64 * 1024 * 1024, minInputFiles: 2 });
        if (!op.plan) {
          // nothing worth compacting: a single file per partition and no deletes
          const data = before.filter((e) => e.dataFile.content === 'data');
          expect(new Set(data.map((e) => partitionKey(e.dataFile.specId, e.dataFile.partition))).size).toBe(data.length);
          expect(before.some((e) => e.dataFile.content !== 'data')).toBe(false);
          console.log(`${fx.name}: nothing to compact (${data.length} data files, one per partition, no deletes)`);
          return;
        }
        expect(op.plan.targetFileSizeBytes).toBe(64 * 1024 * 1024); // apply writes towards the size the user chose
        const r = await op.apply();
        const state = await loadTableState(storage);
        const snap = findSnapshot(state.metadata, state.metadata.currentSnapshotId!)!;
        expect(snap.operation).toBe('replace');
        expect(await readRows(storage)).toEqual(rowsBefore);
        const after = await liveFiles(state);
        const dataBefore = before.filter((e) => e.dataFile.content === 'data').length;
        const dataAfter = after.filter((e) => e.dataFile.content === 'data').length;
        const compacted = new Set(op.plan.bins.map((b) => b.partition));
        const deletesLeft = after.filter((e) => e.dataFile.content !== 'data' && compacted.has(partitionKey(e.dataFile.specId, e.dataFile.partition)));
        expect(deletesLeft).toEqual([]);
        expect(dataAfter).toBeLessThanOrEqual(dataBefore);
        if (op.plan.bins.some((b) => b.files.length > 1)) expect(dataAfter).toBeLessThan(dataBefore);
        // new files carry the starting sequence number as data sequence number (v2+)
        const added = after.filter((e) => e.snapshotId === snap.snapshotId);
        if (state.metadata.formatVersion >= 2) for (const e of added) expect(e.sequenceNumber).toBe(op.plan.startingSequenceNumber);
        expect(snap.summary['total-records']).toBe(String(rowsBefore.length));
        await checkIntegrity(storage);
        // the previous snapshot still reads as before (time travel over the compaction)
        expect(await readRows(storage, { version: fx.expected.current })).toEqual(rowsBefore);
        console.log(`${fx.name}: ${dataBefore} data + ${before.length - dataBefore} delete files → ${dataAfter} data + ${after.length - dataAfter} delete files; ${JSON.stringify(r.details, (_k, v) => (typeof v === "bigint" ? String(v) : v))}`);
      } finally {
        await cleanup();
      }
    });
  }
});

describe('compaction of small appends', () => {
  for (const formatVersion of [2, 3] as const) {
    it(`v${formatVersion}: bins small files per partition towards the target, keeps rows${formatVersion === 3 ? ' and row ids' : ''}`, async () => {
      const storage = new MemoryStorage();
      await createTable(storage, { location: 'mem://t', schema: EVENTS_SCHEMA, formatVersion, partitionSpec: { fields: [{ name: 'category', transform: 'identity', 'source-id': 2 }] } });
      for (let i = 0; i < 6; i++) await appendRows(storage, events(i * 20, 20));
      const rows = await readRows(storage);
      const op = await prepareCompaction(storage, { targetFileSizeBytes: 1024 * 1024 });
      expect(op.preview.deletes.length).toBe(12); // 6 appends × 2 categories
      expect(op.preview.after.dataFiles).toBe(2);
      // The description, notes and warning carry their messages (issue 20): English as before, Chinese for zh-CN.
      expect(op.preview.description).toBe('Rewrite 12 data file(s) in 2 partition(s) into about 2 file(s), applying their deletes, and drop 0 delete file(s) that then apply to nothing');
      expect(errorText(op.preview.descriptionMessage!, zh)).toBe('把 2 个分区中的 12 个数据文件重写为大约 2 个文件，同时应用它们的删除；并丢弃之后不再作用于任何数据的 0 个删除文件');
      expect(op.preview.writes.filter((w) => w.note).map((w) => errorText(w.noteMessage!, zh))).toEqual(['由 6 个文件合并', '由 6 个文件合并', '应用时写入']);
      expect(op.preview.warningMessages!.map((m) => errorText(m, zh))).toEqual(['被替换的文件会保留在存储上（旧 snapshot 仍引用它们），直到这些 snapshot 过期']);
      await op.apply();
      expect(await readRows(storage)).toEqual(rows);
      const state = await loadTableState(storage);
      expect((await liveFiles(state)).length).toBe(2);
      if (formatVersion === 3) {
        // rows kept their _row_id: read the raw lineage column back from the new files
        const { readLiveRows } = await import('./live-rows.ts');
        const ids: bigint[] = [];
        for (const e of await liveFiles(state)) {
          const live = await readLiveRows(state, e, [], (await import('../spec/table-metadata.ts')).currentSchema(state.metadata), { lineage: true });
          for (const r of live.rows) ids.push(r._row_id as bigint);
        }
        expect(ids.sort((a, b) => (a < b ? -1 : 1))).toEqual(Array.from({ length: 120 }, (_, i) => BigInt(i)));
      }
      // nothing more to do
      expect((await prepareCompaction(storage, { targetFileSizeBytes: 1024 * 1024 })).plan).toBeUndefined();
    });
  }
});

describe('compaction of one partition', () => {
  it('rewrites only the partitions named in the plan\'s form (category=odd), leaving the others as they were', async () => {
    const storage = new MemoryStorage();
    await createTable(storage, { location: 'mem://t', schema: EVENTS_SCHEMA, formatVersion: 2, partitionSpec: { fields: [{ name: 'category', transform: 'identity', 'source-id': 2 }] } });
    for (let i = 0; i < 6; i++) await appendRows(storage, events(i * 20, 20));
    const rows = await readRows(storage);
    const op = await prepareCompaction(storage, { targetFileSizeBytes: 1024 * 1024, partitions: [{ specId: '0', partition: 'category=odd' }] });
    expect(op.preview.deletes.length).toBe(6); // the six odd files only
    expect(op.preview.after.dataFiles).toBe(12 - 6 + 1);
    await op.apply();
    expect(await readRows(storage)).toEqual(rows);
    const live = await liveFiles(await loadTableState(storage));
    expect(live.length).toBe(7);
    // a partition that does not exist selects nothing: nothing to compact
    expect((await prepareCompaction(storage, { targetFileSizeBytes: 1024 * 1024, partitions: [{ partition: 'category=none' }] })).plan).toBeUndefined();
    // without a spec id the text alone selects (the even files are still small)
    expect((await prepareCompaction(storage, { targetFileSizeBytes: 1024 * 1024, partitions: [{ partition: 'category=even' }] })).preview.deletes.length).toBe(6);
  });
});

describe('compaction when the table moves between preview and apply', () => {
  const SCHEMA = { type: 'struct' as const, fields: [{ id: 1, name: 'id', required: true, type: 'long' as const }] };
  async function smallFiles(): Promise<MemoryStorage> {
    const storage = new MemoryStorage();
    await createTable(storage, { location: 'memory://t', formatVersion: 2, schema: SCHEMA });
    for (let f = 0; f < 4; f++) await appendRows(storage, Array.from({ length: 10 }, (_, k) => ({ id: BigInt(f * 10 + k) })));
    return storage;
  }
  const ids = async (storage: MemoryStorage) => (await readRows(storage)).map((r) => Number((r as { id: bigint }).id)).sort((a, b) => a - b);

  it('an unchanged table commits on the planned state: no manifest read twice, one attempt', async () => {
    const storage = await smallFiles();
    const counting = new CountingStorage(storage);
    const op = await prepareCompaction(counting, { targetFileSizeBytes: 1 << 20 });
    const planned = counting.log.filter((c) => c.method === 'read' && c.key.endsWith('.avro')).map((c) => c.key);
    counting.reset();
    const r = await op.apply();
    expect(r.attempts).toBe(1);
    const again = counting.log.filter((c) => c.method === 'read' && planned.includes(c.key));
    expect(again).toEqual([]);
    expect(await ids(storage)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('rows appended since the preview are kept: the commit builds on the new state at once, needing no retry', async () => {
    const storage = await smallFiles();
    const op = await prepareCompaction(storage, { targetFileSizeBytes: 1 << 20 });
    await appendRows(storage, [{ id: 100n }, { id: 101n }]);
    const r = await op.apply({ retry: { numRetries: 0, minWaitMs: 1, maxWaitMs: 2 } });
    expect(r.attempts).toBe(1);
    expect(await ids(storage)).toEqual([...Array.from({ length: 40 }, (_, i) => i), 100, 101]);
    await checkIntegrity(storage);
  });

  it('a delete added since the preview to a file being rewritten stops it, and the table keeps that delete', async () => {
    const storage = await smallFiles();
    const op = await prepareCompaction(storage, { targetFileSizeBytes: 1 << 20 });
    await (await prepareDeleteWhere(storage, 'id = 3', { mode: 'merge-on-read' })).apply();
    await expect(op.apply({ retry: { numRetries: 3, minWaitMs: 1, maxWaitMs: 2 } })).rejects.toMatchObject({ code: 'Conflict' });
    expect(await ids(storage)).toEqual(Array.from({ length: 40 }, (_, i) => i).filter((i) => i !== 3));
    await checkIntegrity(storage);
  });
});
