/**
 * Bytes a Parquet data file costs to read (counted on the storage, issue 17): a small file is one
 * request; a large file whose row groups the plan pruned fetches only the kept row groups — adjacent ones
 * in one request, the footer from planning — never the whole file, and reads the same rows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows, canonicalRowsText, sortCanonicalRows } from '../../../arrow/canonical.ts';
import { CountingStorage } from '../../../io/counting-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { readParquetFooter, storageSource } from '../../../codecs/parquet/index.ts';
import { openIcebergTable, type IcebergTable } from '../index.ts';
import { buildTable, ID_TEXT_SCHEMA, incompressibleRows } from '../synthetic-table.test-helper.ts';
import { WHOLE_FILE_MAX_BYTES } from './parquet-file.ts';

beforeAll(() => installNodeParquetWasm());

const SCHEMA = ID_TEXT_SCHEMA;
const rowsOf = (n: number) => incompressibleRows(n, 4);

async function table(rows: ReturnType<typeof rowsOf>, rowGroupSize: number) {
  const storage = new CountingStorage(await buildTable({
    formatVersion: 2, schemas: [SCHEMA], specs: [{ specId: 0, fields: [] }],
    snapshots: [{ files: [{ name: 'f.parquet', content: 'data', specId: 0, partition: [], rows, rowGroupSize }] }],
  }));
  return { storage, table: await openIcebergTable(storage) };
}

/** Plans `filter`, then reads the tasks counting only the reads; returns the rows and the data file's reads. */
async function readCounted(t: IcebergTable, storage: CountingStorage, filter?: string) {
  const plan = await t.planScan({ filter });
  storage.reset();
  const rows = [];
  for (const task of plan.tasks) for await (const b of t.read(task)) rows.push(...canonicalRows(b));
  return { plan, rows: sortCanonicalRows(rows), reads: storage.log.filter((c) => c.method === 'read' && c.key === 'data/f.parquet') };
}

describe('iceberg read: requests per Parquet data file', () => {
  it('reads a small file in one request (footer and data together)', async () => {
    const { storage, table: t } = await table(rowsOf(30), 10);
    const { rows, reads } = await readCounted(t, storage);
    expect(rows).toHaveLength(30);
    expect(reads).toHaveLength(1);
    expect(reads[0]!.range).toBeUndefined();
  });

  it('reads only the kept row groups of a large file, adjacent ones in one request, and the same rows', async () => {
    const all = rowsOf(6000);
    const { storage, table: t } = await table(all, 1000);
    const size = Number((await storage.inner.head('data/f.parquet')).size);
    expect(size).toBeGreaterThan(WHOLE_FILE_MAX_BYTES * 2);
    const footer = await readParquetFooter(await storageSource(storage.inner, 'data/f.parquet'));
    const chunkBytes = (rg: number) => footer.metadata.row_groups[rg]!.columns.reduce((n, c) => n + Number(c.meta_data!.total_compressed_size), 0);

    // Row groups 2 and 3 (ids 2000–3999) can match; planning read the footer, so reading costs one request.
    const { plan, rows, reads } = await readCounted(t, storage, 'id >= 2500 and id < 3500');
    expect(plan.tasks[0]!.rowGroups).toEqual([2, 3]);
    expect(reads).toHaveLength(1);
    expect(reads[0]!.range).toBeDefined();
    expect(storage.bytesRead).toBe(chunkBytes(2) + chunkBytes(3));
    expect(storage.bytesRead).toBeLessThan(size / 2);

    // Without pruning the whole file is one request; its rows in the range are the ranged read's rows.
    const whole = await readCounted(t, storage);
    expect(whole.rows).toHaveLength(6000);
    expect(whole.reads).toHaveLength(1);
    expect(whole.reads[0]!.range).toBeUndefined();
    const expected = whole.rows.filter((r) => Number(r.id) >= 2500 && Number(r.id) < 3500);
    expect(expected).toHaveLength(1000);
    expect(canonicalRowsText(rows)).toBe(canonicalRowsText(expected));
  });
});
