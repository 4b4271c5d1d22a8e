/**
 * The table explorer's worker handlers: open a table of an open warehouse (kept in the worker under an
 * id) and its metadata tree. Tables hold caches and readers, so they live here and the page only holds ids.
 * Scan explain, row cursors, the raw file decoder and the other reads of an open table are in
 * engine-table-reads.ts, imported on their first call (issue 17: opening a deep link's table does not wait
 * for Arrow, ORC or the planner's views to load).
 */
import type { PageOverviewDto, TableFormatName } from '../core/api/index.ts';
import { describeTable, openTable, refreshTable, type OpenTableOptions } from '../core/api/open-table.ts';
import { SKETCH_MIN_VERSIONS, timelineSketch } from '../core/api/timeline-sketch.ts';
import type { LakeTable, OutlineVersion, TreeNode, VersionSelector } from '../core/formats/table-format.ts';
import type { Storage } from '../core/io/storage.ts';
import type { CallContext } from './rpc.ts';
import { type PackedTreeNodes, packTreeNodes } from './tree-columns.ts';
import { createOutlineWaits } from './outline-shown.ts';
import { messageError } from '../core/message-error.ts';

interface WarehouseRef { readonly warehouseId: string }
interface TableRef { readonly tableId: string }

/** A table opened in the worker, under its id (tableIdOf). */
export interface OpenTable { readonly table: LakeTable; readonly root: string; readonly warehouseId: string; readonly format: TableFormatName }

/** A user-timing mark (the UI bench reads them from a Chromium trace); a no-op where there is no Performance API. */
export function mark(name: string): void {
  (globalThis as { performance?: { mark?: (n: string) => unknown } }).performance?.mark?.(name);
}

/**
 * Sends `versions`' outline (core/api timeline-sketch.ts) as a partial answer of the call `ctx` answers, with
 * the format that drew it when given (a deep link's outline drawn before its listing named the format:
 * engine-linked.ts). False, sending nothing, for a history shorter than SKETCH_MIN_VERSIONS.
 */
export function sendOutlineSketch(ctx: Pick<CallContext, 'partial'>, versions: readonly OutlineVersion[], format?: TableFormatName): boolean {
  if (versions.length < SKETCH_MIN_VERSIONS) return false;
  const sketch = timelineSketch(versions);
  ctx.partial(format === undefined ? sketch : { ...sketch, format }, [sketch.times.buffer, sketch.ops.buffer]);
  mark('lakescope:sketch-sent');
  return true;
}

/** The id of the table opened with these params: stable for one warehouse + root + state. */
export function tableIdOf(p: { warehouseId: string; root: string; state?: string }): string {
  return `${p.warehouseId}|${p.root}|${p.state ?? ''}`;
}

/**
 * Handlers over tables; `storageOf` resolves a warehouse id to its storage (throws NotFound when closed);
 * `readers` are the formats by name (default: the registry).
 */
