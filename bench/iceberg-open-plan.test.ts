import { describe, expect, it } from 'vitest';
import { tempDir } from '../src/testing/iceberg-writer-fixtures.ts';
import { runOpenPlanBench } from './iceberg-open-plan.ts';

// The CI-sized form of bench/iceberg-open-plan.ts: small, no timing asserted — both sides plan every file over HTTP.
describe('bench/iceberg-open-plan', () => {
  it('open + plan of 20 snapshots / 4 manifests / 2,000 files: Lakescope and icebird see every file; heap is sampled', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const res = await runOpenPlanBench({ snapshots: 20, manifests: 4, files: 2000, runs: 1, dir, filtered: true });
      expect(res.ours.map((r) => [r.files, r.filteredFiles])).toEqual([[2000, 5]]);
      expect(res.theirs.map((r) => r.files)).toEqual([2000]);
      expect(res.medians.ours.peakHeapBytes).toBeGreaterThan(0);
    } finally {
      await cleanup();
    }
  });
});
