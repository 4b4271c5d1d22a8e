import { describe, expect, it } from 'vitest';
import { tempDir } from '../src/testing/iceberg-writer-fixtures.ts';
import { loadIcebird } from './icebird-peer.ts';
import { runFullReadBench } from './full-read.ts';

// The CI-sized form of bench/full-read.ts: small, no timing asserted — every reader reads the same rows over HTTP.
describe('bench/full-read', () => {
  it('3,000 rows in 3 files: Lakescope, parquet-wasm alone and icebird read the same rows', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const icebird = await loadIcebird();
      const res = await runFullReadBench({ rows: 3000, files: 3, runs: 1, warmups: 1, dir, icebird });
      const expected = { rows: 3000, idSum: String((3000 * 2999) / 2) };
      for (const r of [...res.ours, ...res.parquetWasm, ...res.icebird!.runs]) expect({ rows: r.rows, idSum: r.idSum }).toEqual(expected);
      expect([res.ours.length, res.parquetWasm.length, res.icebird!.runs.length]).toEqual([1, 1, 1]);
      expect(res.dataBytes).toBeGreaterThan(0);
    } finally {
      await cleanup();
    }
  }, 120_000);
});
