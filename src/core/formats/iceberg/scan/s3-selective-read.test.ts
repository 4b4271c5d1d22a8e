/**
 * A selective query on a remote table (issue 17, counted on the real S3 gateway): planning reads the
 * data file's footer to prune row groups, the read fetches only the row group that can match — all bytes
 * of the data file, plan and read together, at most 1.2× the bytes of the row groups that can match.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { canonicalRows } from '../../../arrow/canonical.ts';
import { readParquetFooter, storageSource } from '../../../codecs/parquet/index.ts';
import { parseWhere } from '../../../expr/parse.ts';
import { CountingStorage } from '../../../io/counting-storage.ts';
import { listAll } from '../../../io/storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { createBucket, deleteBucket, deleteBucketContents, describeS3, s3Storage, uniqueName } from '../../../../testing/s3-env.ts';
import { openIcebergTable } from '../index.ts';
import type { Schema } from '../spec/schema.ts';
import { buildTable } from '../synthetic-table.test-helper.ts';

const SCHEMA: Schema = { schemaId: 0, identifierFieldIds: [], fields: [
  { id: 1, name: 'id', required: true, type: { kind: 'long' } }, { id: 2, name: 's', required: false, type: { kind: 'string' } },
] };

function rowsOf(n: number) {
  let x = 777;
  const word = () => { x = (x * 1103515245 + 12345) % 2 ** 31; return x.toString(36); };
  return Array.from({ length: n }, (_, i) => ({ id: BigInt(i), s: `${word()}${word()}${word()}${word()}${word()}` }));
}

describeS3('iceberg: a selective query on the S3 gateway', () => {
  const bucket = uniqueName('lakescope-selective');
  const key = 'data/f.parquet';

  beforeAll(async () => {
    installNodeParquetWasm();
    await createBucket(bucket);
    const local = await buildTable({
      formatVersion: 2, schemas: [SCHEMA], specs: [{ specId: 0, fields: [] }],
      snapshots: [{ files: [{ name: 'f.parquet', content: 'data', specId: 0, partition: [], rows: rowsOf(150_000), rowGroupSize: 30_000 }] }],
    });
    const remote = s3Storage(bucket, 't/');
    for await (const o of listAll(local)) await remote.write(o.key, await local.read(o.key));
  }, 120_000);
  afterAll(async () => {
    await deleteBucketContents(bucket);
    await deleteBucket(bucket);
  });

  it('reads at most 1.2× the bytes of the row groups that can match (footer included), and exactly their rows', { timeout: 120_000 }, async () => {
    const storage = new CountingStorage(s3Storage(bucket, 't/'));
    const footer = await readParquetFooter(await storageSource(storage.inner, key));
    expect(footer.metadata.row_groups).toHaveLength(5);
    const chunkBytes = (rg: number) => footer.metadata.row_groups[rg]!.columns.reduce((s, c) => s + Number(c.meta_data!.total_compressed_size), 0);

    const table = await openIcebergTable(storage);
    storage.reset();
    const plan = await table.planScan({ filter: parseWhere('id >= 65000 and id < 75000') });
    expect(plan.tasks.map((t) => t.rowGroups)).toEqual([[2]]);
    const ids: number[] = [];
    for (const task of plan.tasks) for await (const b of table.read(task)) for (const r of canonicalRows(b, { columns: ['id'] })) ids.push(Number(r.id));
    expect(ids).toEqual(Array.from({ length: 10_000 }, (_, i) => 65_000 + i));

    const dataBytes = storage.log.filter((c) => c.method === 'read' && c.key === key)
      .reduce((s, c) => s + (c.range && 'length' in c.range ? c.range.length : 0), 0);
    const matching = chunkBytes(2);
    expect(storage.log.filter((c) => c.method === 'read' && c.key === key).every((c) => c.range !== undefined)).toBe(true);
    expect(dataBytes).toBeGreaterThanOrEqual(matching);
    expect(dataBytes).toBeLessThanOrEqual(1.2 * matching);
  });
});
