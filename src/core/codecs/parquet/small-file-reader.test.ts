/**
 * The small-file path must decode exactly what parquet-wasm decodes: every fixture Parquet file up to
 * SMALL_PARQUET_MAX_BYTES (Iceberg, Delta, Paimon, Hudi writers), every row group, every column it takes —
 * same Arrow type id (and unit), same values in the canonical row form, same field ids.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type DataType, RecordBatch, Table, Type } from 'apache-arrow';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../testing/fixtures.ts';
import { canonicalRows, canonicalRowsText } from '../../arrow/canonical.ts';
import { bytesSource, parquetFooterForDecoding, parquetFooterOfFile, readParquetFooter, readParquetToArrow, PARQUET_FIELD_ID_KEY, readSmallParquetRowGroup, SMALL_PARQUET_MAX_BYTES } from './index.ts';

if (!FIXTURES_PRESENT) console.warn(`small-file reader fixtures test skipped: ${FIXTURES_SKIP_REASON}`);
beforeAll(() => installNodeParquetWasm());

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

const unitOf = (t: DataType) => (t as unknown as { unit?: number }).unit;

/** Compares the small path with parquet-wasm on one file; returns the columns compared (0 when the path declined). */
async function compareFile(bytes: Uint8Array, name: string): Promise<number> {
  const footer = await readParquetFooter(bytesSource(bytes, name));
  // The in-memory footer parse the whole-file read path uses is the ranged one's, raw bytes included.
  const inMemory = parquetFooterOfFile(bytes, name);
  expect({ ...inMemory, raw: [...inMemory.raw!] }, name).toEqual({ ...footer, raw: [...footer.raw!] });
  const columns = footer.fields.map((f) => f.name);
  let compared = 0;
  for (let rg = 0; rg < footer.numRowGroups; rg++) {
    const small = await readSmallParquetRowGroup(bytes, footer.metadata, rg, columns, { file: name });
    if (!small) return 0;
    const wasm: RecordBatch[] = [];
    for await (const b of readParquetToArrow(bytes, { rowGroups: [rg], name })) wasm.push(b);
    const table = new Table(wasm);
    expect(small.numRows, name).toBe(table.numRows);
    for (const f of small.schema.fields) {
      const w = table.schema.fields.find((x) => x.name === f.name)!;
      const wt = w.type.typeId === Type.Dictionary ? (w.type as unknown as { dictionary: DataType }).dictionary : w.type;
      expect([f.name, Type[f.type.typeId], unitOf(f.type)], name).toEqual([f.name, Type[wt.typeId], unitOf(wt)]);
      expect(f.metadata.get(PARQUET_FIELD_ID_KEY), `${name} ${f.name} id`).toBe(w.metadata.get(PARQUET_FIELD_ID_KEY));
      compared++;
    }
    const cols = small.schema.fields.map((f) => f.name);
    expect(canonicalRowsText(canonicalRows(small, { columns: cols })), name).toBe(canonicalRowsText(canonicalRows(table, { columns: cols })));
    // The read path's footer (read-footer.ts, no statistics) decodes the same batch.
    const lean = parquetFooterForDecoding(bytes, name);
    const viaLean = readSmallParquetRowGroup(bytes, lean.metadata, rg, columns, { file: name }, lean.fields)!;
    expect(viaLean.schema.fields.map(String), name).toEqual(small.schema.fields.map(String));
    expect(canonicalRowsText(canonicalRows(viaLean, { columns: cols })), name).toBe(canonicalRowsText(canonicalRows(small, { columns: cols })));
  }
  return compared;
}

describe.skipIf(!FIXTURES_PRESENT)('small-file reader: every small fixture file matches parquet-wasm', () => {
  for (const format of ['iceberg', 'delta', 'paimon', 'hudi']) {
    it(format, async () => {
      const files = walk(join(FIXTURES_DIR, format)).filter((f) => f.endsWith('.parquet') && statSync(f).size <= SMALL_PARQUET_MAX_BYTES);
      let taken = 0;
      for (const path of files) if (await compareFile(new Uint8Array(readFileSync(path)), path) > 0) taken++;
      // The path must really be exercised, not decline everything.
      if (format === 'iceberg') expect(taken).toBeGreaterThan(20);
    });
  }
});

describe('small-file reader', () => {
  it('nulls, booleans, floats, strings, binary and timestamps match parquet-wasm', async () => {
    const bytes = new Uint8Array(parquetWriteBuffer({
      columnData: [
        { name: 'b', data: [true, null, false, true], type: 'BOOLEAN', nullable: true },
        { name: 'i', data: [1, null, -3, 2 ** 31 - 1], type: 'INT32', nullable: true },
        { name: 'l', data: [1n, -2n, null, 2n ** 62n], type: 'INT64', nullable: true },
        { name: 'f', data: [1.5, Number.NaN, null, -0], type: 'FLOAT', nullable: true },
        { name: 'd', data: [1.25, null, Number.POSITIVE_INFINITY, 3], type: 'DOUBLE', nullable: true },
        { name: 's', data: ['a', '', null, 'héllo'], type: 'STRING', nullable: true },
        { name: 'y', data: [new Uint8Array([1, 2]), null, new Uint8Array(0), new Uint8Array([255])], type: 'BYTE_ARRAY', nullable: true },
        { name: 'ts', data: [new Date(1_700_000_000_123), null, new Date(0), new Date(-1)], type: 'TIMESTAMP', nullable: true },
      ],
      rowGroupSize: 2,
    }));
    expect(await compareFile(bytes, 'synthetic.parquet')).toBe(8 * 2);
  });

  it('declines a file with a column outside its types (the caller then uses parquet-wasm)', async () => {
    const bytes = new Uint8Array(parquetWriteBuffer({ columnData: [{ name: 'x', data: [{ a: 1 }, null], type: 'JSON', nullable: true }] }));
    const footer = await readParquetFooter(bytesSource(bytes));
    expect(await readSmallParquetRowGroup(bytes, footer.metadata, 0, ['x'])).toBeUndefined();
  });
});
