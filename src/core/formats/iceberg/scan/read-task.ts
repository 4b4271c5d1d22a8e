/**
 * Reading one file scan task to Arrow record batches, one Parquet row group at a time (bounded memory):
 * project the file's columns onto the read schema by field id, fill absent columns (identity partition
 * value, `initial-default`, null), drop deleted rows (deletion vectors, position and equality deletes),
 * apply the residual filter, keep the requested columns and stop at the limit.
 */
import { type Data, Field, type RecordBatch } from 'apache-arrow';
import { batchFromColumns } from '../../../arrow/columns.ts';
import { LakeError, throwIfAborted } from '../../../errors.ts';
import { bindExpr } from '../../../expr/bind.ts';
import { type BoundExpr, referencedIds } from '../../../expr/expr.ts';
import { evaluateRow } from '../../../expr/row-evaluator.ts';
import { named } from '../io/decoding.ts';
import type { TableFiles } from '../io/table-files.ts';
import { type Schema, schemaLookup } from '../spec/schema.ts';
import { type TableMetadata, currentSchema, findSchema, findSpec } from '../spec/table-metadata.ts';
import type { NestedField } from '../spec/types.ts';
import { maskToIndices, takeData } from '../../../arrow/take.ts';
import { constantData } from './arrow-types.ts';
import { type Getter, nestedGetter } from './arrow-values.ts';
import { valueKey } from './delete-index.ts';
import { type DeleteCache, type TaskDeletes, NO_DELETES, chainLookup, loadTaskDeletes } from './deletes.ts';
import { type NameMapping, conformData, missingFieldData, resolveChild } from './file-projection.ts';
import { orcFileBatches, type PositionedBatch } from './orc-file.ts';
import { parquetFileBatches } from './parquet-file.ts';
import { canPreview, previewBatch } from './preview-read.ts';
import type { FileScanTask } from './task.ts';
import { messageError } from '../../../message-error.ts';

/** What reading needs from the table object. */
export interface ReadContext {
  readonly meta: TableMetadata;
  readonly files: TableFiles;
  readonly deleteCache: DeleteCache;
  readonly nameMapping?: readonly NameMapping[];
  /** Files at least this large read a small `limit` of rows with ranged reads (preview-read.ts). */
  readonly previewMinFileSize?: number;
}

/** Reads a task. Must hold: rows come out in file order; no deleted or filtered row and nothing past `limit`. */
export async function* readTask(ctx: ReadContext, task: FileScanTask, signal?: AbortSignal): AsyncGenerator<RecordBatch> {
  try {
    yield* readTaskUnnamed(ctx, task, signal);
  } catch (e) {
    throw named(e, 'iceberg read', task.path);
  }
}

async function* readTaskUnnamed(ctx: ReadContext, task: FileScanTask, signal?: AbortSignal): AsyncGenerator<RecordBatch> {
  const { meta, files } = ctx;
  const schema = findSchema(meta, task.schemaId);
  if (!schema) throw messageError('DataInvalid', 'error.iceberg.read.schema', { id: task.schemaId }, { file: task.path });
  if (task.format !== 'parquet' && task.format !== 'orc') {
    throw messageError('Unsupported', 'error.iceberg.read.format', { format: task.format, file: task.path }, { file: task.path });
  }
  const output = task.projectedIds.map((id) => schema.fields.find((f) => f.id === id) ?? missing(id, task.path));
  if (canPreview(task, output, ctx.previewMinFileSize)) {
    const batch = await previewBatch(files, task, output, identityValues(meta, task), signal);
    if (batch !== undefined) {
      if (batch) yield batch;
      return;
    }
  }
  const residual = task.residual ? bindExpr(task.residual, schemaLookup(schema)) : undefined;
  const chains = chainLookup([schema.fields, currentSchema(meta).fields, ...[...meta.schemas].reverse().map((s) => s.fields)]);
  const deletes = task.deletes.length === 0 ? NO_DELETES : await loadTaskDeletes(files, ctx.deleteCache, task.path, task.deletes, chains, signal);
  const needed = neededColumns(output, residual, deletes, chains);

  const identity = identityValues(meta, task);
  let emitted = 0;
  for await (const { batch, first } of fileBatches(ctx, task, schema, residual, needed, signal)) {
    throwIfAborted(signal, 'iceberg read');
    const n = batch.numRows;
    const columns = new Map<number, Data>();
    for (const f of needed) {
      const j = resolveChild(batch.schema.fields, f, ctx.nameMapping);
      columns.set(f.id, j >= 0 ? conformData(batch.data.children[j], f.type, ctx.nameMapping?.find((m) => m.fieldId === f.id)?.fields, f.name)
        : identity.has(f.id) ? constantData(f.type, identity.get(f.id)!, n) : missingFieldData(f, n));
    }
    const keep = rowMask(n, first, columns, deletes, residual, chains);
    let idx = keep ? maskToIndices(keep) : undefined;
    const count = idx ? idx.length : n;
    if (task.limit !== undefined && emitted + count > task.limit) {
      idx = (idx ?? Int32Array.from({ length: n }, (_, i) => i)).subarray(0, task.limit - emitted);
    }
    const rows = idx ? idx.length : n;
    if (rows > 0) {
      const children = output.map((f) => (idx ? takeData(columns.get(f.id)!, idx) : columns.get(f.id)!));
      yield makeBatch(output, children, rows);
      emitted += rows;
    }
    if (task.limit !== undefined && emitted >= task.limit) return;
  }
}

