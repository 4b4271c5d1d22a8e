/**
 * The Data tab's first page of a large Parquet data file (issue 17): the row cursor fetches the file's
 * footer and the row group the page lies in — counted on the storage — never the whole file, nor the next
 * row groups behind the page; reading on returns every row.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readParquetFooter, storageSource } from '../codecs/parquet/index.ts';
import { openIcebergTable } from '../formats/iceberg/index.ts';
import { RANGED_READ_MIN_BYTES } from '../formats/iceberg/scan/parquet-file.ts';
import { buildTable, ID_TEXT_SCHEMA, incompressibleRows } from '../formats/iceberg/synthetic-table.test-helper.ts';
import { CountingStorage } from '../io/counting-storage.ts';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { RowCursor } from './row-cursor.ts';

beforeAll(() => installNodeParquetWasm());

const SCHEMA = ID_TEXT_SCHEMA;
const rowsOf = (n: number) => incompressibleRows(n, 5);

describe('RowCursor over a large Parquet data file', () => {
  it('the first page fetches only the footer and the first row group; paging on reads every row', { timeout: 120_000 }, async () => {
    const n = 150_000;
    const storage = new CountingStorage(await buildTable({
      formatVersion: 2, schemas: [SCHEMA], specs: [{ specId: 0, fields: [] }],
      snapshots: [{ files: [{ name: 'f.parquet', content: 'data', specId: 0, partition: [], rows: rowsOf(n), rowGroupSize: 50_000 }] }],
    }));
    const key = 'data/f.parquet';
    const size = Number((await storage.inner.head(key)).size);
    expect(size).toBeGreaterThan(RANGED_READ_MIN_BYTES);
    const footer = await readParquetFooter(await storageSource(storage.inner, key));
    expect(footer.metadata.row_groups).toHaveLength(3);
    const chunkBytes = (rg: number) => footer.metadata.row_groups[rg]!.columns.reduce((s, c) => s + Number(c.meta_data!.total_compressed_size), 0);
    const firstDataOffset = (rg: number) => Math.min(...footer.metadata.row_groups[rg]!.columns.map((c) => Number(c.meta_data!.dictionary_page_offset || c.meta_data!.data_page_offset)));

    const cursor = await RowCursor.open(await openIcebergTable(storage), {});
    storage.reset();
    const page = await cursor.page(0, 100);
    expect(page.rows.map((r) => Number(r.id))).toEqual(Array.from({ length: 100 }, (_, i) => i));
    // Let anything read ahead behind the page start before counting.
    await new Promise((r) => setTimeout(r, 200));
    const log = storage.log.filter((c) => c.method === 'read' && c.key === key);
    const reads = log.map((c) => ({ range: c.range && 'offset' in c.range ? { offset: c.range.offset, length: c.range.length } : undefined }));
    expect(reads.every((c) => c.range !== undefined)).toBe(true);
    // The footer: one read of the file's tail; the data: exactly the first row group's chunks, nothing of the second.
    // (a range read at the end asks one byte past the recorded size: util/byte-source.ts checks the file is not longer)
    const tail = reads.filter((c) => c.range!.offset + c.range!.length >= size);
    const data = reads.filter((c) => !tail.includes(c));
    expect(tail).toHaveLength(1);
    expect(tail[0]!.range!.length).toBeLessThan(chunkBytes(0) / 10);
    expect(data.map((c) => c.range)).toEqual([{ offset: firstDataOffset(0), length: chunkBytes(0) }]);
    expect(firstDataOffset(0) + chunkBytes(0)).toBeLessThanOrEqual(firstDataOffset(1));
    const bytes = reads.reduce((s, c) => s + c.range!.length, 0);
    expect(bytes).toBeLessThan(size / 2);

    // Paging on reads the rest, row group by row group.
    let seen = 100;
    for (let page2 = await cursor.page(seen, 5000); page2.rows.length > 0; page2 = await cursor.page(seen, 5000)) {
      expect(Number(page2.rows[0]!.id)).toBe(seen);
      seen += page2.rows.length;
    }
    expect(seen).toBe(n);
    cursor.close();
  });
});
