import { describe, expect, it } from 'vitest';
import { FsStorage } from '../src/platform/node/fs-storage.ts';
import { checkIntegrity, readRows, tempDir } from '../src/testing/iceberg-writer-fixtures.ts';
import { openIcebergTable } from '../src/core/formats/iceberg/table.ts';
import { parseWhere } from '../src/core/expr/parse.ts';
import { generateIcebergTable } from './generate-iceberg.ts';

describe('bench/generate-iceberg', () => {
  it('generates a valid table of the requested shape that the read path opens, plans and reads', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const g = await generateIcebergTable({ snapshots: 40, manifests: 8, files: 400, out: dir, data: 'tiny' });
      expect(g).toMatchObject({ snapshots: 40, manifests: 8, files: 400 });
      const storage = new FsStorage(dir);
      const { state } = await checkIntegrity(storage);
      expect(state.metadata.snapshots.length).toBe(40);
      const table = await openIcebergTable(storage);
      const plan = await table.planScan({});
      expect(plan.counts.manifests.total).toBe(8);
      expect(plan.tasks.length).toBe(400);
      expect((await table.planScan({ filter: parseWhere('id < 3000') })).tasks.length).toBe(3);
      expect((await readRows(storage)).length).toBe(400); // one row per tiny file
      expect((await readRows(storage, { version: '10' })).length).toBe(100); // time travel: 10 snapshots × 10 files
    } finally {
      await cleanup();
    }
  });
});
