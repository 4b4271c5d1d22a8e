/**
 * Benchmark: Iceberg compaction by Lakescope's writer, against parquet-wasm alone doing the least any
 * compaction must do with the same bytes.
 *
 * 1. Generates, with our writer (appendRows + FsStorage), an unpartitioned v2 table of `--files` small data
 *    files (default 200 appends × 5,000 rows: id, ts, user, event, url, amount, qty — four string columns) in a
 *    temp folder.
 * 2. Compaction: `prepareCompaction` + `apply` (read every file through our read path, write the rows out,
 *    commit a `replace` snapshot), each run on a fresh copy of the table; median of `--runs` (default 3).
 * 3. Baseline, in the same process and run: parquet-wasm alone reads the same 200 files (`readParquet`),
 *    combines them into one table (Arrow IPC → apache-arrow concat → IPC) and writes it (`writeParquet`,
 *    with the table's codec like our writer, zstd unless `write.parquet.compression-codec` says otherwise) —
 *    no Iceberg metadata, no deletes, no metrics.
 * Our writer encodes flat primitive schemas like this one with parquet-wasm too (commit/data-file-writer.ts),
 * and compaction hands the read path's Arrow batches straight to it (rewrite-bin.ts), so what separates the two
 * is the read path (projection, masks for deletes), the metrics and the Iceberg commit.
 * Throughput is MB (10^6 bytes) of input data files per second. parquet-wasm is instantiated before timing;
 * runs alternate order. Prints a table and
 * writes bench/out/compaction.json.
 *
 * Every run also reads the compacted table back through the read path (row count, sum of ids, sum of
 * amounts) and must match the input table; parquet-wasm's output must hold the same rows and ids.
 *
 *   npx tsx bench/compaction.ts [--files 200] [--rows 5000] [--runs 3] [--keep]
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Table as ArrowTable, tableFromIPC, tableToIPC } from 'apache-arrow';
import { readScan } from '../src/core/api/read-scan.ts';
import { ensureParquetWasm } from '../src/core/codecs/parquet/wasm-init.ts';
import { appendRows, createTable, loadTableState, prepareCompaction } from '../src/core/formats/iceberg/commit/index.ts';
import type { ParquetCodec } from '../src/core/formats/iceberg/commit/data-file-writer.ts';
import { readAllEntries } from '../src/core/formats/iceberg/commit/snapshot-files.ts';
import { PROPS } from '../src/core/formats/iceberg/commit/table-update.ts';
import { codecOf } from '../src/core/formats/iceberg/commit/write-data-files.ts';
import { openIcebergTable } from '../src/core/formats/iceberg/index.ts';
import { findSnapshot } from '../src/core/formats/iceberg/spec/table-metadata.ts';
import { FsStorage } from '../src/platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';
import { EVENT_SCHEMA as SCHEMA, median, rowsOf } from './event-table.ts';

async function generate(dir: string, files: number, rows: number, log: (s: string) => void): Promise<{ ms: number }> {
  const t = performance.now();
  const storage = new FsStorage(dir);
  await createTable(storage, { location: 'file:///bench/compaction', schema: SCHEMA, formatVersion: 2 });
  for (let f = 0; f < files; f++) {
    await appendRows(storage, rowsOf(f, rows));
    if ((f + 1) % 50 === 0) log(`  ${f + 1}/${files} appends`);
  }
  return { ms: performance.now() - t };
}

/** Storage keys and sizes of the live data files of the current snapshot. */
async function dataFiles(dir: string): Promise<{ key: string; size: number; rows: number }[]> {
  const state = await loadTableState(new FsStorage(dir, { readOnly: true }));
  const snap = findSnapshot(state.metadata, state.metadata.currentSnapshotId!)!;
  return (await readAllEntries(state, snap)).flatMap((m) => m.entries)
    .filter((e) => e.status !== 'deleted' && e.dataFile.content === 'data')
    .map((e) => ({ key: state.relocation.toKey(e.dataFile.filePath), size: Number(e.dataFile.fileSizeInBytes), rows: Number(e.dataFile.recordCount) }));
}

/** What a reader got from a table: rows, the sum of `id` (exact) and of `amount` (nulls skipped). */
export interface TableSums { readonly rows: number; readonly idSum: string; readonly amountSum: number }

