/**
 * Incremental query (Hudi "incremental query", `hoodie.datasource.read.begin.instanttime` /
 * `end.instanttime`): the records inserted or updated by the commits after `begin` (exclusive) up to
 * `end` (inclusive), each with its latest value as of `end` and its `_hoodie_commit_time`. Deleted
 * records are absent (they are not in the snapshot at `end`). Compaction and clustering rewrite records
 * but keep their `_hoodie_commit_time`, so they add nothing — which is why this reads the snapshot at
 * `end` and keeps the rows whose commit time lies in (begin, end], as Hudi's own incremental relation does
 * with its commit-time filter. Tables without meta fields cannot answer this: Unsupported.
 */
import type { RecordBatch } from 'apache-arrow';
import { canonicalAccessor, filterRows } from '../../../arrow/index.ts';
import { LakeError } from '../../../errors.ts';
import type { LakePlan } from '../../table-format.ts';
import type { HudiMetadata } from '../io/metadata.ts';
import { planSnapshot } from './plan.ts';
import type { HudiTask } from './task.ts';
import { note } from '../../../messages/note.ts';
import { internalError, messageError } from '../../../message-error.ts';

const COMMIT_TIME_COLUMN = '_hoodie_commit_time';

export interface IncrementalRange {
  /** Exclusive lower bound: an instant time ('' or '0' for "from the start"). */
  readonly begin: string;
  /** Inclusive upper bound: a completed write instant (the latest when absent). */
  readonly end?: string;
}

/**
 * Plans the snapshot at `end` with `_hoodie_commit_time` first, each task marked to keep only rows written in
 * (begin, end]. Must hold: `end` names a completed write instant.
 */
export async function planIncremental(meta: HudiMetadata, range: IncrementalRange, columns: readonly string[] | undefined, signal?: AbortSignal): Promise<LakePlan<HudiTask>> {
  if (!meta.config.populateMetaFields) {
    throw messageError('Unsupported', 'error.hudi.incremental.metaFields', undefined);
  }
  const versions = meta.versions();
  const end = range.end === undefined ? versions.at(-1) : versions.find((v) => v.requestedTime === range.end);
  if (!end) {
    const context = { version: range.end ?? '' };
    throw range.end === undefined ? messageError('NotFound', 'error.hudi.incremental.noWrite', undefined, context) : messageError('NotFound', 'error.hudi.incremental.noInstant', { instant: range.end }, context);
  }
  if (range.begin >= end.requestedTime) throw messageError('DataInvalid', 'error.hudi.incremental.order', { begin: range.begin, end: end.requestedTime });
  const data = columns ?? (await meta.schemaAsOf(end.requestedTime, signal)).columns;
  const plan = await planSnapshot({
    meta, instant: end, columns: [COMMIT_TIME_COLUMN, ...data.filter((c) => c !== COMMIT_TIME_COLUMN)], signal,
    notes: [note('note.hudi.incremental', { ...(range.begin ? { begin: range.begin } : {}), end: end.requestedTime })],
  });
  // Each task keeps only the rows of its slice written in (begin, end] (read.ts applies commitTimeFilter).
  const commitTimes = { begin: range.begin, end: end.requestedTime };
  return { ...plan, tasks: plan.tasks.map((t) => ({ ...t, commitTimes })) };
}

/** Keeps the rows of a batch whose `_hoodie_commit_time` lies in (begin, end]. */
export function commitTimeFilter(batch: RecordBatch, begin: string, end: string): RecordBatch {
  const k = batch.schema.fields.findIndex((f) => f.name === COMMIT_TIME_COLUMN);
  if (k < 0) throw internalError('hudi incremental: the batch has no _hoodie_commit_time');
  const d = batch.data.children[k]!;
  const read = canonicalAccessor(batch.schema.fields[k]!.type);
  const keep = new Uint8Array(batch.numRows);
  for (let i = 0; i < batch.numRows; i++) {
    const t = read(d, i);
    keep[i] = typeof t === 'string' && t > begin && t <= end ? 1 : 0;
  }
  return filterRows(batch, keep);
}
