/**
 * Benchmark of the SQL engine (issue 16): its cold load, and a GROUP BY over a generated Iceberg table
 * (1M rows by default) through our pipeline (planner + readers → squirreling, as `lakescope sql` runs it),
 * against the same rows, read by the same readers, grouped by an alternative engine and by a hand-written
 * loop (the floor: what any engine's group-by costs at least once the rows are in memory).
 *
 *   npx tsx bench/sql.ts [--rows 1000000] [--runs 5] [--squirreling-runs 5] [--alt /path/to/node_modules/alasql/dist/alasql.fs.js]
 *
 * The pipeline runs twice over: with the columnar executor (fast-query.ts, the default for this query)
 * and with squirreling as executor; both must return the same rows.
 *
 * squirreling cannot read Parquet on its own, so "reading the same data on its own" is not available; the
 * alternative engine (alasql or anything with `alasql`-style `(sql, [rows]) → rows`) is loaded from `--alt`
 * when given, since it is no dependency of the project (see README "Decisions"). Cold load is measured
 * in Node (first import in this process); Chromium's was not measured here. Prints a table with the load
 * average (2 shared cores make wall times noisy) and writes bench/out/sql.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { readTasks } from '../src/core/api/read-tasks.ts';
import { planScan } from '../src/core/api/plan-scan.ts';
import { openTable } from '../src/core/api/open-table.ts';
import { loadEngine, runSql } from '../src/core/api/sql/run-sql.ts';
import { sqlRowsOf } from '../src/core/api/sql/sql-values.ts';
import { appendRows, createTable } from '../src/core/formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../src/core/io/memory-storage.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';

export interface SqlBenchResult {
  readonly rows: number;
  readonly runs: number;
  readonly squirrelingRuns: number;
  readonly engineLoadMs: number;
  readonly generateMs: number;
  /** Our pipeline with the columnar executor: plan + read + GROUP BY (median of `runs`). */
  readonly fastMs: number;
  /** Our pipeline with squirreling as the executor (median of `squirrelingRuns`). */
  readonly pipelineMs: number;
  /** Same plan + read into row objects (median), then the hand-written group-by. */
  readonly readMs: number;
  readonly loopMs: number;
  /** The alternative engine's GROUP BY over the rows read (median; absent without --alt). */
  readonly altMs?: number;
  readonly groups: number;
  readonly loadavg: number;
}

const median = (xs: readonly number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2; };

const CATS = 100;

/** Writes `rows` rows (id, cat of 100, amount) as an Iceberg table into a MemoryStorage with our writer. */
async function generate(rows: number): Promise<MemoryStorage> {
  const storage = new MemoryStorage('bench sql');
  await createTable(storage, {
    location: 'memory://bench/t', formatVersion: 2,
    schema: { type: 'struct', fields: [{ id: 1, name: 'id', required: true, type: 'long' }, { id: 2, name: 'cat', required: true, type: 'string' }, { id: 3, name: 'amount', required: true, type: 'double' }] },
  });
  const chunk = 100_000;
  for (let start = 0; start < rows; start += chunk) {
    const n = Math.min(chunk, rows - start);
    const batch = Array.from({ length: n }, (_, k) => { const i = start + k; return { id: BigInt(i), cat: `c${i % CATS}`, amount: ((i * 7919) % 10_000) / 100 }; });
    await appendRows(storage, batch, { maxRowsPerFile: chunk });
  }
  return storage;
}

