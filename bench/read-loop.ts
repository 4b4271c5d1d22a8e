/**
 * Benchmark (issues 11 and 17): time travel over many one-row files — this checkout's read path against
 * the code before issue 11, in the same process and run, on the same table served over HTTP on loopback
 * (bench/serve-folder.ts, in a child process so the server does not share the measured event loop).
 *
 *   git worktree add --detach /tmp/baseline 7c49f4a^ && ln -s "$PWD/node_modules" /tmp/baseline/node_modules
 *   npx tsx bench/read-loop.ts --baseline /tmp/baseline [--files 1000] [--runs 5]
 *
 * With `--baseline-transport <dir>` instead, "before" is this checkout's read loop over that checkout's CLI
 * transport (its src/platform/node/node-fetch.ts, imported into this process): an A/B of the transport alone.
 * With `--ab <dir>`, "before" is that checkout's whole CLI read path (its opener, HttpStorage over its CLI
 * transport, its read loop, its parquet set-up), imported into this process: an A/B of everything between
 * the bytes on the wire and the Arrow batches. `--warmups N` (default 1) runs of each before the measured ones;
 * `--port P` serves the table on port P (default a free one).
 *
 * `7c49f4a^` is the commit before "core/api read loop: readTasks …" (issue 11): there the row cursor and
 * the CLI scan read one task after another. With `--baseline <dir>` (such a checkout, its node_modules
 * linked), that checkout's own `openIcebergTable`, `HttpStorage` and parquet-wasm set-up are imported
 * dynamically into this process, and "before" opens, plans and reads with them, one task after another —
 * the old code as it ran, not a re-enactment. Without `--baseline`, "before" is this checkout's table read
 * one task after another (what the read loop alone gains).
 *
 * The table (bench/generate-iceberg.ts `--data tiny`): `files + files/10` one-row Parquet files appended
 * ten per snapshot, so the snapshot before the last holds exactly `--files` files; each run opens the table
 * afresh, plans the scan as of that snapshot's timestamp (time travel) and reads every row into canonical
 * rows (the same consumer for both). "after" is this checkout as the CLI runs it: core/api readTasks with
 * its defaults (ordered), HttpStorage over the CLI's node:http transport (src/platform/node/node-fetch.ts;
 * the baseline uses Node's fetch, as the CLI then did). Both must return the same rows. Medians of
 * `--runs` (after one warm-up of each), alternating which goes first; besides wall times, the CPU time of
 * this client process (steadier on a shared machine; the server's CPU is not in it). Prints a table with
 * the load average and writes bench/out/read-loop.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readTasks } from '../src/core/api/read-tasks.ts';
import { canonicalRows, canonicalRowsText, type CanonicalRow } from '../src/core/arrow/canonical.ts';
import { openIcebergTable } from '../src/core/formats/iceberg/index.ts';
import type { LakePlan, LakeTable } from '../src/core/formats/table-format.ts';
import { HttpStorage } from '../src/core/io/index.ts';
import { nodeFetch } from '../src/platform/node/node-fetch.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';
import { generateIcebergTable } from './generate-iceberg.ts';
import { serveFolderInChild } from './serve-folder-child.ts';
import { loadIcebird, type IcebirdPeer } from './icebird-peer.ts';

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };

/** The part of a table both code versions share: plan as of a time, read one planned task. */
interface ReadableTable {
  plan(req: { asOfTimestampMs: number }): Promise<Pick<LakePlan, 'tasks'> & { readonly columns?: readonly string[] }>;
  read(task: never): AsyncIterable<Parameters<typeof canonicalRows>[0]>;
}
/** One code version: how it opens a table at an HTTP URL. */
interface CodeVersion { readonly label: string; open(baseUrl: string): Promise<ReadableTable> }

const httpKeys = ['metadata/version-hint.text', 'metadata/v1.metadata.json'];

/** This checkout, with the HTTP transport the CLI gives HttpStorage (src/cli/table-location.ts). */
const current: CodeVersion = {
  label: 'this checkout',
  open: async (baseUrl) => openIcebergTable(new HttpStorage({ baseUrl, keys: httpKeys, fetch: nodeFetch })) as unknown as ReadableTable,
};

