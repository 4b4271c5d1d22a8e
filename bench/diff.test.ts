import { describe, expect, it } from 'vitest';
import { tempDir } from '../src/testing/iceberg-writer-fixtures.ts';
import { runDiffBench } from './diff.ts';

// The CI-sized form of bench/diff.ts: no timing asserted — the diff finds exactly the 1% that differs and
// reads fewer bytes than a full scan of both versions.
describe('bench/diff', () => {
  it('20,000 rows in 20 files, 1% differing: the diff finds it and reads less than scanning both', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const res = await runDiffBench({ rows: 20_000, files: 20, runs: 1, dir });
      expect(res.differing).toEqual(res.differingExpected);
      expect(res.fullScan.rows).toBe(20_000 + 20_000 + 100 - 100);
      expect(res.diff.tasksRead).toBe(3); // the new file, and the file with new deletes on both sides
      expect(res.diff.bytes).toBeLessThan(res.fullScan.bytes / 3);
    } finally {
      await cleanup();
    }
  }, 120_000);
});
