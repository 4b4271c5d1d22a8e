import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../src/testing/iceberg-writer-fixtures.ts';
import { loadIcebird } from './icebird-peer.ts';
import { runReadLoopBench } from './read-loop.ts';

// The CI-sized form of bench/read-loop.ts: small, no timing asserted — both loops run over HTTP and agree.
describe('bench/read-loop', () => {
  it('time travel over 30 one-row files: the read loop and the old sequential loop read the same rows', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const icebird = await loadIcebird(); // the registry's 0.3.1 cannot time-travel: the peer runs only with ICEBIRD_DIR set
      const res = await runReadLoopBench({ files: 30, runs: 1, dir, icebird });
      expect(res.sequential).toHaveLength(1);
      expect(res.loop.map((r) => [r.files, r.rows])).toEqual([[30, 30]]);
      expect(res.sequential.map((r) => [r.files, r.rows])).toEqual([[30, 30]]);
      if (icebird.timeTravel) expect(res.icebird!.runs.map((r) => r.rows)).toEqual([30]);
      else expect(res.icebird).toBeUndefined();
    } finally {
      await cleanup();
    }
  });

  it('with --baseline-transport: the same read loop over two transports reads the same rows', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const res = await runReadLoopBench({ files: 20, runs: 1, dir, baselineTransport: resolve(import.meta.dirname, '..') });
      expect(res.before).toMatch(/over the transport of .*, read loop$/);
      expect([...res.sequential, ...res.loop].map((r) => [r.files, r.rows])).toEqual([[20, 20], [20, 20]]);
    } finally {
      await cleanup();
    }
  });

  it("with --ab: another checkout's whole CLI read path (here this one) reads the same rows", async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const res = await runReadLoopBench({ files: 20, runs: 1, dir, ab: resolve(import.meta.dirname, '..'), warmups: 2 });
      expect(res.before).toMatch(/^the CLI read path of .*, read loop$/);
      expect([...res.sequential, ...res.loop].map((r) => [r.files, r.rows])).toEqual([[20, 20], [20, 20]]);
    } finally {
      await cleanup();
    }
  });
});