/** This checkout with another checkout's CLI transport (its src/platform/node/node-fetch.ts): an A/B of the transport alone. */
async function transportAt(dir: string): Promise<CodeVersion> {
  const mod = await import(pathToFileURL(resolve(dir, 'src/platform/node/node-fetch.ts')).href) as { nodeFetch: typeof fetch };
  return {
    label: `this checkout over the transport of ${dir}`,
    open: async (baseUrl) => openIcebergTable(new HttpStorage({ baseUrl, keys: httpKeys, fetch: mod.nodeFetch })) as unknown as ReadableTable,
  };
}

/** Another checkout's Iceberg opener, imported from its sources (tsx compiles them on import). */
async function checkoutAt(dir: string): Promise<CodeVersion> {
  const url = (p: string) => pathToFileURL(resolve(dir, p)).href;
  const iceberg = await import(url('src/core/formats/iceberg/index.ts')) as { openIcebergTable(s: unknown): Promise<unknown> };
  const io = await import(url('src/core/io/index.ts')) as { HttpStorage: new (o: { baseUrl: string; keys: string[] }) => unknown };
  const wasm = await import(url('src/platform/node/parquet-wasm-init.ts')) as { installNodeParquetWasm(): void };
  wasm.installNodeParquetWasm();
  return { label: `checkout ${dir}`, open: async (baseUrl) => await iceberg.openIcebergTable(new io.HttpStorage({ baseUrl, keys: httpKeys })) as ReadableTable };
}

/** Another checkout's CLI read path: its opener, HttpStorage over its node transport, and its read loop. */
async function cliAt(dir: string): Promise<{ code: CodeVersion; read: typeof readWithLoop }> {
  const url = (p: string) => pathToFileURL(resolve(dir, p)).href;
  const iceberg = await import(url('src/core/formats/iceberg/index.ts')) as { openIcebergTable(s: unknown): Promise<unknown> };
  const io = await import(url('src/core/io/index.ts')) as { HttpStorage: new (o: { baseUrl: string; keys: string[]; fetch: typeof fetch }) => unknown };
  const transport = await import(url('src/platform/node/node-fetch.ts')) as { nodeFetch: typeof fetch };
  const loop = await import(url('src/core/api/read-tasks.ts')) as { readTasks: typeof readTasks };
  const wasm = await import(url('src/platform/node/parquet-wasm-init.ts')) as { installNodeParquetWasm(): void };
  wasm.installNodeParquetWasm();
  return {
    code: { label: `the CLI read path of ${dir}`, open: async (baseUrl) => await iceberg.openIcebergTable(new io.HttpStorage({ baseUrl, keys: httpKeys, fetch: transport.nodeFetch })) as ReadableTable },
    read: async (table, plan) => {
      const rows: CanonicalRow[] = [];
      for await (const r of loop.readTasks(table as unknown as LakeTable, plan as LakePlan)) if ('batch' in r) for (const row of canonicalRows(r.batch, { columns: plan.columns })) rows.push(row);
      return rows;
    },
  };
}

/** The read loop of the row cursor and the CLI scan before issue 11: one task after another. */
async function readSequential(table: ReadableTable, plan: Awaited<ReturnType<ReadableTable['plan']>>): Promise<CanonicalRow[]> {
  const rows: CanonicalRow[] = [];
  for (const task of plan.tasks) {
    for await (const batch of table.read(task as never)) for (const row of canonicalRows(batch, { columns: plan.columns })) rows.push(row);
  }
  return rows;
}

/** The one read loop (core/api/read-tasks.ts), ordered, default bounds. */
async function readWithLoop(table: ReadableTable, plan: Awaited<ReturnType<ReadableTable['plan']>>): Promise<CanonicalRow[]> {
  const rows: CanonicalRow[] = [];
  for await (const r of readTasks(table as unknown as LakeTable, plan as LakePlan)) if ('batch' in r) for (const row of canonicalRows(r.batch, { columns: plan.columns })) rows.push(row);
  return rows;
}

