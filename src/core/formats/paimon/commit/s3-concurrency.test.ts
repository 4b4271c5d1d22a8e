/**
 * Paimon commits on a real S3 implementation (Ceph RGW, src/testing/ceph/start.sh): `If-None-Match: *` on
 * the next `snapshot/snapshot-N` is the commit point. Many writers upserting at once must all land, one
 * snapshot each, with no gap; compaction and expiration on uploaded fixture copies keep the rows and touch
 * exactly the previewed files.
 */
import type { RecordBatch } from 'apache-arrow';
import { beforeAll, expect, it } from 'vitest';
import { canonicalRows, canonicalRowsText } from '../../../arrow/index.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { listFixtures } from '../../../../testing/fixtures.ts';
import { createBucket, deleteBucket, describeS3, s3Storage, uniqueName, uploadFolder } from '../../../../testing/s3-env.ts';
import { PaimonTable } from '../table.ts';

beforeAll(() => installNodeParquetWasm());

async function allRows(table: PaimonTable, mergeAllLevels = true): Promise<string> {
  const plan = await table.planScan({ mergeAllLevels });
  const batches: RecordBatch[] = [];
  for (const t of plan.tasks) for await (const b of table.read(t)) batches.push(b);
  return canonicalRowsText(canonicalRows(batches, { columns: plan.columns }));
}

describeS3('paimon commits on the S3 gateway', () => {
  it('8 writers × 10 upserts all land: snapshots 1..80 with no gap, every row present once', async () => {
    const bucket = uniqueName('lakescope-paimon');
    await createBucket(bucket);
    try {
      await PaimonTable.create(s3Storage(bucket, 'db/t/'), { columns: [{ name: 'id', type: 'INT' }, { name: 'writer', type: 'INT' }, { name: 'n', type: 'INT' }], primaryKeys: ['id'], buckets: 2 });
      let attempts = 0;
      const started = Date.now();
      await Promise.all(Array.from({ length: 8 }, async (_, w) => {
        const table = await PaimonTable.open(s3Storage(bucket, 'db/t/'));
        for (let i = 0; i < 10; i++) {
          // Writer w upserts its key w*100+i, and rewrites its key w*100 every time (the last value must win).
          const r = await table.writeRows('upsert', [{ id: w * 100 + i, writer: w, n: i }, { id: w * 100, writer: w, n: i }]);
          attempts += r.attempts;
        }
      }));
      const ms = Date.now() - started;
      const table = await PaimonTable.open(s3Storage(bucket, 'db/t/'));
      expect(await table.meta.snapshotIds()).toEqual(Array.from({ length: 80 }, (_, i) => BigInt(i + 1)));
      const expected = Array.from({ length: 8 }, (_, w) => Array.from({ length: 10 }, (_, i) => ({ id: w * 100 + i, writer: w, n: i === 0 ? 9 : i }))).flat();
      expect(await allRows(table, false)).toBe(canonicalRowsText(expected));
      // Sequence numbers within each bucket never repeat across files (each retry re-read the bucket).
      for (const b of (await table.lsmView()).buckets) {
        const ranges = b.levels[0]!.files.map((f) => [BigInt(f.minSequenceNumber), BigInt(f.maxSequenceNumber)] as const).sort((x, y) => (x[0] < y[0] ? -1 : 1));
        for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0]).toBeGreaterThan(ranges[i - 1]![1]);
      }
      console.log(`S3 (Ceph RGW) Paimon: 80 upserts by 8 writers in ${(ms / 1000).toFixed(1)} s, ${attempts} attempts (${attempts - 80} lost races retried)`);
    } finally {
      await deleteBucket(bucket).catch(() => undefined);
    }
  }, 600_000);

  it('compaction and expiration of every fixture uploaded to the gateway: rows unchanged, files as previewed', async () => {
    const bucket = uniqueName('lakescope-paimon-fx');
    await createBucket(bucket);
    try {
      for (const fx of listFixtures('paimon')) {
        const prefix = `${fx.name.replace(/\//g, '_')}/`;
        await uploadFolder(fx.root, bucket, prefix);
        const table = await PaimonTable.open(s3Storage(bucket, prefix));
        if (table.schema.primaryKeys.length === 0) {
          await table.writeRows('append', [10, 20].flatMap((f1) => [0, 1, 2, 3].map((f2) => ({ f1, f2, f3: '2024-02-29', f4: '2024-01-01T00:00:00.123456789', f5: '1.5', f6: null }))));
        }
        const before = await allRows(table);
        const compact = await table.prepare({ kind: 'compact', strategy: 'full' });
        expect(compact.noop, fx.name).toBe(false);
        const previewed = compact.preview.deletes.map((d) => d.key).sort();
        const applied = await compact.apply();
        expect(applied.currentAfter, fx.name).toBeDefined();
        const lsm = await table.lsmView();
        const live = new Set(lsm.buckets.flatMap((b) => b.levels.flatMap((l) => l.files.map((f) => f.key))));
        for (const k of previewed) expect(live.has(k), `${fx.name}: ${k} merged`).toBe(false);
        expect(await allRows(table), `${fx.name} compact`).toBe(before);

        const expire = await table.prepare({ kind: 'expire', retainLast: 1, olderThanMs: Date.now() + 60_000 });
        const keys = expire.preview.deletes.map((d) => d.key).sort();
        const done = await expire.apply({ deleteFiles: true });
        expect(done.deleted.map((d) => d.key).sort(), fx.name).toEqual(keys);
        expect(await table.meta.snapshotIds(), fx.name).toEqual([BigInt(applied.currentAfter!)]);
        expect(await allRows(table), `${fx.name} expire`).toBe(before);
        expect(await allRows(table, false), `${fx.name} batch read after full compaction`).toBe(before);
      }
    } finally {
      await deleteBucket(bucket).catch(() => undefined);
    }
  }, 600_000);
});
