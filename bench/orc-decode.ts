/**
 * Benchmark: decoding ORC with Lakescope's reader (src/core/codecs/orc), beside parquet-wasm decoding a
 * Parquet file of the same rows.
 *
 * 1. Reads the ORC project's reference file `demo-11-zlib.orc` (1,920,800 rows, 9 int/string columns,
 *    zlib, 385 stripes) from the shared fixtures.
 * 2. Writes its rows as one Parquet file with our writer (`writeParquet` with parquet-wasm, SNAPPY, as
 *    Iceberg appends do).
 * 3. Times, in one process and run, alternating order: our ORC reader (bytes in memory → Arrow batches)
 *    and parquet-wasm (`readParquet` → Arrow IPC → apache-arrow Table, the same path our Parquet reader
 *    takes). Median of `--runs` (default 5). Rows/s, and MB/s of the file's bytes (10^6 bytes).
 * Both decoders' first (warm-up) output is reduced to a per-column fingerprint (see {@link fingerprintRows})
 * and must agree. Prints a table and writes bench/out/orc-decode.json.
 *
 *   npx tsx bench/orc-decode.ts [--runs 5] [--file path/to/file.orc]
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { tableFromIPC } from 'apache-arrow';
import { readOrcTable, readOrcTail } from '../src/core/codecs/orc/index.ts';
import { Kind } from '../src/core/codecs/orc/proto-messages.ts';
import { ensureParquetWasm } from '../src/core/codecs/parquet/wasm-init.ts';
import { writeParquet } from '../src/core/formats/iceberg/commit/data-file-writer.ts';
import type { NestedField } from '../src/core/formats/iceberg/spec/types.ts';
import { bytesSource } from '../src/core/util/byte-source.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR } from '../src/testing/fixtures.ts';

const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };

/** One column's fingerprint: nulls, the sum of its numbers, and an FNV-1a hash of its values in row order. */
export interface ColumnFingerprint { nulls: number; sum: number; hash: number }

