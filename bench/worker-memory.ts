/**
 * Worker recycling (issue 17): a loop of full scans through the engine in one worker thread, with the
 * page's EngineHost (src/worker/engine-host.ts) in front of it, reporting parquet-wasm's memory and the
 * process's resident memory after every scan — once without recycling (budget ∞) and once with the
 * budget given. parquet-wasm's memory never shrinks; with recycling it stays under the budget plus one
 * scan's growth, and the process's resident memory under the ceiling stated in the README.
 *
 *   npx tsx bench/worker-memory.ts [--scans 50] [--budget-mib 64] [--files 8] [--rows 40000] [--table DIR] [--via sql|rows]
 *   npx tsx bench/worker-memory.ts --small     # CI-sized smoke: 5 scans of a 2-file table
 * Generates the table (Iceberg, one Parquet file per append, our writer) in a temp folder unless --table.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { appendRows, createTable } from '../src/core/formats/iceberg/commit/index.ts';
import { FsStorage } from '../src/platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';
import { EngineHost, type SpawnedWorker, type WorkerMeta } from '../src/worker/engine-host.ts';
import type { Endpoint } from '../src/worker/rpc.ts';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MiB = 1024 * 1024;
const SCHEMA = {
  type: 'struct', fields: [
    { id: 1, name: 'id', required: true, type: 'long' },
    { id: 2, name: 'user', required: true, type: 'string' },
    { id: 3, name: 'url', required: false, type: 'string' },
    { id: 4, name: 'amount', required: false, type: 'double' },
  ],
};

async function generate(dir: string, files: number, rows: number): Promise<void> {
  installNodeParquetWasm();
  const storage = new FsStorage(join(dir, 't'));
  await createTable(storage, { location: 'file:///bench/worker-memory', schema: SCHEMA, formatVersion: 2 });
  for (let f = 0; f < files; f++) {
    let s = (f * 2654435761) >>> 0;
    const r = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
    await appendRows(storage, Array.from({ length: rows }, (_, i) => ({
      id: BigInt(f * rows + i), user: `user-${Math.floor(r() * 50_000)}`,
      url: r() < 0.1 ? null : `https://shop.example.com/p/${Math.floor(r() * 1e6)}?ref=${Math.floor(r() * 1e4)}`, amount: Math.round(r() * 1e7) / 100,
    })));
  }
}

/**
 * The child bundled once into plain JavaScript (esbuild, which tsx brings), packages left to node_modules:
 * a worker that registers tsx and compiles the engine's TypeScript took ~10 s to start on a loaded
 * machine, a bundled one well under a second — and recycling starts many workers.
 */
