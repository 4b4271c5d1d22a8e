import { describe, expect, it } from 'vitest';
import { tempDir } from '../src/testing/iceberg-writer-fixtures.ts';
import { runDeltaCheckpointBench } from './delta-checkpoint.ts';

// The CI-sized form of bench/delta-checkpoint.ts: small, no timing asserted — our open + plan and
// parquet-wasm's decode of the same checkpoint both run, and each sees the table the generator wrote.
describe('bench/delta-checkpoint', () => {
  it('a checkpoint of 1,000 files + 10 commits: every live file planned, every checkpoint row decoded, one partition kept by a filter', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const r = await runDeltaCheckpointBench({ files: 1000, commits: 10, runs: 1, dir });
      expect(r.generated.liveFiles).toBe(1000 + 5 * 10);
      expect(r.ours.map((x) => x.files)).toEqual([1050]);
      expect(r.wasm.map((x) => x.rows)).toEqual([1002]);
      // File i lies in day i mod 100. Day 0: checkpoint files 0, 100 … 900 less file 0 (removed by the first
      // commit, which removes 0…4), plus file 1000 of the 100 added after the checkpoint (1000…1099): 10 files.
      expect(r.ours[0]!.filteredFiles).toBe(10);
      expect(r.ratio).toBeGreaterThan(0);
    } finally {
      await cleanup();
    }
  });
});