/** Adds one value to a column's fingerprint (null: a marker byte; else `String(value)` and a separator). */
function addValue(fp: ColumnFingerprint, v: unknown): void {
  if (v === null || v === undefined) { fp.nulls++; fp.hash = Math.imul(fp.hash ^ 0xff, 0x01000193) >>> 0; return; }
  if (typeof v === 'number' || typeof v === 'bigint') fp.sum += Number(v);
  const text = String(v);
  for (let i = 0; i < text.length; i++) fp.hash = Math.imul(fp.hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  fp.hash = Math.imul(fp.hash ^ 0x1f, 0x01000193) >>> 0;
}

/**
 * Per-column fingerprints of row groups (Arrow batches, or plain row objects wrapped alike): two decoders
 * agree when every column has the same nulls, sum and order-sensitive FNV-1a hash of `String(value)`
 * (numbers and bigints print alike, so an int read as Int32 by one and as a JSON number by another match).
 */
export function fingerprintBatches(columns: readonly string[], batches: Iterable<{ numRows: number; getChild(name: string): { get(i: number): unknown } | null }>): Record<string, ColumnFingerprint> {
  const out: Record<string, ColumnFingerprint> = {};
  for (const c of columns) out[c] = { nulls: 0, sum: 0, hash: 0x811c9dc5 };
  for (const b of batches) {
    for (const c of columns) {
      const vector = b.getChild(c)!;
      const fp = out[c]!;
      for (let i = 0; i < b.numRows; i++) addValue(fp, vector.get(i));
    }
  }
  return out;
}

const ICEBERG_TYPE: Partial<Record<number, string>> = {
  [Kind.BOOLEAN]: 'boolean', [Kind.BYTE]: 'int', [Kind.SHORT]: 'int', [Kind.INT]: 'int', [Kind.LONG]: 'long',
  [Kind.FLOAT]: 'float', [Kind.DOUBLE]: 'double', [Kind.STRING]: 'string', [Kind.VARCHAR]: 'string', [Kind.CHAR]: 'string', [Kind.DATE]: 'date',
};

/** What {@link runOrcDecodeBench} measured. */
export interface OrcDecodeResult {
  readonly file: string; readonly rows: number; readonly runs: number;
  readonly orc: { bytes: number; medianMs: number; rowsPerSecond: number; mbPerSecond: number; runsMs: number[] };
  readonly parquetWasm: { bytes: number; medianMs: number; rowsPerSecond: number; mbPerSecond: number; runsMs: number[] };
  readonly ratio: number;
  /** Column names, and each decoder's fingerprint of its warm-up output (they must be equal). */
  readonly columns: string[];
  readonly fingerprints: { readonly orc: Record<string, ColumnFingerprint>; readonly parquetWasm: Record<string, ColumnFingerprint> };
}

/**
 * Decodes the ORC file at `path` with our reader and its rows, rewritten as Parquet by our writer, with
 * parquet-wasm, `runs` times each (alternating). Throws when a decoder's row count or fingerprint differs.
 */
export async function runOrcDecodeBench(opts: { path: string; runs: number; log?: (s: string) => void }): Promise<OrcDecodeResult> {
  const { path, runs } = opts;
  const log = opts.log ?? (() => {});
  installNodeParquetWasm();
  const wasm = await ensureParquetWasm();
  const orc = new Uint8Array(await readFile(path));
  const tail = await readOrcTail(bytesSource(orc, path));
  const columns = tail.schema!.children;
  const fields: NestedField[] = columns.map((c, i) => {
    const type = ICEBERG_TYPE[c.kind];
    if (!type) throw new Error(`bench: column ${c.name} (${c.kindName}) has no flat Iceberg type`);
    return { id: i + 1, name: c.name, required: false, type: { kind: type } as NestedField['type'] };
  });
  const rowCount = tail.footer.numberOfRows;
  log(`${path}: ${rowCount.toLocaleString()} rows, ${columns.length} columns, ${(orc.length / 1e6).toFixed(2)} MB, ${tail.footer.stripes.length} stripes`);

  // The same rows as Parquet, written by our writer.
  const rows: Record<string, unknown>[] = [];
  for (const b of await readOrcTable(orc, { tail })) {
    const cols = columns.map((c) => [...b.getChild(c.name)!]);
    for (let i = 0; i < b.numRows; i++) {
      const r: Record<string, unknown> = {};
      columns.forEach((c, k) => { r[c.name] = cols[k]![i] ?? null; });
      rows.push(r);
    }
  }
  const parquet = writeParquet(rows, fields, { wasm, codec: 'SNAPPY' }).bytes;
  rows.length = 0;
  log(`parquet (our writer, SNAPPY): ${(parquet.length / 1e6).toFixed(2)} MB`);

  const orcMs: number[] = [];
  const pqMs: number[] = [];
  const timeOrc = async (): Promise<void> => {
    const t = performance.now();
    const batches = await readOrcTable(orc, { tail: undefined });
    const n = batches.reduce((a, b) => a + b.numRows, 0);
    orcMs.push(performance.now() - t);
    if (n !== rowCount) throw new Error(`orc rows ${n}`);
  };
  const timeParquet = (): void => {
    const t = performance.now();
    const table = tableFromIPC(wasm.readParquet(parquet).intoIPCStream());
    pqMs.push(performance.now() - t);
    if (table.numRows !== rowCount) throw new Error(`parquet rows ${table.numRows}`);
  };
  await timeOrc(); timeParquet(); orcMs.length = 0; pqMs.length = 0; // warm-up
  // Untimed: both decoders' output, column by column, must be the same values in the same order.
  const names = columns.map((c) => c.name);
  const fingerprints = {
    orc: fingerprintBatches(names, await readOrcTable(orc, { tail: undefined })),
    parquetWasm: fingerprintBatches(names, tableFromIPC(wasm.readParquet(parquet).intoIPCStream()).batches),
  };
  if (JSON.stringify(fingerprints.orc) !== JSON.stringify(fingerprints.parquetWasm)) throw new Error(`decoders disagree: ${JSON.stringify(fingerprints)}`);
  for (let r = 0; r < runs; r++) {
    if (r % 2 === 0) { await timeOrc(); timeParquet(); } else { timeParquet(); await timeOrc(); }
  }
  const o = median(orcMs);
  const p = median(pqMs);
  return {
    file: path, rows: rowCount, runs, columns: names, fingerprints,
    orc: { bytes: orc.length, medianMs: o, rowsPerSecond: rowCount / (o / 1000), mbPerSecond: orc.length / 1e6 / (o / 1000), runsMs: orcMs },
    parquetWasm: { bytes: parquet.length, medianMs: p, rowsPerSecond: rowCount / (p / 1000), mbPerSecond: parquet.length / 1e6 / (p / 1000), runsMs: pqMs },
    ratio: o / p,
  };
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' }, file: { type: 'string' } } });
  const result = await runOrcDecodeBench({ runs: Number(args.runs), path: args.file ?? join(FIXTURES_DIR, 'orc', 'demo-11-zlib.orc'), log: (s) => console.log(s) });
  const { orc, parquetWasm } = result;
  console.table({
    'lakescope orc': { 'median ms': orc.medianMs.toFixed(0), 'rows/s': Math.round(orc.rowsPerSecond).toLocaleString(), 'MB/s': orc.mbPerSecond.toFixed(1), MB: (orc.bytes / 1e6).toFixed(2) },
    'parquet-wasm': { 'median ms': parquetWasm.medianMs.toFixed(0), 'rows/s': Math.round(parquetWasm.rowsPerSecond).toLocaleString(), 'MB/s': parquetWasm.mbPerSecond.toFixed(1), MB: (parquetWasm.bytes / 1e6).toFixed(2) },
  });
  console.log(`ORC decode takes ${result.ratio.toFixed(2)}× the time of parquet-wasm on the same rows`);
  await mkdir(join('bench', 'out'), { recursive: true });
  await writeFile(join('bench', 'out', 'orc-decode.json'), JSON.stringify(result, null, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