/** Sums of Arrow batches' `id` (bigint) and `amount` (double, nulls skipped) columns. */
function addSums(acc: { rows: number; idSum: bigint; amountSum: number }, batch: { numRows: number; getChild(name: string): { get(i: number): unknown } | null }): void {
  const ids = batch.getChild('id')!;
  const amounts = batch.getChild('amount')!;
  for (let i = 0; i < batch.numRows; i++) {
    acc.idSum += ids.get(i) as bigint;
    const a = amounts.get(i) as number | null;
    if (a !== null) acc.amountSum += a;
  }
  acc.rows += batch.numRows;
}

/** Every row of the table's current snapshot through Lakescope's read path (open + plan + read loop). */
async function readSums(dir: string): Promise<TableSums> {
  const table = await openIcebergTable(new FsStorage(dir, { readOnly: true }));
  const acc = { rows: 0, idSum: 0n, amountSum: 0 };
  for await (const r of readScan(table, {})) if ('batch' in r) addSums(acc, r.batch);
  return { rows: acc.rows, idSum: String(acc.idSum), amountSum: acc.amountSum };
}

async function compactOnce(source: string, scratch: string, run: number) {
  const dir = join(scratch, `copy-${run}`);
  await cp(source, dir, { recursive: true });
  const storage = new FsStorage(dir);
  const t = performance.now();
  const op = await prepareCompaction(storage, { targetFileSizeBytes: 512 * 1024 * 1024 });
  const result = await op.apply();
  const ms = performance.now() - t;
  const after = await dataFiles(dir);
  const read = await readSums(dir); // untimed: the compacted table as a reader sees it
  await rm(dir, { recursive: true, force: true });
  return { ms, outputFiles: after.length, outputBytes: after.reduce((n, f) => n + f.size, 0), outputRows: after.reduce((n, f) => n + f.rows, 0), operation: result.operation, read };
}

async function parquetWasmOnce(dir: string, keys: readonly string[], codec: ParquetCodec) {
  const pw = await ensureParquetWasm();
  const t = performance.now();
  const batches = [];
  for (const key of keys) {
    const wasmTable = pw.readParquet(await readFile(join(dir, key)));
    batches.push(...tableFromIPC(wasmTable.intoIPCStream()).batches);
  }
  const combined = pw.Table.fromIPCStream(tableToIPC(new ArrowTable(batches), 'stream'));
  const props = new pw.WriterPropertiesBuilder().setCompression(pw.Compression[codec]).build();
  const out = pw.writeParquet(combined, props);
  const ms = performance.now() - t;
  const acc = { rows: 0, idSum: 0n, amountSum: 0 };
  for (const b of tableFromIPC(pw.readParquet(out).intoIPCStream()).batches) addSums(acc, b);
  return { ms, outputBytes: out.length, outputRows: acc.rows, idSum: String(acc.idSum) };
}

/** What {@link runCompactionBench} measured; written to bench/out/compaction.json by the CLI. */
export interface CompactionBenchResult {
  readonly input: { readonly files: number; readonly bytes: number; readonly rows: number; readonly generateMs: number; readonly read: TableSums };
  readonly runs: number;
  readonly codec: ParquetCodec;
  readonly compaction: { readonly medianMs: number; readonly mbPerSec: number; readonly runs: readonly Awaited<ReturnType<typeof compactOnce>>[] };
  readonly parquetWasm: { readonly medianMs: number; readonly mbPerSec: number; readonly runs: readonly Awaited<ReturnType<typeof parquetWasmOnce>>[] };
  readonly ratio: number;
}

/**
 * Generates a `files` × `rows` table in a temp folder, then compacts a fresh copy of it and runs the
 * parquet-wasm baseline `runs` times each (alternating). Throws when a compacted table or the baseline's
 * output does not hold the input's rows. `keep`: leave the temp folder (its path is logged).
 */
