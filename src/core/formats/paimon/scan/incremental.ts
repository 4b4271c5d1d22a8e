/**
 * Incremental read between two snapshots: the rows that changed from `from` to `to`, each tagged
 * with a row kind (`+I` inserted, `+U` new value of an updated key, `-D` deleted — Paimon's RowKind
 * short strings). Both snapshots are read with the same schema (the one of `to`, old files mapped by
 * field id), so a schema change alone is not a change.
 *
 * This is a state difference, computed bucket by bucket (partition by partition for append tables):
 * for primary-key tables keyed by the primary key; for append tables as a multiset of whole rows, so
 * a compaction that only rewrote files yields nothing. Paimon's own `incremental-between` reads the
 * delta files instead, which for primary-key tables gives the same keys and values.
 */
import { Field, Utf8, type RecordBatch } from 'apache-arrow';
import { batchFromColumns, canonicalAccessor, constantData, takeRows } from '../../../arrow/index.ts';
import type { LakePlan } from '../../table-format.ts';
import { readTask, type ReadContext } from './read.ts';
import type { PaimonTask } from './task.ts';

const ROW_KIND_COLUMN = '_ROW_KIND';
export type ChangeKind = '+I' | '+U' | '-D';

/** Rows of one group with their canonical texts. */
interface GroupRows {
  readonly batches: RecordBatch[];
  readonly rows: { b: number; i: number; key: string; text: string }[];
}

/**
 * Yields the changed rows (first column `_ROW_KIND`, then the plans' columns). Must hold: applying the
 * changes to the rows of `from` gives the rows of `to`; keys with equal values yield nothing.
 * `keyColumns` empty = append table (multiset difference).
 */
export async function* readChanges(ctx: ReadContext, from: LakePlan<PaimonTask>, to: LakePlan<PaimonTask>, keyColumns: readonly string[]): AsyncGenerator<RecordBatch> {
  const groupOf = (t: PaimonTask) => (keyColumns.length ? `${t.partition}|${t.bucket}` : t.partition);
  const groups = new Map<string, { from: PaimonTask[]; to: PaimonTask[] }>();
  for (const [side, plan] of [['from', from], ['to', to]] as const) {
    for (const t of plan.tasks) {
      const g = groups.get(groupOf(t)) ?? { from: [], to: [] };
      g[side].push(t);
      groups.set(groupOf(t), g);
    }
  }
  for (const g of groups.values()) {
    const [a, b] = [await collect(ctx, g.from, keyColumns), await collect(ctx, g.to, keyColumns)];
    yield* keyColumns.length ? keyedChanges(a, b) : multisetChanges(a, b);
  }
}

async function collect(ctx: ReadContext, tasks: readonly PaimonTask[], keyColumns: readonly string[]): Promise<GroupRows> {
  const out: GroupRows = { batches: [], rows: [] };
  for (const t of tasks) {
    for await (const batch of readTask(ctx, t)) {
      const b = out.batches.push(batch) - 1;
      const cols = batch.schema.fields.map((f, k) => ({ name: f.name, data: batch.data.children[k]!, read: canonicalAccessor(f.type) }));
      const keyCols = cols.filter((c) => keyColumns.includes(c.name));
      for (let i = 0; i < batch.numRows; i++) {
        const text = JSON.stringify(cols.map((c) => c.read(c.data, i)));
        out.rows.push({ b, i, key: keyCols.length ? JSON.stringify(keyCols.map((c) => c.read(c.data, i))) : text, text });
      }
    }
  }
  return out;
}

function* keyedChanges(from: GroupRows, to: GroupRows): Generator<RecordBatch> {
  const before = new Map(from.rows.map((r) => [r.key, r]));
  const after = new Set(to.rows.map((r) => r.key));
  const picks: [ChangeKind, GroupRows, { b: number; i: number }][] = [];
  for (const r of to.rows) {
    const old = before.get(r.key);
    if (!old) picks.push(['+I', to, r]);
    else if (old.text !== r.text) picks.push(['+U', to, r]);
  }
  for (const r of from.rows) if (!after.has(r.key)) picks.push(['-D', from, r]);
  yield* emit(picks);
}

function* multisetChanges(from: GroupRows, to: GroupRows): Generator<RecordBatch> {
  const count = new Map<string, number>();
  for (const r of from.rows) count.set(r.text, (count.get(r.text) ?? 0) + 1);
  const picks: [ChangeKind, GroupRows, { b: number; i: number }][] = [];
  for (const r of to.rows) {
    const n = count.get(r.text) ?? 0;
    if (n > 0) count.set(r.text, n - 1);
    else picks.push(['+I', to, r]);
  }
  for (const r of from.rows) {
    const n = count.get(r.text) ?? 0;
    if (n > 0) {
      count.set(r.text, n - 1);
      picks.push(['-D', from, r]);
    }
  }
  yield* emit(picks);
}

/** One batch per (kind, source batch), with the `_ROW_KIND` column in front. */
function* emit(picks: readonly [ChangeKind, GroupRows, { b: number; i: number }][]): Generator<RecordBatch> {
  const groups = new Map<RecordBatch, Map<ChangeKind, number[]>>();
  for (const [kind, g, r] of picks) {
    const batch = g.batches[r.b]!;
    const byKind = groups.get(batch) ?? new Map<ChangeKind, number[]>();
    byKind.set(kind, [...(byKind.get(kind) ?? []), r.i]);
    groups.set(batch, byKind);
  }
  for (const [batch, byKind] of groups) {
    for (const [kind, idx] of byKind) {
      const rows = takeRows(batch, Int32Array.from(idx));
      const fields = [new Field(ROW_KIND_COLUMN, new Utf8(), false), ...rows.schema.fields];
      yield batchFromColumns(fields, [constantData(new Utf8(), kind, rows.numRows), ...rows.data.children], rows.numRows);
    }
  }
}
