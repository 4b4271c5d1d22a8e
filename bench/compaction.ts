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
 *   npx tsx bench/compaction.ts [--files 200] [--rows 5000] [--runs 3] [--keep]
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Table as ArrowTable, tableFromIPC, tableToIPC } from 'apache-arrow';
import { ensureParquetWasm } from '../src/core/codecs/parquet/wasm-init.ts';
import { appendRows, createTable, loadTableState, prepareCompaction } from '../src/core/formats/iceberg/commit/index.ts';
import type { ParquetCodec } from '../src/core/formats/iceberg/commit/data-file-writer.ts';
import { readAllEntries } from '../src/core/formats/iceberg/commit/snapshot-files.ts';
import { PROPS } from '../src/core/formats/iceberg/commit/table-update.ts';
import { codecOf } from '../src/core/formats/iceberg/commit/write-data-files.ts';
import { findSnapshot } from '../src/core/formats/iceberg/spec/table-metadata.ts';
import { FsStorage } from '../src/platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';
import { EVENT_SCHEMA as SCHEMA, median, rowsOf } from './event-table.ts';

async function generate(dir: string, files: number, rows: number): Promise<{ ms: number }> {
  const t = performance.now();
  const storage = new FsStorage(dir);
  await createTable(storage, { location: 'file:///bench/compaction', schema: SCHEMA, formatVersion: 2 });
  for (let f = 0; f < files; f++) {
    await appendRows(storage, rowsOf(f, rows));
    if ((f + 1) % 50 === 0) console.log(`  ${f + 1}/${files} appends`);
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

async function compactOnce(source: string, scratch: string, run: number) {
  const dir = join(scratch, `copy-${run}`);
  await cp(source, dir, { recursive: true });
  const storage = new FsStorage(dir);
  const t = performance.now();
  const op = await prepareCompaction(storage, { targetFileSizeBytes: 512 * 1024 * 1024 });
  const result = await op.apply();
  const ms = performance.now() - t;
  const after = await dataFiles(dir);
  await rm(dir, { recursive: true, force: true });
  return { ms, outputFiles: after.length, outputBytes: after.reduce((n, f) => n + f.size, 0), outputRows: after.reduce((n, f) => n + f.rows, 0), operation: result.operation };
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
  const rows = pw.readParquet(out).recordBatches().reduce((n, b) => n + b.numRows, 0);
  return { ms, outputBytes: out.length, outputRows: rows };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: {
    files: { type: 'string', default: '200' }, rows: { type: 'string', default: '5000' }, runs: { type: 'string', default: '3' }, keep: { type: 'boolean', default: false },
  } });
  const [files, rows, runs] = [Number(values.files), Number(values.rows), Number(values.runs)];
  installNodeParquetWasm();
  const scratch = await mkdtemp(join(tmpdir(), 'lakescope-bench-compaction-'));
  const source = join(scratch, 'table');
  try {
    console.log(`generating ${files} appends x ${rows} rows with Lakescope's writer in ${source}`);
    const gen = await generate(source, files, rows);
    const inputs = await dataFiles(source);
    const inputBytes = inputs.reduce((n, f) => n + f.size, 0);
    const inputRows = inputs.reduce((n, f) => n + f.rows, 0);
    console.log(`generated ${inputs.length} data files, ${(inputBytes / 1e6).toFixed(2)} MB, ${inputRows} rows in ${(gen.ms / 1000).toFixed(1)} s`);
    // Warm-up, untimed: instantiate parquet-wasm (a one-off cost neither side should carry) and JIT both paths once.
    await ensureParquetWasm();
    // The baseline writes with the codec the table asks for (write.parquet.compression-codec; zstd when unset).
    const codec = codecOf((await loadTableState(new FsStorage(source, { readOnly: true }))).metadata.properties[PROPS.parquetCodec]);
    console.log(`output codec: ${codec}`);
    await parquetWasmOnce(source, inputs.slice(0, 2).map((f) => f.key), codec);
    const ours: Awaited<ReturnType<typeof compactOnce>>[] = [];
    const theirs: Awaited<ReturnType<typeof parquetWasmOnce>>[] = [];
    for (let i = 0; i < runs; i++) {
      // Alternate the order so neither side always runs on a warmer (or more fragmented) process.
      if (i % 2 === 0) { ours.push(await compactOnce(source, scratch, i)); theirs.push(await parquetWasmOnce(source, inputs.map((f) => f.key), codec)); }
      else { theirs.push(await parquetWasmOnce(source, inputs.map((f) => f.key), codec)); ours.push(await compactOnce(source, scratch, i)); }
      console.log(`  run ${i + 1}: compaction ${ours[i].ms.toFixed(0)} ms, parquet-wasm ${theirs[i].ms.toFixed(0)} ms`);
    }
    for (const r of [...ours, ...theirs]) if (r.outputRows !== inputRows) throw new Error(`row count changed: ${r.outputRows} written, ${inputRows} read`);
    const [oMs, tMs] = [median(ours.map((r) => r.ms)), median(theirs.map((r) => r.ms))];
    const mbs = (ms: number) => inputBytes / 1e6 / (ms / 1000);
    const table = [
      ['Lakescope compaction (prepare + apply)', oMs, mbs(oMs), ours[0].outputFiles, ours[0].outputBytes],
      ['parquet-wasm read + concat + write', tMs, mbs(tMs), 1, theirs[0].outputBytes],
    ] as const;
    console.log(`\ninput: ${inputs.length} files, ${(inputBytes / 1e6).toFixed(2)} MB, ${inputRows} rows; medians of ${runs}`);
    console.log(`${'what'.padEnd(40)} ${'median ms'.padStart(10)} ${'MB/s in'.padStart(9)} ${'out files'.padStart(9)} ${'out MB'.padStart(8)}`);
    for (const [label, ms, rate, n, bytes] of table) console.log(`${label.padEnd(40)} ${ms.toFixed(0).padStart(10)} ${rate.toFixed(1).padStart(9)} ${String(n).padStart(9)} ${(bytes / 1e6).toFixed(2).padStart(8)}`);
    console.log(`ratio: Lakescope compaction takes ${(oMs / tMs).toFixed(2)}x the time of parquet-wasm alone`);
    await mkdir('bench/out', { recursive: true });
    await writeFile('bench/out/compaction.json', JSON.stringify({
      input: { files: inputs.length, bytes: inputBytes, rows: inputRows, generateMs: gen.ms }, runs,
      compaction: { medianMs: oMs, mbPerSec: mbs(oMs), runs: ours }, parquetWasm: { medianMs: tMs, mbPerSec: mbs(tMs), runs: theirs },
      ratio: oMs / tMs, node: process.version, at: new Date().toISOString(),
    }, null, 2));
    console.log('wrote bench/out/compaction.json');
  } finally {
    if (!values.keep) await rm(scratch, { recursive: true, force: true });
    else console.log(`kept ${scratch}`);
  }
}

await main();
