import { describe, expect, it } from 'vitest';
import { runWorkerMemoryBench } from './worker-memory.ts';

// The CI-sized form of bench/worker-memory.ts (its --small): 4 SQL scans of a 2-file table in a Node worker
// thread behind the page's EngineHost, without recycling and with a budget of 0 (every scan passes it); no
// timing asserted.
describe('bench/worker-memory', () => {
  it('4 scans: both loops read every row; no budget keeps one worker, a 0 budget recycles after every scan', async () => {
    const [scans, files, rows] = [4, 2, 1_500];
    const r = await runWorkerMemoryBench({ scans, files, rows, budgetBytes: 0, via: 'sql' });
    for (const l of [r.without, r.withRecycling]) {
      expect(l.scans).toBe(scans);
      expect(l.rowsRead).toBe(scans * files * rows); // count(*) of each scan
      for (const mib of [l.peakWasmMiB, l.peakRssMiB, l.endRssMiB]) { expect(Number.isFinite(mib)).toBe(true); expect(mib).toBeGreaterThan(0); }
    }
    expect(r.without).toMatchObject({ budgetMiB: null, workersStarted: 1 });
    // A worker is retired after the call that passes the budget, and the next call starts a fresh one.
    expect(r.withRecycling).toMatchObject({ budgetMiB: 0, workersStarted: scans });
    // The README's ceiling: per worker, wasm memory ≤ the budget + one call's growth (and wasm memory never
    // shrinks, so one call's growth is at most what the unrecycled worker reached).
    expect(r.withRecycling.peakWasmMiB).toBeLessThanOrEqual(r.withRecycling.budgetMiB! + r.without.peakWasmMiB);
  }, 120_000);
});
