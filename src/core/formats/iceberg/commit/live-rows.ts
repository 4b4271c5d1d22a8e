/**
 * Reading the live rows of one data file for rewriting (compaction, copy-on-write deletes): every row of the
 * file in order through scan/'s read path (so schema evolution, name mapping and identity partition values
 * are handled the reader's way), then the file's deletes — deletion vectors, position and equality deletes —
 * dropped here, where the row position is known. Positions also give v3 row lineage: a row keeps the
 * `_row_id` stored in the file, else `first_row_id + pos`; `_last_updated_sequence_number` likewise
 * defaults to the file's data sequence number (spec "Row Lineage": a moved row keeps both).
 */
import { type Data, type Int64, makeData, RecordBatch } from 'apache-arrow';
import { maskToIndices, takeRows } from '../../../arrow/take.ts';
import { nestedGetter, structChain } from '../scan/arrow-values.ts';
import { DeleteCache, chainLookup, loadTaskDeletes } from '../scan/deletes.ts';
import { valueKey } from '../scan/delete-index.ts';
import { readTask } from '../scan/read-task.ts';
import type { DeleteFileRef, FileScanTask } from '../scan/task.ts';
import type { ManifestEntry } from '../spec/manifest.ts';
import type { Schema } from '../spec/schema.ts';
import type { TableMetadata } from '../spec/table-metadata.ts';
import type { NestedField } from '../spec/types.ts';
import { batchRows } from './arrow-rows.ts';
import type { TableState } from './table-state.ts';
import { messageError } from '../../../message-error.ts';

/** Reserved row-lineage columns (spec "Reserved Field IDs"). */
export const ROW_ID_FIELD: NestedField = { id: 2147483540, name: '_row_id', required: false, type: { kind: 'long' } };
export const LAST_UPDATED_FIELD: NestedField = { id: 2147483539, name: '_last_updated_sequence_number', required: false, type: { kind: 'long' } };

/** A manifest entry of a delete file as the read path's task reference. */
function deleteRef(state: TableState, e: ManifestEntry): DeleteFileRef {
  const f = e.dataFile;
  return {
    kind: f.fileFormat === 'puffin' ? 'deletion-vector' : f.content === 'position-deletes' ? 'position' : 'equality',
    path: f.filePath, key: state.relocation.toKey(f.filePath), format: f.fileFormat, recordCount: f.recordCount,
    fileSizeInBytes: f.fileSizeInBytes, sequenceNumber: e.sequenceNumber, specId: f.specId, equalityIds: f.equalityIds,
    contentOffset: f.contentOffset, contentSizeInBytes: f.contentSizeInBytes, referencedDataFile: f.referencedDataFile,
  };
}

export interface LiveRowsOptions {
  /** Keep row lineage columns (v3 tables). */
  readonly lineage?: boolean;
  /** Extra per-row drop decision (copy-on-write deletes): true = drop. Receives the row and its position. */
  readonly drop?: (row: Record<string, unknown>, pos: number) => boolean;
  readonly signal?: AbortSignal;
}

/** Rows kept and how many were dropped by deletes / by `drop`. */
export interface LiveRows {
  readonly rows: Record<string, unknown>[];
  readonly deleted: number;
  readonly dropped: number;
}

/**
 * What reading one data file's live rows needs, for rows and for batches alike: the read schema (plus the
 * lineage columns when `lineage`), metadata that knows it, the file's scan task and its deletes loaded.
 * Must hold: only Parquet data files (others are Unsupported, naming the file).
 */
async function openLiveRead(state: TableState, entry: ManifestEntry, deletes: readonly ManifestEntry[], schema: Schema, lineage: boolean, signal?: AbortSignal) {
  const f = entry.dataFile;
  if (f.fileFormat !== 'parquet') throw messageError('Unsupported', 'error.iceberg.rewrite.format', { format: f.fileFormat, file: f.filePath }, { file: f.filePath });
  const readSchema: Schema = lineage ? { ...schema, schemaId: -1000, fields: [...schema.fields, ROW_ID_FIELD, LAST_UPDATED_FIELD] } : schema;
  const meta: TableMetadata = { ...state.metadata, schemas: [...state.metadata.schemas.filter((s) => s.schemaId !== readSchema.schemaId), readSchema] };
  const task: FileScanTask = {
    kind: 'iceberg-file-scan', path: f.filePath, key: state.relocation.toKey(f.filePath), format: f.fileFormat,
    recordCount: f.recordCount, fileSizeInBytes: f.fileSizeInBytes, specId: f.specId, partition: f.partition,
    dataSequenceNumber: entry.sequenceNumber, firstRowId: f.firstRowId, deletes: [], schemaId: readSchema.schemaId,
    projectedIds: readSchema.fields.map((x) => x.id),
  };
  const cache = new DeleteCache();
  const chains = chainLookup([schema.fields, ...[...state.metadata.schemas].reverse().map((s) => s.fields)]);
  const td = await loadTaskDeletes(state.files, cache, f.filePath, deletes.map((d) => deleteRef(state, d)), chains, signal);
  return { f, readSchema, meta, task, cache, td };
}

/**
 * The live rows of data file `entry` under `schema` (objects keyed by column name, internal values), with
 * `deletes` (the delete entries that apply to it) removed.
 */
