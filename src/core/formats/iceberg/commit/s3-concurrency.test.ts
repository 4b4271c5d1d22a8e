/**
 * Concurrent commits against a real S3 implementation (Ceph RGW, started by src/testing/ceph/start.sh): its
 * `If-None-Match: *` is the commit point. Under CI a gateway that is down fails this suite (describeS3).
 */
import { expect, it } from 'vitest';
import { isLakeError } from '../../../errors.ts';
import { createBucket, deleteBucket, deleteBucketContents, describeS3, s3Storage, uniqueName } from '../../../../testing/s3-env.ts';
import { checkIntegrity, readRows } from '../../../../testing/iceberg-writer-fixtures.ts';
import { appendRows } from './append.ts';
import { createTable } from './create-table.ts';

const SCHEMA = { type: 'struct', fields: [{ id: 1, name: 'id', required: true, type: 'long' }, { id: 2, name: 'writer', required: false, type: 'int' }] };

describeS3('iceberg commits on the S3 gateway', () => {
  it('8 writers × 25 commits: each lands exactly once or reports Conflict; the metadata chain is linear', async () => {
    const bucket = uniqueName('lakescope-commit');
    await createBucket(bucket);
    try {
      const storage = s3Storage(bucket, 'db/events/');
      await createTable(storage, { location: `s3://${bucket}/db/events`, schema: SCHEMA });
      const landed: bigint[] = [];
      let conflicts = 0; let attempts = 0;
      const started = Date.now();
      await Promise.all(Array.from({ length: 8 }, async (_, w) => {
        for (let i = 0; i < 25; i++) {
          const id = BigInt(w * 1000 + i);
          try {
            const r = await appendRows(storage, [{ id, writer: w }], { retry: { numRetries: 60, minWaitMs: 5, maxWaitMs: 250 } });
            landed.push(id);
            attempts += r.attempts;
          } catch (e) {
            if (!isLakeError(e, 'Conflict')) throw e;
            conflicts++;
          }
        }
      }));
      const ms = Date.now() - started;
      const { state } = await checkIntegrity(storage);
      const m = state.metadata;
      const byId = new Map(m.snapshots.map((s) => [s.snapshotId, s]));
      const chain: bigint[] = [];
      for (let s = byId.get(m.currentSnapshotId!); s; s = s.parentSnapshotId === undefined ? undefined : byId.get(s.parentSnapshotId)) chain.push(s.snapshotId);
      expect(chain.length).toBe(m.snapshots.length);
      expect(m.snapshots.length).toBe(landed.length);
      expect(chain.map((id) => byId.get(id)!.sequenceNumber).reverse()).toEqual(chain.map((_, i) => BigInt(i + 1)));
      const ids = (await readRows(storage) as { id: number }[]).map((r) => BigInt(r.id)).sort((a, b) => (a < b ? -1 : 1));
      expect(ids).toEqual([...landed].sort((a, b) => (a < b ? -1 : 1)));
      expect(landed.length + conflicts).toBe(200);
      console.log(`S3 (Ceph RGW): ${landed.length} commits landed, ${conflicts} gave up with Conflict, ${attempts} attempts for the landed ones, metadata v${state.version}, ${(ms / 1000).toFixed(1)} s`);
    } finally {
      await deleteBucketContents(bucket).catch(() => 0);
      await deleteBucket(bucket).catch(() => undefined);
    }
  }, 600_000);
});
