/**
 * Appending Arrow data: record batches (or a table) whose columns match the current schema by name and
 * carry the Arrow types the read path returns for each Iceberg type (scan/arrow-types.ts: Int64 for long,
 * Timestamp(µs, 'UTC') for timestamptz, Decimal128 for decimal …). Values are taken exactly from the Arrow
 * buffers (arrow-rows.ts), then written as for row objects.
 */
import type { RecordBatch, Table } from 'apache-arrow';
import type { ChangeResult } from '../../../commit/change-preview.ts';
import type { Storage } from '../../../io/storage.ts';
import { currentSchema } from '../spec/table-metadata.ts';
import { type AppendOptions, appendRows } from './append.ts';
import { reader } from './arrow-rows.ts';
import { loadTableState } from './table-state.ts';
import { messageError } from '../../../message-error.ts';

/** Appends every row of `data`; a schema column missing from the batches is written as null (refused if required). */
export async function appendArrow(storage: Storage, data: Table | readonly RecordBatch[], opts: AppendOptions = {}): Promise<ChangeResult> {
  const base = opts.base ?? await loadTableState(storage, opts.signal);
  const schema = currentSchema(base.metadata);
  const batches = Array.isArray(data) ? data as readonly RecordBatch[] : (data as Table).batches;
  const rows: Record<string, unknown>[] = [];
  for (const batch of batches) {
    const names = batch.schema.fields.map((f) => f.name);
    const extra = names.filter((n) => !schema.fields.some((f) => f.name === n));
    if (extra.length) throw messageError('DataInvalid', 'error.iceberg.write.extraColumns', { columns: extra.join(', ') }, { column: extra[0] });
    const readers = schema.fields.map((f) => {
      const j = names.indexOf(f.name);
      return j < 0 ? () => null : reader(batch.data.children[j], f.type);
    });
    for (let i = 0; i < batch.numRows; i++) {
      const row: Record<string, unknown> = {};
      schema.fields.forEach((f, k) => { row[f.name] = readers[k](i); });
      rows.push(row);
    }
  }
  return appendRows(storage, rows, { ...opts, base });
}
