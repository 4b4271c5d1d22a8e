import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../src/testing/iceberg-writer-fixtures.ts';
import { isOk, runOpenPlanBench } from './iceberg-open-plan.ts';

// The CI-sized form of bench/iceberg-open-plan.ts: small, no timing asserted — both sides plan every file over HTTP.
describe('bench/iceberg-open-plan', () => {
  it('open + plan of 20 snapshots / 4 manifests / 2,000 files: Lakescope and icebird see every file; heap and CPU time are measured', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const res = await runOpenPlanBench({ snapshots: 20, manifests: 4, files: 2000, runs: 1, dir, filtered: true });
      expect(res.ours.map((r) => (isOk(r) ? [r.files, r.filteredFiles] : r.failed))).toEqual([[2000, 5]]);
      expect(res.theirs.map((r) => (isOk(r) ? r.files : r.failed))).toEqual([2000]);
      expect(res.medians.ours?.peakHeapBytes).toBeGreaterThan(0);
      expect(res.medians.ours?.cpu).toBeGreaterThan(0);
    } finally {
      await cleanup();
    }
  });

  it('isolated runs (a fresh process each) and a reused table give the same counts', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      // The table's URL is in its metadata, so reuse needs the same port: a free one, taken twice.
      const port = await freePort();
      const opts = { snapshots: 10, manifests: 2, files: 200, runs: 1, dir, isolate: true, reuse: true, port } as const;
      const first = await runOpenPlanBench(opts);
      expect(first.generated.ms).toBeGreaterThan(0); // generated
      const again = await runOpenPlanBench({ ...opts, runs: 2, budgetMs: 0 });
      expect(again.generated.ms).toBe(0); // reused
      expect([again.runs, again.asked]).toEqual([1, 2]); // a spent budget starts no second pair
      expect([first, again].map((r) => [...r.ours, ...r.theirs].map((x) => (isOk(x) ? x.files : x.failed)))).toEqual([[200, 200], [200, 200]]);
    } finally {
      await cleanup();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address() as { port: number }; s.close(() => ok(port)); });
  });
}
