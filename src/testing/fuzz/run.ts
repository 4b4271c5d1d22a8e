/**
 * `npm run fuzz -- --cases N [--seed S] [--format iceberg|paimon|delta|hudi] [--time-limit-ms T] [--workers W]
 *  [--case I] [--verbose]`: mutates the fixtures' files (in memory) and checks every case ends in the
 * expected rows or a LakeError naming a file — never a hang, another exception, or rows from a
 * structural mutation. Prints the figures per format; exits 1 on any FAIL class.
 */
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../fixtures.ts';
import { baseline, runCase } from './case.ts';
import { loadFixtures, type FuzzFormat } from './fixture-set.ts';
import { runFuzz } from './pool.ts';
import { breakdown, failureSamples, formatTable, isFailure } from './report.ts';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<number> {
  if (!FIXTURES_PRESENT) {
    console.error(FIXTURES_SKIP_REASON);
    return 2;
  }
  const cases = Number(arg('cases') ?? 1000);
  const seed = Number(arg('seed') ?? 1);
  const timeLimitMs = Number(arg('time-limit-ms') ?? 5000);
  const workers = Number(arg('workers') ?? 1);
  const formats: FuzzFormat[] = arg('format') ? [arg('format') as FuzzFormat] : ['iceberg', 'paimon', 'delta', 'hudi'];
  const single = arg('case');
  if (single !== undefined) {
    // Replays one case in this thread (for debugging a failure).
    installNodeParquetWasm();
    for (const format of formats) {
      const fixtures = loadFixtures(format);
      await baseline(fixtures);
      console.log(JSON.stringify(await runCase(fixtures, seed, format, Number(single), timeLimitMs), null, 2));
    }
    return 0;
  }
  let failed = 0;
  const tables: string[] = [];
  for (const format of formats) {
    const t0 = Date.now();
    let done = 0;
    const results = await runFuzz({
      format, seed, cases, timeLimitMs, workers,
      onResult: () => { if (++done % 500 === 0) console.error(`${format}: ${done}/${cases} cases, ${((Date.now() - t0) / 1000).toFixed(0)} s`); },
    });
    const table = formatTable(format, results, Date.now() - t0);
    tables.push(table);
    console.log(table);
    if (process.argv.includes('--verbose')) console.log(breakdown(results));
    const samples = failureSamples(results, seed);
    if (samples) console.log(`${format} failures (replay one with --format ${format} --case I):\n${samples}`);
    failed += results.filter(isFailure).length;
  }
  console.log(`\nseed ${seed}, ${cases} cases per format, time limit ${timeLimitMs} ms per case\n${tables.join('\n')}`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