export async function runSqlBench(opts: { rows: number; alt?: string; runs?: number; squirrelingRuns?: number }): Promise<SqlBenchResult> {
  const runs = opts.runs ?? 1;
  const squirrelingRuns = opts.squirrelingRuns ?? runs;
  installNodeParquetWasm();
  let t = performance.now();
  await loadEngine();
  const engineLoadMs = performance.now() - t;

  t = performance.now();
  const storage = await generate(opts.rows);
  const generateMs = performance.now() - t;

  const query = 'SELECT cat, count(*) AS n, sum(amount) AS s FROM t GROUP BY cat';
  const tables = [{ name: 't', root: '', format: 'iceberg' as const }];
  const timed = async <T>(n: number, f: () => Promise<T>): Promise<{ ms: number; last: T }> => {
    const ms: number[] = [];
    let last!: T;
    for (let k = 0; k < n; k++) { const t0 = performance.now(); last = await f(); ms.push(performance.now() - t0); }
    return { ms: median(ms), last };
  };
  const fast = await timed(runs, () => runSql(storage, { query, tables }, { executor: 'columnar' }));
  const pipeline = await timed(squirrelingRuns, () => runSql(storage, { query, tables }, { executor: 'squirreling' }));

  const read = await timed(runs, async () => {
    const table = await openTable(storage, '', 'iceberg');
    const plan = await planScan(table, { columns: ['cat', 'amount'] });
    const rows: Record<string, unknown>[] = [];
    for await (const r of readTasks(table, plan)) if ('batch' in r) for (const x of sqlRowsOf(r.batch, ['cat', 'amount'])) rows.push(x);
    return rows;
  });
  const rows = read.last;

  t = performance.now();
  const groups = new Map<unknown, { n: number; s: number }>();
  for (const r of rows) { const g = groups.get(r.cat); if (g) { g.n++; g.s += r.amount as number; } else groups.set(r.cat, { n: 1, s: r.amount as number }); }
  const loopMs = performance.now() - t;

  // The answers must agree before any time means anything: both executors exactly, the loop within rounding.
  if (JSON.stringify(fast.last.rows) !== JSON.stringify(pipeline.last.rows)) throw new Error('bench sql: the columnar executor and squirreling disagree');
  const got = new Map<unknown, { n: unknown; s: number }>(fast.last.rows.map((r) => [r[0], { n: r[1], s: r[2] as number }]));
  if (got.size !== groups.size || [...groups].some(([k, g]) => got.get(k)?.n !== g.n || Math.abs(got.get(k)!.s - g.s) > 1e-6 * Math.abs(g.s))) {
    throw new Error('bench sql: the pipeline and the loop disagree');
  }

  let altMs: number | undefined;
  if (opts.alt) {
    const mod = (await import(pathToFileURL(resolve(opts.alt)).href)) as { default: (sql: string, params: unknown[]) => unknown[] };
    const alt = await timed(runs, async () => mod.default('SELECT cat, COUNT(*) AS n, SUM(amount) AS s FROM ? GROUP BY cat', [rows]));
    altMs = alt.ms;
    if (alt.last.length !== groups.size) throw new Error('bench sql: the alternative engine disagrees');
  }
  return {
    rows: opts.rows, runs, squirrelingRuns, engineLoadMs, generateMs, fastMs: fast.ms, pipelineMs: pipeline.ms, readMs: read.ms, loopMs,
    ...(altMs !== undefined ? { altMs } : {}), groups: groups.size, loadavg: loadavg()[0]!,
  };
}

async function cli(): Promise<void> {
  const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' }, alt: { type: 'string' }, runs: { type: 'string', default: '5' }, 'squirreling-runs': { type: 'string' } } });
  const runs = Number(values.runs);
  const r = await runSqlBench({ rows: Number(values.rows), runs, squirrelingRuns: Number(values['squirreling-runs'] ?? runs), ...(values.alt ? { alt: values.alt } : {}) });
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  console.log(`SQL bench: GROUP BY over ${r.rows.toLocaleString('en-US')} rows (${r.groups} groups), medians of ${r.runs} (squirreling ${r.squirrelingRuns}), load average ${r.loadavg.toFixed(1)}`);
  console.log(`  squirreling cold load (Node)                  ${ms(r.engineLoadMs)}`);
  console.log(`  generate the Iceberg table (our writer)       ${ms(r.generateMs)}`);
  console.log(`  pipeline, columnar executor: plan+read+group  ${ms(r.fastMs)}`);
  console.log(`  pipeline, squirreling executor                ${ms(r.pipelineMs)}   squirreling / columnar = ${(r.pipelineMs / r.fastMs).toFixed(1)}x`);
  console.log(`  plan + read into rows (same readers)          ${ms(r.readMs)}`);
  console.log(`  hand-written group-by over those rows         ${ms(r.loopMs)}`);
  if (r.altMs !== undefined) console.log(`  alternative engine GROUP BY (--alt)           ${ms(r.altMs)}   read + alt: ${ms(r.readMs + r.altMs)}; columnar / (read + alt) = ${(r.fastMs / (r.readMs + r.altMs)).toFixed(2)}x`);
  await mkdir('bench/out', { recursive: true });
  await writeFile('bench/out/sql.json', JSON.stringify(r, null, 2));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) await cli();
