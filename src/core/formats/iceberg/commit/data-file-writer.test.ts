import { tableFromIPC } from 'apache-arrow';
import { beforeAll, describe, expect, it } from 'vitest';
import { bytesSource, readParquetFooter } from '../../../codecs/parquet/index.ts';
import { ensureParquetWasm, type ParquetWasm } from '../../../codecs/parquet/wasm-init.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import type { NestedField } from '../spec/types.ts';
import { batchRows } from './arrow-rows.ts';
import { writeParquet, type WrittenParquet } from './data-file-writer.ts';
import { codecOf } from './write-data-files.ts';

installNodeParquetWasm();
let pw: ParquetWasm;
beforeAll(async () => { pw = await ensureParquetWasm(); });

const FLAT: NestedField[] = [
  { id: 1, name: 'id', required: true, type: { kind: 'long' } },
  { id: 2, name: 'b', required: false, type: { kind: 'boolean' } },
  { id: 3, name: 'i', required: false, type: { kind: 'int' } },
  { id: 4, name: 'f', required: false, type: { kind: 'float' } },
  { id: 5, name: 'd', required: false, type: { kind: 'double' } },
  { id: 6, name: 'day', required: false, type: { kind: 'date' } },
  { id: 7, name: 't', required: false, type: { kind: 'time' } },
  { id: 8, name: 'ts', required: false, type: { kind: 'timestamp' } },
  { id: 9, name: 'tstz', required: false, type: { kind: 'timestamptz' } },
  { id: 10, name: 'tsns', required: false, type: { kind: 'timestamp_ns' } },
  { id: 11, name: 'tstzns', required: false, type: { kind: 'timestamptz_ns' } },
  { id: 12, name: 's', required: false, type: { kind: 'string' } },
  { id: 13, name: 'bin', required: false, type: { kind: 'binary' } },
  { id: 14, name: 'fx', required: false, type: { kind: 'fixed', length: 3 } },
  { id: 15, name: 'dec9', required: false, type: { kind: 'decimal', precision: 9, scale: 2 } },
  { id: 16, name: 'dec18', required: false, type: { kind: 'decimal', precision: 18, scale: 4 } },
  { id: 17, name: 'dec38', required: false, type: { kind: 'decimal', precision: 38, scale: 10 } },
] as NestedField[];

const BIG = 10n ** 37n + 12345678901234567890123n;
const ROWS = [
  { id: 9_007_199_254_740_993n, b: true, i: -2147483648, f: -0, d: Number.NaN, day: 19000, t: 86_399_999_999n, ts: -1n, tstz: 1_740_000_000_123_456n, tsns: 1_740_000_000_123_456_789n, tstzns: -9_223_372_036_854_775_808n, s: '\u{1F600}', bin: new Uint8Array([0, 255]), fx: new Uint8Array([1, 2, 3]), dec9: -99_999_999n, dec18: 999_999_999_999_999_999n, dec38: -BIG },
  { id: -9_223_372_036_854_775_808n, b: null, i: null, f: null, d: null, day: null, t: null, ts: null, tstz: null, tsns: null, tstzns: null, s: null, bin: null, fx: null, dec9: null, dec18: null, dec38: null },
  { id: 3n, b: false, i: 7, f: 0, d: -0, day: -1, t: 0n, ts: 9_223_372_036_854_775_807n, tstz: 0n, tsns: 0n, tstzns: 5n, s: '\uFFFF', bin: new Uint8Array([]), fx: new Uint8Array([255, 0, 0]), dec9: 12n, dec18: -1n, dec38: BIG },
  { id: 4n, b: true, i: 2147483647, f: 1.5, d: 2.5, day: 0, t: 1n, ts: 0n, tstz: 1n, tsns: 1n, tstzns: 6n, s: '', bin: new Uint8Array([1]), fx: new Uint8Array([0, 0, 0]), dec9: 0n, dec18: 0n, dec38: 0n },
];

function readBack(bytes: Uint8Array, fields: readonly NestedField[]): Record<string, unknown>[] {
  const t = tableFromIPC(pw.readParquet(bytes).intoIPCStream());
  return t.batches.flatMap((b) => batchRows(b, fields));
}

