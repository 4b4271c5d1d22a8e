/**
 * Reading one planned split: its files (schema-evolved, deletion vectors applied), merged per key for
 * primary-key buckets, filtered by the residual predicate and projected to the requested columns.
 */
import type { Data, RecordBatch } from 'apache-arrow';
import { filterRows, selectColumns } from '../../../arrow/index.ts';
import { throwIfAborted } from '../../../errors.ts';
import { evaluateRow, type BoundExpr, type Value } from '../../../expr/index.ts';
import type { Storage } from '../../../io/storage.ts';
import { parseDeletionVectorAt } from '../spec/deletion-vector.ts';
import { keyFields, type TableSchema } from '../spec/schema.ts';
import { internalValueReader } from './arrow-type.ts';
import { readDataFile } from './data-file.ts';
import { mergeBucket, type MergeInput } from './merge.ts';
import type { PaimonMetadata } from '../io/metadata.ts';
import type { PaimonTask, PaimonTaskFile } from './task.ts';

export interface ReadContext {
  readonly storage: Storage;
  readonly meta: PaimonMetadata;
  readonly signal?: AbortSignal;
}

/**
 * Yields the rows of a split. Must hold: append splits yield every non-deleted row once; merge splits
 * yield one row per live key (see merge.ts); rows not matching `task.filter` are dropped; the batches
 * have exactly `task.columns`.
 */
export async function* readTask(ctx: ReadContext, task: PaimonTask): AsyncGenerator<RecordBatch> {
  const readSchema = await ctx.meta.schema(task.readSchemaId, ctx.signal);
  const finish = (b: RecordBatch): RecordBatch | undefined => {
    const filtered = task.filter ? applyFilter(b, task.filter, readSchema) : b;
    return filtered.numRows === 0 ? undefined : selectColumns(filtered, task.columns);
  };
  if (task.mode === 'append') {
    for (const file of task.files) {
      for await (const b of fileBatches(ctx, task, file, readSchema, false)) {
        const out = finish(b);
        if (out) yield out;
      }
    }
    return;
  }
  const inputs: MergeInput[] = [];
  for (const [order, file] of task.files.entries()) {
    for await (const b of fileBatches(ctx, task, file, readSchema, true)) inputs.push({ batch: b, level: file.level, order });
  }
  throwIfAborted(ctx.signal, 'paimon read');
  const keys = keyFields(readSchema).map((f) => f.name);
  for (const b of mergeBucket(inputs, keys, task.mode, task.ignoreDelete)) {
    const out = finish(b);
    if (out) yield out;
  }
}

async function* fileBatches(ctx: ReadContext, task: PaimonTask, file: PaimonTaskFile, readSchema: TableSchema, systemColumns: boolean): AsyncGenerator<RecordBatch> {
  const fileSchema = file.schemaId === readSchema.id ? readSchema : await ctx.meta.schema(file.schemaId, ctx.signal);
  const dv = file.deletionVector;
  const deletionVector = dv
    ? parseDeletionVectorAt(await ctx.meta.indexFile(dv.indexFile, ctx.signal, dv.indexFileSize), { dataFileName: file.fileName, offset: dv.offset, length: dv.length }, `index/${dv.indexFile}`)
    : undefined;
  void task;
  yield* readDataFile({ storage: ctx.storage, file, fileSchema, readSchema, systemColumns, deletionVector, signal: ctx.signal });
}

/** Keeps the rows for which the bound filter is true (SQL semantics: unknown drops the row). */
function applyFilter(batch: RecordBatch, filter: BoundExpr, schema: TableSchema): RecordBatch {
  const readers = new Map<number, { data: Data; read: (d: Data, i: number) => Value | null }>();
  for (const f of schema.fields) {
    const k = batch.schema.fields.findIndex((x) => x.name === f.name);
    if (k < 0) continue;
    const data = batch.data.children[k]!;
    const read = internalValueReader(f.type, data.type);
    if (read) readers.set(f.id, { data, read });
  }
  const keep = new Uint8Array(batch.numRows);
  for (let i = 0; i < keep.length; i++) {
    keep[i] = evaluateRow(filter, (ref) => {
      const r = readers.get(ref.id);
      return r ? r.read(r.data, i) : undefined;
    }) ? 1 : 0;
  }
  return filterRows(batch, keep);
}
