/**
 * The diff page's worker handlers (issue 15): the metadata diff of two versions, the row diff run once
 * in the worker (progress events while it reads, cancelled by the call's signal) and kept here under an
 * id so the page streams its rows page by page (filtered by kind, partition and changed column) for a
 * virtualised view, and the change log between two versions.
 */
import { changes, diffContext, diffRowsOf, tableDiffOf, type ChangeLogDto, type ChangedRowDto, type DiffRowDto, type RowDiffDto, type TableDiffDto } from '../core/api/index.ts';
import type { LakeTable } from '../core/formats/table-format.ts';
import type { CallContext } from './rpc.ts';
import { internalError, messageError } from '../core/message-error.ts';

interface TableRef { readonly tableId: string }
interface DiffRequest extends TableRef {
  /** Version ids, branch or tag names. */
  readonly from: string;
  readonly to: string;
}

/** Row diffs kept at once; opening one more drops the least recently used. */
const MAX_ROW_DIFFS = 4;

/**
 * What `openRowDiff` returns: everything of the row diff but its rows, which come by `readRowDiff`, and
 * the columns any changed row changed (in column order), so the page can show those first.
 */
export type RowDiffSummaryDto = Omit<RowDiffDto, 'added' | 'removed' | 'changed'> & { readonly diffId: string; readonly changedColumns: readonly string[] };

export type RowDiffKind = 'added' | 'removed' | 'changed';

/** A page of a row diff's rows of one kind, after filters; `total` counts the filtered rows. */
export type RowDiffPageDto =
  | { readonly kind: 'added' | 'removed'; readonly offset: number; readonly total: number; readonly rows: readonly DiffRowDto[] }
  | { readonly kind: 'changed'; readonly offset: number; readonly total: number; readonly rows: readonly ChangedRowDto[] };

/** Handlers over row diffs; `tableOf` resolves a table id (NotFound when closed). */
export function createDiffHandlers(tableOf: (ref: TableRef) => Promise<{ readonly table: LakeTable; readonly root: string }>) {
  const diffs = new Map<string, { diff: RowDiffDto; tableId: string }>();
  let next = 1;
  const diffOf = (id: string): RowDiffDto => {
    const d = diffs.get(id);
    if (!d) throw messageError('NotFound', 'error.worker.diffClosed', undefined, { diffId: id });
    diffs.delete(id); // re-insert: most recently used last
    diffs.set(id, d);
    return d.diff;
  };

  return {
    /** Row diffs kept: state a recycled worker could not re-create. Not a call of the page. */
    openRowDiffs: (): number => diffs.size,
    /** The metadata diff: files, deletes, totals, schema, specs, refs, partition map (no data file read). */
    async diffTables(p: DiffRequest, ctx: CallContext): Promise<TableDiffDto> {
      const { table } = await tableOf(p);
      ctx.progress({ phase: 'plan', done: 0, total: 2 });
      const [c, specs, sortOrders] = await Promise.all([
        diffContext(table, { version: p.from }, { version: p.to }, ctx.signal), table.partitionSpecs(ctx.signal), table.sortOrders(ctx.signal),
      ]);
      ctx.progress({ phase: 'plan', done: 2, total: 2 });
      return tableDiffOf(c, { specs, sortOrders });
    },

    /**
     * Runs the row diff (reads only the tasks that differ), reporting `read` progress (tasks done of
     * total, bytes), and keeps it for `readRowDiff`. Aborting the call stops the reads (Aborted).
     */
    async openRowDiff(p: DiffRequest & { key?: string[] }, ctx: CallContext): Promise<RowDiffSummaryDto> {
      const { table } = await tableOf(p);
      ctx.progress({ phase: 'plan', done: 0, total: 2 });
      const c = await diffContext(table, { version: p.from }, { version: p.to }, ctx.signal);
      const diff = await diffRowsOf(c, { signal: ctx.signal, onProgress: ctx.progress, ...(p.key ? { key: p.key } : {}) });
      const diffId = `d${next++}`;
      diffs.set(diffId, { diff, tableId: p.tableId });
      while (diffs.size > MAX_ROW_DIFFS) diffs.delete(diffs.keys().next().value as string);
      const { added: _a, removed: _r, changed: _c, ...summary } = diff;
      const changedColumns = new Set(diff.changed.flatMap((c) => c.changedColumns));
      return { diffId, ...summary, changedColumns: diff.columns.filter((c) => changedColumns.has(c)) };
    },

    /** A page of rows of one kind; `partition` keeps rows of that partition, `column` changed rows where that column changed. */
    async readRowDiff(p: { diffId: string; kind: RowDiffKind; offset: number; limit: number; partition?: string; column?: string }): Promise<RowDiffPageDto> {
      const d = diffOf(p.diffId);
      const limit = Math.max(0, Math.min(p.limit, 10_000));
      const offset = Math.max(0, p.offset);
      const inPartition = (r: DiffRowDto) => p.partition === undefined || r.provenance.partition === p.partition;
      if (p.kind === 'changed') {
        const rows = d.changed.filter((c) => (inPartition(c.before) || inPartition(c.after)) && (p.column === undefined || c.changedColumns.includes(p.column)));
        return { kind: 'changed', offset, total: rows.length, rows: rows.slice(offset, offset + limit) };
      }
      // The page asks only for the kinds it shows (a typed RpcMethods call): another kind is a bug of ours.
      if (p.kind !== 'added' && p.kind !== 'removed') throw internalError(`worker: unknown row diff kind "${String(p.kind)}"`);
      const rows = d[p.kind].filter(inPartition);
      return { kind: p.kind, offset, total: rows.length, rows: rows.slice(offset, offset + limit) };
    },

    async closeRowDiff(p: { diffId: string }): Promise<boolean> {
      return diffs.delete(p.diffId);
    },

    /** The change log after `from` up to `to` (the format's own where it has one), at most `limit` rows. */
    async changes(p: DiffRequest & { limit?: number; key?: string[] }, ctx: CallContext): Promise<ChangeLogDto> {
      const { table } = await tableOf(p);
      return changes(table, { version: p.from }, { version: p.to }, { signal: ctx.signal, onProgress: ctx.progress, limit: p.limit ?? 10_000, ...(p.key ? { key: p.key } : {}) });
    },

    /** Forgets the row diffs of a warehouse's tables (on disconnect). */
    forgetWarehouseDiffs(warehouseId: string): void {
      for (const [id, d] of [...diffs]) if (d.tableId.startsWith(`${warehouseId}|`)) diffs.delete(id);
    },
  };
}