function hex(m: ReadonlyMap<number, Uint8Array>): Record<number, string> {
  return Object.fromEntries([...m].map(([k, v]) => [k, Buffer.from(v).toString('hex')]));
}

function metricsOf(w: WrittenParquet) {
  const m = w.metrics;
  return { values: Object.fromEntries(m.valueCounts), nulls: Object.fromEntries(m.nullValueCounts), nans: Object.fromEntries(m.nanValueCounts), lower: hex(m.lowerBounds), upper: hex(m.upperBounds) };
}

describe('data file writer: parquet-wasm and hyparquet-writer agree', () => {
  it('flat primitive columns: exact values, field ids, physical/logical types, metrics, key-value metadata', async () => {
    const kv = { 'iceberg.schema': '{"type":"struct"}' };
    const fast = writeParquet(ROWS, FLAT, { wasm: pw, keyValueMetadata: kv });
    const slow = writeParquet(ROWS, FLAT, { keyValueMetadata: kv });
    const [ff, sf] = [await readParquetFooter(bytesSource(fast.bytes)), await readParquetFooter(bytesSource(slow.bytes))];
    expect(ff.metadata.created_by).toContain('parquet-wasm');
    expect(sf.metadata.created_by).toContain('hyparquet-writer');
    expect(readBack(fast.bytes, FLAT)).toEqual(ROWS);
    expect(readBack(slow.bytes, FLAT)).toEqual(ROWS);
    // Same Appendix A elements: field id, repetition, physical type, logical type (UTC flag and unit), decimal layout.
    const shape = (f: typeof ff.fields[number]) => ({ id: f.fieldId, rep: f.repetition, phys: f.physicalType, logical: f.logicalType, precision: f.precision, scale: f.scale, len: f.typeLength });
    expect(ff.fields.map(shape)).toEqual(sf.fields.map(shape));
    expect(ff.fields.map((f) => f.fieldId)).toEqual(FLAT.map((f) => f.id));
    expect(ff.metadata.key_value_metadata?.find((e) => e.key === 'iceberg.schema')?.value).toBe(kv['iceberg.schema']);
    expect(metricsOf(fast)).toEqual(metricsOf(slow));
    const m = metricsOf(fast);
    expect(m.nulls[2]).toBe(1n);
    expect(m.nans[5]).toBe(1n); // the NaN double is counted, not a bound
    expect(m.lower[4]).toBe('00000080'); // -0.0 is the float lower bound (before +0.0)
    expect(m.upper[12]).toBe('f09f9880'); // code point order: U+1F600 > U+FFFF (UTF-16 units would pick U+FFFF)
    expect([...fast.metrics.columnSizes.keys()].sort((a, b) => a - b)).toEqual(FLAT.map((f) => f.id));
    expect(fast.splitOffsets).toEqual([4n]);
    expect(fast.recordCount).toBe(4n);
    // Deterministic bytes (the demo warehouse is checked byte for byte against a fresh generation).
    expect(Buffer.from(writeParquet(ROWS, FLAT, { wasm: pw, keyValueMetadata: kv }).bytes).equals(fast.bytes)).toBe(true);
  });

  it('float bounds order -0 before +0 and skip NaN, as compareValues does', () => {
    const fields = [{ id: 1, name: 'x', required: false, type: { kind: 'double' } }] as NestedField[];
    for (const xs of [[-5, -0, 0, 2], [0, -0], [-0, 0], [0, 0], [Number.NaN, -0, null], [3, -0, 0, -0]]) {
      const rows = xs.map((x) => ({ x }));
      expect(metricsOf(writeParquet(rows, fields, { wasm: pw })), String(xs)).toEqual(metricsOf(writeParquet(rows, fields)));
    }
    const m = metricsOf(writeParquet([{ x: 0 }, { x: -0 }], fields, { wasm: pw }));
    expect([m.lower[1], m.upper[1]]).toEqual(['0000000000000080', '0000000000000000']);
  });

  it('names the row and column of a value that does not fit', () => {
    const fields = [{ id: 1, name: 'a', required: false, type: { kind: 'int' } }, { id: 2, name: 'b', required: true, type: { kind: 'long' } }] as NestedField[];
    expect(() => writeParquet([{ a: 1, b: 1n }, { a: 'x', b: 2n }], fields, { wasm: pw })).toThrow(/row 1: a: "x" is not a valid int/);
    expect(() => writeParquet([{ a: 1, b: 1n }, { a: 2 }], fields, { wasm: pw })).toThrow(/row 1: b is required but null/);
    const ts = [{ id: 1, name: 'ts', required: true, type: { kind: 'timestamptz' } }] as NestedField[];
    expect(() => writeParquet([{ ts: 2n ** 63n }], ts, { wasm: pw })).toThrow(/row 0: ts: 9223372036854775808n is out of the 64-bit range/);
  });

  it('small files: dictionary only where it pays, so they stay about as small as hyparquet-writer\'s', async () => {
    const fields = [
      { id: 1, name: 'id', required: true, type: { kind: 'long' } },
      { id: 2, name: 'event', required: true, type: { kind: 'string' } },
      { id: 3, name: 'user', required: false, type: { kind: 'string' } },
    ] as NestedField[];
    const rows = Array.from({ length: 5000 }, (_, i) => ({ id: BigInt(i * 7919), event: ['view', 'click', 'buy'][i % 3], user: `user-${(i * 2654435761) % 1_000_003}` }));
    const fast = writeParquet(rows, fields, { wasm: pw });
    const f = await readParquetFooter(bytesSource(fast.bytes));
    const encodings = Object.fromEntries(f.metadata.row_groups[0].columns.map((c) => [c.meta_data!.path_in_schema[0], c.meta_data!.encodings]));
    expect(encodings.id).not.toContain('RLE_DICTIONARY');
    expect(encodings.user).not.toContain('RLE_DICTIONARY');
    expect(encodings.event).toContain('RLE_DICTIONARY');
    expect(fast.bytes.length).toBeLessThan(writeParquet(rows, fields).bytes.length * 1.1);
    expect(readBack(fast.bytes, fields)).toEqual(rows);
  });

  it('honours the codec and the row group size', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => ({ ...ROWS[i % 4], id: BigInt(i) }));
    const w = writeParquet(rows, FLAT, { wasm: pw, codec: 'ZSTD', rowGroupSize: 1000 });
    const f = await readParquetFooter(bytesSource(w.bytes));
    expect(f.metadata.row_groups.map((g) => Number(g.num_rows))).toEqual([1000, 1000, 500]);
    expect(new Set(f.metadata.row_groups.flatMap((g) => g.columns.map((c) => c.meta_data?.codec)))).toEqual(new Set(['ZSTD']));
    expect(w.splitOffsets).toHaveLength(3);
    expect(readBack(w.bytes, FLAT)).toEqual(rows);
  });

  it('nested and uuid columns fall back to hyparquet-writer with the same ids', async () => {
    const fields = [
      { id: 1, name: 'u', required: false, type: { kind: 'uuid' } },
      { id: 2, name: 'l', required: false, type: { kind: 'list', elementId: 3, elementRequired: false, element: { kind: 'long' } } },
    ] as NestedField[];
    const rows = [{ u: '0193f1c4-7d5e-7a1b-9c2d-3e4f5a6b7c8d', l: [1n, null] }, { u: null, l: null }];
    const w = writeParquet(rows, fields, { wasm: pw });
    const f = await readParquetFooter(bytesSource(w.bytes));
    expect(f.metadata.created_by).toContain('hyparquet-writer');
    expect(f.fields.map((x) => x.fieldId)).toEqual([1, 2]);
    expect(f.fields[1].children[0].children[0].fieldId).toBe(3);
  });

  it('maps write.parquet.compression-codec to a page codec (zstd when unset, the spec default)', () => {
    expect([undefined, 'zstd', 'ZSTD', 'gzip', 'uncompressed', 'lz4', 'snappy'].map(codecOf)).toEqual(['ZSTD', 'ZSTD', 'ZSTD', 'GZIP', 'UNCOMPRESSED', 'SNAPPY', 'SNAPPY']);
  });
});
