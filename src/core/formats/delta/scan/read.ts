/**
 * Reading one task: the data file decoded by parquet-wasm one row group at a time, rows hidden by the
 * deletion vector dropped (by physical position in the file), columns shaped into the logical schema
 * (scan/conform.ts), partition columns added as constants from the log's partition values, the
 * residual filter applied, and the requested columns kept in order.
 */
import { Field, type Data, type RecordBatch } from 'apache-arrow';
import { batchFromColumns, constantData, dropPositions, filterRows } from '../../../arrow/index.ts';
import { readParquetToArrow } from '../../../codecs/parquet/index.ts';
import type { RoaringBitmap64 } from '../../../codecs/roaring.ts';
import { evaluateRow, referencedIds, type BoundExpr, type Value } from '../../../expr/index.ts';
import type { Storage } from '../../../io/storage.ts';
import {
  deletionVectorPath, deletionVectorRange, parseDeletionVectorRecord, parseInlineDeletionVector,
} from '../spec/deletion-vector.ts';
import { deltaError } from '../spec/errors.ts';
import { parsePartitionValue } from '../spec/partition-value.ts';
import { physicalName } from '../spec/schema.ts';
import { arrowType } from './arrow-type.ts';
import { conform, findField } from './conform.ts';
import { resolveLogPath } from './paths.ts';
import { cellReader } from './row-values.ts';
import type { DeltaTask } from './task.ts';
import { messageError } from '../../../message-error.ts';

export interface ReadContext {
  readonly storage: Storage;
  /** The table's absolute location, to map absolute DV paths. */
  readonly location?: string;
  readonly signal?: AbortSignal;
}

/** The deletion vector of a task as a bitmap (one ranged read for on-disk DVs). */
export async function loadDeletionVector(ctx: ReadContext, task: DeltaTask): Promise<RoaringBitmap64 | undefined> {
  const dv = task.deletionVector;
  if (!dv) return undefined;
  if (dv.storageType === 'i') return parseInlineDeletionVector(dv);
  const where = deletionVectorPath(dv)!;
  const key = where.relative ?? resolveLogPath(where.absolute!, ctx.location, 'deletion vector file');
  try {
    const record = await ctx.storage.read(key, { range: deletionVectorRange(dv), signal: ctx.signal });
    return parseDeletionVectorRecord(record, dv, key);
  } catch (e) {
    throw deltaError(e, 'delta deletion vector', key);
  }
}

/**
 * Yields the task's rows. Must hold: each physical row not in the deletion vector and matching the
 * filter comes out exactly once, in file order, with exactly `task.columns`; a corrupt file, or one whose
 * size differs from the log's record, → DataInvalid `delta read: …` naming it.
 */
export async function* readTask(ctx: ReadContext, task: DeltaTask, deleted?: { has(pos: number): boolean }): AsyncGenerator<RecordBatch> {
  // `deleted` replaces the task's deletion vector (change data feed selects rows between two vectors).
  const dv = deleted ?? await loadDeletionVector(ctx, task);
  if (!deleted && dv && task.numRecords !== undefined && BigInt((dv as RoaringBitmap64).size) >= BigInt(task.numRecords)) return;
  let bytes: Uint8Array;
  try {
    bytes = await ctx.storage.read(task.key, { signal: ctx.signal });
  } catch (e) {
    throw deltaError(e, 'delta read', task.key);
  }
  // The add action records the file's size (PROTOCOL.md "Add File and Remove File": size, required): a
  // file of another size was cut, grown or replaced after the commit, and its rows cannot be trusted.
  if (task.size > 0 && bytes.length !== task.size) {
    throw messageError('DataInvalid', 'error.delta.fileSize', { file: task.key, bytes: bytes.length, recorded: String(task.size) }, { file: task.key });
  }
  const constants = partitionConstants(task);
  const filterIds = task.filter ? referencedIds(task.filter) : new Set<number>();
  let position = 0;
  try {
    for await (const raw of readParquetToArrow(bytes, { signal: ctx.signal, name: task.key })) {
      const first = position;
      position += raw.numRows;
      const batch = dv ? dropPositions(raw, dv, first) : raw;
      if (batch.numRows === 0) continue;
      const shaped = shape(batch, task, constants, filterIds);
      const out = task.filter ? applyFilter(shaped, task.filter, task) : shaped;
      if (out.numRows > 0) yield out;
    }
  } catch (e) {
    throw deltaError(e, 'delta read', task.key);
  }
}

