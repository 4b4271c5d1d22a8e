/**
 * Benchmark (issue 13): open + plan of a Delta table whose state sits in a big classic checkpoint — by
 * default 100,000 add actions in the checkpoint plus 100 commits after it (bench/generate-delta.ts) —
 * through Lakescope's engine, against parquet-wasm alone decoding the same checkpoint file into Arrow, in
 * the same process and run. Medians of `--runs` (after one warm-up of each), alternating which goes first.
 *
 *   npx tsx bench/delta-checkpoint.ts [--files 100000] [--commits 100] [--runs 5]
 *
 * "lakescope" = a fresh `openDeltaTable` on the folder (node:fs storage, nothing cached): `_last_checkpoint`,
 * the log listing, the checkpoint (hyparquet, into actions), replay of the commits after it, then `plan({})`
 * of every live file into read tasks. "parquet-wasm" = read the checkpoint's bytes and `readParquet` them
 * into an Arrow table (its IPC stream read by apache-arrow, as a JS caller must) — only the decoding our open must also do, with no replay, no commits and no plan:
 * a floor, not a competitor. The ratio says what everything above raw decoding costs. A filtered plan
 * (`day = '…'`, one partition of 100) is reported besides. Prints a table with the load average and writes
 * bench/out/delta-checkpoint.json.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { tableFromIPC } from 'apache-arrow';
import { ensureParquetWasm } from '../src/core/codecs/parquet/wasm-init.ts';
import { openDeltaTable } from '../src/core/formats/delta/index.ts';
import { FsStorage } from '../src/platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';
import { generateDeltaTable, type GeneratedDelta } from './generate-delta.ts';

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };
const time = async <T>(fn: () => Promise<T>): Promise<[T, number]> => { const t = performance.now(); const r = await fn(); return [r, performance.now() - t]; };

export interface OursRun { readonly open: number; readonly plan: number; readonly filtered: number; readonly files: number; readonly filteredFiles: number }
export interface WasmRun { readonly decode: number; readonly rows: number }
export interface DeltaCheckpointBench {
  readonly generated: GeneratedDelta;
  readonly ours: OursRun[];
  readonly wasm: WasmRun[];
  /** Medians, ms. */
  readonly medians: { readonly open: number; readonly plan: number; readonly openPlan: number; readonly filtered: number; readonly decode: number };
  /** Median open + plan over median parquet-wasm decode. */
  readonly ratio: number;
}

/** Generates the table under `dir` and runs both sides `runs` times (plus a warm-up each). */
export async function runDeltaCheckpointBench(opts: { files: number; commits: number; runs: number; dir: string }): Promise<DeltaCheckpointBench> {
  installNodeParquetWasm();
  const root = join(opts.dir, `delta-${opts.files}f-${opts.commits}c`);
  const generated = await generateDeltaTable({ files: opts.files, commits: opts.commits, out: root });
  const checkpoint = join(root, '_delta_log', `${String(generated.checkpointVersion).padStart(20, '0')}.checkpoint.parquet`);
  const pw = await ensureParquetWasm();
  const day = new Date(1_700_000_000_000).toISOString().slice(0, 10);

  const ours = async (): Promise<OursRun> => {
    const [table, open] = await time(() => openDeltaTable(new FsStorage(root)));
    const [plan, planMs] = await time(() => table.plan({}));
    const [filtered, filteredMs] = await time(() => table.plan({ filter: `day = '${day}'` }));
    return { open, plan: planMs, filtered: filteredMs, files: plan.files.length, filteredFiles: filtered.files.length };
  };
  const wasm = async (): Promise<WasmRun> => {
    const [rows, decode] = await time(async () => {
      // What a JS caller of parquet-wasm does to reach the data: decode, then hand the Arrow IPC to apache-arrow.
      const t = tableFromIPC(pw.readParquet(await readFile(checkpoint)).intoIPCStream());
      return t.numRows;
    });
    return { decode, rows };
  };

  const o = await ours(); const w = await wasm(); // warm-up (JIT, wasm)
  const checkpointRows = generated.files + 2; // protocol, metaData and one add per file
  if (o.files !== generated.liveFiles || w.rows !== checkpointRows) {
    throw new Error(`delta-checkpoint bench: lakescope planned ${o.files} files (expected ${generated.liveFiles}); parquet-wasm decoded ${w.rows} rows (expected ${checkpointRows})`);
  }
  const res = { ours: [] as OursRun[], wasm: [] as WasmRun[] };
  for (let i = 0; i < opts.runs; i++) {
    if (i % 2 === 0) { res.ours.push(await ours()); res.wasm.push(await wasm()); } else { res.wasm.push(await wasm()); res.ours.push(await ours()); }
  }
  const medians = {
    open: median(res.ours.map((r) => r.open)), plan: median(res.ours.map((r) => r.plan)), openPlan: median(res.ours.map((r) => r.open + r.plan)),
    filtered: median(res.ours.map((r) => r.filtered)), decode: median(res.wasm.map((r) => r.decode)),
  };
  return { generated, ...res, medians, ratio: medians.openPlan / medians.decode };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { files: { type: 'string', default: '100000' }, commits: { type: 'string', default: '100' }, runs: { type: 'string', default: '5' } } });
  const dir = resolve('bench/out/tables');
  await mkdir(dir, { recursive: true });
  const r = await runDeltaCheckpointBench({ files: Number(values.files), commits: Number(values.commits), runs: Number(values.runs), dir });
  const g = r.generated;
  console.log(`generated a checkpoint of ${g.files} files (${(g.checkpointBytes / 1e6).toFixed(1)} MB) + ${g.commits} commits in ${(g.ms / 1000).toFixed(1)} s; ${g.liveFiles} live files`);
  console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')} on ${cpus().length} cores; medians of ${r.ours.length}`);
  const line = (label: string, ms: number) => console.log(`${label.padEnd(44)} ${ms.toFixed(0).padStart(8)} ms`);
  line('lakescope open (checkpoint + commits)', r.medians.open);
  line('lakescope plan, all files', r.medians.plan);
  line('lakescope open + plan', r.medians.openPlan);
  line('parquet-wasm readParquet of the checkpoint', r.medians.decode);
  console.log(`ratio open + plan / parquet-wasm decode: ${r.ratio.toFixed(2)}x`);
  console.log(`lakescope filtered plan (day = one of 100): median ${r.medians.filtered.toFixed(0)} ms, ${r.ours[0]!.filteredFiles} of ${g.liveFiles} files kept`);
  await mkdir('bench/out', { recursive: true });
  await writeFile('bench/out/delta-checkpoint.json', JSON.stringify({ ...r, load: loadavg(), node: process.version, at: new Date().toISOString() }, null, 2));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
