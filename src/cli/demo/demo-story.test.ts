/**
 * The demo's story tables (story/iceberg, story/delta, story/paimon), as committed in public/demo: each format
 * holds one commit per story step at the step's fixed time, reads the same rows after every step, and
 * core/api tableStory finds in each table what the format wrote for the step (read from the table's own
 * metadata tree: nothing here lists a file name).
 */
import type { RecordBatch } from 'apache-arrow';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows } from '../../core/arrow/index.ts';
import { tableStory, type StoryCommitDto, type TableStoryDto } from '../../core/api/story/table-story.ts';
import { STORY_STEPS, STORY_TABLES, stepTimeMs, type StoryFormat } from '../../core/api/story/story-steps.ts';
import { TABLE_READERS } from '../../core/api/table-formats.ts';
import type { LakeTable } from '../../core/formats/table-format.ts';
import { FsStorage } from '../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { DEMO_DIR, DEMO_STORY_TABLES } from './generate-demo.ts';

beforeAll(() => installNodeParquetWasm());
const FORMATS = Object.keys(STORY_TABLES) as StoryFormat[];

async function open(format: StoryFormat): Promise<{ table: LakeTable; openState: (id: string) => Promise<LakeTable> }> {
  const storage = new FsStorage(join(DEMO_DIR, STORY_TABLES[format]), { readOnly: true });
  const reader = TABLE_READERS[format]!;
  return { table: await reader.open(storage, {}), openState: (id) => reader.open(storage, { state: id }) };
}

async function rowsOf(table: LakeTable, version: string | undefined): Promise<string[]> {
  if (version === undefined) return [];
  const plan = await table.plan(version === 'current' ? {} : { version });
  const batches: RecordBatch[] = [];
  for (const t of plan.tasks) for await (const b of table.read(t)) batches.push(b);
  return canonicalRows(batches, { columns: ['account_id', 'owner', 'city', 'balance', 'status'] }).map((r) => JSON.stringify(r)).sort();
}

const stories = new Map<StoryFormat, TableStoryDto>();
const byStep = (format: StoryFormat, step: string): StoryCommitDto | undefined =>
  stories.get(format)!.commits.find((c) => c.timestampMs === stepTimeMs(STORY_STEPS.find((s) => s.id === step)!));
const kinds = (c: StoryCommitDto | undefined, list: 'written' | 'dropped' | 'returned') => (c?.[list] ?? []).map((f) => f.kind);

describe('the story tables of the demo warehouse', () => {
  beforeAll(async () => {
    for (const f of FORMATS) { const { table, openState } = await open(f); stories.set(f, await tableStory(table, openState)); }
  });

  it('are the three story tables, one per writable format', () => {
    expect(Object.keys(DEMO_STORY_TABLES).sort()).toEqual(Object.values(STORY_TABLES).sort());
  });

  it('hold one commit per step at the step’s time (Paimon commits no snapshot for CREATE)', () => {
    for (const f of FORMATS) {
      const times = stories.get(f)!.commits.map((c) => c.timestampMs);
      const expected = STORY_STEPS.filter((s) => !(f === 'paimon' && s.kind === 'create')).map(stepTimeMs);
      expect(times, f).toEqual(expected);
    }
  });

  it('read the same rows after every step in every format, and the rollback restores the update’s rows', async () => {
    for (const step of STORY_STEPS.filter((s) => s.kind !== 'create')) {
      const rows = await Promise.all(FORMATS.map(async (f) => {
        const c = byStep(f, step.id)!;
        const { table, openState } = await open(f);
        return rowsOf(c.stateKey ? await openState(c.stateKey) : table, c.stateKey ? 'current' : c.version);
      }));
      expect(rows[1], step.id).toEqual(rows[0]);
      expect(rows[2], step.id).toEqual(rows[0]);
      expect(rows[0].length, step.id).toBe({ 'append-1': 12, 'append-2': 16, update: 16, delete: 13, compact: 13, rollback: 16 }[step.id]);
    }
  });

  it('show how each format records the delete: a position delete file, a deletion vector, level-0 -D records', () => {
    expect(kinds(byStep('iceberg', 'delete'), 'written')).toContain('delete-file');
    expect(kinds(byStep('delta', 'delete'), 'written')).toContain('deletion-vector');
    const paimon = byStep('paimon', 'delete')!.written.filter((f) => f.kind === 'data-file');
    expect(paimon.length).toBe(1);
    expect([paimon[0].level, paimon[0].deleteRows]).toEqual([0, '3']);
    // No format rewrites a data file to delete three rows.
    for (const f of FORMATS) expect(kinds(byStep(f, 'delete'), 'dropped').filter((k) => k === 'data-file'), f).toEqual([]);
  });

  it('show compaction writing one data file and dropping the small ones with their deletes', () => {
    for (const f of FORMATS) {
      const c = byStep(f, 'compact')!;
      expect(kinds(c, 'written').filter((k) => k === 'data-file').length, f).toBe(1);
      expect(kinds(c, 'dropped').filter((k) => k === 'data-file').length, f).toBeGreaterThanOrEqual(3);
    }
    expect(byStep('paimon', 'compact')!.written.find((f) => f.kind === 'data-file')!.level).toBe(5);
  });

  it('show the rollback writing no data file and bringing the update’s files back', () => {
    for (const f of FORMATS) {
      const c = byStep(f, 'rollback')!;
      expect(kinds(c, 'written').filter((k) => k === 'data-file' || k === 'delete-file'), f).toEqual([]);
      expect(c.returned.length, f).toBeGreaterThanOrEqual(3);
      expect(c.dropped.map((d) => d.key), f).toEqual(byStep(f, 'compact')!.written.filter((w) => w.kind === 'data-file').map((w) => w.key));
    }
    // Iceberg's rollback makes no snapshot: a new metadata file points main back at the update's snapshot.
    const iceberg = byStep('iceberg', 'rollback')!;
    expect(iceberg.written.map((w) => w.kind)).toEqual(['metadata-file']);
    expect(iceberg.version).toBe(byStep('iceberg', 'update')!.version);
  });
});
