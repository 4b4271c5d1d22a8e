/**
 * Delta commits on a real S3 implementation (Ceph RGW, src/testing/ceph/start.sh): `If-None-Match: *` on
 * the next `_delta_log/N.json` is the commit point. Many writers appending at once must all land, one
 * version each, with no gap; RESTORE and OPTIMIZE on uploaded fixture copies read as the expected rows.
 */
import { beforeAll, expect, it } from 'vitest';
import { listAll } from '../../../io/storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { listFixtures } from '../../../../testing/fixtures.ts';
import { rowsMismatch } from '../../../../testing/golden.ts';
import { createBucket, deleteBucket, describeS3, s3Storage, uniqueName, uploadFolder } from '../../../../testing/s3-env.ts';
import { parseLogFileName } from '../spec/log-files.ts';
import { readRows } from '../test-support.test-helper.ts';
import { DeltaTable } from '../table.ts';
import { appendRows } from './append.ts';
import { createDeltaTable } from './create-table.ts';

beforeAll(() => installNodeParquetWasm());

describeS3('delta commits on the S3 gateway', () => {
  it('8 writers × 10 appends all land: versions 1..80 with no gap, one append each, every row present', async () => {
    const bucket = uniqueName('lakescope-delta');
    await createBucket(bucket);
    try {
      await createDeltaTable(s3Storage(bucket, 'db/orders/'), { columns: [{ name: 'id', type: 'long' }, { name: 'writer', type: 'integer' }], partitionColumns: ['writer'] });
      let attempts = 0;
      const started = Date.now();
      await Promise.all(Array.from({ length: 8 }, async (_, w) => {
        // Each writer is its own client: its own storage object and its own view of the log.
        const table = await DeltaTable.open(s3Storage(bucket, 'db/orders/'));
        for (let i = 0; i < 10; i++) {
          const r = await appendRows(table, [{ id: w * 100 + i, writer: w }]);
          attempts += r.attempts;
        }
      }));
      const ms = Date.now() - started;
      const storage = s3Storage(bucket, 'db/orders/');
      const commits: bigint[] = [];
      for await (const o of listAll(storage, { prefix: '_delta_log/' })) {
        const f = parseLogFileName(o.key);
        if (f?.kind === 'commit') commits.push(f.version);
      }
      expect(commits.sort((a, b) => (a < b ? -1 : 1))).toEqual(Array.from({ length: 81 }, (_, i) => BigInt(i)));
      const table = await DeltaTable.open(storage);
      expect(table.snapshot.version).toBe(80n);
      const versions = await table.versions();
      expect(versions.filter((v) => v.operation === 'WRITE')).toHaveLength(80);
      const ids = (await readRows(table)).map((r) => r.id as number).sort((a, b) => a - b);
      expect(ids).toEqual(Array.from({ length: 8 }, (_, w) => Array.from({ length: 10 }, (_, i) => w * 100 + i)).flat());
      console.log(`S3 (Ceph RGW) Delta: 80 appends by 8 writers in ${(ms / 1000).toFixed(1)} s, ${attempts} attempts (${attempts - 80} lost races moved to the next version)`);
    } finally {
      await deleteBucket(bucket).catch(() => undefined);
    }
  }, 600_000);

  it('RESTORE to the first version and OPTIMIZE on every multi-version fixture uploaded to the gateway', async () => {
    const bucket = uniqueName('lakescope-delta-fx');
    await createBucket(bucket);
    try {
      for (const fx of listFixtures('delta').filter((f) => f.expected.versions.length > 1)) {
        const prefix = `${fx.name.replace(/\//g, '_')}/`;
        await uploadFolder(fx.root, bucket, prefix);
        const table = await DeltaTable.open(s3Storage(bucket, prefix));
        await (await table.prepare({ kind: 'compact' })).apply();
        expect(await rowsMismatch(await readRows(table), fx.expected.versions.at(-1)!), `${fx.name} optimize`).toBeUndefined();
        const first = fx.expected.versions[0]!;
        await (await table.prepare({ kind: 'rollback', snapshotId: first.id })).apply();
        expect(await rowsMismatch(await readRows(table), first), `${fx.name} restore`).toBeUndefined();
      }
    } finally {
      await deleteBucket(bucket).catch(() => undefined);
    }
  }, 600_000);
});
