/**
 * Deletes written under another path spelling than the manifests (Impala/Hive on HDFS, S3 writers mixing
 * s3/s3a/s3n, OSS, percent-encoding): deleted rows must stay deleted, and the plan must say that paths
 * were matched only after normalising. Table copies are rewritten by our own codecs (testing/iceberg-rewrite.ts).
 */
import { noteText } from '../../../messages/note.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordBatch } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows, canonicalRowsText } from '../../../arrow/canonical.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { type IcebergRewrite, rewriteIcebergCopy } from '../../../../testing/iceberg-rewrite.ts';
import { openIcebergTable } from '../index.ts';

const fixtures = new Map(listFixtures('iceberg').map((f) => [f.name, f]));
const work = mkdtempSync(join(tmpdir(), 'lakescope-foreign-paths-'));
beforeAll(() => installNodeParquetWasm());
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Percent-encodes every '-' of a path's file name (a writer that escapes more than the manifest's writer). */
const escapeName = (p: string) => p.replace(/[^/]*$/, (name) => name.replace(/-/g, '%2D'));

const CASES: { name: string; fixture: string; rewrite: IcebergRewrite }[] = [
  { name: 'position deletes naming s3n:// files of an s3a:// table', fixture: 'iceberg/v2_spark_position_deletes',
    rewrite: { deleteTarget: (p) => p.replace(/^s3a:/, 's3n:') } },
  { name: 'manifests under /warehouse, position deletes under hdfs://host:port (Impala, Hive)', fixture: 'iceberg/v2_spark_position_deletes',
    rewrite: { path: (p) => p.replace('s3a://hyperparam-iceberg/', '/warehouse/'), deleteTarget: (p) => p.replace('s3a://hyperparam-iceberg/', 'hdfs://namenode:8020/warehouse/') } },
  { name: 'position deletes naming oss:// files, percent-encoded, beside equality deletes', fixture: 'iceberg/v2_java_position_and_equality_deletes',
    rewrite: { deleteTarget: (p) => escapeName(p.replace(/^s3a:/, 'oss:')) } },
  { name: 'deletion vectors naming hdfs:// files where the manifests say /test-warehouse', fixture: 'iceberg/v3_spark_deletion_vectors',
    rewrite: { path: (p) => p.replace('hdfs://localhost:20500/', '/') , deleteTarget: (p) => p } },
  { name: 'deletion vectors naming s3:// files of an hdfs:// table', fixture: 'iceberg/v3_spark_deletion_vectors',
    rewrite: { deleteTarget: (p) => p.replace('hdfs://localhost:20500/', 's3://bucket/') } },
];

describe.skipIf(!FIXTURES_PRESENT)('iceberg deletes written under another path spelling', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  CASES.forEach((c, i) => {
    const fx = fixtures.get(c.fixture)!;
    it(`${c.name}: the expected rows at every version, and a plan note`, async () => {
      const dest = join(work, `case-${i}`);
      await rewriteIcebergCopy(fx.root, dest, c.rewrite);
      const table = await openIcebergTable(new FsStorage(dest, { readOnly: true }));
      let noted = 0;
      for (const v of fx.expected.versions) {
        const plan = await table.plan({ version: v.id });
        const batches: RecordBatch[] = [];
        for (const task of plan.tasks) for await (const b of table.read(task)) batches.push(b);
        const rows = canonicalRows(batches, { columns: plan.columns });
        expect(canonicalRowsText(rows), `version ${v.id}`).toBe(canonicalRowsText(v.rows!));
        const note = plan.notes.map((n) => noteText(n)).find((n) => n.includes('matched after normalising scheme, authority and percent-encoding'));
        const hasPositionDeletes = plan.files.some((f) => f.deletes.some((d) => d.kind !== 'equality-deletes'));
        expect(note !== undefined, `version ${v.id}: note when position deletes apply`).toBe(hasPositionDeletes);
        if (note) noted++;
      }
      expect(noted).toBeGreaterThan(0);
    });
  });

  it('says nothing about normalising when deletes and manifests spell paths alike', async () => {
    for (const name of ['iceberg/v2_spark_position_deletes', 'iceberg/v2_java_position_and_equality_deletes', 'iceberg/v3_spark_deletion_vectors']) {
      const table = await openIcebergTable(new FsStorage(fixtures.get(name)!.root, { readOnly: true }));
      const plan = await table.plan({});
      expect(plan.notes.join('\n')).not.toContain('normalising');
    }
  });
});
