import { describe, expect, it } from 'vitest';
import { STORY_STEPS, STORY_TABLES, storyPlan } from './story-steps.ts';

describe('storyPlan', () => {
  it('finds each story table by folder and format, and lists real tables of the formats it only explains', () => {
    const plan = storyPlan([
      { root: 'story/iceberg/', format: 'iceberg' }, { root: 'story/delta', format: 'delta' },
      { root: 'story/paimon/', format: 'iceberg' }, // the wrong format at the Paimon folder is not the story's table
      { root: 'hudi/trips/', format: 'hudi' }, { root: 'sales/orders/', format: 'iceberg' },
    ]);
    expect(plan.tables).toEqual([
      { format: 'iceberg', folder: STORY_TABLES.iceberg, root: 'story/iceberg/' },
      { format: 'delta', folder: STORY_TABLES.delta, root: 'story/delta' },
      { format: 'paimon', folder: STORY_TABLES.paimon },
    ]);
    expect(plan.explainedTables).toEqual([{ root: 'hudi/trips/', format: 'hudi' }]);
    expect(plan.steps).toBe(STORY_STEPS);
  });

  it('has steps in commit-time order, each at a distinct instant', () => {
    const times = STORY_STEPS.map((s) => Date.parse(s.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(times).size).toBe(times.length);
  });
});
