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

/** Formats the story explains but Lakescope cannot write (so the story has no table of theirs). */
export const STORY_EXPLAINED_FORMATS: readonly string[] = ['hudi'];

/** A table of a warehouse as the scan names it (core/api DetectedTableDto's fields the plan needs). */
export interface StoryScanTable { readonly root: string; readonly format: string }

/** What the story page needs before it reads any table: the steps, where each story table is, and real tables of the explained formats. */
export interface StoryPlanDto {
  readonly steps: readonly StoryStep[];
  /** One entry per story format, with the root the scan found it at (absent when the warehouse has none). */
  readonly tables: readonly { readonly format: StoryFormat; readonly folder: string; readonly root?: string }[];
  /** Tables of the explained formats (Hudi) in the warehouse, at most 5, for "see it on a real table". */
  readonly explainedTables: readonly StoryScanTable[];
}

const bare = (root: string): string => root.replace(/\/+$/, '');

/** The story plan for a warehouse whose scan found `tables`. */
export function storyPlan(tables: readonly StoryScanTable[]): StoryPlanDto {
  return {
    steps: STORY_STEPS,
    tables: (Object.keys(STORY_TABLES) as StoryFormat[]).map((format) => {
      const found = tables.find((t) => t.format === format && bare(t.root) === STORY_TABLES[format]);
      return { format, folder: STORY_TABLES[format], ...(found ? { root: found.root } : {}) };
    }),
    explainedTables: tables.filter((t) => STORY_EXPLAINED_FORMATS.includes(t.format)).slice(0, 5).map((t) => ({ root: t.root, format: t.format })),
  };
}