export function createTableHandlers(storageOf: (ref: WarehouseRef) => Storage, readers?: OpenTableOptions['readers'], outlineWaits = createOutlineWaits()) {
  const tables = new Map<string, Promise<OpenTable>>();

  // Tables a fresh worker was told about (adoptTable) and opens on first use.
  const adopted = new Map<string, () => Promise<OpenTable>>();
  const tableOf = async (ref: TableRef): Promise<OpenTable> => {
    let t = tables.get(ref.tableId);
    const open = t ? undefined : adopted.get(ref.tableId);
    if (open) {
      adopted.delete(ref.tableId);
      const entry = open();
      tables.set(ref.tableId, (t = entry));
      entry.catch(() => { if (tables.get(ref.tableId) === entry) tables.delete(ref.tableId); });
    }
    if (!t) throw messageError('NotFound', 'error.worker.tableGone', undefined, { tableId: ref.tableId });
    return t;
  };
  /** Children of a tree node (roots without `nodeId`) at a version, as the page gets them. */
  async function treeNodes(p: TableRef & VersionSelector & { nodeId?: string }, ctx: CallContext): Promise<TreeNode[]> {
    const t = await tableOf(p);
    ctx.progress({ phase: 'tree', done: 0, current: p.nodeId ?? 'roots' });
    const nodes = await t.table.tree({ version: p.version, asOfTimestampMs: p.asOfTimestampMs }, p.nodeId, ctx.signal);
    return nodes.map((n) => pageTreeNode(n, t.root));
  }

  return {
    /** The open table of an id (for the diff handlers, engine-diff.ts); NotFound when closed. Not a call of the page. */
    tableOf,

    /**
     * Opens (or reuses) the table at `root`; the id is stable for one warehouse + root + state (a TableStateDto
     * id; current when absent). With `sketch`, a history of SKETCH_MIN_VERSIONS versions or more first sends
     * its outline as a partial answer (core/api timeline-sketch.ts), then goes on to the overview; an outline
     * sent before the exact parse holds that parse until the page says it is on screen (`outlineShown`), or
     * a bound (outline-shown.ts). With `outlineSent`, the page has this table's outline already (a deep
     * link's, drawn from its first reads: engine-linked.ts): none is sent, and a fresh open is held the same way.
     */
    async openTable(p: WarehouseRef & { root: string; format: TableFormatName; state?: string; sketch?: boolean; outlineSent?: boolean }, ctx: CallContext): Promise<{ tableId: string; overview: PageOverviewDto }> {
      const storage = storageOf(p);
      const tableId = tableIdOf(p);
      let entry = tables.get(tableId);
      // The outline goes out once: from the metadata text as soon as it is decoded where the format can
      // (OpenOptions.onOutline: ~100 ms before the exact open of a 10,000-snapshot file), else from versions().
      let sketchSent = p.outlineSent === true;
      const sendSketch = (versions: readonly OutlineVersion[]): boolean => {
        if (sketchSent || !sendOutlineSketch(ctx, versions)) return false;
        sketchSent = true;
        return true;
      };
      // Before the exact parse: the page draws it first (outline-shown.ts).
      const sendOutline = (versions: readonly OutlineVersion[]) => (sendSketch(versions) ? outlineWaits.wait(p, ctx.signal) : undefined);
      if (!entry) {
        adopted.delete(tableId);
        const options = { signal: ctx.signal, ...(p.state !== undefined ? { state: p.state } : {}), readers, ...(p.sketch && !sketchSent ? { onOutline: sendOutline } : {}) };
        // The page draws the outline it has while the open waits (outline-shown.ts), as after one sent here.
        const opening = p.outlineSent ? outlineWaits.wait(p, ctx.signal).then(() => openTable(storage, p.root, p.format, options)) : openTable(storage, p.root, p.format, options);
        entry = opening.then((table) => ({ table, root: p.root, warehouseId: p.warehouseId, format: p.format }));
        tables.set(tableId, entry);
        entry.catch(() => { if (tables.get(tableId) === entry) tables.delete(tableId); });
      }
      const t = await entry;
      mark('lakescope:table-opened');
      const all = await t.table.versions(ctx.signal);
      if (p.sketch) sendSketch(all);
      const { versions, ...rest } = await describeTable(t.table, t.root, t.format, ctx.signal, all);
      // The summary maps stay here (versionSummary sends one when the page shows that version).
      const overview: PageOverviewDto = { ...rest, versions: versions.map(({ summary: _summary, ...v }) => v) };
      mark('lakescope:overview-ready');
      return { tableId, overview };
    },

    /**
     * The page has painted the outline `openTable` sent for this table: the open's exact parse goes on now
     * (outline-shown.ts). False when no open was waiting.
     */
    async outlineShown(p: WarehouseRef & { root: string }): Promise<boolean> {
      const waited = outlineWaits.shown(p);
      if (waited) mark('lakescope:outline-shown');
      return waited;
    },

    /**
     * The format's summary map of one version of an open table (left out of openTable's overview);
     * NotFound when the table has no such version.
     */
    async versionSummary(p: TableRef & { versionId: string }, ctx: CallContext): Promise<Readonly<Record<string, string>>> {
      const t = await tableOf(p);
      const v = (await t.table.versions(ctx.signal)).find((x) => x.id === p.versionId);
      if (!v) throw messageError('NotFound', 'error.worker.noVersion', { version: p.versionId }, { tableId: p.tableId, versionId: p.versionId });
      return v.summary;
    },

    /** Children of a tree node (roots without `nodeId`) at a version. */
    tree: treeNodes,

    /**
     * The same children as {@link tree}, packed as the page's tree takes them (worker/tree-columns.ts):
     * a few strings and typed arrays per level, not an object graph per node (issue 17).
     */
    async treeLevel(p: TableRef & VersionSelector & { nodeId?: string }, ctx: CallContext): Promise<PackedTreeNodes> {
      return packTreeNodes(await treeNodes(p, ctx));
    },

    /**
     * Brings the table at `root` of a warehouse to its current state (after a commit; LakeTable.refresh,
     * which shares the caches of immutable files): the same id then answers for the new current state,
     * while cursors already open keep reading the table object, and version, they were opened at.
     */
    reopenTable(warehouseId: string, root: string): void {
      // Only the table opened at its current metadata; one opened at a past metadata file stays as it was.
      const id = `${warehouseId}|${root}|`;
      const entry = tables.get(id);
      if (entry) {
        const fresh = entry.then((t) => refreshTable(t.table, storageOf({ warehouseId }), root, t.format, { readers })
          .then((table) => ({ ...t, table })));
        tables.set(id, fresh);
        fresh.catch(() => { if (tables.get(id) === fresh) tables.delete(id); });
      }
    },

    /**
     * Knows the table `openTable(p)` opened in an earlier worker under the same id, and opens it on its
     * first use here (a recycled worker, engine-host.ts). Not a call of the page.
     */
    adoptTable(p: WarehouseRef & { root: string; format: TableFormatName; state?: string }): void {
      const tableId = tableIdOf(p);
      if (tables.has(tableId)) return;
      adopted.set(tableId, () => openTable(storageOf(p), p.root, p.format, { ...(p.state !== undefined ? { state: p.state } : {}), readers })
        .then((table) => ({ table, root: p.root, warehouseId: p.warehouseId, format: p.format })));
    },

    /** Forgets every table of a warehouse (on disconnect). */
    forgetWarehouse(warehouseId: string): void {
      for (const id of [...adopted.keys()]) if (id.startsWith(`${warehouseId}|`)) adopted.delete(id);
      for (const id of [...tables.keys()]) if (id.startsWith(`${warehouseId}|`)) tables.delete(id);
    },
  };
}

/**
 * A tree node as the page gets it: its location as a warehouse key (node locations are relative to the
 * table root; the page addresses files by warehouse key), and an empty `explanation` when `message`
 * carries it — the page shows the message in the reader's language, never the English text. Issue 17:
 * the English sentence was ~300 of a file row's ~1,000 bytes, cloned to the page and kept there for each
 * of 100,000 rows (~30 MB of the live heap that every major GC during a scroll had to mark).
 */
export function pageTreeNode(n: TreeNode, root: string): TreeNode {
  if (n.location === undefined && n.message === undefined) return n;
  return {
    ...n,
    ...(n.location === undefined ? {} : { location: root + n.location }),
    ...(n.message === undefined ? {} : { explanation: '' }),
  };
}
