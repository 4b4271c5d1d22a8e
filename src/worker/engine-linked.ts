/**
 * A deep link's table, opened inside the worker right after its warehouse connects (issue 17). The page's
 * entry sends `connect` and `openLinkedTable` together; the second waits here, in the worker, for the first
 * and opens the named table at once. Before, the page chained them: `openTable` left only once connect's
 * answer had reached the page's main thread, which at that moment was evaluating or rendering the UI's
 * chunk (a long task of 100–400 ms), so the table's metadata was fetched that much later.
 */
import type { DetectedTableDto, TableFormatName, WarehouseDto } from '../core/api/dto.ts';
import type { PageOverviewDto } from '../core/api/index.ts';
import type { ConnectionSpec } from './connection.ts';
import type { Connected } from './engine.ts';
import type { CallContext } from './rpc.ts';
import type { EarlyTableOutline } from '../core/api/open-prefetch.ts';
import type { OutlineVersion } from '../core/formats/table-format.ts';
import type { Storage } from '../core/io/storage.ts';
import type { WarmReads } from '../core/io/warm-reads.ts';

/** The table at `root` as the warehouse's root listing (connect's answer) reports it: the root itself or a top folder. */
export function tableInRootListing(warehouse: WarehouseDto, root: string): DetectedTableDto | undefined {
  return (warehouse.root.table?.root === root ? warehouse.root.table : undefined)
    ?? warehouse.root.folders.find((f) => f.prefix === root)?.table ?? undefined;
}

/** What `openLinkedTable` answers: the table as `openTable` answers it, and which warehouse, root and format it is. */
export interface LinkedTable {
  readonly warehouseId: string;
  readonly root: string;
  readonly format: TableFormatName;
  readonly tableId: string;
  readonly overview: PageOverviewDto;
}

type OpenTableCall = (p: { warehouseId: string; root: string; format: TableFormatName; sketch: boolean; outlineSent?: boolean }, ctx: CallContext) => Promise<{ tableId: string; overview: PageOverviewDto }>;
type Prefetch = (storage: Storage, root: string, warm: WarmReads, signal: AbortSignal, outline?: EarlyTableOutline) => void;
/** Sends an outline as a partial answer naming the format that drew it; false when it sent none (a short history). */
type SendOutline = (ctx: CallContext, versions: readonly OutlineVersion[], format: TableFormatName) => boolean;

/** A storage that reads before connect's own is ready, and where its reads are offered to connect's storage. */
export interface EarlyReads {
  readonly storage: Storage;
  readonly warm: WarmReads;
}

/** The connections a link reopens by itself (no secret in them): the only ones whose connect is remembered here. */
const linkable = (spec: ConnectionSpec): boolean => spec.kind === 'demo' || spec.kind === 'url';
const keyOf = (spec: ConnectionSpec): string => JSON.stringify(spec);

/**
 * `remember` wraps the engine's connect so the latest connect of a demo or public-URL spec can be found
 * again; `openLinkedTable` waits for it and opens the table at `root` when the root listing names one there.
 * While the connect still waits (a static folder's key list), `prefetch` starts the table's first reads on the
 * early storage connect made and offers them to the connect's storage through `warm` (engine.ts,
 * core/api/open-prefetch.ts; not imported here: the page's entry imports this module). When those reads
 * give a long history's outline before connect answers, `sendOutline` sends it at once, naming its format
 * (a slow key list no longer delays it: issue 17), and the open that follows sends none of its own.
 * Must hold: the table opened is the one connect's listing reports at `root` (the same warehouse id, root
 * and format the page would then ask `openTable` for, so the answer and the table's id are the same);
 * null, not an error, when no such connect was made, it failed (the connect call reports why) or there is no
 * table at `root`; reads offered and not taken are dropped once the open is done; at most one outline is
 * sent, and one sent early names the format it was drawn for, so the page can drop it when the listing
 * names another (state/deep-link-start.ts).
 */
export function createLinkedOpen(openTable: OpenTableCall, prefetch?: Prefetch, sendOutline?: SendOutline) {
  let last: { readonly key: string; readonly connected: Promise<Connected>; readonly early?: EarlyReads } | undefined;
  return {
    remember(spec: ConnectionSpec, connected: Promise<Connected>, early?: EarlyReads): void {
      if (linkable(spec)) last = { key: keyOf(spec), connected, early };
      else early?.warm.close();
    },
    async openLinkedTable(p: { spec: ConnectionSpec; root: string }, ctx: CallContext): Promise<LinkedTable | null> {
      if (!linkable(p.spec) || last?.key !== keyOf(p.spec)) return null;
      const { connected, early } = last;
      const warm = early?.warm;
      // Once connect has answered, the open sends the outline as for any table; before, the early reads may.
      let answered = false;
      let outlineOf: TableFormatName | undefined;
      const outline: EarlyTableOutline | undefined = sendOutline && {
        wanted: () => !answered && outlineOf === undefined,
        send: (format, versions) => {
          if (!answered && outlineOf === undefined && sendOutline(ctx, versions, format)) outlineOf = format;
        },
      };
      if (early) prefetch?.(early.storage, p.root, early.warm, ctx.signal, outline);
      try {
        let c: Connected;
        try {
          c = await connected;
        } catch {
          return null;
        } finally {
          answered = true;
        }
        const table = tableInRootListing(c.warehouse, p.root);
        if (!table) return null;
        const outlineSent = outlineOf === table.format;
        const opened = await openTable({ warehouseId: c.warehouseId, root: table.root, format: table.format, sketch: true, ...(outlineSent ? { outlineSent } : {}) }, ctx);
        return { warehouseId: c.warehouseId, root: table.root, format: table.format, ...opened };
      } finally {
        warm?.close();
      }
    },
  };
}
