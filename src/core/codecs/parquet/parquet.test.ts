import { parquetWriteBuffer } from 'hyparquet-writer';
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { isLakeError } from '../../errors.ts';
import {
  bytesSource, readParquetFooter, readParquetRows, readParquetTable, readParquetToArrow, fieldsById, type ByteSource,
} from './index.ts';

beforeAll(() => installNodeParquetWasm());

/** A source that counts its reads and bytes (as hyparquet's own tests count range requests). */
function counting(bytes: Uint8Array, name = 'mem.parquet'): ByteSource & { reads: number; bytesRead: number } {
  const inner = bytesSource(bytes, name);
  const src = {
    size: inner.size, name, reads: 0, bytesRead: 0,
    read: async (offset: number, length: number, signal?: AbortSignal) => {
      src.reads++;
      src.bytesRead += length;
      return inner.read(offset, length, signal);
    },
  };
  return src;
}

const N = 1000;
const file = new Uint8Array(parquetWriteBuffer({
  columnData: [
    { name: 'id', data: BigInt64Array.from({ length: N }, (_, i) => BigInt(i)), type: 'INT64' },
    { name: 'name', data: Array.from({ length: N }, (_, i) => `name-${i}-${'x'.repeat(200)}`), type: 'STRING' },
    { name: 'score', data: Float64Array.from({ length: N }, (_, i) => i / 4), type: 'DOUBLE' },
  ],
  rowGroupSize: 250,
}));

describe('readParquetFooter', () => {
  it('reads the footer in one ranged read of the tail, with row groups and statistics', async () => {
    const src = counting(file);
    const footer = await readParquetFooter(src);
    expect(src.reads).toBe(1);
    expect(src.bytesRead).toBeLessThanOrEqual(64 * 1024);
    expect(footer.numRows).toBe(BigInt(N));
    expect(footer.numRowGroups).toBe(4);
    expect(footer.fields.map((f) => f.name)).toEqual(['id', 'name', 'score']);
    const stats = footer.metadata.row_groups[1]!.columns[0]!.meta_data!.statistics!;
    expect(stats.min_value).toBe(250n);
    expect(stats.max_value).toBe(499n);
  });

  it('a large footer costs exactly one more read', async () => {
    const wide = new Uint8Array(parquetWriteBuffer({
      columnData: Array.from({ length: 400 }, (_, c) => ({ name: `column_with_a_long_name_${c}`, data: Int32Array.from([c, c + 1]), type: 'INT32' as const })),
      kvMetadata: [{ key: 'big', value: 'x'.repeat(100_000) }],
    }));
    const src = counting(wide);
    const footer = await readParquetFooter(src);
    expect(footer.metadata.metadata_length).toBeGreaterThan(64 * 1024 - 8);
    expect(src.reads).toBe(2);
    expect(footer.fields).toHaveLength(400);
  });

  it('truncated or garbage files are DataInvalid naming the file', async () => {
    for (const bad of [file.subarray(0, file.length - 1), file.subarray(0, 3), new Uint8Array(100)]) {
      await expect(readParquetFooter(bytesSource(bad, 'bad.parquet'))).rejects.toSatisfy((e: unknown) =>
        isLakeError(e, 'DataInvalid') && (e as Error).message.startsWith('parquet:') && (e as { context: { file?: string } }).context.file === 'bad.parquet');
    }
  });
});

describe('readParquetRows (hyparquet, ranged)', () => {
  it('pages a few rows of one column reading far less than the file', async () => {
    const src = counting(file);
    const footer = await readParquetFooter(src);
    const before = src.bytesRead;
    const rows = await readParquetRows(src, { columns: ['id'], rowStart: 260, rowEnd: 263, metadata: footer.metadata });
    expect(rows).toEqual([{ id: 260n }, { id: 261n }, { id: 262n }]);
    expect(src.bytesRead - before).toBeLessThan(file.length / 10);
  });
});

describe('readParquetToArrow (parquet-wasm)', () => {
  it('reads all rows in order with the default options', async () => {
    const batches = await readParquetTable(file);
    const ids = batches.flatMap((b) => Array.from(b.getChild('id')!.toArray() as BigInt64Array));
    expect(ids).toEqual(Array.from({ length: N }, (_, i) => BigInt(i)));
  });

  it('projects columns by name (parquet-wasm ignores them itself) and selects row groups in the given order', async () => {
    const batches = await readParquetTable(file, { columns: ['score', 'id', 'missing'], rowGroups: [2, 0], batchSize: 100 });
    expect(batches.every((b) => b.schema.fields.map((f) => f.name).join() === 'score,id')).toBe(true);
    expect(batches.every((b) => b.numRows <= 100)).toBe(true);
    const ids = batches.flatMap((b) => Array.from(b.getChild('id')!.toArray() as BigInt64Array, Number));
    expect(ids).toEqual([...Array.from({ length: 250 }, (_, i) => 500 + i), ...Array.from({ length: 250 }, (_, i) => i)]);
  });

  it('corrupt data is DataInvalid, and the wasm still works afterwards', async () => {
    const bad = file.slice();
    for (let i = 4; i < 2000; i++) bad[i] = (i * 7919) & 0xff; // garble the first pages, keep the footer
    await expect(readParquetTable(bad, { name: 'garbled.parquet' })).rejects.toSatisfy((e: unknown) =>
      isLakeError(e, 'DataInvalid') && (e as { context: { file?: string } }).context.file === 'garbled.parquet');
    await expect(readParquetTable(file.subarray(0, 100), { name: 't.parquet' })).rejects.toSatisfy((e: unknown) => isLakeError(e, 'DataInvalid'));
    const batches = await readParquetTable(file);
    expect(batches.reduce((n, b) => n + b.numRows, 0)).toBe(N);
  });

  it('stops with Aborted between row groups', async () => {
    const ac = new AbortController();
    const it = readParquetToArrow(file, { signal: ac.signal });
    await it.next();
    ac.abort();
    await expect(it.next()).rejects.toSatisfy((e: unknown) => isLakeError(e, 'Aborted'));
  });
});

describe('fieldsById', () => {
  it('indexes nested fields', () => {
    const fields = [{ name: 'm', path: ['m'], fieldId: 4, children: [{ name: 'key', path: ['m', 'key_value', 'key'], fieldId: 5, children: [] }] }];
    expect([...fieldsById(fields).keys()]).toEqual([4, 5]);
  });
});