export async function readLiveRows(state: TableState, entry: ManifestEntry, deletes: readonly ManifestEntry[], schema: Schema, opts: LiveRowsOptions = {}): Promise<LiveRows> {
  const { f, readSchema, meta, task, cache, td } = await openLiveRead(state, entry, deletes, schema, opts.lineage === true, opts.signal);
  const rows: Record<string, unknown>[] = [];
  let pos = 0; let deleted = 0; let dropped = 0;
  for await (const batch of readTask({ meta, files: state.files, deleteCache: cache }, task, opts.signal)) {
    const eq = equalityTest(batch, td.equality, schema);
    const batchValues = batchRows(batch, readSchema.fields);
    for (let i = 0; i < batch.numRows; i++, pos++) {
      if (td.isPositionDeleted(pos) || eq(i)) { deleted++; continue; }
      const row = batchValues[i];
      if (opts.drop?.(row, pos)) { dropped++; continue; }
      if (opts.lineage) {
        row[ROW_ID_FIELD.name] ??= f.firstRowId === undefined ? null : f.firstRowId + BigInt(pos);
        row[LAST_UPDATED_FIELD.name] ??= entry.sequenceNumber;
      }
      rows.push(row);
    }
  }
  if (BigInt(pos) !== f.recordCount) {
    throw messageError('DataInvalid', 'error.iceberg.rewrite.rowCount', { file: f.filePath, rows: pos, recorded: String(f.recordCount) }, { file: f.filePath });
  }
  return { rows, deleted, dropped };
}

/**
 * The live rows of data file `entry` as Arrow batches (columns of `schema`, plus the lineage columns when
 * `lineage`, in the read path's Arrow types), in file order, with `deletes` applied as a mask per batch:
 * what compaction streams to the writer without building row objects. Lineage values absent from the file
 * are filled as {@link readLiveRows} fills them.
 */
export async function* readLiveBatches(state: TableState, entry: ManifestEntry, deletes: readonly ManifestEntry[], schema: Schema, opts: { readonly lineage?: boolean; readonly signal?: AbortSignal } = {}): AsyncGenerator<RecordBatch> {
  const { f, meta, task, cache, td } = await openLiveRead(state, entry, deletes, schema, opts.lineage === true, opts.signal);
  let pos = 0;
  for await (const read of readTask({ meta, files: state.files, deleteCache: cache }, task, opts.signal)) {
    const n = read.numRows;
    const batch = opts.lineage ? withLineage(read, pos, f.firstRowId, entry.sequenceNumber) : read;
    let keep: Uint8Array | undefined;
    if (td.hasPositionDeletes || td.equality.length) {
      const eq = equalityTest(batch, td.equality, schema);
      keep = new Uint8Array(n);
      for (let i = 0; i < n; i++) keep[i] = td.isPositionDeleted(pos + i) || eq(i) ? 0 : 1;
    }
    pos += n;
    const out = keep ? takeRows(batch, maskToIndices(keep)) : batch;
    if (out.numRows > 0) yield out;
  }
  if (BigInt(pos) !== f.recordCount) {
    throw messageError('DataInvalid', 'error.iceberg.rewrite.rowCount', { file: f.filePath, rows: pos, recorded: String(f.recordCount) }, { file: f.filePath });
  }
}

/**
 * The batch with its last two columns (`_row_id`, `_last_updated_sequence_number`) filled where null: the
 * row id from `first_row_id + position`, the sequence number from the file's (spec "Row Lineage").
 */
function withLineage(batch: RecordBatch, first: number, firstRowId: bigint | undefined, seq: bigint): RecordBatch {
  const n = batch.numRows;
  const kids = batch.data.children;
  const fill = (d: Data, value: (i: number) => bigint | undefined): Data => {
    if (d.nullCount === 0) return d;
    const src = d.values as BigInt64Array;
    const out = new BigInt64Array(n);
    const bits = new Uint8Array((n + 7) >> 3);
    let nulls = 0;
    for (let i = 0; i < n; i++) {
      const v = d.getValid(i) ? src[i] : value(i);
      if (v === undefined) { nulls++; continue; }
      out[i] = v; bits[i >> 3] |= 1 << (i & 7);
    }
    return makeData({ type: d.type as Int64, length: n, nullCount: nulls, nullBitmap: nulls ? bits : undefined, data: out });
  };
  const k = kids.length;
  const children = [...kids.slice(0, k - 2),
    fill(kids[k - 2], (i) => (firstRowId === undefined ? undefined : firstRowId + BigInt(first + i))),
    fill(kids[k - 1], () => seq)];
  return new RecordBatch(batch.schema, makeData({ type: batch.data.type, length: n, nullCount: 0, children }));
}

/** A test for "row i matches an equality delete" over the batch's columns. */
function equalityTest(batch: RecordBatch, sets: readonly { ids: readonly number[]; keys: ReadonlySet<string> }[], schema: Schema): (i: number) => boolean {
  if (sets.length === 0) return () => false;
  const names = batch.schema.fields.map((x) => x.name);
  const tests = sets.map((s) => {
    const getters = s.ids.map((id) => {
      const chain = structChain(schema.fields, id);
      const j = chain ? names.indexOf(chain[0].name) : -1;
      if (!chain || j < 0) throw messageError('Unsupported', 'error.iceberg.rewrite.eqColumn', { id: String(id) }, { fieldId: id });
      return nestedGetter(batch.data.children[j], chain);
    });
    return (i: number) => s.keys.has(getters.map((g) => valueKey(g(i))).join('\u0001'));
  });
  return (i) => tests.some((t) => t(i));
}