async function bundleChild(): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = join(REPO, 'bench', 'out', 'worker-memory-child.mjs');
  await build({ entryPoints: [join(REPO, 'bench', 'worker-memory-child.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'error' });
  return outfile;
}

function spawnNode(root: string, childFile: string): SpawnedWorker {
  const w = new Worker(childFile, { workerData: { root } });
  const listeners = new Map<(e: MessageEvent) => void, (data: unknown) => void>();
  const endpoint: Endpoint = {
    postMessage: (m, t) => w.postMessage(m, t as never),
    addEventListener: (_type, l) => { const f = (data: unknown) => l({ data } as MessageEvent); listeners.set(l, f); w.on('message', f); },
    removeEventListener: (_type, l) => { const f = listeners.get(l); if (f) w.off('message', f); },
  };
  return { endpoint, terminate: () => void w.terminate(), onFailure: (l) => w.on('error', (e) => l(String(e))) };
}

/**
 * One scan of every row of every column inside the worker. `sql`: an aggregate over all columns (the
 * files are decoded to Arrow in the worker, one row comes back); `rows`: the row cursor, every row paged
 * to this thread (what the Data tab does; the copying to this thread, not the decoding, is most of its time).
 */
async function scanOnce(engine: EngineHost['client'], warehouseId: string, tableId: string, via: 'sql' | 'rows', onAnswer: () => void): Promise<number> {
  if (via === 'sql') {
    const r = await engine.sqlRun({ warehouseId, query: 'SELECT count(*) AS n, count(id) AS ids, count(user) AS users, count(url) AS urls, sum(amount) AS total FROM t' });
    onAnswer();
    return Number(r.rows[0]?.[0] ?? 0);
  }
  let rows = 0;
  const cursor = await engine.openRows({ tableId });
  for (let offset = 0; ; offset += 5_000) {
    const page = await engine.readRows({ cursorId: cursor.cursorId, offset, limit: 5_000 });
    rows += page.rows.length;
    onAnswer();
    if (page.done) break;
  }
  await engine.closeRows({ cursorId: cursor.cursorId });
  return rows;
}

async function loop(root: string, childFile: string, scans: number, budgetBytes: number, via: 'sql' | 'rows') {
  const host = new EngineHost({ spawn: () => spawnNode(root, childFile), budgetBytes });
  const engine = host.client;
  const { warehouseId } = await engine.connect({ kind: 'url', url: 'file:' });
  const { tableId } = await engine.openTable({ warehouseId, root: 't/', format: 'iceberg' });
  let peakWasm = 0; let peakRss = 0; let rows = 0;
  const t0 = performance.now();
  for (let i = 0; i < scans; i++) {
    rows += await scanOnce(engine, warehouseId, tableId, via, () => {
      peakWasm = Math.max(peakWasm, (host.lastMeta as WorkerMeta | undefined)?.wasmBytes ?? 0);
    });
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    if ((i + 1) % 10 === 0) process.stderr.write(`  ${i + 1}/${scans} scans, ${host.workersStarted} workers, ${Math.round(performance.now() - t0)} ms\n`);
  }
  const ms = performance.now() - t0;
  const result = { budgetMiB: Number.isFinite(budgetBytes) ? budgetBytes / MiB : null, scans, rowsRead: rows, workersStarted: host.workersStarted,
    peakWasmMiB: Number((peakWasm / MiB).toFixed(1)), peakRssMiB: Number((peakRss / MiB).toFixed(1)), endRssMiB: Number((process.memoryUsage().rss / MiB).toFixed(1)), ms: Math.round(ms) };
  host.close();
  return result;
}

/** One loop's report: scans, rows, workers started, parquet-wasm's peak per worker and the process's RSS. */
export type WorkerMemoryLoop = Awaited<ReturnType<typeof loop>>;

/** What {@link runWorkerMemoryBench} measured: the same loop without recycling and with the budget. */
export interface WorkerMemoryResult {
  readonly via: 'sql' | 'rows';
  readonly without: WorkerMemoryLoop;
  readonly withRecycling: WorkerMemoryLoop;
  readonly loadAverage: number[];
  readonly at: string;
}

/**
 * Runs `scans` full scans twice through an EngineHost over one Node worker thread: with no budget, then
 * with `budgetBytes`. The table is generated (`files` appends of `rows` rows) in a temp folder unless
 * `table` names one.
 */
export async function runWorkerMemoryBench(opts: { scans: number; files: number; rows: number; budgetBytes: number; via: 'sql' | 'rows'; table?: string }): Promise<WorkerMemoryResult> {
  const dir = opts.table ? resolve(opts.table) : await mkdtemp(join(tmpdir(), 'lakescope-worker-memory-'));
  try {
    if (!opts.table) await generate(dir, opts.files, opts.rows);
    const childFile = await bundleChild();
    const without = await loop(dir, childFile, opts.scans, Number.POSITIVE_INFINITY, opts.via);
    const withRecycling = await loop(dir, childFile, opts.scans, opts.budgetBytes, opts.via);
    return { via: opts.via, without, withRecycling, loadAverage: loadavg().map((x) => Number(x.toFixed(2))), at: new Date().toISOString() };
  } finally {
    if (!opts.table) await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseArgs({ options: {
    scans: { type: 'string' }, 'budget-mib': { type: 'string', default: '64' }, files: { type: 'string' }, rows: { type: 'string' },
    table: { type: 'string' }, small: { type: 'boolean' }, via: { type: 'string', default: 'sql' },
  } });
  const small = values.small === true;
  const out = await runWorkerMemoryBench({
    via: values.via === 'rows' ? 'rows' : 'sql', scans: Number(values.scans ?? (small ? 5 : 50)),
    files: Number(values.files ?? (small ? 2 : 8)), rows: Number(values.rows ?? (small ? 2_000 : 40_000)),
    budgetBytes: small ? 0 : Number(values['budget-mib']) * MiB, ...(values.table ? { table: values.table } : {}),
  });
  mkdirSync(join(REPO, 'bench', 'out'), { recursive: true });
  writeFileSync(join(REPO, 'bench', 'out', small ? 'worker-memory-small.json' : 'worker-memory.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log(JSON.stringify(out, null, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
