import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../src/testing/iceberg-writer-fixtures.ts';
import { runTransportBench } from './transport.ts';

// The CI-sized form of bench/transport.ts: no timing asserted — every transport reads every file's exact bytes.
describe('bench/transport', () => {
  it('50 GETs per round through HttpStorage and bare, with this checkout as its own baseline', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      for (const raw of [false, true]) {
        const rows = await runTransportBench({ dir, gets: 50, runs: 2, inFlight: 4, raw, baseline: resolve(import.meta.dirname, '..'), warmUps: 1 });
        expect(rows.map((r) => r.label)).toEqual(['this checkout, undici dispatch', 'this checkout, node:http', `${resolve(import.meta.dirname, '..')} (nodeFetch)`, "Node's fetch"]);
        for (const r of rows) expect([r.cpuRuns.length, r.cpuMs > 0, r.wallMs > 0]).toEqual([2, true, true]);
      }
    } finally {
      await cleanup();
    }
  });
});