function missing(id: number, path: string): never {
  throw messageError('DataInvalid', 'error.iceberg.read.projected', { id }, { file: path });
}

/** The file's batches with the position of each one's first row: Parquet row groups, or ORC stripes. */
function fileBatches(ctx: ReadContext, task: FileScanTask, schema: Schema, residual: BoundExpr | undefined, needed: readonly NestedField[], signal?: AbortSignal): AsyncGenerator<PositionedBatch> {
  return task.format === 'orc'
    ? orcFileBatches(ctx.files, task, schema, residual, needed.map((f) => f.id), signal)
    : parquetFileBatches(ctx.files, task, needed, ctx.nameMapping, signal);
}

/** Output columns, plus the top-level columns that hold residual and equality-delete fields. */
function neededColumns(output: readonly NestedField[], residual: BoundExpr | undefined, deletes: TaskDeletes, chains: (id: number) => NestedField[] | undefined): NestedField[] {
  const out = new Map(output.map((f) => [f.id, f]));
  const ids = [...(residual ? referencedIds(residual) : []), ...deletes.equality.flatMap((e) => e.ids)];
  for (const id of ids) {
    const chain = chains(id);
    if (chain && !out.has(chain[0].id)) out.set(chain[0].id, chain[0]);
  }
  return [...out.values()];
}

/** Identity partition values by source field id (spec "Column Projection": used for columns absent from the file). */
function identityValues(meta: TableMetadata, task: FileScanTask): Map<number, FileScanTask['partition'][number]> {
  const out = new Map<number, FileScanTask['partition'][number]>();
  findSpec(meta, task.specId)?.fields.forEach((f, i) => {
    if (f.transform.kind === 'identity' && f.sourceIds.length === 1 && task.partition[i] !== undefined) out.set(f.sourceIds[0], task.partition[i]);
  });
  return out;
}

/** Rows to keep (undefined = all): not deleted, and matching the residual filter. */
function rowMask(n: number, base: number, columns: Map<number, Data>, deletes: TaskDeletes, residual: BoundExpr | undefined, chains: (id: number) => NestedField[] | undefined): Uint8Array | undefined {
  if (!deletes.hasPositionDeletes && deletes.equality.length === 0 && !residual) return undefined;
  const keep = new Uint8Array(n).fill(1);
  const getter = (id: number): Getter => {
    const chain = chains(id);
    const top = chain && columns.get(chain[0].id);
    return chain && top ? nestedGetter(top, chain) : () => null;
  };
  if (deletes.hasPositionDeletes) for (let i = 0; i < n; i++) if (deletes.isPositionDeleted(base + i)) keep[i] = 0;
  for (const eq of deletes.equality) {
    const getters = eq.ids.map(getter);
    for (let i = 0; i < n; i++) if (keep[i] && eq.keys.has(getters.map((g) => valueKey(g(i))).join('\u0001'))) keep[i] = 0;
  }
  if (residual) {
    const getters = new Map<number, Getter>();
    for (const id of referencedIds(residual)) getters.set(id, getter(id));
    for (let i = 0; i < n; i++) if (keep[i] && !evaluateRow(residual, (ref) => getters.get(ref.id)!(i))) keep[i] = 0;
  }
  return keep;
}

function makeBatch(fields: readonly NestedField[], children: Data[], length: number): RecordBatch {
  return batchFromColumns(fields.map((f, i) => new Field(f.name, children[i].type, !f.required)), children, length);
}

