/**
 * The story page's message keys, written out literally so the catalog test can see every key is used (a key
 * built from a template would be invisible to it) and tsc checks each one exists.
 */
import type { StoryStepKind } from '../../core/api/story/story-steps.ts';
import type { MessageKey } from '../../core/messages/en.ts';

/** The story's step ids (core/api/story/story-steps.ts). */
export type StoryStepId = 'create' | 'append-1' | 'append-2' | 'update' | 'delete' | 'compact' | 'rollback';

/** Title and text of each step. */
export const STEP_KEYS: Readonly<Record<StoryStepId, { readonly title: MessageKey; readonly text: MessageKey }>> = {
  'create': { title: 'story.step.create.title', text: 'story.step.create.text' },
  'append-1': { title: 'story.step.append-1.title', text: 'story.step.append-1.text' },
  'append-2': { title: 'story.step.append-2.title', text: 'story.step.append-2.text' },
  'update': { title: 'story.step.update.title', text: 'story.step.update.text' },
  'delete': { title: 'story.step.delete.title', text: 'story.step.delete.text' },
  'compact': { title: 'story.step.compact.title', text: 'story.step.compact.text' },
  'rollback': { title: 'story.step.rollback.title', text: 'story.step.rollback.text' },
};

/** How each format (and MaxCompute) records each kind of step. */
export const HOW_KEYS: Readonly<Record<'iceberg' | 'delta' | 'paimon' | 'hudi' | 'maxcompute', Readonly<Record<StoryStepKind, MessageKey>>>> = {
  iceberg: { create: 'story.how.iceberg.create', append: 'story.how.iceberg.append', update: 'story.how.iceberg.update', delete: 'story.how.iceberg.delete', compact: 'story.how.iceberg.compact', rollback: 'story.how.iceberg.rollback' },
  delta: { create: 'story.how.delta.create', append: 'story.how.delta.append', update: 'story.how.delta.update', delete: 'story.how.delta.delete', compact: 'story.how.delta.compact', rollback: 'story.how.delta.rollback' },
  paimon: { create: 'story.how.paimon.create', append: 'story.how.paimon.append', update: 'story.how.paimon.update', delete: 'story.how.paimon.delete', compact: 'story.how.paimon.compact', rollback: 'story.how.paimon.rollback' },
  hudi: { create: 'story.how.hudi.create', append: 'story.how.hudi.append', update: 'story.how.hudi.update', delete: 'story.how.hudi.delete', compact: 'story.how.hudi.compact', rollback: 'story.how.hudi.rollback' },
  maxcompute: { create: 'story.how.maxcompute.create', append: 'story.how.maxcompute.append', update: 'story.how.maxcompute.update', delete: 'story.how.maxcompute.delete', compact: 'story.how.maxcompute.compact', rollback: 'story.how.maxcompute.rollback' },
};

/** "Version N" in each format's own word. */
export const VERSION_KEYS = {
  iceberg: 'ui.story.version.iceberg', delta: 'ui.story.version.delta', paimon: 'ui.story.version.paimon', hudi: 'ui.story.version.hudi',
} as const;

/** The label of a file's tree-node kind. */
export const KIND_KEYS: Readonly<Record<string, MessageKey>> = {
  'table': 'ui.story.kind.table',
  'metadata-file': 'ui.story.kind.metadata-file',
  'snapshot': 'ui.story.kind.snapshot',
  'manifest-list': 'ui.story.kind.manifest-list',
  'manifest': 'ui.story.kind.manifest',
  'data-file': 'ui.story.kind.data-file',
  'delete-file': 'ui.story.kind.delete-file',
  'deletion-vector': 'ui.story.kind.deletion-vector',
  'statistics-file': 'ui.story.kind.statistics-file',
  'checkpoint': 'ui.story.kind.checkpoint',
  'commit': 'ui.story.kind.commit',
  'lsm-level': 'ui.story.kind.lsm-level',
  'file-slice': 'ui.story.kind.file-slice',
  'log-file': 'ui.story.kind.log-file',
};
