/**
 * Benchmark (issues 3 and 17): open + plan of a large synthetic Iceberg table — 1,000 snapshots, 200
 * manifests, 100,000 data-file entries by default (`--files 1000000` for the million, or a list such as
 * `--files 100000,1000000`, which also prints the 1M / 100k ratio of Lakescope's plan) — by Lakescope's
 * engine as the CLI runs it (its node:http transport) and by icebird (bench/icebird-peer.ts: the registry's 0.3.1, or `ICEBIRD_DIR` for a newer source
 * tree), on the same table served over HTTP on loopback from a child process. Medians of `--runs`,
 * alternating which side goes first, each run with a fresh table object and no cache. Figures per run: wall
 * time, the client's CPU time (process.cpuUsage: steadier than wall time on a shared machine) and peak heap
 * (V8's used heap sampled every 5 ms; run with `node --expose-gc` for a collected baseline; the plan's
 * result is held while sampled, so the peak includes what the plan returns).
 *
 *   ICEBIRD_DIR=/tmp/icebird npx tsx --expose-gc bench/iceberg-open-plan.ts [--snapshots 1000] [--manifests 200] [--files 100000] [--runs 5]
 *     [--no-filtered] [--dir bench/out/tables] [--port 0] [--reuse] [--isolate] [--timeout-s 300] [--budget-s 600]
 *
 * Two modes. In-process (default): both sides in this process after one warm-up of each. `--isolate`: every
 * run in a fresh child process (cold: no warm-up, so both sides pay their JIT), so a side that runs out of
 * memory or past `--timeout-s` is reported as such instead of ending the bench — the mode for 1,000,000
 * entries, where icebird's memory is the question. `--reuse` keeps a table generated earlier under `--dir`
 * with the same shape and URL (`--port` fixes the server's port, since the URL is written into the metadata),
 * so the million-entry table (minutes to generate) is generated once, e.g. into /tmp:
 *
 *   ICEBIRD_DIR=/tmp/icebird npx tsx bench/iceberg-open-plan.ts --files 100000,1000000 --runs 3 --budget-s 600 --isolate --reuse --port 4183 --dir /tmp/plan-tables --no-filtered
 *
 * (`--runs` takes one count per size, the last repeating.) At load average ~20 on 2 cores one 1M run takes 40–100 s
 * for Lakescope and 140–170 s for icebird, so `--runs 3` took 13 minutes and `--runs 3,2` 14 (with tests running
 * alongside). `--budget-s 600` bounds the whole bench: no run pair is started that would end past it (judged by the
 * slowest pair so far; at least one pair per size runs), and the report says how many runs were done: the command
 * above finished in 9 minutes at load 19–22, with one 1M pair.
 *
 * What is compared: "open" = find the current metadata file (version-hint.text) and parse it; "plan" = read the
 * manifest list and every manifest of the current snapshot into file entries (no filter: icebird cannot prune).
 * Lakescope also reports a filtered plan (`id < 5000`), which icebird has no equivalent for: on the table just
 * planned (manifests cached: the filter's own cost) and on a freshly opened table (open + filtered plan, cold).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import { parseWhere } from '../src/core/expr/parse.ts';
import { openIcebergTable } from '../src/core/formats/iceberg/index.ts';
import { HttpStorage } from '../src/core/io/index.ts';
import { installNodeCodecs } from '../src/platform/node/native-codecs.ts';
import { nodeFetch } from '../src/platform/node/node-fetch.ts';
import { generateIcebergTable, type Generated } from './generate-iceberg.ts';
import { withPeakHeap } from './heap-sampler.ts';
import { type IcebirdPeer, loadIcebird, peerDataFiles } from './icebird-peer.ts';
import { serveFolderInChild } from './serve-folder-child.ts';

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };
const time = async <T>(fn: () => Promise<T>): Promise<[T, number]> => { const t = performance.now(); const r = await fn(); return [r, performance.now() - t]; };
const cpuMs = (since: NodeJS.CpuUsage) => { const u = process.cpuUsage(since); return (u.user + u.system) / 1000; };

/** One successful run of one side. `cpu`: the client process's CPU time (user + system, ms) over open + plan. */
export interface OpenPlanRun { readonly open: number; readonly plan: number; readonly cpu: number; readonly files: number; readonly peakHeapBytes: number; readonly heapAboveBaseBytes: number; readonly filtered?: number; readonly filteredCold?: number; readonly filteredFiles?: number }
/** A run that did not finish (isolated mode): why, e.g. `out of memory (heap limit 4144 MiB) after 95 s`. */
export interface FailedRun { readonly failed: string }
export type RunOutcome = OpenPlanRun | FailedRun;
export interface SideMedians { readonly open: number; readonly plan: number; readonly total: number; readonly cpu: number; readonly peakHeapBytes: number; readonly ok: number }
export interface OpenPlanResult {
  readonly generated: Generated; readonly peer: string;
  /** Run pairs done, and asked for (fewer when `budgetMs` ran out). */
  readonly runs: number; readonly asked: number; readonly isolate: boolean;
  readonly ours: RunOutcome[]; readonly theirs: RunOutcome[];
  /** Medians over the runs that finished (undefined when none did). */
  readonly medians: { readonly ours?: SideMedians; readonly theirs?: SideMedians };
}

