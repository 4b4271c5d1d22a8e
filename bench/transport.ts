/**
 * Benchmark (issue 17): the client's CPU time per 1,000 small GETs over loopback HTTP, for the CLI's
 * transport (src/platform/node/node-fetch.ts) against another checkout's and Node's built-in fetch, in one
 * process and run. The server (bench/serve-folder.ts) runs in a child process, so only the client's CPU is
 * counted. Each GET reads a whole 700-byte file (the size of a one-row Parquet file of the time-travel
 * bench), 8 in flight as the read loop keeps them, through HttpStorage as the CLI does.
 *
 *   git worktree add --detach /tmp/base main && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   npx tsx bench/transport.ts --baseline /tmp/base [--gets 1000] [--runs 7] [--raw] [--only N]
 *
 * `--raw` calls each fetch directly (no HttpStorage: no read policy, retries, LakeErrors); `--only N` runs
 * only the N-th transport (0 this checkout's undici dispatch, 1 its node:http, then the baseline if given, then Node's fetch), for profiling.
 *
 * After three warm-up rounds, rounds alternate which transport goes first; prints medians (wall ms and client CPU ms per 1,000 GETs)
 * and the load average, and writes bench/out/transport.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { HttpStorage } from '../src/core/io/index.ts';
import { nodeFetchOver } from '../src/platform/node/node-fetch.ts';
import { serveFolderInChild } from './serve-folder-child.ts';

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };

/** One transport under test. */
interface Transport { readonly label: string; readonly fetch: typeof fetch }

/** The bytes of served file `key`: 700 of them, different per file. */
function fileBytes(key: string): Uint8Array {
  let h = 0;
  for (const c of key) h = (h * 31 + c.charCodeAt(0)) & 255;
  return Uint8Array.from({ length: 700 }, (_, j) => (j * 31 + h) & 255);
}

/** Wall and client CPU time (ms) of `gets` GETs of the files, `inFlight` at a time; throws on a wrong answer. */
async function run(t: Transport, baseUrl: string, files: ReadonlyMap<string, Uint8Array>, gets: number, inFlight: number, raw: boolean): Promise<{ wallMs: number; cpuMs: number }> {
  const keys = [...files.keys()];
  const http = new HttpStorage({ baseUrl, keys, fetch: t.fetch });
  const storage = raw ? { read: async (k: string) => new Uint8Array(await (await t.fetch(baseUrl + k)).arrayBuffer()) } : http;
  let next = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const worker = async () => {
    while (next < gets) {
      const key = keys[next++ % keys.length]!;
      const bytes = await storage.read(key);
      if (Buffer.compare(bytes, files.get(key)!) !== 0) throw new Error(`transport bench: ${t.label} read ${bytes.length} bytes of ${key} that differ from the file`);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const wallMs = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wallMs, cpuMs: (c.user + c.system) / 1000 };
}

/** Per transport: medians per 1,000 GETs of wall and client CPU time, and each round's CPU. */
export interface TransportRow { readonly label: string; readonly wallMs: number; readonly cpuMs: number; readonly cpuRuns: readonly number[] }

/**
 * Serves 100 files of 700 bytes from `dir` (a child process) and GETs them with each transport — this
 * checkout's two (undici, node:http), the `baseline` checkout's when given, Node's fetch — `warmUps` rounds, then `runs` rounds
 * alternating the order; `only` keeps the n-th transport alone.
 */
export async function runTransportBench(opts: { dir: string; gets: number; runs: number; inFlight: number; raw: boolean; baseline?: string; only?: number; warmUps?: number }): Promise<TransportRow[]> {
  await mkdir(opts.dir, { recursive: true });
  const files = new Map(Array.from({ length: 100 }, (_, i) => `f${i}.bin`).map((k) => [k, fileBytes(k)]));
  for (const [k, v] of files) await writeFile(join(opts.dir, k), v);
  // This checkout's two transports apart: the CLI's nodeFetch uses node:http for a process's first
  // UNDICI_AFTER requests and undici's dispatch after (node-fetch.ts).
  const transports: Transport[] = [{ label: 'this checkout, undici dispatch', fetch: nodeFetchOver('undici') }, { label: 'this checkout, node:http', fetch: nodeFetchOver('http') }];
  if (opts.baseline) {
    const mod = await import(pathToFileURL(resolve(opts.baseline, 'src/platform/node/node-fetch.ts')).href) as { nodeFetch: typeof fetch };
    transports.push({ label: `${opts.baseline} (nodeFetch)`, fetch: mod.nodeFetch });
  }
  transports.push({ label: "Node's fetch", fetch: (i, init) => fetch(i, init) });
  if (opts.only !== undefined) transports.splice(0, transports.length, transports[opts.only]!);
  const served = await serveFolderInChild(opts.dir);
  const results = new Map<string, { wallMs: number; cpuMs: number }[]>(transports.map((t) => [t.label, []]));
  try {
    const base = `${served.url}/`;
    // Warm-up: JIT, sockets, and undici's HTTP parser (WebAssembly) reaching its optimised tier.
    for (let w = 0; w < (opts.warmUps ?? 3); w++) for (const t of transports) await run(t, base, files, opts.gets, opts.inFlight, opts.raw);
    for (let r = 0; r < opts.runs; r++) {
      const order = r % 2 === 0 ? transports : [...transports].reverse();
      for (const t of order) results.get(t.label)!.push(await run(t, base, files, opts.gets, opts.inFlight, opts.raw));
    }
  } finally {
    await served.close();
  }
  const per = 1000 / opts.gets;
  return transports.map((t) => {
    const xs = results.get(t.label)!;
    return { label: t.label, wallMs: median(xs.map((x) => x.wallMs)) * per, cpuMs: median(xs.map((x) => x.cpuMs)) * per, cpuRuns: xs.map((x) => Math.round(x.cpuMs * per)) };
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { gets: { type: 'string', default: '1000' }, runs: { type: 'string', default: '7' }, baseline: { type: 'string' }, 'in-flight': { type: 'string', default: '8' }, raw: { type: 'boolean', default: false }, only: { type: 'string' } } });
  const opts = {
    dir: resolve('bench/out/transport'), gets: Number(values.gets), runs: Number(values.runs), inFlight: Number(values['in-flight']),
    raw: values.raw, baseline: values.baseline, only: values.only === undefined ? undefined : Number(values.only),
  };
  const rows = await runTransportBench(opts);
  const load = loadavg().map((x) => x.toFixed(1)).join(' ');
  console.log(`${opts.gets} GETs of 700 bytes, ${opts.inFlight} in flight, loopback HTTP, ${opts.raw ? 'fetch + arrayBuffer' : 'through HttpStorage'}, medians of ${opts.runs} (per 1,000 GETs)`);
  for (const r of rows) console.log(`${r.label.padEnd(40)} wall ${r.wallMs.toFixed(0).padStart(6)} ms   client CPU ${r.cpuMs.toFixed(0).padStart(6)} ms   (runs: ${r.cpuRuns.join(', ')})`);
  console.log(`load average after the runs: ${load} (${cpus().length} cores)`);
  await writeFile('bench/out/transport.json', JSON.stringify({ ...opts, rows, node: process.version, at: new Date().toISOString(), load }, null, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
