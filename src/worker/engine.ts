/**
 * The engine as the page sees it: the worker-side handlers of every call the UI makes. The worker keeps
 * each opened warehouse's Storage (and so its credentials) in memory under an opaque id; the page only
 * ever holds the id and the DTOs.
 */
import { detectTableFormat } from '../core/api/detect-table-format.ts';
import { listFolder } from '../core/api/list-folder.ts';
import { prefetchTableOpen } from '../core/api/open-prefetch.ts';
import { readObjectPreview } from '../core/api/object-preview.ts';
import { openWarehouse } from '../core/api/open-warehouse.ts';
import { scanWarehouse } from '../core/api/scan-warehouse.ts';
import { listTableFiles } from '../core/api/table-files.ts';
import type { TableFormatName, WarehouseDto } from '../core/api/dto.ts';
import type { OpenTableOptions } from '../core/api/open-table.ts';
import type { MessageRef } from '../core/messages/en.ts';
import type { Storage } from '../core/io/storage.ts';
import { WarmReads } from '../core/io/warm-reads.ts';
import type { ConnectionSpec } from './connection.ts';
import { connectionLabel, connectionLabelMessage } from './connection-label.ts';
import type { createDiffHandlers } from './engine-diff.ts';
import { createLinkedOpen } from './engine-linked.ts';
import { createPaimonHandlers } from './engine-paimon.ts';
import type { createSandboxHandlers, SandboxTargets } from './engine-sandbox.ts';
import type { createStoryHandlers } from './engine-story.ts';
import { createSqlHandlers } from './engine-sql.ts';
import type { createTableReadHandlers } from './engine-table-reads.ts';
import { createTableHandlers, mark, sendOutlineSketch } from './engine-tables.ts';
import { OpRegistry } from './engine-writes-dto.ts';
import type { createWriteHandlers } from './engine-writes.ts';
import { type AllCalls, lazyCalls, lazyModule } from './lazy-calls.ts';
import { type CallContext, withTransfer } from './rpc.ts';
import { messageError } from '../core/message-error.ts';

/**
 * Builds the Storage for a connection (adapters differ between the browser worker and tests). `warm`: reads a
 * deep link started before the storage was ready (engine-linked.ts), for a storage that can take them.
 */
export type StorageFactory = (spec: ConnectionSpec, signal: AbortSignal, warm?: WarmReads) => Promise<Storage>;

/** What the engine is built with besides its storage factory. */
export interface EngineOptions {
  readonly readers?: OpenTableOptions['readers'];
  readonly sandboxes?: SandboxTargets;
  /** A storage for `spec` usable before connect's own is ready (a static folder before its key list), if any. */
  readonly earlyStorage?: (spec: ConnectionSpec) => Storage | undefined;
}

/** Turns a failed connect's error into a more precise one (e.g. Cors that is really Auth); identity by default. */
export type ConnectErrorRefiner = (error: unknown, spec: ConnectionSpec, signal: AbortSignal) => Promise<unknown>;

export interface Connected {
  readonly warehouseId: string;
  /** Secret-free name (English). */
  readonly label: string;
  /** The name as a catalog message, drawn in the reader's language. */
  readonly labelMessage: MessageRef;
  readonly warehouse: WarehouseDto;
}

interface WarehouseRef { readonly warehouseId: string }

/** What a fresh worker is given to stand in for a recycled one (engine-host.ts): the warehouses and tables it had open. */
export interface EngineRestore {
  readonly warehouses: readonly { readonly warehouseId: string; readonly spec: ConnectionSpec }[];
  readonly tables: readonly { readonly warehouseId: string; readonly root: string; readonly format: TableFormatName; readonly state?: string }[];
}

type TableReadHandlers = ReturnType<typeof createTableReadHandlers>;
type DiffHandlers = ReturnType<typeof createDiffHandlers>;
type WriteHandlers = ReturnType<typeof createWriteHandlers>;
type SandboxHandlers = ReturnType<typeof createSandboxHandlers>;
type StoryHandlers = ReturnType<typeof createStoryHandlers>;

