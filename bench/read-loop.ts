/**
 * Benchmark (issue 11): time travel over many one-row files — the read loop before and after this issue,
 * in the same process and run, on the same table served over HTTP on loopback (bench/serve-folder.ts, in a
 * child process so the server does not share the measured event loop).
 *
 *   npx tsx bench/read-loop.ts [--files 1000] [--runs 5]
 *
 * The table (bench/generate-iceberg.ts `--data tiny`): `files + files/10` one-row Parquet files appended
 * ten per snapshot, so the snapshot before the last holds exactly `--files` files; each run opens the table
 * afresh, plans the scan as of that snapshot's timestamp (time travel) and reads every row. "sequential"
 * is the loop the row cursor and the CLI scan ran before this issue (kept below, verbatim in effect: each
 * task's batches read to the end before the next task starts); "read loop" is core/api readTasks with its
 * defaults (ordered). Both must return the same rows. Medians of `--runs` (after one warm-up of each),
 * alternating which goes first. Prints a table and writes bench/out/read-loop.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readTasks } from '../src/core/api/read-tasks.ts';
import { canonicalRows, canonicalRowsText, type CanonicalRow } from '../src/core/arrow/canonical.ts';
import { openIcebergTable } from '../src/core/formats/iceberg/index.ts';
import type { LakePlan, LakeTable } from '../src/core/formats/table-format.ts';
import { HttpStorage } from '../src/core/io/index.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';
import { generateIcebergTable } from './generate-iceberg.ts';
import { serveFolderInChild } from './serve-folder-child.ts';

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };

/** The read loop of the row cursor and the CLI scan before issue 11: one task after another. */
async function readSequential(table: LakeTable, plan: LakePlan): Promise<CanonicalRow[]> {
  const rows: CanonicalRow[] = [];
  for (const task of plan.tasks) {
    for await (const batch of table.read(task)) for (const row of canonicalRows(batch, { columns: plan.columns })) rows.push(row);
  }
  return rows;
}

/** The one read loop (core/api/read-tasks.ts), ordered, default bounds. */
async function readWithLoop(table: LakeTable, plan: LakePlan): Promise<CanonicalRow[]> {
  const rows: CanonicalRow[] = [];
  for await (const r of readTasks(table, plan)) if ('batch' in r) for (const row of canonicalRows(r.batch, { columns: plan.columns })) rows.push(row);
  return rows;
}

export interface ReadLoopRun { readonly totalMs: number; readonly readMs: number; readonly rows: number; readonly files: number }
export interface ReadLoopResult {
  readonly files: number;
  readonly runs: number;
  readonly sequential: readonly ReadLoopRun[];
  readonly loop: readonly ReadLoopRun[];
  /** Medians of open + time-travel plan + read, and of the read alone (ms). */
  readonly medians: { readonly sequential: { total: number; read: number }; readonly loop: { total: number; read: number } };
}

/** Generates and serves the table in `dir`, runs both loops `runs` times; throws when they disagree on rows. */
export async function runReadLoopBench(opts: { files: number; runs: number; dir: string }): Promise<ReadLoopResult> {
  installNodeParquetWasm();
  const perSnapshot = 10;
  const snapshots = Math.ceil(opts.files / perSnapshot) + 1;
  const served = await serveFolderInChild(opts.dir);
  try {
    const tableUrl = `${served.url}/table`;
    await generateIcebergTable({ snapshots, manifests: Math.max(1, Math.ceil(snapshots / 10)), files: snapshots * perSnapshot, out: join(opts.dir, 'table'), location: tableUrl, data: 'tiny' });
    const storage = () => new HttpStorage({ baseUrl: `${tableUrl}/`, keys: ['metadata/version-hint.text', 'metadata/v1.metadata.json'] });
    const probe = await openIcebergTable(storage());
    const past = (await probe.versions()).at(-2)!;
    const once = async (read: typeof readSequential): Promise<ReadLoopRun & { text: string }> => {
      const t0 = performance.now();
      const table: LakeTable = await openIcebergTable(storage());
      const plan = await table.plan({ asOfTimestampMs: past.timestampMs });
      const t1 = performance.now();
      const rows = await read(table, plan);
      const t2 = performance.now();
      return { totalMs: t2 - t0, readMs: t2 - t1, rows: rows.length, files: plan.tasks.length, text: canonicalRowsText(rows) };
    };
    const a = await once(readSequential); const b = await once(readWithLoop); // warm-up (JIT, wasm, sockets)
    if (a.text !== b.text) throw new Error('read-loop bench: the read loop and the sequential loop returned different rows');
    if (a.files !== opts.files || a.rows !== opts.files) throw new Error(`read-loop bench: planned ${a.files} files / ${a.rows} rows, expected ${opts.files}`);
    const sequential: ReadLoopRun[] = []; const loop: ReadLoopRun[] = [];
    const strip = ({ text: _, ...r }: ReadLoopRun & { text: string }) => r;
    for (let i = 0; i < opts.runs; i++) {
      if (i % 2 === 0) { sequential.push(strip(await once(readSequential))); loop.push(strip(await once(readWithLoop))); } else { loop.push(strip(await once(readWithLoop))); sequential.push(strip(await once(readSequential))); }
    }
    const med = (xs: ReadLoopRun[]) => ({ total: median(xs.map((x) => x.totalMs)), read: median(xs.map((x) => x.readMs)) });
    return { files: opts.files, runs: opts.runs, sequential, loop, medians: { sequential: med(sequential), loop: med(loop) } };
  } finally {
    await served.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { files: { type: 'string', default: '1000' }, runs: { type: 'string', default: '5' } } });
  const dir = resolve('bench/out/read-loop');
  await mkdir(dir, { recursive: true });
  const res = await runReadLoopBench({ files: Number(values.files), runs: Number(values.runs), dir });
  const { sequential: s, loop: l } = res.medians;
  console.log(`time travel over ${res.files} one-row files, HTTP on loopback, medians of ${res.runs}`);
  console.log(`${'step'.padEnd(34)} ${'sequential'.padStart(10)} ${'read loop'.padStart(10)} ${'speed-up'.padStart(9)}`);
  for (const [label, a, b] of [['open + plan as of + read (ms)', s.total, l.total], ['read alone (ms)', s.read, l.read]] as const) {
    console.log(`${label.padEnd(34)} ${a.toFixed(0).padStart(10)} ${b.toFixed(0).padStart(10)} ${(a / b).toFixed(2).padStart(8)}x`);
  }
  await writeFile('bench/out/read-loop.json', JSON.stringify({ ...res, node: process.version, at: new Date().toISOString() }, null, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
