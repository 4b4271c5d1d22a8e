/**
 * The table-health use case (src/core/api/table-health.ts) on a table generated with many small files:
 * the exact numbers follow from the generator's shape (20 appends of 10 one-MiB files over 100 day partitions).
 */
import { describe, expect, it } from 'vitest';
import { openTable } from '../src/core/api/open-table.ts';
import { tableHealth } from '../src/core/api/table-health.ts';
import { bucketOf } from '../src/core/api/table-health-rules.ts';
import { prepareWrite } from '../src/core/api/table-writes.ts';
import { FsStorage } from '../src/platform/node/fs-storage.ts';
import { tempDir } from '../src/testing/iceberg-writer-fixtures.ts';
import { generateIcebergTable } from './generate-iceberg.ts';

const MiB = 1024 * 1024;
const DAY = 86_400_000;

describe('tableHealth on a generated table with many small files', () => {
  it('200 one-MiB files in 100 day partitions: all small, every partition due, 4 manifests, 19 versions to expire', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      await generateIcebergTable({ snapshots: 20, manifests: 4, files: 200, out: dir });
      const table = await openTable(new FsStorage(dir), '', 'iceberg');
      const h = await tableHealth(table, {}, { nowMs: 1_700_000_000_000 + 30 * DAY });
      expect(h.files).toMatchObject({ dataFiles: 200, dataBytes: 200 * MiB, smallFiles: 200, deleteFiles: 0, dataRows: 200_000 });
      expect(h.histogram[bucketOf(MiB)]).toBe(200);
      expect(h.partitions.length).toBe(100);
      expect(h.partitions.every((p) => p.dataFiles === 2 && p.smallFiles === 2)).toBe(true);
      expect(h.recommendations.map((r) => r.kind)).toEqual(['compact-table', ...Array(5).fill('compact-partition'), 'rewrite-manifests', 'expire-snapshots']);
      expect(h.recommendations[0].reason.params).toMatchObject({ small: 200, files: 200, partitions: 100 });
      expect(h.recommendations.at(-1)!.reason.params).toMatchObject({ expirable: 19, versions: 20 });
      // Manifests per version agree with each version's plan.
      expect(h.manifests!.length).toBe(20);
      for (const m of [h.manifests![0], h.manifests![9], h.manifests![19]]) {
        expect(m.manifests).toBe((await table.plan({ version: m.versionId })).counts.manifests.total);
      }
      expect(h.manifests!.at(-1)!.manifests).toBe(4);
      // The partition recommendation's action is what prepare() takes: it previews rewriting that partition's two files.
      const part = h.recommendations[1];
      const prepared = await prepareWrite(table, part.action);
      if (part.action.kind !== 'compact') throw new Error('expected a compact action');
      const wanted = part.action.partitions![0].partition;
      const inPartition = (await table.plan({})).files.filter((f) => f.partition === wanted).map((f) => f.key).sort();
      expect(prepared.preview.deletes.map((d) => d.key).sort()).toEqual(inPartition);
      expect(prepared.preview.deletes.length).toBe(2);
    } finally {
      await cleanup();
    }
  });
});