// The calls of each group imported on first use; `AllCalls` fails to compile when a group gains a call not listed.
const TABLE_READ_CALLS = ['explain', 'deletedRows', 'partitionStats', 'tableHealth', 'openRows', 'readRows', 'closeRows', 'rawFile'] as const;
const DIFF_CALLS = ['diffTables', 'openRowDiff', 'readRowDiff', 'closeRowDiff', 'changes'] as const;
const WRITE_CALLS = ['writeAccess', 'writeCapabilities', 'prepareWrite', 'prepareCreate', 'applyOp', 'discardOp'] as const;
const SANDBOX_CALLS = ['copyToSandbox', 'findSandbox', 'removeSandbox', 'tableKeys', 'writeEffect'] as const;
const STORY_CALLS = ['storyPlan', 'tableStory'] as const;
const allListed: [
  AllCalls<TableReadHandlers, (typeof TABLE_READ_CALLS)[number]>, AllCalls<DiffHandlers, (typeof DIFF_CALLS)[number]>,
  AllCalls<WriteHandlers, (typeof WRITE_CALLS)[number]>, AllCalls<SandboxHandlers, (typeof SANDBOX_CALLS)[number]>,
  AllCalls<StoryHandlers, (typeof STORY_CALLS)[number]>,
] = [true, true, true, true, true];
void allListed;

/** The handler map served by the worker. Must hold: a failed connect keeps nothing (no stored credentials). */
export function createEngine(makeStorage: StorageFactory, refineError: ConnectErrorRefiner = async (e) => e, options: EngineOptions = {}) {
  return createEngineParts(makeStorage, refineError, options).handlers;
}

/**
 * The handlers and, beside them, `held()`: how many things the worker holds that a fresh worker could
 * not re-create from {@link EngineRestore} (row cursors, row diffs, prepared writes). The host recycles a
 * worker only while that is 0.
 */
