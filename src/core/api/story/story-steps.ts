/**
 * "One story, four formats" (issue 20): the same small history written as Iceberg, Delta and Paimon by
 * Lakescope's own writers into the demo warehouse (src/cli/demo/demo-story.ts), and compared step by step on
 * the story page. Each step is committed at the same fixed instant in every format, so a step is found in a
 * table by its commit time — the demo generator and the page share this list and nothing else.
 */

/** What a step does, in the story's words; each format records it its own way. */
export type StoryStepKind = 'create' | 'append' | 'update' | 'delete' | 'compact' | 'rollback';

export interface StoryStep {
  /** Stable id (message keys are `story.step.<id>.*`). */
  readonly id: string;
  readonly kind: StoryStepKind;
  /** The commit time in every format (ISO-8601, UTC). */
  readonly at: string;
}

/** The story, in order. The rollback returns the table to the state right after `update`. */
export const STORY_STEPS: readonly StoryStep[] = [
  { id: 'create', kind: 'create', at: '2025-04-07T09:00:00Z' },
  { id: 'append-1', kind: 'append', at: '2025-04-07T10:00:00Z' },
  { id: 'append-2', kind: 'append', at: '2025-04-08T10:00:00Z' },
  { id: 'update', kind: 'update', at: '2025-04-09T10:00:00Z' },
  { id: 'delete', kind: 'delete', at: '2025-04-10T10:00:00Z' },
  { id: 'compact', kind: 'compact', at: '2025-04-11T02:00:00Z' },
  { id: 'rollback', kind: 'rollback', at: '2025-04-11T09:00:00Z' },
];

/** The step the rollback returns to. */
export const STORY_ROLLBACK_TARGET = 'update';

/** The formats the story is written in, and where each table sits in the demo warehouse. */
export const STORY_TABLES = { iceberg: 'story/iceberg', delta: 'story/delta', paimon: 'story/paimon' } as const;
export type StoryFormat = keyof typeof STORY_TABLES;

/** The commit time of a step in ms since the epoch. */
export const stepTimeMs = (s: StoryStep): number => Date.parse(s.at);