export interface OpenPlanOptions {
  readonly snapshots: number; readonly manifests: number; readonly files: number; readonly runs: number; readonly dir: string;
  readonly filtered?: boolean; readonly icebirdDir?: string;
  /** The server's port (default: a free one). Fixed, it lets `reuse` find a table whose metadata names this URL. */
  readonly port?: number;
  /** Keep a table already under `dir` with this shape and URL instead of generating it again. */
  readonly reuse?: boolean;
  /** Every run in a fresh child process; failures (out of memory, timeout) are reported, not thrown. */
  readonly isolate?: boolean;
  /** Isolated mode: a run still going after this long is ended and reported (default 300 s). */
  readonly timeoutMs?: number;
  /**
   * Stop starting run pairs once this much time has passed since the first (at least one pair runs), so a
   * bench on a loaded machine ends in bounded time; fewer runs than asked are then reported (`runs`).
   */
  readonly budgetMs?: number;
}

export const isOk = (r: RunOutcome): r is OpenPlanRun => !('failed' in r);

/**
 * Lakescope as the CLI runs it (HttpStorage over node:http with keep-alive, src/cli/table-location.ts; Avro
 * blocks inflated by Node's zlib and strings decoded by its native UTF-8, src/cli/main.ts): open + plan everything (and, when `filtered`, the filtered plans).
 */
async function oursOnce(tableUrl: string, filtered: boolean): Promise<OpenPlanRun> {
  installNodeCodecs();
  const storage = new HttpStorage({ baseUrl: `${tableUrl}/`, keys: ['metadata/version-hint.text', 'metadata/v1.metadata.json'], fetch: nodeFetch });
  const c0 = process.cpuUsage();
  const [[table, open, plan, planMs, cpu], heap] = await withPeakHeap(async () => {
    const [table, open] = await time(() => openIcebergTable(storage));
    const [plan, planMs] = await time(() => table.planScan({}));
    return [table, open, plan, planMs, cpuMs(c0)] as const;
  });
  const run = { open, plan: planMs, cpu, files: plan.tasks.length, peakHeapBytes: heap.peakBytes, heapAboveBaseBytes: heap.aboveBaseBytes };
  if (!filtered) return run;
  const [filteredPlan, filteredMs] = await time(() => table.planScan({ filter: parseWhere('id < 5000'), pruneRowGroups: false }));
  const [, coldMs] = await time(async () => (await openIcebergTable(storage)).planScan({ filter: parseWhere('id < 5000'), pruneRowGroups: false }));
  return { ...run, filtered: filteredMs, filteredCold: coldMs, filteredFiles: filteredPlan.tasks.length };
}