export function createEngineParts(makeStorage: StorageFactory, refineError: ConnectErrorRefiner = async (e) => e, options: EngineOptions = {}) {
  const open = new Map<string, Storage>();
  let next = 1;
  const storageOf = (ref: WarehouseRef): Storage => {
    const s = open.get(ref.warehouseId);
    if (!s) throw messageError('NotFound', 'error.worker.warehouseGone', undefined, { warehouseId: ref.warehouseId });
    return s;
  };
  const tableHandlers = createTableHandlers(storageOf, options.readers);
  const { forgetWarehouse, reopenTable, tableOf, adoptTable, ...tableCalls } = tableHandlers;
  // What the first paint of a deep link needs (connect, openLinkedTable, openTable) is imported statically;
  // every other group is imported on its first call (lazy-calls.ts, issue 17). A group not loaded yet holds
  // nothing, so its hooks below are skipped until it is.
  // The reads of an open table (engine-table-reads.ts): row cursors stay here under an id.
  const reads = lazyModule(async () => (await import('./engine-table-reads.ts')).createTableReadHandlers(storageOf, tableOf));
  const readCalls = lazyCalls(reads, TABLE_READ_CALLS);
  // Diffs of two versions (engine-diff.ts): row diffs stay here under an id, paged out to the page.
  const diffs = lazyModule(async () => (await import('./engine-diff.ts')).createDiffHandlers(tableOf));
  const diffCalls = lazyCalls(diffs, DIFF_CALLS);
  // Writes by clicks (engine-writes.ts, engine-paimon.ts): prepared operations stay here under an id.
  const registry = new OpRegistry();
  const { forgetPaimonWarehouse, forgetPaimonTable, ...paimonCalls } = createPaimonHandlers(storageOf);
  // After a write: the explorer's table and any format view of it read the new state.
  const afterWrite = (warehouseId: string, root: string) => { reopenTable(warehouseId, root); forgetPaimonTable(warehouseId, root); };
  const writes = lazyModule(async () => (await import('./engine-writes.ts')).createWriteHandlers(storageOf, afterWrite, registry));
  const writeCalls = lazyCalls(writes, WRITE_CALLS);
  // SQL queries (engine-sql.ts): the engine is imported on the first query.
  const sqlCalls = createSqlHandlers(storageOf, options.readers);
  // Sandboxes (engine-sandbox.ts): copies into this browser's private storage, and what each write did there.
  const sandboxCalls = lazyCalls(lazyModule(async () => (await import('./engine-sandbox.ts')).createSandboxHandlers(storageOf, options.sandboxes)), SANDBOX_CALLS);
  // The story page (engine-story.ts): what each commit of a table wrote.
  const storyCalls = lazyCalls(lazyModule(async () => (await import('./engine-story.ts')).createStoryHandlers(storageOf, options.readers)), STORY_CALLS);

  const connectTo = async (spec: ConnectionSpec, ctx: CallContext, warm?: WarmReads): Promise<Connected> => {
    let storage: Storage;
    let warehouse: WarehouseDto;
    try {
      storage = await makeStorage(spec, ctx.signal, warm);
      warehouse = await openWarehouse(storage, { signal: ctx.signal });
    } catch (e) {
      throw await refineError(e, spec, ctx.signal);
    }
    // The UI bench reads when the key list was ready: a deep link's table opens only after it (engine-linked.ts).
    mark('lakescope:connected');
    const warehouseId = `w${next++}`;
    open.set(warehouseId, storage);
    return { warehouseId, label: connectionLabel(spec), labelMessage: connectionLabelMessage(spec), warehouse };
  };
  // A deep link's table, opened here as soon as its warehouse connects (engine-linked.ts).
  const linked = createLinkedOpen((p, ctx) => tableCalls.openTable(p, ctx), prefetchTableOpen, sendOutlineSketch);

  const handlers = {
    ...tableCalls,
    ...readCalls,
    openLinkedTable: linked.openLinkedTable,
    ...diffCalls,
    ...writeCalls,
    ...paimonCalls,
    ...sqlCalls,
    ...sandboxCalls,
    ...storyCalls,
    connect(spec: ConnectionSpec, ctx: CallContext): Promise<Connected> {
      // A deep link's table may start its first reads while this connect still waits for a key list.
      let storage: Storage | undefined;
      try {
        storage = options.earlyStorage?.(spec);
      } catch {
        // A URL connect itself refuses (it reports why): nothing to read early.
      }
      const early = storage ? { storage, warm: new WarmReads() } : undefined;
      const connected = connectTo(spec, ctx, early?.warm);
      linked.remember(spec, connected, early);
      return connected;
    },
    /**
     * Re-creates, in a fresh worker, the warehouses (storage only: no listing) and tables an earlier
     * worker had open, under the same ids; tables are opened again on their first use.
     */
    async restore(p: EngineRestore, ctx: CallContext): Promise<number> {
      for (const w of p.warehouses) {
        if (!open.has(w.warehouseId)) open.set(w.warehouseId, await makeStorage(w.spec, ctx.signal));
        const n = Number(/^w(\d+)$/.exec(w.warehouseId)?.[1] ?? 0);
        if (n >= next) next = n + 1;
      }
      for (const t of p.tables) if (open.has(t.warehouseId)) adoptTable(t);
      return open.size;
    },
    async disconnect(ref: WarehouseRef): Promise<boolean> {
      forgetWarehouse(ref.warehouseId);
      reads.loaded()?.forgetWarehouseCursors(ref.warehouseId);
      diffs.loaded()?.forgetWarehouseDiffs(ref.warehouseId);
      writes.loaded()?.forgetWarehouseOps(ref.warehouseId);
      forgetPaimonWarehouse(ref.warehouseId);
      return open.delete(ref.warehouseId);
    },
    async listFolder(p: WarehouseRef & { prefix: string }, ctx: CallContext) {
      return listFolder(storageOf(p), p.prefix, { signal: ctx.signal });
    },
    async scanWarehouse(p: WarehouseRef & { root?: string; maxDepth?: number }, ctx: CallContext) {
      return scanWarehouse(storageOf(p), { root: p.root, maxDepth: p.maxDepth, signal: ctx.signal, onProgress: ctx.progress });
    },
    async detectTable(p: WarehouseRef & { prefix: string }, ctx: CallContext) {
      return detectTableFormat(storageOf(p), p.prefix, { signal: ctx.signal });
    },
    async listTableFiles(p: WarehouseRef & { root: string; limit?: number }, ctx: CallContext) {
      return listTableFiles(storageOf(p), p.root, { limit: p.limit, signal: ctx.signal, onProgress: ctx.progress });
    },
    async readObjectPreview(p: WarehouseRef & { key: string; maxBytes?: number }, ctx: CallContext) {
      const preview = await readObjectPreview(storageOf(p), p.key, { maxBytes: p.maxBytes, signal: ctx.signal });
      // Transfer a private copy: the adapter (or a cache decorator) may still hold the bytes it returned.
      const bytes = preview.bytes.slice();
      return withTransfer({ ...preview, bytes }, [bytes.buffer]);
    },
  };
  const held = (): number => (reads.loaded()?.openCursors() ?? 0) + (diffs.loaded()?.openRowDiffs() ?? 0) + registry.size;
  return { handlers, held };
}

export type EngineHandlers = ReturnType<typeof createEngine>;
