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
 * only the N-th transport (0 this checkout, then the baseline if given, then Node's fetch), for profiling.
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
import { nodeFetch } from '../src/platform/node/node-fetch.ts';
import { serveFolderInChild } from './serve-folder-child.ts';

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };

/** One transport under test. */
interface Transport { readonly label: string; readonly fetch: typeof fetch }

/** Wall and client CPU time (ms) of `gets` GETs of the files, `inFlight` at a time. */
async function run(t: Transport, baseUrl: string, keys: readonly string[], gets: number, inFlight: number, raw: boolean): Promise<{ wallMs: number; cpuMs: number }> {
  const http = new HttpStorage({ baseUrl, keys: [...keys], fetch: t.fetch });
  const storage = raw ? { read: async (k: string) => new Uint8Array(await (await t.fetch(baseUrl + k)).arrayBuffer()) } : http;
  let next = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const worker = async () => {
    while (next < gets) {
      const i = next++;
      const bytes = await storage.read(keys[i % keys.length]!);
      if (bytes.length !== 700) throw new Error(`transport bench: ${t.label} read ${bytes.length} bytes, expected 700`);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const wallMs = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wallMs, cpuMs: (c.user + c.system) / 1000 };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { gets: { type: 'string', default: '1000' }, runs: { type: 'string', default: '7' }, baseline: { type: 'string' }, 'in-flight': { type: 'string', default: '8' }, raw: { type: 'boolean', default: false }, only: { type: 'string' } } });
  const raw = values.raw;
  const gets = Number(values.gets); const runs = Number(values.runs); const inFlight = Number(values['in-flight']);
  const dir = resolve('bench/out/transport');
  await mkdir(dir, { recursive: true });
  const keys = Array.from({ length: 100 }, (_, i) => `f${i}.bin`);
  for (const k of keys) await writeFile(join(dir, k), Uint8Array.from({ length: 700 }, (_, j) => (j * 31 + k.length) & 255));
  const transports: Transport[] = [{ label: 'this checkout (nodeFetch)', fetch: nodeFetch }];
  if (values.baseline) {
    const mod = await import(pathToFileURL(resolve(values.baseline, 'src/platform/node/node-fetch.ts')).href) as { nodeFetch: typeof fetch };
    transports.push({ label: `${values.baseline} (nodeFetch)`, fetch: mod.nodeFetch });
  }
  transports.push({ label: "Node's fetch", fetch: (i, init) => fetch(i, init) });
  if (values.only !== undefined) transports.splice(0, transports.length, transports[Number(values.only)]!);
  const served = await serveFolderInChild(dir);
  const results = new Map<string, { wallMs: number; cpuMs: number }[]>(transports.map((t) => [t.label, []]));
  try {
    const base = `${served.url}/`;
    // Warm-up: JIT, sockets, and undici's HTTP parser (WebAssembly) reaching its optimised tier.
    for (let w = 0; w < 3; w++) for (const t of transports) await run(t, base, keys, gets, inFlight, raw);
    for (let r = 0; r < runs; r++) {
      const order = r % 2 === 0 ? transports : [...transports].reverse();
      for (const t of order) results.get(t.label)!.push(await run(t, base, keys, gets, inFlight, raw));
    }
  } finally {
    await served.close();
  }
  const load = loadavg().map((x) => x.toFixed(1)).join(' ');
  const per = 1000 / gets;
  console.log(`${gets} GETs of 700 bytes, ${inFlight} in flight, loopback HTTP, ${raw ? 'fetch + arrayBuffer' : 'through HttpStorage'}, medians of ${runs} (per 1,000 GETs)`);
  const rows = transports.map((t) => {
    const xs = results.get(t.label)!;
    return { label: t.label, wallMs: median(xs.map((x) => x.wallMs)) * per, cpuMs: median(xs.map((x) => x.cpuMs)) * per, cpuRuns: xs.map((x) => Math.round(x.cpuMs * per)) };
  });
  for (const r of rows) console.log(`${r.label.padEnd(40)} wall ${r.wallMs.toFixed(0).padStart(6)} ms   client CPU ${r.cpuMs.toFixed(0).padStart(6)} ms   (runs: ${r.cpuRuns.join(', ')})`);
  console.log(`load average after the runs: ${load} (${cpus().length} cores)`);
  await writeFile('bench/out/transport.json', JSON.stringify({ gets, runs, inFlight, rows, node: process.version, at: new Date().toISOString(), load }, null, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
