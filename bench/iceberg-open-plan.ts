/**
 * Benchmark (issues 3 and 17): open + plan of a large synthetic Iceberg table — 1,000 snapshots, 200
 * manifests, 100,000 data-file entries by default (`--files 1000000` for the million) — by Lakescope's
 * engine and by icebird (bench/icebird-peer.ts: the registry's 0.3.1, or `ICEBIRD_DIR` for a newer source
 * tree), on the same table served over HTTP on loopback from a child process, in the same client process
 * and run. Medians of `--runs` (after one warm-up of each), alternating which goes first, each run with a
 * fresh table object and no cache. Peak heap: V8's used heap sampled every 5 ms over each side's open +
 * plan (run with `node --expose-gc` for a collected baseline); the plan's result is held while sampled,
 * so the peak includes what the plan returns. Prints a table and writes bench/out/iceberg-open-plan.json.
 *
 *   ICEBIRD_DIR=/tmp/icebird npx tsx --expose-gc bench/iceberg-open-plan.ts [--snapshots 1000] [--manifests 200] [--files 100000] [--runs 5] [--no-filtered] [--dir bench/out/tables]
 *
 * What is compared: "open" = find the current metadata file (version-hint.text) and parse it; "plan" = read the
 * manifest list and every manifest of the current snapshot into file entries (no filter: icebird cannot prune).
 * Lakescope also reports a filtered plan (`id < 5000`), which icebird has no equivalent for: on the table just
 * planned (manifests cached: the filter's own cost) and on a freshly opened table (open + filtered plan, cold).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parseWhere } from '../src/core/expr/parse.ts';
import { openIcebergTable } from '../src/core/formats/iceberg/index.ts';
import { HttpStorage } from '../src/core/io/index.ts';
import { generateIcebergTable, type Generated } from './generate-iceberg.ts';
import { withPeakHeap } from './heap-sampler.ts';
import { loadIcebird, peerDataFiles } from './icebird-peer.ts';
import { serveFolderInChild } from './serve-folder-child.ts';

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };
const time = async <T>(fn: () => Promise<T>): Promise<[T, number]> => { const t = performance.now(); const r = await fn(); return [r, performance.now() - t]; };

export interface OpenPlanRun { readonly open: number; readonly plan: number; readonly files: number; readonly peakHeapBytes: number; readonly heapAboveBaseBytes: number; readonly filtered?: number; readonly filteredCold?: number; readonly filteredFiles?: number }
export interface OpenPlanResult {
  readonly generated: Generated; readonly peer: string; readonly runs: number;
  readonly ours: OpenPlanRun[]; readonly theirs: OpenPlanRun[];
  readonly medians: { readonly ours: { open: number; plan: number; total: number; peakHeapBytes: number }; readonly theirs: { open: number; plan: number; total: number; peakHeapBytes: number } };
}

/** Generates the table under `dir`, serves it, runs both sides `runs` times; throws when file counts differ. */
export async function runOpenPlanBench(opts: { snapshots: number; manifests: number; files: number; runs: number; dir: string; filtered?: boolean; icebirdDir?: string }): Promise<OpenPlanResult> {
  const served = await serveFolderInChild(opts.dir);
  try {
    const name = `iceberg-${opts.snapshots}s-${opts.manifests}m-${opts.files}f`;
    const tableUrl = `${served.url}/${name}`;
    const gen = await generateIcebergTable({ snapshots: opts.snapshots, manifests: opts.manifests, files: opts.files, out: join(opts.dir, name), location: tableUrl });
    const peer = await loadIcebird(opts.icebirdDir);
    const ours = async (): Promise<OpenPlanRun> => {
      const storage = new HttpStorage({ baseUrl: `${tableUrl}/`, keys: ['metadata/version-hint.text', 'metadata/v1.metadata.json'] });
      const [[table, open, plan, planMs], heap] = await withPeakHeap(async () => {
        const [table, open] = await time(() => openIcebergTable(storage));
        const [plan, planMs] = await time(() => table.planScan({}));
        return [table, open, plan, planMs] as const;
      });
      const run = { open, plan: planMs, files: plan.tasks.length, peakHeapBytes: heap.peakBytes, heapAboveBaseBytes: heap.aboveBaseBytes };
      if (!opts.filtered) return run;
      const [filtered, filteredMs] = await time(() => table.planScan({ filter: parseWhere('id < 5000'), pruneRowGroups: false }));
      const [, coldMs] = await time(async () => (await openIcebergTable(storage)).planScan({ filter: parseWhere('id < 5000'), pruneRowGroups: false }));
      return { ...run, filtered: filteredMs, filteredCold: coldMs, filteredFiles: filtered.tasks.length };
    };
    const theirs = async (): Promise<OpenPlanRun> => {
      const [[open, planMs, files], heap] = await withPeakHeap(async () => {
        const [metadata, open] = await time(() => peer.metadata(tableUrl));
        const [manifests, planMs] = await time(() => peer.manifests(metadata));
        return [open, planMs, peerDataFiles(manifests)] as const;
      });
      return { open, plan: planMs, files, peakHeapBytes: heap.peakBytes, heapAboveBaseBytes: heap.aboveBaseBytes };
    };
    const o = await ours(); const t = await theirs(); // warm-up (JIT, wasm, sockets)
    if (o.files !== gen.files || t.files !== gen.files) throw new Error(`file counts differ: lakescope ${o.files}, icebird ${t.files}, generated ${gen.files}`);
    const res = { ours: [] as OpenPlanRun[], theirs: [] as OpenPlanRun[] };
    for (let i = 0; i < opts.runs; i++) {
      // Alternate the order so neither side always runs on a warmer machine.
      if (i % 2 === 0) { res.ours.push(await ours()); res.theirs.push(await theirs()); } else { res.theirs.push(await theirs()); res.ours.push(await ours()); }
    }
    const med = (xs: OpenPlanRun[]) => ({ open: median(xs.map((x) => x.open)), plan: median(xs.map((x) => x.plan)), total: median(xs.map((x) => x.open + x.plan)), peakHeapBytes: Math.max(...xs.map((x) => x.peakHeapBytes)) });
    return { generated: gen, peer: peer.label, runs: opts.runs, ...res, medians: { ours: med(res.ours), theirs: med(res.theirs) } };
  } finally {
    await served.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: {
    snapshots: { type: 'string', default: '1000' }, manifests: { type: 'string', default: '200' },
    files: { type: 'string', default: '100000' }, runs: { type: 'string', default: '5' }, 'no-filtered': { type: 'boolean', default: false },
    dir: { type: 'string', default: 'bench/out/tables' },
  } });
  const root = resolve(values.dir);
  await mkdir(root, { recursive: true });
  const res = await runOpenPlanBench({ snapshots: Number(values.snapshots), manifests: Number(values.manifests), files: Number(values.files), runs: Number(values.runs), dir: root, filtered: !values['no-filtered'] });
  const { ours: a, theirs: b } = res.medians;
  const mb = (x: number) => `${(x / 2 ** 20).toFixed(0)} MiB`;
  console.log(`open + plan of ${res.generated.files} files, ${res.generated.manifests} manifests, ${res.generated.snapshots} snapshots; peer ${res.peer}; medians of ${res.runs}`);
  console.log(`${'step'.padEnd(30)} ${'lakescope'.padStart(10)} ${'icebird'.padStart(10)} ${'icebird/lakescope'.padStart(18)}`);
  for (const [label, x, y] of [['open (median ms)', a.open, b.open], ['plan, all files (median ms)', a.plan, b.plan], ['open + plan (median ms)', a.total, b.total]] as const) {
    console.log(`${label.padEnd(30)} ${x.toFixed(0).padStart(10)} ${y.toFixed(0).padStart(10)} ${(y / x).toFixed(2).padStart(17)}x`);
  }
  console.log(`peak used heap over open + plan (max of runs): lakescope ${mb(a.peakHeapBytes)}, icebird ${mb(b.peakHeapBytes)}${(globalThis as { gc?: unknown }).gc ? '' : ' (run with --expose-gc for a collected baseline)'}`);
  if (res.ours[0]?.filtered !== undefined) {
    const filtered = median(res.ours.map((x) => x.filtered!)); const cold = median(res.ours.map((x) => x.filteredCold!));
    console.log(`lakescope filtered plan (id < 5000): median ${filtered.toFixed(0)} ms after the full plan, ${cold.toFixed(0)} ms open + plan on a fresh table; ${res.ours[0].filteredFiles} of ${res.generated.files} files kept (icebird: no pruning)`);
  }
  const load = loadavg().map((x) => x.toFixed(1)).join(' ');
  console.log(`load average after the runs: ${load} (${cpus().length} cores)`);
  await mkdir('bench/out', { recursive: true });
  await writeFile(`bench/out/iceberg-open-plan-${res.generated.files}.json`, JSON.stringify({ ...res, node: process.version, at: new Date().toISOString(), load }, null, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