export interface ReadLoopRun {
  readonly totalMs: number;
  readonly readMs: number;
  /** CPU time of this (the client) process over the run, user + system: steadier than wall time on a shared machine. */
  readonly cpuMs: number;
  readonly rows: number;
  readonly files: number;
}
export interface ReadLoopResult {
  readonly files: number;
  readonly runs: number;
  /** What "before" ran: this checkout's table read one task after another, or the baseline checkout's. */
  readonly before: string;
  readonly sequential: readonly ReadLoopRun[];
  readonly loop: readonly ReadLoopRun[];
  readonly medians: { readonly sequential: Medians; readonly loop: Medians; readonly icebird?: Medians };
  /** The peer's runs (icebird reading the same snapshot by id), when it can time-travel. */
  readonly icebird?: { readonly label: string; readonly runs: readonly ReadLoopRun[] };
}
/** Medians of open + time-travel plan + read, of the read alone, and of the client's CPU time (ms). */
export interface Medians { readonly total: number; readonly read: number; readonly cpu: number
}

/**
 * Generates and serves the table in `dir`, runs "before" (sequential, the `baseline` checkout's code when
 * given) and "after" (this checkout, the read loop) `runs` times each; throws when they disagree on rows.
 */
export async function runReadLoopBench(opts: { files: number; runs: number; dir: string; baseline?: string; baselineTransport?: string; ab?: string; warmups?: number; port?: number; icebird?: IcebirdPeer }): Promise<ReadLoopResult> {
  installNodeParquetWasm();
  const cli = opts.ab ? await cliAt(opts.ab) : undefined;
  const old = cli ? cli.code : opts.baselineTransport ? await transportAt(opts.baselineTransport) : opts.baseline ? await checkoutAt(opts.baseline) : current;
  const readBefore = cli ? cli.read : opts.baselineTransport ? readWithLoop : readSequential;
  const perSnapshot = 10;
  const snapshots = Math.ceil(opts.files / perSnapshot) + 1;
  const served = await serveFolderInChild(opts.dir, opts.port);
  try {
    const tableUrl = `${served.url}/table`;
    await generateIcebergTable({ snapshots, manifests: Math.max(1, Math.ceil(snapshots / 10)), files: snapshots * perSnapshot, out: join(opts.dir, 'table'), location: tableUrl, data: 'tiny' });
    const probe = await openIcebergTable(new HttpStorage({ baseUrl: `${tableUrl}/`, keys: httpKeys }));
    const past = (await probe.versions()).at(-2)!;
    const once = async (code: CodeVersion, read: typeof readSequential): Promise<ReadLoopRun & { text: string }> => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const table = await code.open(`${tableUrl}/`);
      const plan = await table.plan({ asOfTimestampMs: past.timestampMs });
      const t1 = performance.now();
      const rows = await read(table, plan);
      const t2 = performance.now();
      const c = process.cpuUsage(c0);
      return { totalMs: t2 - t0, readMs: t2 - t1, cpuMs: (c.user + c.system) / 1000, rows: rows.length, files: plan.tasks.length, text: canonicalRowsText(rows) };
    };
    const before = () => once(old, readBefore);
    const after = () => once(current, readWithLoop);
    // The peer: icebird opens the table and reads every row of the same snapshot, by id (its time travel).
    const peer = opts.icebird?.timeTravel ? opts.icebird : undefined;
    const pastId = BigInt(past.id);
    const theirs = async (): Promise<ReadLoopRun> => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const metadata = await peer!.metadata(tableUrl);
      const t1 = performance.now();
      const rows = await peer!.read(tableUrl, { metadata, snapshotId: pastId });
      const t2 = performance.now();
      const c = process.cpuUsage(c0);
      return { totalMs: t2 - t0, readMs: t2 - t1, cpuMs: (c.user + c.system) / 1000, rows: rows.length, files: opts.files };
    };
    const a = await before(); const b = await after(); // warm-up (JIT, wasm, sockets)
    if (peer) {
      const p = await theirs();
      if (p.rows !== opts.files) throw new Error(`read-loop bench: ${peer.label} read ${p.rows} rows, expected ${opts.files}`);
    }
    for (let i = 1; i < (opts.warmups ?? 1); i++) { await before(); await after(); if (peer) await theirs(); }
    if (a.text !== b.text) throw new Error('read-loop bench: before and after returned different rows');
    if (a.files !== opts.files || a.rows !== opts.files) throw new Error(`read-loop bench: planned ${a.files} files / ${a.rows} rows, expected ${opts.files}`);
    const sequential: ReadLoopRun[] = []; const loop: ReadLoopRun[] = []; const peerRuns: ReadLoopRun[] = [];
    const strip = ({ text: _, ...r }: ReadLoopRun & { text: string }) => r;
    for (let i = 0; i < opts.runs; i++) {
      if (i % 2 === 0) { sequential.push(strip(await before())); loop.push(strip(await after())); } else { loop.push(strip(await after())); sequential.push(strip(await before())); }
      if (peer) peerRuns.push(await theirs());
    }
    const med = (xs: ReadLoopRun[]): Medians => ({ total: median(xs.map((x) => x.totalMs)), read: median(xs.map((x) => x.readMs)), cpu: median(xs.map((x) => x.cpuMs)) });
    return {
      files: opts.files, runs: opts.runs, before: `${old.label}, ${readBefore === readSequential ? 'one task after another' : 'read loop'}`, sequential, loop,
      medians: { sequential: med(sequential), loop: med(loop), ...(peer ? { icebird: med(peerRuns) } : {}) },
      ...(peer ? { icebird: { label: peer.label, runs: peerRuns } } : {}),
    };
  } finally {
    await served.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { files: { type: 'string', default: '1000' }, runs: { type: 'string', default: '5' }, baseline: { type: 'string' }, 'baseline-transport': { type: 'string' }, ab: { type: 'string' }, warmups: { type: 'string', default: '1' }, port: { type: 'string', default: '0' } } });
  const dir = resolve('bench/out/read-loop');
  await mkdir(dir, { recursive: true });
  const icebird = await loadIcebird();
  const res = await runReadLoopBench({ files: Number(values.files), runs: Number(values.runs), dir, baseline: values.baseline, baselineTransport: values['baseline-transport'], ab: values.ab, warmups: Number(values.warmups), port: Number(values.port), icebird });
  const { sequential: s, loop: l } = res.medians;
  console.log(`time travel over ${res.files} one-row files, HTTP on loopback, medians of ${res.runs}`);
  console.log(`before: ${res.before}; after: this checkout, read loop`);
  console.log(`${'step'.padEnd(34)} ${'before'.padStart(10)} ${'after'.padStart(10)} ${'speed-up'.padStart(9)}`);
  for (const [label, a, b] of [['open + plan as of + read (ms)', s.total, l.total], ['read alone (ms)', s.read, l.read], ['client CPU, whole run (ms)', s.cpu, l.cpu]] as const) {
    console.log(`${label.padEnd(34)} ${a.toFixed(0).padStart(10)} ${b.toFixed(0).padStart(10)} ${(a / b).toFixed(2).padStart(8)}x`);
  }
  const pairs = (f: (r: ReadLoopRun) => number) => median(res.sequential.length ? res.sequential.map((r, i) => f(r) / f(res.loop[i]!)) : []);
  console.log(`per pair (before / after, median of ${res.runs}): wall ${pairs((r) => r.totalMs).toFixed(2)}x, client CPU ${pairs((r) => r.cpuMs).toFixed(2)}x`);
  const ib = res.medians.icebird;
  if (ib) console.log(`peer ${res.icebird!.label}, same snapshot by id: open + read ${ib.total.toFixed(0)} ms (client CPU ${ib.cpu.toFixed(0)} ms): this checkout ${(ib.total / l.total).toFixed(2)}x its speed (CPU ${(ib.cpu / l.cpu).toFixed(2)}x)`);
  else console.log(`peer ${icebird.label} cannot time-travel by id: set ICEBIRD_DIR to a newer icebird (README "Performance")`);
  const load = loadavg().map((x) => x.toFixed(1)).join(' ');
  console.log(`load average after the runs: ${load} (${cpus().length} cores)`);
  await writeFile('bench/out/read-loop.json', JSON.stringify({ ...res, node: process.version, at: new Date().toISOString(), load }, null, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
