/**
 * `lakescope files --explain` says when delete files were matched to data files only after normalising
 * paths (a table copy whose position deletes name `hdfs://namenode:8020/warehouse/…` where the manifests
 * say `/warehouse/…`, as Impala and Hive write them), and the scan keeps those rows deleted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalRowsText } from '../core/arrow/index.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../testing/fixtures.ts';
import { rewriteIcebergCopy } from '../testing/iceberg-rewrite.ts';
import { runMain } from './run-main.test-support.ts';

const work = mkdtempSync(join(tmpdir(), 'lakescope-explain-paths-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));


describe.skipIf(!FIXTURES_PRESENT)('files --explain on deletes written under another path prefix', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  it('prints a note naming both spellings, and scan returns the live rows', async () => {
    const fx = listFixtures('iceberg').find((f) => f.name === 'iceberg/v2_spark_position_deletes')!;
    const dest = join(work, 'hdfs');
    await rewriteIcebergCopy(fx.root, dest, {
      path: (p) => p.replace('s3a://hyperparam-iceberg/', '/warehouse/'),
      deleteTarget: (p) => p.replace('s3a://hyperparam-iceberg/', 'hdfs://namenode:8020/warehouse/'),
    });
    const v = fx.expected.versions.find((x) => x.rowCount < fx.expected.versions[0]!.rowCount)!; // a version with deletes
    const r = await runMain(['files', dest, '--explain', '--version', v.id]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/note: delete file \/warehouse\/spark\/bunnies\/data\/\S+-deletes\.parquet names data file \/warehouse\/\S+ as hdfs:\/\/namenode:8020\/warehouse\/\S+: matched after normalising scheme, authority and percent-encoding/);
    const scan = await runMain(['scan', dest, '--version', v.id, '--format', 'canonical']);
    expect(scan.out).toBe(`${canonicalRowsText(v.rows!)}\n`);
  });
});
