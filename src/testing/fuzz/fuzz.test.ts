/**
 * A seeded sample of the fuzz run (the full run is `npm run fuzz -- --cases 10000`): every mutated
 * table copy must end in the expected rows or a LakeError naming a file — no hang, no other exception,
 * no rows from a structural mutation. Sized for a shared 2-core machine: a fixed number of cases per
 * format, and a wall-time guard that stops starting new cases so the whole test stays within about 90 s.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../fixtures.ts';
import { runFuzz } from './pool.ts';
import { failureSamples, formatTable, isFailure } from './report.ts';

const SEED = 20261130;
const CASES = 1500;
// Case time split across the four formats; each also spends ~5–12 s loading fixtures and reading every
// version clean first (more on a busy machine), so the whole sample stays within ~90 s.
const WALL_MS_PER_FORMAT = 8_000;

describe.skipIf(!FIXTURES_PRESENT)('fuzz sample', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  for (const format of ['iceberg', 'paimon', 'delta', 'hudi'] as const) {
    it(`${format}: ${CASES} mutated table copies end in the expected rows or a LakeError naming a file`, async () => {
      const t0 = Date.now();
      const results = await runFuzz({ format, seed: SEED, cases: CASES, timeLimitMs: 5000, wallLimitMs: WALL_MS_PER_FORMAT });
      console.log(formatTable(format, results, Date.now() - t0));
      // At least a real sample ran (the guard only trims a slow machine's run: on the shared 2-core
      // machine under load, Hudi's MOR merges ran ~10 cases/s).
      expect(results.length).toBeGreaterThanOrEqual(50);
      expect(failureSamples(results, SEED, 2)).toBe('');
      expect(results.filter(isFailure)).toEqual([]);
    }, 40_000);
  }
});
