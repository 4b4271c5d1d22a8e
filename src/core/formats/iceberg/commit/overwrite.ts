/**
 * Overwriting by filter (Spark's `INSERT OVERWRITE … WHERE` / Java `OverwriteFiles.overwriteByRowFilter`
 * generalised): the rows matching the filter are deleted copy-on-write — files wholly matching are removed,
 * partly matching ones rewritten without those rows — and the new rows are added, all in one `overwrite`
 * snapshot, so readers see either the old rows or the new ones, never both or neither.
 */
import type { ChangeResult } from '../../../commit/change-preview.ts';
import { described, noted, textRef } from '../../../commit/preview-text.ts';
import { bindExpr } from '../../../expr/bind.ts';
import type { Expr } from '../../../expr/expr.ts';
import { parseWhere } from '../../../expr/parse.ts';
import { evaluateRow } from '../../../expr/row-evaluator.ts';
import type { Storage } from '../../../io/storage.ts';
import { schemaLookup } from '../spec/schema.ts';
import { currentSchema, findSnapshot, findSpec } from '../spec/table-metadata.ts';
import { applyDeletes, planDeletes, rowAccessor } from './delete-rows.ts';
import { type ApplyOptions, NEXT_METADATA, type PreparedOperation, totalsOf } from './prepared-operation.ts';
import type { Row } from './row-values.ts';
import { normalizeRow } from './row-values.ts';
import { loadTableState } from './table-state.ts';
import { MAIN_BRANCH } from './table-update.ts';
import { FileNamer, writeDataFiles } from './write-data-files.ts';
import { messageError } from '../../../message-error.ts';

export interface OverwriteOptions {
  readonly branch?: string;
  /** Refuse new rows that do not match the filter (default true, as Spark's overwrite-by-filter validation). */
  readonly validateRows?: boolean;
  readonly signal?: AbortSignal;
}

/** Previews replacing the rows matching `filter` by `rows`. */
export async function prepareOverwrite(storage: Storage, filter: Expr | string, rows: readonly Row[], opts: OverwriteOptions = {}): Promise<PreparedOperation> {
  const state = await loadTableState(storage, opts.signal);
  const meta = state.metadata;
  const schema = currentSchema(meta);
  const bound = bindExpr(typeof filter === 'string' ? parseWhere(filter) : filter, schemaLookup(schema));
  if (opts.validateRows !== false) {
    const access = rowAccessor(schema);
    rows.forEach((r, i) => {
      if (!evaluateRow(bound, access(normalizeRow(r, schema.fields, i)))) {
        throw messageError('DataInvalid', 'error.iceberg.write.overwriteRow', { row: i }, { row: i });
      }
    });
  }
  const branch = opts.branch ?? MAIN_BRANCH;
  const files = await planDeletes(state, bound, 'copy-on-write', branch, opts.signal);
  const head = meta.refs.find((r) => r.name === branch);
  const before = totalsOf(head ? findSnapshot(meta, head.snapshotId) : undefined);
  const removedRows = files.reduce((n, f) => n + f.matched.length, 0);
  return {
    preview: {
      operation: 'overwrite',
      ...described(textRef('note.write.iceberg.overwrite', { removed: removedRows, added: rows.length, files: files.length })),
      writes: [{ key: 'data/<new files>', kind: 'data', ...noted(textRef('note.write.iceberg.rows', { count: rows.length })) }, NEXT_METADATA], deletes: [],
      before, after: { rows: before.rows === undefined ? undefined : before.rows - BigInt(removedRows) + BigInt(rows.length), rowsLive: before.rowsLive },
      warnings: [], details: { removedRows, addedRows: rows.length, files: files.length },
    },
    apply: async (o: ApplyOptions = {}) => {
      const written = await writeDataFiles(state, rows, schema, findSpec(meta, meta.defaultSpecId)!, new FileNamer(), { signal: o.signal });
      const r: ChangeResult = await applyDeletes(storage, state, files, 'copy-on-write', branch, o, { files: written });
      return r;
    },
  };
}
