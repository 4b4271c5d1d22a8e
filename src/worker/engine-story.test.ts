/**
 * The story calls over the committed demo warehouse: the plan finds the story tables a scan reports, and
 * tableStory answers for a table opened by root and format (Iceberg's states opened on demand), over the same
 * storage the worker resolves a warehouse id to.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanWarehouse } from '../core/api/scan-warehouse.ts';
import { STORY_STEPS } from '../core/api/story/story-steps.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../platform/node/parquet-wasm-init.ts';
import { createStoryHandlers } from './engine-story.ts';

beforeAll(() => installNodeParquetWasm());
/** The committed demo warehouse (src/cli/demo/generate-demo.ts writes it). */
const DEMO_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../public/demo');
const storage = new FsStorage(DEMO_DIR, { readOnly: true });
const ctx = { signal: new AbortController().signal, progress: () => undefined, partial: () => undefined };

describe('story calls', () => {
  it('plans the story from a scan of the demo warehouse and reads each story table’s commits', async () => {
    const handlers = createStoryHandlers(() => storage);
    const scan = await scanWarehouse(storage);
    const plan = await handlers.storyPlan({ tables: scan.tables.map((t) => ({ root: t.root, format: t.format })) });
    expect(plan.tables.map((t) => [t.format, t.root !== undefined])).toEqual([['iceberg', true], ['delta', true], ['paimon', true]]);
    expect(plan.explainedTables).toEqual([]); // the demo has no Hudi table
    for (const t of plan.tables) {
      const story = await handlers.tableStory({ warehouseId: 'w1', root: t.root!, format: t.format }, ctx);
      const times = new Set(story.commits.map((c) => c.timestampMs));
      // Every step but Paimon's CREATE (no snapshot) has a commit at its instant.
      expect(STORY_STEPS.filter((s) => !times.has(Date.parse(s.at))).map((s) => s.id), t.format).toEqual(t.format === 'paimon' ? ['create'] : []);
      expect(story.commits.every((c) => c.written.length > 0), t.format).toBe(true);
    }
  });
});
