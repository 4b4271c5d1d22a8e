/**
 * Benchmark (issue 17): a full read of a 1M-row Iceberg table of 200 data files over loopback HTTP —
 * Lakescope against icebird, and against parquet-wasm alone decoding the same files to Arrow.
 *
 *   npx tsx bench/full-read.ts [--rows 1000000] [--files 200] [--runs 5] [--warmups 3]
 *   ICEBIRD_DIR=/tmp/icebird npx tsx bench/full-read.ts      # icebird 0.8.25 (README "Performance")
 *
 * The table: written by our writer (createTable + one appendRows per file, FsStorage) into a temp folder,
 * unpartitioned v2, columns id long, ts timestamptz, user/event/url strings, amount double, qty int
 * (deterministic rows), its location the URL it is served at (bench/serve-folder-child.ts: a static server
 * in a child process, so it does not share the measured event loop). Per run, in the same process,
 * alternating which goes first:
 * - Lakescope: open (HttpStorage over the CLI's node:http transport) + plan + every batch of the one read
 *   loop as the CLI's `scan` runs it (core/api/read-scan.ts: the loop fed while the plan is made, its
 *   defaults) as Arrow — the engine's own output; "open + plan" is the time until the plan is complete
 *   (data files are already being fetched by then);
 * - icebird (`bench/icebird-peer.ts`): open + `icebergRead` of every row, as row objects (its output);
 * - parquet-wasm alone: every data file fetched whole over the same transport, 8 at a time (the read
 *   loop's concurrency), decoded by `readParquet` and handed to apache-arrow (`tableFromIPC`) — no
 *   Iceberg, no projection, no plan: the floor of "these files to Arrow".
 * All three must agree on the row count and the sum of ids. Medians of `--runs` after `--warmups` rounds of
 * each; throughput is MB (10^6 bytes) of data files per second. Prints a table with the load average and writes bench/out/full-read.json.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { tableFromIPC } from 'apache-arrow';
import { readScan } from '../src/core/api/read-scan.ts';
import { ensureParquetWasm } from '../src/core/codecs/parquet/wasm-init.ts';
import { appendRows, createTable } from '../src/core/formats/iceberg/commit/index.ts';
import { openIcebergTable } from '../src/core/formats/iceberg/index.ts';
import { HttpStorage } from '../src/core/io/index.ts';
import { pool } from '../src/core/util/async.ts';
import { FsStorage } from '../src/platform/node/fs-storage.ts';
import { nodeFetch } from '../src/platform/node/node-fetch.ts';
import { installNodeCodecs } from '../src/platform/node/native-codecs.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';
import { installCliDecodePool } from '../src/platform/node/parquet-decode-pool.ts';
import { loadIcebird, type IcebirdPeer } from './icebird-peer.ts';
import { serveFolderInChild } from './serve-folder-child.ts';
import { EVENT_SCHEMA as SCHEMA, median, rowsOf } from './event-table.ts';

/** One measured read: wall and client CPU time, what it read. */
export interface FullReadRun { readonly ms: number; readonly cpuMs: number; readonly rows: number; readonly idSum: string; /** Lakescope: open + plan, of `ms`. */ readonly planMs?: number }
export interface FullReadResult {
  readonly rows: number;
  readonly files: number;
  /** Bytes of the data files (what every reader decodes). */
  readonly dataBytes: number;
  readonly runs: number;
  readonly warmups: number;
  readonly ours: readonly FullReadRun[];
  readonly parquetWasm: readonly FullReadRun[];
  readonly icebird?: { readonly label: string; readonly runs: readonly FullReadRun[] };
  readonly medians: { readonly ours: number; readonly parquetWasm: number; readonly icebird?: number };
}

const timed = async (f: () => Promise<{ rows: number; idSum: bigint; planMs?: number }>): Promise<FullReadRun> => {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const { rows, idSum, planMs } = await f();
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { ms, cpuMs: (c.user + c.system) / 1000, rows, idSum: String(idSum), ...(planMs === undefined ? {} : { planMs }) };
};

