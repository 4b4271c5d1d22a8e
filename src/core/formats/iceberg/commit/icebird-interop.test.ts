/**
 * Interop: tables written, rewritten and rolled back by Lakescope are read by icebird 0.3.1 (an independent
 * JavaScript Iceberg reader on hyparquet; it reads over fetch only, so the table folder is served over HTTP
 * and the table location is that URL). icebird applies v2 position and equality deletes, but not v3
 * deletion vectors, so the tables here are v2.
 */
import { icebergRead } from 'icebird';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { readRows, serveFolder, tempDir } from '../../../../testing/iceberg-writer-fixtures.ts';
import { appendRows } from './append.ts';
import { prepareCompaction } from './compaction.ts';
import { createTable } from './create-table.ts';
import { prepareDeleteWhere } from './delete-rows.ts';
import { deleteByKeys } from './equality-deletes.ts';
import { prepareRollbackTo } from './ref-operations.ts';
import { prepareSchemaUpdate } from './schema-evolution.ts';
import { loadTableState } from './table-state.ts';

const SCHEMA = {
  type: 'struct', fields: [
    { id: 1, name: 'id', required: true, type: 'long' },
    { id: 2, name: 'category', required: false, type: 'string' },
    { id: 3, name: 'amount', required: false, type: 'double' },
    { id: 4, name: 'flag', required: false, type: 'boolean' },
  ],
};

function rows(from: number, n: number) {
  return Array.from({ length: n }, (_, k) => ({ id: BigInt(from + k), category: (from + k) % 3 === 0 ? 'a' : 'b', amount: (from + k) * 1.5, flag: (from + k) % 2 === 0 }));
}

/** icebird rows (hyparquet values) in the same canonical, sorted form as readRows. */
function canon(list: Record<string, unknown>[]): unknown[] {
  return list.map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v ?? null]))))
    .sort().map((s) => JSON.parse(s));
}

describe('icebird reads what Lakescope writes', () => {
  let dir: string; let cleanup: () => Promise<void>; let server: Awaited<ReturnType<typeof serveFolder>>;
  beforeAll(async () => {
    ({ dir, cleanup } = await tempDir());
    server = await serveFolder(dir);
  });
  afterAll(async () => {
    await server?.close();
    await cleanup?.();
  });

  it('after appends, position and equality deletes, a rename, compaction and a rollback', async () => {
    const storage = new FsStorage(dir);
    await createTable(storage, { location: server.url, schema: SCHEMA, formatVersion: 2, partitionSpec: { fields: [{ name: 'category', transform: 'identity', 'source-id': 2 }] } });
    const check = async (label: string) => {
      const ours = await readRows(storage);
      const theirs = canon(await icebergRead({ tableUrl: server.url }) as Record<string, unknown>[]);
      expect(theirs, label).toEqual(ours);
      return ours.length;
    };
    await appendRows(storage, rows(0, 30));
    const firstAppend = (await loadTableState(storage)).metadata.currentSnapshotId!;
    await appendRows(storage, rows(30, 12));
    const counts: string[] = [`append: ${await check('append')}`];
    await (await prepareDeleteWhere(storage, 'id < 5', { mode: 'merge-on-read' })).apply();
    counts.push(`position deletes: ${await check('position deletes')}`);
    await deleteByKeys(storage, ['id', 'category'], [{ id: 40n, category: 'b' }, { id: 33n, category: 'a' }]);
    counts.push(`equality deletes: ${await check('equality deletes')}`);
    await (await prepareSchemaUpdate(storage, [{ op: 'rename-column', name: 'amount', newName: 'total' }])).apply();
    counts.push(`rename: ${await check('rename')}`);
    const op = await prepareCompaction(storage, { targetFileSizeBytes: 1 << 20, minInputFiles: 1 });
    await op.apply();
    counts.push(`compaction (${op.plan!.bins.length} bins): ${await check('compaction')}`);
    await (await prepareRollbackTo(storage, firstAppend)).apply();
    counts.push(`rollback to the first append: ${await check('rollback')}`);
    console.log(`icebird agrees with Lakescope after each step (rows): ${counts.join(', ')}; ${server.requests.length} HTTP requests served`);
  });
});
