/**
 * The reads of an open table beyond its overview and tree (worker side): scan explain, deleted rows,
 * partition stats, table health, paged row cursors and the raw file decoder. engine.ts imports this module
 * on the first of these calls (issue 17): it reaches Arrow (row cursors), ORC (raw files) and the planner's
 * views, which opening a deep link's table does not need. Cursors hold readers, so they live here and the
 * page only holds their ids.
 */
import {
  RowCursor, deletedRows, explainScan, partitionStats, readRawFile, tableHealth,
  type DeletedRowsDto, type PartitionStatsDto, type TableHealthDto, type RowCursorDto, type RowPageDto, type ScanExplainDto,
} from '../core/api/index.ts';
import type { TreeNode, VersionSelector } from '../core/formats/table-format.ts';
import type { Storage } from '../core/io/storage.ts';
import { tableRootStorage } from '../core/io/table-root.ts';
import { folderPrefix } from '../core/api/listing.ts';
import type { OpenTable } from './engine-tables.ts';
import type { CallContext } from './rpc.ts';
import { messageError } from '../core/message-error.ts';

interface WarehouseRef { readonly warehouseId: string }
interface TableRef { readonly tableId: string }

/** Cursors kept at once; opening one more closes the least recently used. */
const MAX_CURSORS = 8;

/**
 * Reads of tables opened by engine-tables.ts; `tableOf` resolves a table id and `storageOf` a warehouse id
 * (both throw NotFound when closed).
 */
export function createTableReadHandlers(storageOf: (ref: WarehouseRef) => Storage, tableOf: (ref: TableRef) => Promise<OpenTable>) {
  const cursors = new Map<string, { cursor: RowCursor; tableId: string }>();
  let nextCursor = 1;
  const cursorOf = (id: string): RowCursor => {
    const c = cursors.get(id);
    if (!c) throw messageError('NotFound', 'error.worker.cursorClosed', undefined, { cursorId: id });
    cursors.delete(id); // re-insert: most recently used last
    cursors.set(id, c);
    return c.cursor;
  };

  return {
    async explain(p: TableRef & VersionSelector & { filter?: string; columns?: string[] }, ctx: CallContext): Promise<ScanExplainDto> {
      const t = await tableOf(p);
      ctx.progress({ phase: 'plan', done: 0 });
      return explainScan(t.table, t.root, { ...p, signal: ctx.signal });
    },

    /**
     * The (data file, position) pairs a delete file or deletion vector node of `tree` deletes, and with
     * `withRows` the rows at them (core/api deleted-rows.ts). The node is given back as `tree` sent it.
     */
    async deletedRows(p: TableRef & VersionSelector & { node: TreeNode; withRows?: boolean }, ctx: CallContext): Promise<DeletedRowsDto> {
      const t = await tableOf(p);
      ctx.progress({ phase: 'deletes', done: 0, current: p.node.label });
      const loc = p.node.location;
      const node = loc !== undefined && loc.startsWith(t.root) ? { ...p.node, location: loc.slice(t.root.length) } : p.node;
      const storage = tableRootStorage(storageOf({ warehouseId: t.warehouseId }), folderPrefix(t.root));
      return deletedRows(t.table, storage, folderPrefix(t.root), node, { version: p.version, asOfTimestampMs: p.asOfTimestampMs, withRows: p.withRows, signal: ctx.signal });
    },

    async partitionStats(p: TableRef & VersionSelector, ctx: CallContext): Promise<PartitionStatsDto> {
      const t = await tableOf(p);
      return partitionStats(t.table, { version: p.version, asOfTimestampMs: p.asOfTimestampMs }, ctx.signal);
    },

    /**
     * The table-health view of a version (core/api tableHealth): files, deletes, history and recommendations.
     * `storageRefusal` is why the warehouse cannot be written (the writes bar's access check), so the
     * recommendations say why their action is unavailable here.
     */
    async tableHealth(p: TableRef & VersionSelector & { storageRefusal?: string }, ctx: CallContext): Promise<TableHealthDto> {
      const t = await tableOf(p);
      ctx.progress({ phase: 'plan', done: 0 });
      return tableHealth(t.table, { version: p.version, asOfTimestampMs: p.asOfTimestampMs }, {
        signal: ctx.signal, ...(p.storageRefusal ? { capabilities: { storageRefusal: p.storageRefusal } } : {}),
      });
    },

    async openRows(p: TableRef & VersionSelector & { filter?: string; columns?: string[]; changesSince?: string }, ctx: CallContext): Promise<RowCursorDto> {
      const t = await tableOf(p);
      const cursor = await RowCursor.open(t.table, { ...p, signal: ctx.signal });
      const cursorId = `c${nextCursor++}`;
      cursors.set(cursorId, { cursor, tableId: p.tableId });
      while (cursors.size > MAX_CURSORS) {
        const [oldest, c] = cursors.entries().next().value as [string, { cursor: RowCursor }];
        c.cursor.close();
        cursors.delete(oldest);
      }
      return { cursorId, ...cursor.info };
    },

    async readRows(p: { cursorId: string; offset: number; limit: number }, ctx: CallContext): Promise<RowPageDto> {
      const cursor = cursorOf(p.cursorId);
      ctx.progress({ phase: 'read', done: 0 });
      return cursor.page(p.offset, p.limit, ctx.signal);
    },

    async closeRows(p: { cursorId: string }): Promise<boolean> {
      const c = cursors.get(p.cursorId);
      c?.cursor.close();
      return cursors.delete(p.cursorId);
    },

    async rawFile(p: WarehouseRef & { key: string; offset?: number; limit?: number }, ctx: CallContext) {
      return readRawFile(storageOf(p), p.key, { offset: p.offset, limit: p.limit, signal: ctx.signal });
    },

    /** Open row cursors: state a recycled worker could not re-create. Not a call of the page. */
    openCursors: (): number => cursors.size,

    /** Closes every cursor of a warehouse's tables (on disconnect). Not a call of the page. */
    forgetWarehouseCursors(warehouseId: string): void {
      for (const [id, c] of [...cursors]) if (c.tableId.startsWith(`${warehouseId}|`)) { c.cursor.close(); cursors.delete(id); }
    },
  };
}