/** icebird: metadata, then every manifest of the current snapshot. */
async function theirsOnce(peer: IcebirdPeer, tableUrl: string): Promise<OpenPlanRun> {
  const c0 = process.cpuUsage();
  const [[open, planMs, files, cpu], heap] = await withPeakHeap(async () => {
    const [metadata, open] = await time(() => peer.metadata(tableUrl));
    const [manifests, planMs] = await time(() => peer.manifests(metadata));
    return [open, planMs, peerDataFiles(manifests), cpuMs(c0)] as const;
  });
  return { open, plan: planMs, cpu, files, peakHeapBytes: heap.peakBytes, heapAboveBaseBytes: heap.aboveBaseBytes };
}

/** One run in a fresh `node --import tsx --expose-gc` (this file with `--child`). */
function isolatedRun(side: 'ours' | 'theirs', tableUrl: string, filtered: boolean, icebirdDir: string | undefined, timeoutMs: number): Promise<RunOutcome> {
  const args = ['--import', 'tsx', '--expose-gc', fileURLToPath(import.meta.url), '--child', side, '--url', tableUrl, ...(filtered ? [] : ['--no-filtered'])];
  const child = spawn(process.execPath, args, { env: { ...process.env, ...(icebirdDir ? { ICEBIRD_DIR: icebirdDir } : {}) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = ''; let err = '';
  child.stdout.on('data', (d: Buffer) => { out += String(d); });
  child.stderr.on('data', (d: Buffer) => { err = (err + String(d)).slice(-4000); });
  const t0 = performance.now();
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, timeoutMs);
  return new Promise((ok) => child.on('close', (code, signal) => {
    clearTimeout(timer);
    const after = `after ${((performance.now() - t0) / 1000).toFixed(0)} s`;
    const last = out.trim().split('\n').pop() ?? '';
    if (code === 0 && last.startsWith('{')) { ok(JSON.parse(last) as OpenPlanRun); return; }
    const limit = `${(getHeapStatistics().heap_size_limit / 2 ** 20).toFixed(0)} MiB`;
    const why = timedOut ? `did not finish within ${timeoutMs / 1000} s (ended)`
      : /heap out of memory|Allocation failed/i.test(err) ? `out of memory (V8 heap limit ${limit})`
        : `exited with ${code ?? signal}: ${err.split('\n').find((l) => /Error/.test(l)) ?? err.trim().split('\n').pop()}`;
    ok({ failed: `${why} ${after}` });
  }));
}

/**
 * The table under `dir`: generated, or with `reuse` the one already there when its metadata names `tableUrl`
 * and has the requested number of snapshots and files.
 */
async function prepareTable(opts: OpenPlanOptions, out: string, tableUrl: string): Promise<Generated> {
  const meta = join(out, 'metadata', 'v1.metadata.json');
  if (opts.reuse && existsSync(meta)) {
    const doc = JSON.parse(await readFile(meta, 'utf8')) as { location: string; snapshots: { summary: Record<string, string> }[] };
    const files = Number(doc.snapshots.at(-1)?.summary['total-data-files']);
    if (doc.location === tableUrl && doc.snapshots.length === opts.snapshots && files === opts.files) return { snapshots: opts.snapshots, manifests: opts.manifests, files, ms: 0 };
  }
  return generateIcebergTable({ snapshots: opts.snapshots, manifests: opts.manifests, files: opts.files, out, location: tableUrl });
}

/** Generates (or reuses) the table, serves it, runs both sides `runs` times; throws when file counts differ. */
export async function runOpenPlanBench(opts: OpenPlanOptions): Promise<OpenPlanResult> {
  const served = await serveFolderInChild(opts.dir, opts.port);
  try {
    const name = `iceberg-${opts.snapshots}s-${opts.manifests}m-${opts.files}f`;
    const tableUrl = `${served.url}/${name}`;
    const gen = await prepareTable(opts, join(opts.dir, name), tableUrl);
    const peer = await loadIcebird(opts.icebirdDir);
    const filtered = opts.filtered ?? false;
    const timeoutMs = opts.timeoutMs ?? 300_000;
    const ours = (): Promise<RunOutcome> => (opts.isolate ? isolatedRun('ours', tableUrl, filtered, opts.icebirdDir, timeoutMs) : oursOnce(tableUrl, filtered));
    const theirs = (): Promise<RunOutcome> => (opts.isolate ? isolatedRun('theirs', tableUrl, false, opts.icebirdDir, timeoutMs) : theirsOnce(peer, tableUrl));
    if (!opts.isolate) { await ours(); await theirs(); } // warm-up (JIT, wasm, sockets)
    const res = { ours: [] as RunOutcome[], theirs: [] as RunOutcome[] };
    const t0 = performance.now();
    let pair = 0;
    for (let i = 0; i < opts.runs; i++) {
      // A pair that would end past the budget (judged by the slowest pair so far) is not started.
      if (i > 0 && opts.budgetMs !== undefined && performance.now() - t0 + pair > opts.budgetMs) break;
      const p0 = performance.now();
      // Alternate the order so neither side always runs on a warmer machine.
      if (i % 2 === 0) { res.ours.push(await ours()); res.theirs.push(await theirs()); } else { res.theirs.push(await theirs()); res.ours.push(await ours()); }
      pair = Math.max(pair, performance.now() - p0);
    }
    for (const [side, runs] of [['lakescope', res.ours], ['icebird', res.theirs]] as const) {
      for (const r of runs) if (isOk(r) && r.files !== gen.files) throw new Error(`file counts differ: ${side} ${r.files}, generated ${gen.files}`);
    }
    return { generated: gen, peer: peer.label, runs: res.ours.length, asked: opts.runs, isolate: opts.isolate ?? false, ...res, medians: { ours: mediansOf(res.ours), theirs: mediansOf(res.theirs) } };
  } finally {
    await served.close();
  }
}

function mediansOf(runs: readonly RunOutcome[]): SideMedians | undefined {
  const xs = runs.filter(isOk);
  if (xs.length === 0) return undefined;
  return { open: median(xs.map((x) => x.open)), plan: median(xs.map((x) => x.plan)), total: median(xs.map((x) => x.open + x.plan)), cpu: median(xs.map((x) => x.cpu)), peakHeapBytes: Math.max(...xs.map((x) => x.peakHeapBytes)), ok: xs.length };
}

/** `--child ours|theirs --url URL`: one run, its OpenPlanRun as the last line of stdout. */
async function child(side: string, url: string, filtered: boolean): Promise<void> {
  const run = side === 'ours' ? await oursOnce(url, filtered) : await theirsOnce(await loadIcebird(), url);
  console.log(JSON.stringify(run));
}

const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const mb = (x: number) => `${(x / 2 ** 20).toFixed(0)} MiB`;

function report(res: OpenPlanResult, loadBefore: string): void {
  const { ours: a, theirs: b } = res.medians;
  console.log(`\nopen + plan of ${res.generated.files} files, ${res.generated.manifests} manifests, ${res.generated.snapshots} snapshots; peer ${res.peer}; medians of ${res.runs}${res.runs < res.asked ? ` (${res.asked} asked: the budget ran out)` : ''}${res.isolate ? ' (each run in a fresh process, cold)' : ''}; load average before ${loadBefore}, after ${load()} (${cpus().length} cores)`);
  console.log(`${'step'.padEnd(30)} ${'lakescope'.padStart(10)} ${'icebird'.padStart(10)} ${'icebird/lakescope'.padStart(18)}`);
  const cell = (m: SideMedians | undefined, k: keyof SideMedians) => (m ? m[k].toFixed(0) : '—').padStart(10);
  const ratio = (k: keyof SideMedians) => (a && b ? `${(b[k] / a[k]).toFixed(2)}x` : '—').padStart(18);
  for (const [label, k] of [['open (median ms)', 'open'], ['plan, all files (median ms)', 'plan'], ['open + plan (median ms)', 'total'], ['client CPU, open + plan (ms)', 'cpu']] as const) {
    console.log(`${label.padEnd(30)} ${cell(a, k)} ${cell(b, k)} ${ratio(k)}`);
  }
  console.log(`peak used heap over open + plan (max of runs): lakescope ${a ? mb(a.peakHeapBytes) : '—'}, icebird ${b ? mb(b.peakHeapBytes) : '—'}${(globalThis as { gc?: unknown }).gc || res.isolate ? '' : ' (run with --expose-gc for a collected baseline)'}`);
  for (const [side, runs] of [['lakescope', res.ours], ['icebird', res.theirs]] as const) {
    const failed = runs.filter((r): r is FailedRun => !isOk(r));
    if (failed.length) console.log(`${side}: ${failed.length} of ${runs.length} runs did not finish: ${[...new Set(failed.map((f) => f.failed))].join('; ')}`);
  }
  const okOurs = res.ours.filter(isOk);
  if (okOurs[0]?.filtered !== undefined) {
    const filtered = median(okOurs.map((x) => x.filtered!)); const cold = median(okOurs.map((x) => x.filteredCold!));
    console.log(`lakescope filtered plan (id < 5000): median ${filtered.toFixed(0)} ms after the full plan, ${cold.toFixed(0)} ms open + plan on a fresh table; ${okOurs[0].filteredFiles} of ${res.generated.files} files kept (icebird: no pruning)`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: {
    snapshots: { type: 'string', default: '1000' }, manifests: { type: 'string', default: '200' },
    files: { type: 'string', default: '100000' }, runs: { type: 'string', default: '5' }, 'no-filtered': { type: 'boolean', default: false },
    dir: { type: 'string', default: 'bench/out/tables' }, port: { type: 'string', default: '0' }, reuse: { type: 'boolean', default: false },
    isolate: { type: 'boolean', default: false }, 'timeout-s': { type: 'string', default: '300' }, 'budget-s': { type: 'string' },
    child: { type: 'string' }, url: { type: 'string' },
  } });
  if (values.child) { await child(values.child, values.url!, !values['no-filtered']); return; }
  const root = resolve(values.dir);
  await mkdir(root, { recursive: true });
  const results: OpenPlanResult[] = [];
  const sizes = values.files.split(',').map(Number);
  const runsList = values.runs.split(',').map(Number); // one per size; the last repeats
  const start = performance.now();
  for (const [i, files] of sizes.entries()) {
    const loadBefore = load();
    // `--budget-s` is for the whole bench: each size gets what is left (small sizes first leave the most to the large).
    const left = values['budget-s'] === undefined ? undefined : Number(values['budget-s']) * 1000 - (performance.now() - start);
    const res = await runOpenPlanBench({
      snapshots: Number(values.snapshots), manifests: Number(values.manifests), files, runs: runsList[Math.min(i, runsList.length - 1)]!, dir: root, filtered: !values['no-filtered'],
      port: Number(values.port), reuse: values.reuse, isolate: values.isolate, timeoutMs: Number(values['timeout-s']) * 1000, budgetMs: left, icebirdDir: process.env.ICEBIRD_DIR,
    });
    report(res, loadBefore);
    results.push(res);
    await mkdir('bench/out', { recursive: true });
    await writeFile(`bench/out/iceberg-open-plan-${res.generated.files}.json`, JSON.stringify({ ...res, node: process.version, at: new Date().toISOString(), load: load() }, null, 2));
  }
  const [small, big] = [results[0]?.medians.ours, results.at(-1)?.medians.ours];
  if (results.length > 1 && small && big) {
    const n = results.at(-1)!.generated.files / results[0]!.generated.files;
    console.log(`\nlakescope ${results.at(-1)!.generated.files} vs ${results[0]!.generated.files} entries (${n}× the entries): plan ${(big.plan / small.plan).toFixed(1)}× the time, open + plan ${(big.total / small.total).toFixed(1)}×, client CPU ${(big.cpu / small.cpu).toFixed(1)}×; peak heap ${mb(big.peakHeapBytes)} vs ${mb(small.peakHeapBytes)}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
