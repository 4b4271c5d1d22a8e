/**
 * Row groups read by range: the compact one-row-group file decodes (parquet-wasm) to exactly the rows
 * of that row group in the whole file — for every row group of every fixture Parquet file and of
 * multi-row-group files from both writers — and only the kept runs are fetched, adjacent ones together.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RecordBatch, Table } from 'apache-arrow';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../testing/fixtures.ts';
import { canonicalRows, canonicalRowsText } from '../../arrow/canonical.ts';
import type { ByteSource } from '../../util/byte-source.ts';
import { bytesSource, coalesceRowGroups, compactRowGroupFile, readParquetFooter, readParquetToArrow, readRowGroupFiles } from './index.ts';

if (!FIXTURES_PRESENT) console.warn(`row-group ranges fixtures test skipped: ${FIXTURES_SKIP_REASON}`);
beforeAll(() => installNodeParquetWasm());

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

async function rowsText(bytes: Uint8Array, rg: number): Promise<string> {
  const batches: RecordBatch[] = [];
  for await (const b of readParquetToArrow(bytes, { rowGroups: [rg] })) batches.push(b);
  const table = new Table(batches);
  return canonicalRowsText(canonicalRows(table, { columns: table.schema.fields.map((f) => f.name) }));
}

/** Checks every row group of a file through its compact file; returns the row-group count. */
async function checkFile(bytes: Uint8Array, name: string): Promise<number> {
  const footer = await readParquetFooter(bytesSource(bytes, name));
  for (let rg = 0; rg < footer.numRowGroups; rg++) {
    const compact = compactRowGroupFile(footer.metadata, footer.raw!, rg, bytes, 0);
    expect(await rowsText(compact, 0), `${name} row group ${rg}`).toBe(await rowsText(bytes, rg));
  }
  return footer.numRowGroups;
}

/** A file of 8 row groups of 50 rows (ints, nullable strings, doubles), by hyparquet-writer. */
function multiGroupFile(): Uint8Array {
  const n = 400;
  return new Uint8Array(parquetWriteBuffer({
    columnData: [
      { name: 'id', data: BigInt64Array.from({ length: n }, (_, i) => BigInt(i)), type: 'INT64' },
      { name: 's', data: Array.from({ length: n }, (_, i) => (i % 7 === 0 ? null : `v${i % 13}`)), type: 'STRING', nullable: true },
      { name: 'd', data: Float64Array.from({ length: n }, (_, i) => i / 3), type: 'DOUBLE' },
    ],
    rowGroupSize: 50,
  }));
}

/** A ByteSource over bytes that records every read. */
function recording(bytes: Uint8Array): ByteSource & { reads: [number, number][] } {
  const inner = bytesSource(bytes, 'f.parquet');
  const reads: [number, number][] = [];
  return { ...inner, reads, read: (o, l, s) => { reads.push([o, l]); return inner.read(o, l, s); } };
}

describe.skipIf(!FIXTURES_PRESENT)('row-group ranges: every fixture file', () => {
  for (const format of ['iceberg', 'delta', 'paimon', 'hudi']) {
    it(format, async () => {
      let groups = 0;
      for (const path of walk(join(FIXTURES_DIR, format)).filter((f) => f.endsWith('.parquet'))) groups += await checkFile(new Uint8Array(readFileSync(path)), path);
      expect(groups).toBeGreaterThan(0);
    });
  }
});

describe('row-group ranges', () => {
  it('each row group of a multi-row-group file decodes alone from its compact file', async () => {
    expect(await checkFile(multiGroupFile(), 'multi.parquet')).toBe(8);
  });

  it('fetches only the kept row groups, adjacent ones in one read', async () => {
    const bytes = multiGroupFile();
    const footer = await readParquetFooter(bytesSource(bytes));
    const source = recording(bytes);
    const kept = [1, 2, 6];
    const got: number[] = [];
    // No gap allowed between runs here: rows 1–2 are adjacent (one read), 6 is apart (a second read).
    expect(coalesceRowGroups(footer.metadata, kept, 0).map((r) => r.rowGroups)).toEqual([[1, 2], [6]]);
    for await (const { rowGroup, file } of readRowGroupFiles(source, footer.metadata, footer.raw!, kept, undefined, 0)) {
      got.push(rowGroup);
      expect(await rowsText(file, 0)).toBe(await rowsText(bytes, rowGroup));
    }
    expect(got).toEqual(kept);
    expect(source.reads).toHaveLength(2);
    const read = source.reads.reduce((n, [, l]) => n + l, 0);
    const spans = kept.map((rg) => footer.metadata.row_groups[rg]!.columns.reduce((n, c) => n + Number(c.meta_data!.total_compressed_size), 0));
    // Exactly the kept row groups' column chunks, nothing of the others nor the footer.
    expect(read).toBe(spans.reduce((a, b) => a + b, 0));
  });
});
