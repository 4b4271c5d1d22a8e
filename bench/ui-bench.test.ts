import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runUiBench } from './ui-bench.ts';

// The CI-sized form of bench/ui-bench.ts (its --small): 1,000 snapshots / 10 manifests / 2,000 files, one page,
// 30 frames, the app built into a temp folder (never the checkout's dist/, which something else may be
// serving) and served on the bench port; no timing asserted.
const PORT = Number(process.env.LAKESCOPE_BENCH_PORT ?? 4384);

describe('bench/ui-bench', () => {
  if (!existsSync('/usr/bin/chromium')) {
    it.skip('/usr/bin/chromium not found: the UI bench runs in the system Chromium', () => {});
    return;
  }
  it('small: the outline paints, then the timeline of 1,000 versions; the expanded tree shows every manifest and file; an untraced page times itself; the numbers are finite', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lakescope-ui-bench-test-'));
    try {
      const r = await runUiBench({ small: true, port: PORT, build: true, dist: join(dir, 'dist'), table: join(dir, 'small'), screenshots: false });
      expect(r).toMatchObject({ snapshots: 1_000, manifests: 10, files: 2_000, runs: 1, frames: 30 });
      expect(r.timelineText).toMatch(/\b1,000 versions\b/);
      // The worker sent the outline, and the page then told it the outline was on screen (worker/outline-shown.ts;
      // whether that came within the worker's bound — its own `outline-shown` mark — depends on the machine's load).
      const marks = r.perRun[0]!.workerMarksMs;
      expect(marks['lakescope:sketch-sent']).toBeDefined();
      expect(marks['lakescope:outline-shown-sent']).toBeGreaterThan(marks['lakescope:sketch-sent']!);
      // Every row expanded: the two roots (metadata file, manifest list: core/formats/iceberg/inspect/tree.ts),
      // each manifest and each of its entries (one per data file).
      expect(r.treeRows).toBe(2 + 10 + 2_000);
      // One page with no DevTools connection (bench/ui-untraced.ts): it timed itself, and the table's server told
      // when it finished sending the metadata file, before the outline painted.
      expect(r.untraced).toMatchObject({ runs: 1 });
      const u = r.untraced!;
      expect(u.navigationToOutlinePaintMs).toBeGreaterThan(0);
      expect(u.navigationToTimelinePaintMs).toBeGreaterThan(u.navigationToOutlinePaintMs!);
      expect(u.metadataToOutlinePaintMs).toBeGreaterThan(0);
      expect(u.metadataToTimelinePaintMs).toBeGreaterThan(u.metadataToOutlinePaintMs!);
      expect(u.metadataToOutlinePaintMs).toBeLessThan(u.navigationToOutlinePaintMs!);
      for (const [k, v] of Object.entries(r)) if (typeof v === 'number') expect(Number.isFinite(v), k).toBe(true);
      for (const v of [r.navigationToFirstTimelinePaintMs, r.expandAllManifestsMs, r.scrollWorkPerFrameMedianMs, r.scrollCpuPerFrameMedianMs, r.scrollFrameGapMedianMs, r.scrollHeapMiB]) {
        expect(v === null ? NaN : v).toBeGreaterThan(0);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
