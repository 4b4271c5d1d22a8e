/**
 * Hudi's own change feed in the common model's terms (LakeTable.changeLog): the incremental query
 * (scan/incremental.ts; Hudi docs "Incremental query", `hoodie.datasource.query.type=incremental`) over
 * the commits after `from` up to `to` — every record whose `_hoodie_commit_time` lies in that range, once,
 * with its latest value as of the range's end and that commit time as its version. What Hudi's incremental
 * query does not give, the notes say:
 * - it does not tell an insert from an update and holds no before image ("one value per record
 *   upserted", HUDI-480): every record is an `insert` that replaces the row of its record key
 *   (`upsertKey`), as a consumer of the incremental pull upserts it;
 * - it returns no removed record (HUDI-480: "hard delete: may not get anything today"; deletes and before
 *   images need the CDC query of a table written with `hoodie.table.cdc.enabled`). The commits that
 *   removed records — `numDeletes` in their write stats, or a replacecommit other than clustering
 *   (insert_overwrite, delete_partition) whose replaced file groups take their records away — are left to
 *   core/api to derive (`derive`), and the incremental query runs over the stretches between them, so the
 *   log still takes `from` to `to`;
 * - a record written twice in one stretch shows once, at the later commit.
 * A table without meta fields has no commit time per record: nothing to read, every version derived.
 */
import { canonicalAccessor, selectColumns, takeRows } from '../../../arrow/index.ts';
import type { ChangeLogBatch, ChangeLogSource } from '../../table-format.ts';
import type { HudiMetadata } from '../io/metadata.ts';
import type { Instant } from '../spec/instant.ts';
import { planIncremental } from './incremental.ts';
import type { HudiTask } from './task.ts';
import type { RecordBatch } from 'apache-arrow';
import { note } from '../../../messages/note.ts';

/** Source name shown to people (and matched by the UI's catalog). */
export const HUDI_INCREMENTAL_NAME = 'Hudi incremental query';
const COMMIT_TIME = '_hoodie_commit_time';

export interface HudiChangeLogInput {
  readonly meta: HudiMetadata;
  readonly from: string;
  /** The completed write instants after `from` up to `to`, oldest first. */
  readonly instants: readonly Instant[];
  /** Reads one task of the incremental plan (the table's `read`). */
  readonly read: (task: HudiTask) => AsyncIterable<RecordBatch>;
  readonly signal?: AbortSignal;
}

/**
 * The incremental query of `(from, last instant]` as a change log. Must hold: every row's version is the
 * `_hoodie_commit_time` of its record and lies in the range; rows are `insert`s (upserts by record key).
 */
export async function hudiChangeLog(input: HudiChangeLogInput): Promise<ChangeLogSource> {
  const { meta, instants } = input;
  const to = instants.at(-1)!.requestedTime;
  const ids = instants.map((i) => i.requestedTime);
  const columns = [...(await meta.schemaAsOf(to, input.signal)).columns];
  if (!meta.config.populateMetaFields) {
    return {
      name: HUDI_INCREMENTAL_NAME, columns, derive: ids, batches: (async function* () {})(),
      notes: [note('note.hudi.noMetaFields')],
    };
  }
  const removing = new Map<string, string>();
  for (const i of instants) {
    const why = await removes(input, i);
    if (why) removing.set(i.requestedTime, why);
  }
  const keys = meta.config.recordKeyFields.filter((k) => columns.includes(k));
  const upsert = keys.length > 0 && keys.length === meta.config.recordKeyFields.length;
  const notes = [
    `the records whose _hoodie_commit_time lies after ${input.from} up to ${to}, each once with its latest value; Hudi's incremental query does not tell an insert from an update and keeps no before image, so every record shows as an insert${upsert ? ` replacing the row of its record key (${keys.join(', ')})` : ''}`,
    removing.size
      ? `Hudi's incremental query shows no removed record, so the commits that removed some are derived: ${[...removing].map(([id, why]) => `${id} (${why})`).join(', ')}`
      : 'Hudi\'s incremental query shows no removed record; the commit metadata records no delete in this range',
  ];
  return {
    name: HUDI_INCREMENTAL_NAME, columns, notes, derive: [...removing.keys()], ...(upsert ? { upsertKey: keys } : {}),
    batches: stretchBatches(input, removing, columns),
  };
}

/** Why a commit removed records (its commit metadata), or undefined when it removed none. */
async function removes(input: HudiChangeLogInput, i: Instant): Promise<string | undefined> {
  const m = await input.meta.commitMetadata(i, input.signal);
  const n = m.writeStats.reduce((s, w) => s + w.numDeletes, 0);
  if (n > 0) return `${n} record${n === 1 ? '' : 's'} deleted`;
  const replaced = [...m.replacedFileIds.values()].reduce((s, ids) => s + ids.length, 0);
  // Clustering rewrites the records of the groups it replaces (same commit times): nothing removed.
  const clustering = i.requestedAction === 'clustering' || (m.operationType ?? '').toUpperCase() === 'CLUSTER';
  if (replaced > 0 && !clustering) return `${m.operationType ?? 'replacecommit'} replaced ${replaced} file group${replaced === 1 ? '' : 's'}`;
  return undefined;
}

/**
 * The incremental query over each stretch of commits between the removing ones, rows in version order
 * (a stretch's rows are buffered per commit time, then yielded oldest first).
 */
async function* stretchBatches(input: HudiChangeLogInput, removing: ReadonlyMap<string, string>, columns: readonly string[]): AsyncGenerator<ChangeLogBatch> {
  let begin = input.from;
  let stretch: Instant[] = [];
  const flush = async function* (): AsyncGenerator<ChangeLogBatch> {
    if (stretch.length === 0) return;
    const plan = await planIncremental(input.meta, { begin, end: stretch.at(-1)!.requestedTime }, columns, input.signal);
    const byVersion = new Map<string, RecordBatch[]>(stretch.map((i) => [i.requestedTime, []]));
    for (const task of plan.tasks) for await (const b of input.read(task)) for (const [v, part] of splitByCommitTime(b)) (byVersion.get(v) ?? byVersion.set(v, []).get(v)!).push(part);
    for (const [v, parts] of [...byVersion].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      for (const p of parts) yield { batch: selectColumns(p, columns), changeTypes: Array.from({ length: p.numRows }, () => 'insert' as const), versions: Array.from({ length: p.numRows }, () => v) };
    }
  };
  for (const i of input.instants) {
    if (removing.has(i.requestedTime)) {
      yield* flush();
      stretch = [];
      begin = i.requestedTime;
    } else stretch.push(i);
  }
  yield* flush();
}

/** A batch's rows grouped by `_hoodie_commit_time`. */
function splitByCommitTime(b: RecordBatch): Map<string, RecordBatch> {
  const k = b.schema.fields.findIndex((f) => f.name === COMMIT_TIME);
  const read = canonicalAccessor(b.schema.fields[k]!.type);
  const data = b.data.children[k]!;
  const rows = new Map<string, number[]>();
  for (let i = 0; i < b.numRows; i++) {
    const v = String(read(data, i));
    (rows.get(v) ?? rows.set(v, []).get(v)!).push(i);
  }
  return new Map([...rows].map(([v, idx]) => [v, idx.length === b.numRows ? b : takeRows(b, Int32Array.from(idx))]));
}
