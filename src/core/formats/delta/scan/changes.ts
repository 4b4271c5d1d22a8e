/**
 * Change data feed between two versions (PROTOCOL.md "Add CDC File", "Reader Requirements for
 * AddCDCFile"): for each commit in [start, end], in order —
 * - when the commit has `cdc` actions, only its change data files are read (they carry `_change_type`:
 *   insert, delete, update_preimage, update_postimage);
 * - otherwise changes are derived from its add/remove actions with `dataChange = true`: rows of added
 *   files are inserts, rows of removed files deletes; when a commit re-adds a file with another deletion
 *   vector (DELETE/UPDATE with DVs, or RESTORE), only the rows the two vectors differ on change —
 *   newly hidden rows are deletes, newly visible ones inserts.
 * Every row gets `_commit_version` and `_commit_timestamp`. Rows are read with the end version's schema.
 */
import { Field, Int64, TimestampMicrosecond, Utf8, type RecordBatch } from 'apache-arrow';
import { batchFromColumns, constantData } from '../../../arrow/index.ts';
import type { RoaringBitmap64 } from '../../../codecs/roaring.ts';
import type { LogStore } from '../io/log-store.ts';
import type { AddFile, RemoveFile } from '../spec/actions.ts';
import type { LogFile } from '../spec/log-files.ts';
import { checkReadable } from '../spec/table-features.ts';
import { resolveLogPath } from './paths.ts';
import { readSchema } from './plan.ts';
import { loadDeletionVector, readTask, type ReadContext } from './read.ts';
import { pathKey, type Snapshot } from './replay.ts';
import type { DeltaTask } from './task.ts';
import { messageError } from '../../../message-error.ts';

export const CHANGE_TYPE = '_change_type';
export const COMMIT_VERSION = '_commit_version';
const COMMIT_TIMESTAMP = '_commit_timestamp';

export interface ChangesInput {
  readonly log: LogStore;
  readonly ctx: ReadContext;
  /** Commit files of the table, ascending. */
  readonly commits: readonly Extract<LogFile, { kind: 'commit' }>[];
  readonly start: bigint;
  readonly end: bigint;
  /** The snapshot at `end` (its schema and partition columns are used). */
  readonly endSnapshot: Snapshot;
  /** Commit time by version (scan/time-travel.ts). */
  readonly times: ReadonlyMap<bigint, number>;
  readonly location?: string;
}

/** Checks the range and returns its commit files. Must hold: start > end, or a missing commit → error. */
function changeCommits(commits: readonly Extract<LogFile, { kind: 'commit' }>[], start: bigint, end: bigint): Extract<LogFile, { kind: 'commit' }>[] {
  if (start > end) throw messageError('DataInvalid', 'error.delta.changesOrder', { start: start.toString(), end: end.toString() }, { start: start.toString(), end: end.toString() });
  const out: Extract<LogFile, { kind: 'commit' }>[] = [];
  for (let v = start; v <= end; v++) {
    const c = commits.find((x) => x.version === v);
    if (!c) throw messageError('NotFound', 'error.delta.changesMissing', { version: v.toString(), start: start.toString(), end: end.toString() }, { version: v.toString() });
    out.push(c);
  }
  return out;
}

/** Yields the changes as Arrow batches: the schema's columns, then `_change_type`, `_commit_version`, `_commit_timestamp`. */
export async function* readChanges(input: ChangesInput): AsyncGenerator<RecordBatch> {
  const { schema, mode } = readSchema(input.endSnapshot);
  const names = schema.fields.map((f) => f.name);
  const base = (path: string, partitionValues: Readonly<Record<string, string | null>>, size: bigint | undefined, columns: string[], dv?: AddFile['deletionVector']): DeltaTask => ({
    format: 'delta', version: '', path, key: resolveLogPath(path, input.location), size: Number(size ?? 0n), partitionValues,
    ...(dv ? { deletionVector: dv } : {}), schema, partitionColumns: input.endSnapshot.metadata.partitionColumns, columnMapping: mode, columns,
  });
  for (const commit of changeCommits(input.commits, input.start, input.end)) {
    const actions = await input.log.commit(commit, input.ctx.signal);
    for (const a of actions) if (a.type === 'protocol') checkReadable(a.protocol, commit.key);
    const version = commit.version;
    const time = input.times.get(version) ?? commit.lastModified ?? 0;
    const finish = (b: RecordBatch, changeType?: string): RecordBatch => {
      const n = b.numRows;
      const fields = [...b.schema.fields];
      const cols = [...b.data.children];
      if (changeType !== undefined) { fields.push(new Field(CHANGE_TYPE, new Utf8(), false)); cols.push(constantData(new Utf8(), changeType, n)); }
      fields.push(new Field(COMMIT_VERSION, new Int64(), false)); cols.push(constantData(new Int64(), version, n));
      const ts = new TimestampMicrosecond('UTC');
      fields.push(new Field(COMMIT_TIMESTAMP, ts, false)); cols.push(constantData(ts, BigInt(time) * 1000n, n));
      return batchFromColumns(fields, cols, n);
    };
    const cdcs = actions.flatMap((a) => (a.type === 'cdc' ? [a.cdc] : []));
    if (cdcs.length > 0) {
      for (const c of cdcs) for await (const b of readTask(input.ctx, base(c.path, c.partitionValues, c.size, [...names, CHANGE_TYPE]))) if (b.numRows) yield finish(b);
      continue;
    }
    const adds = new Map<string, AddFile>();
    const removes = new Map<string, RemoveFile>();
    for (const a of actions) {
      if (a.type === 'add' && a.add.dataChange) adds.set(pathKey(a.add.path), a.add);
      if (a.type === 'remove' && a.remove.dataChange) removes.set(pathKey(a.remove.path), a.remove);
    }
    for (const [key, add] of adds) {
      const removed = removes.get(key);
      const task = base(add.path, add.partitionValues, add.size, names, add.deletionVector);
      if (!removed) {
        for await (const b of readTask(input.ctx, task)) yield finish(b, 'insert');
        continue;
      }
      // The same file with another deletion vector: only the rows the vectors differ on changed.
      const before = await vector(input.ctx, base(removed.path, add.partitionValues, removed.size, names, removed.deletionVector));
      const after = await vector(input.ctx, task);
      const plain = { ...task, deletionVector: undefined };
      for await (const b of readTask(input.ctx, plain, { has: (p) => !(has(after, p) && !has(before, p)) })) yield finish(b, 'delete');
      for await (const b of readTask(input.ctx, plain, { has: (p) => !(has(before, p) && !has(after, p)) })) yield finish(b, 'insert');
    }
    for (const [key, rm] of removes) {
      if (adds.has(key)) continue;
      const task = base(rm.path, rm.partitionValues ?? {}, rm.size, names, rm.deletionVector);
      for await (const b of readTask(input.ctx, task)) yield finish(b, 'delete');
    }
  }
}

async function vector(ctx: ReadContext, task: DeltaTask): Promise<RoaringBitmap64 | undefined> {
  return task.deletionVector ? loadDeletionVector(ctx, task) : undefined;
}

function has(v: RoaringBitmap64 | undefined, p: number): boolean {
  return v !== undefined && v.has(p);
}