/** Parsed partition values by logical column name. */
function partitionConstants(task: DeltaTask): Map<string, Value | null> {
  const out = new Map<string, Value | null>();
  for (const f of task.schema.fields) {
    if (!task.partitionColumns.includes(f.name)) continue;
    const key = physicalName(f, task.columnMapping);
    if (!(key in task.partitionValues)) {
      throw messageError('DataInvalid', 'error.delta.noPartitionValue', { file: task.path, column: f.name }, { file: task.key, column: f.name });
    }
    out.set(f.name, parsePartitionValue(task.partitionValues[key], f.type, f.name));
  }
  return out;
}

/** The batch with every schema column (logical names, table types), in schema order. */
function shape(batch: RecordBatch, task: DeltaTask, constants: Map<string, Value | null>, filterIds: ReadonlySet<number>): RecordBatch {
  const fields: Field[] = [];
  const columns: Data[] = [];
  const n = batch.numRows;
  for (const [i, f] of task.schema.fields.entries()) {
    // Bound filter ids are schema positions + 1 (plan.ts bindFilter).
    if (!task.columns.includes(f.name) && !filterIds.has(i + 1)) continue;
    let data: Data;
    if (constants.has(f.name)) data = constantData(arrowType(f.type), constants.get(f.name), n);
    else {
      const k = findField(batch.schema.fields, f, task.columnMapping);
      data = k < 0 ? constantData(arrowType(f.type), null, n) : conform(batch.data.children[k]!, f.type, task.columnMapping, f.name);
    }
    fields.push(new Field(f.name, data.type, f.nullable));
    columns.push(data);
  }
  // Columns the schema does not name but the task asks for come from the file as written
  // (`_change_type` of change data files).
  for (const name of task.columns) {
    if (task.schema.fields.some((f) => f.name === name)) continue;
    const k = batch.schema.fields.findIndex((f) => f.name === name);
    if (k < 0) throw messageError('DataInvalid', 'error.delta.noColumn', { file: task.path, column: name }, { file: task.key, column: name });
    fields.push(batch.schema.fields[k]!);
    columns.push(batch.data.children[k]!);
  }
  const shaped = batchFromColumns(fields, columns, n);
  return task.filter ? shaped : select(shaped, task.columns);
}

function select(batch: RecordBatch, names: readonly string[]): RecordBatch {
  const fields = names.map((n) => batch.schema.fields.find((f) => f.name === n)!);
  const cols = names.map((n) => batch.data.children[batch.schema.fields.findIndex((f) => f.name === n)]!);
  return batchFromColumns(fields, cols, batch.numRows);
}

/** Keeps rows for which the filter is true, then selects the output columns. */
function applyFilter(batch: RecordBatch, filter: BoundExpr, task: DeltaTask): RecordBatch {
  const readers = new Map<number, { data: Data; read: (d: Data, i: number) => Value | null }>();
  task.schema.fields.forEach((f, i) => {
    const k = batch.schema.fields.findIndex((x) => x.name === f.name);
    if (k < 0) return;
    const data = batch.data.children[k]!;
    const read = cellReader(data.type);
    if (read) readers.set(i + 1, { data, read });
  });
  const keep = new Uint8Array(batch.numRows);
  for (let i = 0; i < keep.length; i++) {
    keep[i] = evaluateRow(filter, (ref) => {
      const r = readers.get(ref.id);
      return r ? r.read(r.data, i) : undefined;
    }) ? 1 : 0;
  }
  return select(filterRows(batch, keep), task.columns);
}
