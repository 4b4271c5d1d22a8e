/**
 * The small-file path against parquet-wasm on files no fixture has: every column type it takes, written by
 * arrow-rs (parquet-wasm's writer) with each encoding that applies to it (PLAIN, dictionary,
 * DELTA_BINARY_PACKED, BYTE_STREAM_SPLIT, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY, RLE), data pages v1 and
 * v2, small pages, row groups of 128 rows, nulls, and every codec either side decodes. Seeded values.
 */
import { type DataType, RecordBatch, Table, tableToIPC, vectorFromArray, Bool, DateDay, Float32, Float64, Int32, Int64, TimestampMicrosecond, Utf8 } from 'apache-arrow';
import { beforeAll, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { canonicalRows, canonicalRowsText } from '../../arrow/canonical.ts';
import { ensureParquetWasm } from './wasm-init.ts';
import { bytesSource, readParquetFooter, readParquetToArrow, readSmallParquetRowGroup } from './index.ts';

beforeAll(() => installNodeParquetWasm());

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}

function table(n: number, r: () => number) {
  const col = <T>(type: DataType, f: (i: number) => T) => vectorFromArray(Array.from({ length: n }, (_, i) => (r() < 0.15 ? null : f(i))), type);
  return new Table({
    i32: col(new Int32(), () => Math.floor(r() * 2 ** 32) - 2 ** 31),
    i32s: col(new Int32(), (i) => i * 3 - 100),
    i64: col(new Int64(), () => BigInt(Math.floor(r() * 2 ** 52)) * (r() < 0.5 ? -1000n : 1000n)),
    f32: col(new Float32(), () => Math.fround(r() * 1e6 - 5e5)),
    f64: col(new Float64(), () => (r() < 0.05 ? Number.NaN : r() * 1e12 - 5e11)),
    s: col(new Utf8(), () => ['alpha', 'beta', '', 'héllo😀', `prefix-${Math.floor(r() * 20)}`][Math.floor(r() * 5)]!),
    su: col(new Utf8(), (i) => `row-${i}-${Math.floor(r() * 1e9)}`),
    b: col(new Bool(), () => r() < 0.5),
    d: col(new DateDay(), () => new Date(Math.floor(r() * 20000 - 5000) * 86_400_000)),
    ts: col(new TimestampMicrosecond(), () => Math.floor(r() * 2e12)),
  });
}

it('decodes what parquet-wasm decodes for every encoding, page version and codec arrow-rs writes', async () => {
  const pw = await ensureParquetWasm();
  const t = table(300, prng(20261203));
  const E = pw.Encoding;
  const encodings: [string, number | undefined, readonly string[]][] = [
    ['default', undefined, []], ['PLAIN', E.PLAIN, []], ['DELTA_BINARY_PACKED', E.DELTA_BINARY_PACKED, ['i32', 'i32s', 'i64', 'd', 'ts']],
    ['BYTE_STREAM_SPLIT', E.BYTE_STREAM_SPLIT, ['f32', 'f64']], ['DELTA_LENGTH_BYTE_ARRAY', E.DELTA_LENGTH_BYTE_ARRAY, ['s', 'su']],
    ['DELTA_BYTE_ARRAY', E.DELTA_BYTE_ARRAY, ['s', 'su']], ['RLE', E.RLE, ['b']],
  ];
  const C = pw.Compression;
  const variants = [
    ...encodings.flatMap(([name, enc, only]) => [true, false].flatMap((dict) => [pw.WriterVersion.V1, pw.WriterVersion.V2].map((version) => ({ name, enc, only, dict, version, codec: C.ZSTD })))),
    ...[C.UNCOMPRESSED, C.SNAPPY, C.GZIP, C.LZ4_RAW, C.BROTLI].map((codec) => ({ name: 'default', enc: undefined, only: [] as readonly string[], dict: true, version: pw.WriterVersion.V2, codec })),
  ];
  const problems: string[] = [];
  let compared = 0;
  for (const v of variants) {
    for (const col of t.schema.fields.map((f) => f.name)) {
      if (v.only.length > 0 && !v.only.includes(col)) continue; // arrow-rs panics on an encoding its type lacks
      let b = new pw.WriterPropertiesBuilder().setCompression(v.codec).setDictionaryEnabled(v.dict).setWriterVersion(v.version)
        .setMaxRowGroupSize(128).setDataPageSizeLimit(64).setWriteBatchSize(16);
      if (v.enc !== undefined) b = b.setColumnEncoding(col, v.enc);
      const bytes = pw.writeParquet(pw.Table.fromIPCStream(tableToIPC(t.select([col as never]), 'stream')), b.build());
      const name = `${col} ${v.name} dictionary=${v.dict} version=${v.version} codec=${v.codec}`;
      const footer = await readParquetFooter(bytesSource(bytes, name));
      // arrow-rs stores its ARROW:schema, which sends such files to parquet-wasm: without it they take the small path.
      const bare = { ...footer.metadata, key_value_metadata: [] };
      for (let rg = 0; rg < footer.numRowGroups; rg++) {
        const small = readSmallParquetRowGroup(bytes, bare, rg, [col], { file: name });
        if (!small) { problems.push(`${name}: declined`); continue; }
        const wasm: RecordBatch[] = [];
        for await (const x of readParquetToArrow(bytes, { rowGroups: [rg], name })) wasm.push(x);
        const got = canonicalRowsText(canonicalRows(small, { columns: [col] }));
        if (got !== canonicalRowsText(canonicalRows(new Table(wasm), { columns: [col] }))) problems.push(`${name} row group ${rg}: values differ`);
        compared++;
      }
    }
  }
  expect(problems).toEqual([]);
  expect(compared).toBeGreaterThan(500);
}, 120_000);
