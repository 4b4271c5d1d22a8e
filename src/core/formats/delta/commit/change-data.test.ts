/**
 * Change data files written by DELETE and UPDATE on tables with `delta.enableChangeDataFeed=true`
 * (PROTOCOL.md "Add CDC File"), read back by our change data feed reader (scan/changes.ts): a DELETE's
 * rows as `delete`, an UPDATE's as `update_preimage` / `update_postimage` — pre/post images exist only in
 * change data files (derived changes would say delete/insert), so these rows prove the files are read.
 * With and without deletion vectors, on a partitioned table.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordBatch } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows } from '../../../arrow/index.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { DeltaTable } from '../table.ts';
import { errorText } from '../../../messages/message-parts.ts';
import { zh } from '../../../messages/zh.ts';
import { prepareCreateDeltaTable } from './create-table.ts';

beforeAll(() => installNodeParquetWasm());
const temp = mkdtempSync(join(tmpdir(), 'lakescope-delta-cdc-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The change rows of versions start..end as [id, name, part, _change_type, _commit_version], sorted. */
async function changes(table: DeltaTable, start: bigint, end?: bigint): Promise<string[]> {
  const batches: RecordBatch[] = [];
  for await (const b of table.changes(start, end)) batches.push(b);
  return canonicalRows(batches).map((r) => JSON.stringify([r.id, r.name, r.part, r._change_type, r._commit_version])).sort();
}
const facts = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();
const logLines = (dir: string, v: number) => readFileSync(join(dir, '_delta_log', `${String(v).padStart(20, '0')}.json`), 'utf8').split('\n').map((l) => JSON.parse(l) as Record<string, Record<string, unknown>>);

describe('delta change data files written by DELETE and UPDATE', () => {
  for (const dv of [false, true]) {
    it(`${dv ? 'with deletion vectors' : 'copy-on-write'}: delete and update rows come back from _change_data/ with their change types`, async () => {
      const dir = join(temp, `cdf-${dv}`);
      const storage = new FsStorage(dir);
      const create = await prepareCreateDeltaTable(storage, {
        columns: [{ name: 'id', type: 'long' }, { name: 'name', type: 'string' }, { name: 'part', type: 'integer' }], partitionColumns: ['part'],
        properties: { 'delta.enableChangeDataFeed': 'true', ...(dv ? { 'delta.enableDeletionVectors': 'true' } : {}) },
      });
      await create.apply();
      // The feed is a writer feature: writer version 4, or the named feature at 7.
      expect(logLines(dir, 0).find((l) => l.protocol)!.protocol).toEqual(dv
        ? { minReaderVersion: 3, minWriterVersion: 7, readerFeatures: ['deletionVectors'], writerFeatures: ['deletionVectors', 'changeDataFeed'] }
        : { minReaderVersion: 1, minWriterVersion: 4 });
      const table = await DeltaTable.open(storage);
      await (await table.prepare({ kind: 'append', rows: [{ id: 1, name: 'a', part: 1 }, { id: 2, name: 'b', part: 1 }, { id: 3, name: 'c', part: 2 }, { id: 4, name: 'd', part: 2 }] })).apply();
      const del = await table.prepare({ kind: 'delete', where: 'id = 2 or id = 3' });
      expect(del.preview.writes.map((w) => w.key)).toContain('_change_data/<cdc files>');
      const deleted = await del.apply();
      await (await table.prepare({ kind: 'update', where: 'id = 4', set: { name: 'dd' } })).apply();

      // The commits hold cdc actions (dataChange=false) for files that exist under _change_data/part=N/.
      for (const v of [2, 3]) {
        const cdc = logLines(dir, v).filter((l) => l.cdc).map((l) => l.cdc!);
        expect(cdc.length, `version ${v}`).toBeGreaterThan(0);
        for (const c of cdc) {
          expect(c.dataChange).toBe(false);
          expect(c.path).toMatch(/^_change_data\/part=\d\/cdc-/);
          expect(existsSync(join(dir, c.path as string))).toBe(true);
        }
      }
      const cdcFiles = deleted.written.filter((w) => w.note === 'change data file');
      expect(cdcFiles).toHaveLength(2); // one per partition touched
      // The note in the reader's language too (issue 20): its message renders the English, and Chinese in zh-CN.
      for (const f of cdcFiles) {
        expect(errorText(f.noteMessage!)).toBe('change data file');
        expect(errorText(f.noteMessage!, zh)).toBe('CDC 数据文件');
      }

      expect(await changes(table, 1n)).toEqual(facts([
        [1, 'a', 1, 'insert', 1], [2, 'b', 1, 'insert', 1], [3, 'c', 2, 'insert', 1], [4, 'd', 2, 'insert', 1],
        [2, 'b', 1, 'delete', 2], [3, 'c', 2, 'delete', 2],
        [4, 'd', 2, 'update_preimage', 3], [4, 'dd', 2, 'update_postimage', 3],
      ]));
      // The table itself reads the rows after all three.
      const rows: string[] = [];
      for await (const b of table.scan()) rows.push(...canonicalRows([b]).map((r) => JSON.stringify(r)));
      expect(rows.sort()).toEqual([{ id: 1, name: 'a', part: 1 }, { id: 4, name: 'dd', part: 2 }].map((r) => JSON.stringify(r)).sort());
    });
  }

  it('without the feed no change data files are written', async () => {
    const dir = join(temp, 'no-cdf');
    const storage = new FsStorage(dir);
    await (await prepareCreateDeltaTable(storage, { columns: [{ name: 'id', type: 'long' }] })).apply();
    const table = await DeltaTable.open(storage);
    await (await table.prepare({ kind: 'append', rows: [{ id: 1 }, { id: 2 }] })).apply();
    await (await table.prepare({ kind: 'delete', where: 'id = 1' })).apply();
    expect(logLines(dir, 2).some((l) => l.cdc)).toBe(false);
    expect(existsSync(join(dir, '_change_data'))).toBe(false);
  });
});