/** Sum of a BigInt64 id column over Arrow batches. */
function sumIds(batch: { getChild(name: string): { data: readonly { values: unknown }[] } | null }): bigint {
  let sum = 0n;
  for (const d of batch.getChild('id')!.data) for (const v of d.values as BigInt64Array) sum += v;
  return sum;
}

/** Warm-up rounds of each side before the measured runs (`--warmups`). */
export const DEFAULT_WARMUPS = 3;

/**
 * Writes a `rows`-row table of `files` files into `dir`, serves it, and reads it `runs` times with each
 * reader (alternating), after `warmups` rounds of each; throws when the readers disagree on the rows.
 */
export async function runFullReadBench(opts: { rows: number; files: number; runs: number; dir: string; warmups?: number; icebird?: IcebirdPeer; log?: (s: string) => void }): Promise<FullReadResult> {
  const warmups = opts.warmups ?? DEFAULT_WARMUPS;
  installNodeParquetWasm();
  installNodeCodecs(); // as the CLI runs (src/cli/main.ts): Node's zlib and UTF-8 for the manifests
  installCliDecodePool(); // and as it decodes: on worker threads (core/codecs/parquet/decode-pool.ts)
  const pw = await ensureParquetWasm();
  const served = await serveFolderInChild(opts.dir);
  try {
    const tableUrl = `${served.url}/table`;
    const fs = new FsStorage(join(opts.dir, 'table'));
    await createTable(fs, { location: tableUrl, schema: SCHEMA, formatVersion: 2 });
    const per = Math.ceil(opts.rows / opts.files);
    for (let f = 0; f < opts.files; f++) {
      await appendRows(fs, rowsOf(f, Math.min(per, opts.rows - f * per)));
      if ((f + 1) % 50 === 0) opts.log?.(`  ${f + 1}/${opts.files} appends`);
    }
    const storage = () => new HttpStorage({ baseUrl: `${tableUrl}/`, fetch: nodeFetch });
    const probe = await openIcebergTable(storage());
    const probePlan = await probe.plan({});
    const dataKeys = probePlan.files.map((f) => f.path.slice(tableUrl.length + 1));
    const dataBytes = probePlan.files.reduce((n, f) => n + Number(f.bytes), 0);

    const ours = () => timed(async () => {
      const t0 = performance.now();
      const table = await openIcebergTable(storage());
      let planMs = 0;
      let rows = 0; let idSum = 0n;
      for await (const r of readScan(table, {}, { onPlan: () => { planMs = performance.now() - t0; } })) if ('batch' in r) { rows += r.batch.numRows; idSum += sumIds(r.batch); }
      return { rows, idSum, planMs };
    });
    const wasmAlone = () => timed(async () => {
      const http = storage();
      let rows = 0; let idSum = 0n;
      await pool(dataKeys, 8, async (key) => {
        const table = tableFromIPC(pw.readParquet(await http.read(key)).intoIPCStream());
        for (const b of table.batches) { rows += b.numRows; idSum += sumIds(b); }
      });
      return { rows, idSum };
    });
    const peer = opts.icebird;
    const theirs = () => timed(async () => {
      const metadata = await peer!.metadata(tableUrl);
      const rows = await peer!.read(tableUrl, { metadata });
      let idSum = 0n;
      for (const row of rows) idSum += BigInt(row.id as bigint);
      return { rows: rows.length, idSum };
    });

    const expected = { rows: opts.rows, idSum: String((BigInt(opts.rows) * BigInt(opts.rows - 1)) / 2n) };
    const check = (label: string, r: FullReadRun) => {
      if (r.rows !== expected.rows || r.idSum !== expected.idSum) throw new Error(`full-read bench: ${label} read ${r.rows} rows (id sum ${r.idSum}), expected ${expected.rows} (${expected.idSum})`);
      return r;
    };
    // Warm-ups (JIT, wasm, sockets), checked, the same number for every side. One was not enough: the first
    // measured runs still carried the transient (per-run pairs 0.65–0.75x against 0.85–0.99x after), and the
    // median of five moved 0.57–0.89x from run to run (issue 17, 2026-12-03).
    for (let w = 0; w < warmups; w++) {
      check('Lakescope', await ours()); check('parquet-wasm', await wasmAlone());
      if (peer) check(peer.label, await theirs());
    }
    const runs = { ours: [] as FullReadRun[], wasm: [] as FullReadRun[], peer: [] as FullReadRun[] };
    for (let i = 0; i < opts.runs; i++) {
      const order = i % 2 === 0 ? ['ours', 'wasm', 'peer'] as const : ['peer', 'wasm', 'ours'] as const;
      for (const which of order) {
        if (which === 'ours') runs.ours.push(check('Lakescope', await ours()));
        else if (which === 'wasm') runs.wasm.push(check('parquet-wasm', await wasmAlone()));
        else if (peer) runs.peer.push(check(peer.label, await theirs()));
      }
      opts.log?.(`  run ${i + 1}/${opts.runs}: Lakescope ${runs.ours.at(-1)!.ms.toFixed(0)} ms, parquet-wasm ${runs.wasm.at(-1)!.ms.toFixed(0)} ms${peer ? `, icebird ${runs.peer.at(-1)!.ms.toFixed(0)} ms` : ''}`);
    }
    const med = (xs: FullReadRun[]) => median(xs.map((x) => x.ms));
    return {
      rows: opts.rows, files: opts.files, dataBytes, runs: opts.runs, warmups, ours: runs.ours, parquetWasm: runs.wasm,
      ...(peer ? { icebird: { label: peer.label, runs: runs.peer } } : {}),
      medians: { ours: med(runs.ours), parquetWasm: med(runs.wasm), ...(peer ? { icebird: med(runs.peer) } : {}) },
    };
  } finally {
    await served.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' }, files: { type: 'string', default: '200' }, runs: { type: 'string', default: '5' }, warmups: { type: 'string', default: String(DEFAULT_WARMUPS) } } });
  const icebird = await loadIcebird();
  const dir = await mkdtemp(join(tmpdir(), 'lakescope-bench-full-read-'));
  try {
    console.log(`generating ${values.rows} rows in ${values.files} files with Lakescope's writer in ${dir}`);
    const res = await runFullReadBench({ rows: Number(values.rows), files: Number(values.files), runs: Number(values.runs), warmups: Number(values.warmups), dir, icebird, log: (s) => console.log(s) });
    const mb = res.dataBytes / 1e6;
    const { ours, parquetWasm, icebird: ib } = res.medians;
    console.log(`full read of ${res.rows} rows in ${res.files} files (${mb.toFixed(1)} MB of Parquet), HTTP on loopback, medians of ${res.runs} after ${res.warmups} warm-up${res.warmups === 1 ? '' : 's'} of each`);
    console.log(`Lakescope (open + plan + read loop, Arrow):   ${ours.toFixed(0)} ms (${(mb / (ours / 1000)).toFixed(1)} MB/s, client CPU ${median(res.ours.map((r) => r.cpuMs)).toFixed(0)} ms; open + plan ${median(res.ours.map((r) => r.planMs!)).toFixed(0)} ms)`);
    console.log(`parquet-wasm alone (same files to Arrow):    ${parquetWasm.toFixed(0)} ms (${(mb / (parquetWasm / 1000)).toFixed(1)} MB/s, client CPU ${median(res.parquetWasm.map((r) => r.cpuMs)).toFixed(0)} ms): Lakescope ${(parquetWasm / ours).toFixed(2)}x its throughput`);
    if (ib !== undefined) console.log(`${res.icebird!.label} (open + read, row objects): ${ib.toFixed(0)} ms (client CPU ${median(res.icebird!.runs.map((r) => r.cpuMs)).toFixed(0)} ms): Lakescope ${(ib / ours).toFixed(2)}x its speed`);
    const load = loadavg().map((x) => x.toFixed(1)).join(' ');
    console.log(`load average after the runs: ${load} (${cpus().length} cores)`);
    await mkdir('bench/out', { recursive: true });
    await writeFile('bench/out/full-read.json', JSON.stringify({ ...res, node: process.version, at: new Date().toISOString(), load }, null, 2));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
