/**
 * Benchmark (issue 3): open + plan of a large synthetic Iceberg table — 1,000 snapshots, 200 manifests,
 * 100,000 data-file entries by default — by Lakescope's engine and by the `icebird` npm package (0.3.1), on the
 * same table served over HTTP on loopback, in the same process and run. Medians of 5 (after one warm-up of each),
 * each run with a fresh table object and no cache. Prints a table and writes bench/out/iceberg-open-plan.json.
 *
 *   npx tsx bench/iceberg-open-plan.ts [--snapshots 1000] [--manifests 200] [--files 100000] [--runs 5]
 *
 * What is compared: "open" = find the current metadata file (version-hint.text) and parse it; "plan" = read the
 * manifest list and every manifest of the current snapshot into file entries (no filter: icebird cannot prune).
 * Lakescope also reports a filtered plan (`id < 5000`), which icebird has no equivalent for: on the table just
 * planned (manifests cached: the filter's own cost) and on a freshly opened table (open + filtered plan, cold).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { icebergManifests, icebergMetadata } from 'icebird';
import { parseWhere } from '../src/core/expr/parse.ts';
import { openIcebergTable } from '../src/core/formats/iceberg/index.ts';
import { HttpStorage } from '../src/core/io/index.ts';
import { generateIcebergTable } from './generate-iceberg.ts';
import { serveFolder } from './serve-folder.ts';

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const time = async <T>(fn: () => Promise<T>): Promise<[T, number]> => { const t = performance.now(); const r = await fn(); return [r, performance.now() - t]; };

async function main(): Promise<void> {
  const { values } = parseArgs({ options: {
    snapshots: { type: 'string', default: '1000' }, manifests: { type: 'string', default: '200' },
    files: { type: 'string', default: '100000' }, runs: { type: 'string', default: '5' },
  } });
  const runs = Number(values.runs);
  const root = resolve('bench/out/tables');
  await mkdir(root, { recursive: true });
  const served = await serveFolder(root);
  const name = `iceberg-${values.snapshots}s-${values.manifests}m-${values.files}f`;
  const tableUrl = `${served.url}/${name}`;
  const gen = await generateIcebergTable({
    snapshots: Number(values.snapshots), manifests: Number(values.manifests), files: Number(values.files),
    out: join(root, name), location: tableUrl,
  });
  console.log(`generated ${gen.snapshots} snapshots, ${gen.manifests} manifests, ${gen.files} files in ${(gen.ms / 1000).toFixed(1)} s, served at ${tableUrl}`);

  const ours = async () => {
    const storage = new HttpStorage({ baseUrl: `${tableUrl}/`, keys: ['metadata/version-hint.text', 'metadata/v1.metadata.json'] });
    const [table, open] = await time(() => openIcebergTable(storage));
    const [plan, planMs] = await time(() => table.planScan({}));
    const [filtered, filteredMs] = await time(() => table.planScan({ filter: parseWhere('id < 5000'), pruneRowGroups: false }));
    const [, coldMs] = await time(async () => (await openIcebergTable(storage)).planScan({ filter: parseWhere('id < 5000'), pruneRowGroups: false }));
    return { open, plan: planMs, filtered: filteredMs, filteredCold: coldMs, files: plan.tasks.length, filteredFiles: filtered.tasks.length };
  };
  const theirs = async () => {
    const [metadata, open] = await time(() => icebergMetadata({ tableUrl }));
    const [manifests, planMs] = await time(() => icebergManifests(metadata));
    const files = manifests.reduce((n, m) => n + m.entries.filter((e) => e.status !== 2 && e.data_file.content === 0).length, 0);
    return { open, plan: planMs, files };
  };

  const o = await ours(); const t = await theirs(); // warm-up (JIT, wasm, sockets)
  if (o.files !== gen.files || t.files !== gen.files) throw new Error(`file counts differ: lakescope ${o.files}, icebird ${t.files}, generated ${gen.files}`);
  const res = { ours: [] as Awaited<ReturnType<typeof ours>>[], theirs: [] as Awaited<ReturnType<typeof theirs>>[] };
  for (let i = 0; i < runs; i++) {
    // Alternate the order so neither side always runs on a warmer machine.
    if (i % 2 === 0) { res.ours.push(await ours()); res.theirs.push(await theirs()); } else { res.theirs.push(await theirs()); res.ours.push(await ours()); }
  }
  const m = (xs: { open: number; plan: number }[], k: 'open' | 'plan') => median(xs.map((x) => x[k]));
  const total = (xs: { open: number; plan: number }[]) => median(xs.map((x) => x.open + x.plan));
  const rows = [
    ['open (median ms)', m(res.ours, 'open'), m(res.theirs, 'open')],
    ['plan, all files (median ms)', m(res.ours, 'plan'), m(res.theirs, 'plan')],
    ['open + plan (median ms)', total(res.ours), total(res.theirs)],
  ] as const;
  console.log(`\n${'step'.padEnd(30)} ${'lakescope'.padStart(10)} ${'icebird'.padStart(10)} ${'icebird/lakescope'.padStart(18)}`);
  for (const [label, a, b] of rows) console.log(`${label.padEnd(30)} ${a.toFixed(0).padStart(10)} ${b.toFixed(0).padStart(10)} ${(b / a).toFixed(2).padStart(17)}x`);
  const filtered = median(res.ours.map((x) => x.filtered));
  const filteredCold = median(res.ours.map((x) => x.filteredCold));
  console.log(`lakescope filtered plan (id < 5000): median ${filtered.toFixed(0)} ms after the full plan, ${filteredCold.toFixed(0)} ms open + plan on a fresh table; ${res.ours[0].filteredFiles} of ${gen.files} files kept (icebird: no pruning)`);
  await mkdir('bench/out', { recursive: true });
  await writeFile('bench/out/iceberg-open-plan.json', JSON.stringify({ generated: gen, runs, results: res, medians: rows, filteredMedianMs: filtered, filteredColdMedianMs: filteredCold, node: process.version, at: new Date().toISOString() }, null, 2));
  await served.close();
}

await main();