export async function runCompactionBench(opts: { files: number; rows: number; runs: number; keep?: boolean; log?: (s: string) => void }): Promise<CompactionBenchResult> {
  const { files, rows, runs } = opts;
  const log = opts.log ?? (() => {});
  installNodeParquetWasm();
  const scratch = await mkdtemp(join(tmpdir(), 'lakescope-bench-compaction-'));
  const source = join(scratch, 'table');
  try {
    log(`generating ${files} appends x ${rows} rows with Lakescope's writer in ${source}`);
    const gen = await generate(source, files, rows, log);
    const inputs = await dataFiles(source);
    const inputBytes = inputs.reduce((n, f) => n + f.size, 0);
    const inputRows = inputs.reduce((n, f) => n + f.rows, 0);
    const inputRead = await readSums(source);
    log(`generated ${inputs.length} data files, ${(inputBytes / 1e6).toFixed(2)} MB, ${inputRows} rows in ${(gen.ms / 1000).toFixed(1)} s`);
    // Warm-up, untimed: instantiate parquet-wasm (a one-off cost neither side should carry) and JIT both paths once.
    await ensureParquetWasm();
    // The baseline writes with the codec the table asks for (write.parquet.compression-codec; zstd when unset).
    const codec = codecOf((await loadTableState(new FsStorage(source, { readOnly: true }))).metadata.properties[PROPS.parquetCodec]);
    log(`output codec: ${codec}`);
    await parquetWasmOnce(source, inputs.slice(0, 2).map((f) => f.key), codec);
    const ours: Awaited<ReturnType<typeof compactOnce>>[] = [];
    const theirs: Awaited<ReturnType<typeof parquetWasmOnce>>[] = [];
    for (let i = 0; i < runs; i++) {
      // Alternate the order so neither side always runs on a warmer (or more fragmented) process.
      if (i % 2 === 0) { ours.push(await compactOnce(source, scratch, i)); theirs.push(await parquetWasmOnce(source, inputs.map((f) => f.key), codec)); }
      else { theirs.push(await parquetWasmOnce(source, inputs.map((f) => f.key), codec)); ours.push(await compactOnce(source, scratch, i)); }
      log(`  run ${i + 1}: compaction ${ours[i].ms.toFixed(0)} ms, parquet-wasm ${theirs[i].ms.toFixed(0)} ms`);
    }
    for (const r of [...ours, ...theirs]) if (r.outputRows !== inputRows) throw new Error(`row count changed: ${r.outputRows} written, ${inputRows} read`);
    for (const r of ours) if (r.read.rows !== inputRead.rows || r.read.idSum !== inputRead.idSum) throw new Error(`compacted table reads ${JSON.stringify(r.read)}, input ${JSON.stringify(inputRead)}`);
    for (const r of theirs) if (r.idSum !== inputRead.idSum) throw new Error(`parquet-wasm output ids sum to ${r.idSum}, input ${inputRead.idSum}`);
    const [oMs, tMs] = [median(ours.map((r) => r.ms)), median(theirs.map((r) => r.ms))];
    const mbs = (ms: number) => inputBytes / 1e6 / (ms / 1000);
    return {
      input: { files: inputs.length, bytes: inputBytes, rows: inputRows, generateMs: gen.ms, read: inputRead }, runs, codec,
      compaction: { medianMs: oMs, mbPerSec: mbs(oMs), runs: ours }, parquetWasm: { medianMs: tMs, mbPerSec: mbs(tMs), runs: theirs },
      ratio: oMs / tMs,
    };
  } finally {
    if (!opts.keep) await rm(scratch, { recursive: true, force: true });
    else log(`kept ${scratch}`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: {
    files: { type: 'string', default: '200' }, rows: { type: 'string', default: '5000' }, runs: { type: 'string', default: '3' }, keep: { type: 'boolean', default: false },
  } });
  const runs = Number(values.runs);
  const r = await runCompactionBench({ files: Number(values.files), rows: Number(values.rows), runs, keep: values.keep, log: (s) => console.log(s) });
  const table = [
    ['Lakescope compaction (prepare + apply)', r.compaction.medianMs, r.compaction.mbPerSec, r.compaction.runs[0].outputFiles, r.compaction.runs[0].outputBytes],
    ['parquet-wasm read + concat + write', r.parquetWasm.medianMs, r.parquetWasm.mbPerSec, 1, r.parquetWasm.runs[0].outputBytes],
  ] as const;
  console.log(`\ninput: ${r.input.files} files, ${(r.input.bytes / 1e6).toFixed(2)} MB, ${r.input.rows} rows; medians of ${runs}`);
  console.log(`${'what'.padEnd(40)} ${'median ms'.padStart(10)} ${'MB/s in'.padStart(9)} ${'out files'.padStart(9)} ${'out MB'.padStart(8)}`);
  for (const [label, ms, rate, n, bytes] of table) console.log(`${label.padEnd(40)} ${ms.toFixed(0).padStart(10)} ${rate.toFixed(1).padStart(9)} ${String(n).padStart(9)} ${(bytes / 1e6).toFixed(2).padStart(8)}`);
  console.log(`ratio: Lakescope compaction takes ${r.ratio.toFixed(2)}x the time of parquet-wasm alone`);
  await mkdir('bench/out', { recursive: true });
  await writeFile('bench/out/compaction.json', JSON.stringify({ ...r, node: process.version, at: new Date().toISOString() }, null, 2));
  console.log('wrote bench/out/compaction.json');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
