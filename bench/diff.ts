/**
 * Benchmark (issue 15): the row diff of two versions of a 1M-row Iceberg table that differ by 1% against
 * a full scan of both versions (what a diff without the model's file identity would have to read), in
 * one run: wall time and bytes read, and the ratio.
 *
 *   npx tsx bench/diff.ts [--rows 1000000] [--files 100] [--runs 3]
 *
 * The table is made by our own writer (commit/append.ts, delete-rows.ts) in a temp folder: `--files`
 * appends of `rows / files` rows each (version A), then one append of 0.5% new rows and a merge-on-read
 * delete of 0.5% of the rows inside one file (version B): 1% of the rows differ. Each run opens the table
 * afresh over a CountingStorage (bytes read) and (1) diffs A and B with core/api `diffRows`, (2) reads
 * every row of A and of B in canonical form through the one read loop. Medians of `--runs`. Prints a
 * table and writes bench/out/diff.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { diffRows } from '../src/core/api/diff/row-diff.ts';
import { readTasks } from '../src/core/api/read-tasks.ts';
import { TABLE_READERS } from '../src/core/api/table-formats.ts';
import { canonicalRows } from '../src/core/arrow/canonical.ts';
import { appendRows } from '../src/core/formats/iceberg/commit/append.ts';
import { createTable } from '../src/core/formats/iceberg/commit/create-table.ts';
import { prepareDeleteWhere } from '../src/core/formats/iceberg/commit/delete-rows.ts';
import { CountingStorage } from '../src/core/io/counting-storage.ts';
import { FsStorage } from '../src/platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';
import { EVENTS_SCHEMA, events, tempDir } from '../src/testing/iceberg-writer-fixtures.ts';

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };

export interface DiffBenchOptions { readonly rows: number; readonly files: number; readonly runs: number; readonly dir: string }

export interface DiffBenchResult {
  readonly rows: number;
  readonly files: number;
  readonly differing: { readonly added: number; readonly removed: number };
  readonly diff: { readonly ms: number; readonly bytes: number; readonly tasksRead: number };
  readonly fullScan: { readonly ms: number; readonly bytes: number; readonly rows: number };
  readonly ratio: { readonly time: number; readonly bytes: number };
}

/** Writes versions A and B into `dir`; returns their ids. */
async function makeTable(dir: string, rows: number, files: number): Promise<{ a: string; b: string; inserted: number; deleted: number }> {
  const storage = new FsStorage(dir);
  await createTable(storage, { location: `file://${dir}`, schema: EVENTS_SCHEMA, formatVersion: 2, properties: { 'write.delete.mode': 'merge-on-read' } });
  const per = Math.floor(rows / files);
  for (let f = 0; f < files; f++) await appendRows(storage, events(f * per, per));
  const table = await TABLE_READERS.iceberg!.open(storage);
  const a = (await table.versions()).at(-1)!.id;
  const inserted = Math.round(rows * 0.005);
  const deleted = Math.round(rows * 0.005);
  await appendRows(storage, events(files * per, inserted));
  const from = Math.floor(files / 2) * per; // inside one file
  await (await prepareDeleteWhere(storage, `id >= ${from} and id < ${from + deleted}`, { mode: 'merge-on-read' })).apply();
  const b = (await (await TABLE_READERS.iceberg!.open(storage)).versions()).at(-1)!.id;
  return { a, b, inserted, deleted };
}

/** Runs the benchmark on a table it writes into `opts.dir`. */
export async function runDiffBench(opts: DiffBenchOptions): Promise<DiffBenchResult & { differingExpected: { added: number; removed: number } }> {
  installNodeParquetWasm();
  const made = await makeTable(opts.dir, opts.rows, opts.files);
  const diffRuns: { ms: number; bytes: number; tasks: number; added: number; removed: number }[] = [];
  const scanRuns: { ms: number; bytes: number; rows: number }[] = [];
  for (let r = 0; r < opts.runs; r++) {
    {
      const storage = new CountingStorage(new FsStorage(opts.dir, { readOnly: true }));
      const table = await TABLE_READERS.iceberg!.open(storage);
      const t0 = performance.now();
      const d = await diffRows(table, { version: made.a }, { version: made.b });
      diffRuns.push({ ms: performance.now() - t0, bytes: storage.bytesRead, tasks: d.read.fromTasks + d.read.toTasks, added: d.counts.added, removed: d.counts.removed });
    }
    {
      const storage = new CountingStorage(new FsStorage(opts.dir, { readOnly: true }));
      const table = await TABLE_READERS.iceberg!.open(storage);
      const t0 = performance.now();
      let rows = 0;
      for (const version of [made.a, made.b]) {
        const plan = await table.plan({ version });
        for await (const read of readTasks(table, plan, { ordered: false })) if ('batch' in read) rows += canonicalRows(read.batch, { columns: plan.columns }).length;
      }
      scanRuns.push({ ms: performance.now() - t0, bytes: storage.bytesRead, rows });
    }
  }
  const diff = { ms: median(diffRuns.map((x) => x.ms)), bytes: median(diffRuns.map((x) => x.bytes)), tasksRead: diffRuns[0]!.tasks };
  const fullScan = { ms: median(scanRuns.map((x) => x.ms)), bytes: median(scanRuns.map((x) => x.bytes)), rows: scanRuns[0]!.rows };
  return {
    rows: opts.rows, files: opts.files,
    differing: { added: diffRuns[0]!.added, removed: diffRuns[0]!.removed },
    differingExpected: { added: made.inserted, removed: made.deleted },
    diff, fullScan,
    ratio: { time: fullScan.ms / diff.ms, bytes: fullScan.bytes / diff.bytes },
  };
}

async function cli(): Promise<void> {
  const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' }, files: { type: 'string', default: '100' }, runs: { type: 'string', default: '3' } } });
  const { dir, cleanup } = await tempDir();
  try {
    const res = await runDiffBench({ rows: Number(values.rows), files: Number(values.files), runs: Number(values.runs), dir });
    const mb = (b: number) => `${(b / 1048576).toFixed(1)} MiB`;
    console.log(`table: ${res.rows.toLocaleString('en-US')} rows in ${res.files} files; B differs by +${res.differing.added} −${res.differing.removed} rows`);
    console.log(`diff of A and B      ${res.diff.ms.toFixed(0).padStart(7)} ms  ${mb(res.diff.bytes).padStart(10)}  (${res.diff.tasksRead} tasks read)`);
    console.log(`full scan of A and B ${res.fullScan.ms.toFixed(0).padStart(7)} ms  ${mb(res.fullScan.bytes).padStart(10)}  (${res.fullScan.rows.toLocaleString('en-US')} rows)`);
    console.log(`ratio (scan / diff)  time ${res.ratio.time.toFixed(1)}x, bytes ${res.ratio.bytes.toFixed(1)}x`);
    const out = resolve('bench/out');
    await mkdir(out, { recursive: true });
    await writeFile(resolve(out, 'diff.json'), `${JSON.stringify(res, null, 2)}\n`);
  } finally {
    await cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await cli();
