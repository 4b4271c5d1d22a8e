/**
 * A deep link's engine work, started by the entry (main.tsx) before React has loaded (issue 17). A link
 * into a warehouse that opens without asking (the demo, a public URL) connects at once, and when it names
 * a table found in the warehouse's root listing, opens that table right after — in the worker, while the
 * page's own chunks still load and run. The shell (app.tsx) and the table page (table-queries.ts) then
 * adopt these calls instead of making them again. Without this, the worker waited for React to mount
 * (connect) and for the warehouse page to render (open), ~0.3–0.5 s on the path to the first paint.
 */
import type { DetectedTableDto, TableFormatName, WarehouseDto } from '../../core/api/dto.ts';
import { type CallOptions, type Connected, type ConnectionSpec, engine, warmEngine } from '../../worker/client.ts';
import { type Route, parseRoute } from './route.ts';

/** The answer of the engine's `openTable`. */
export type OpenedTable = Awaited<ReturnType<ReturnType<typeof engine>['openTable']>>;

/** The connection a deep link reopens by itself (no secret needed): the demo and public URLs; else undefined. */
export function deepLinkSpec(route: Route, baseURI: string): ConnectionSpec | undefined {
  if (route.w === 'demo') return { kind: 'demo', baseUrl: new URL('demo/', baseURI).href };
  if (route.w === 'url' && route.loc.url) return { kind: 'url', url: route.loc.url };
  return undefined;
}

/** The table at `root` as the warehouse's root listing (connect's answer) reports it: the root itself or a top folder. */
export function tableInRootListing(warehouse: WarehouseDto, root: string): DetectedTableDto | undefined {
  return (warehouse.root.table?.root === root ? warehouse.root.table : undefined)
    ?? warehouse.root.folders.find((f) => f.prefix === root)?.table ?? undefined;
}

interface EarlyOpen {
  readonly key: string;
  readonly promise: Promise<OpenedTable>;
  readonly abort: AbortController;
  /** The timeline outline, once the worker has sent it (an early partial answer). */
  sketch?: unknown;
  /** The adopter's partial-answer callback. */
  onPartial?: (value: unknown) => void;
}

let earlyConnect: { readonly key: string; readonly promise: Promise<Connected> } | undefined;
let earlyOpen: EarlyOpen | undefined;

const tableKey = (warehouseId: string, root: string, format: TableFormatName) => JSON.stringify([warehouseId, root, format]);

/** The two engine calls a deep link starts (the worker's client; a test passes its own). */
export type DeepLinkEngine = Pick<ReturnType<typeof engine>, 'connect' | 'openTable'>;

/**
 * Starts what the address asks of the engine: the worker (any warehouse link), the connection (demo and
 * public URLs) and the named table's opening. Errors surface where the calls are adopted. True when it
 * called the engine (connect), false when it only started the worker or nothing.
 */
export function startDeepLink(search: string, baseURI: string, client?: DeepLinkEngine): boolean {
  const route = parseRoute(search);
  if (!route.w) return false;
  if (!client) warmEngine();
  const spec = deepLinkSpec(route, baseURI);
  if (!spec) return false;
  const calls = client ?? engine();
  const connect = calls.connect(spec);
  connect.catch(() => {}); // reported by the shell when it adopts the call
  earlyConnect = { key: JSON.stringify(spec), promise: connect };
  const root = route.table;
  if (root !== undefined) {
    void connect.then((c) => {
      const table = tableInRootListing(c.warehouse, root);
      if (table) startOpen(calls, c.warehouseId, table.root, table.format);
    }, () => {});
  }
  return true;
}

function startOpen(calls: DeepLinkEngine, warehouseId: string, root: string, format: TableFormatName): void {
  const abort = new AbortController();
  const entry: EarlyOpen = {
    key: tableKey(warehouseId, root, format),
    abort,
    promise: calls.openTable({ warehouseId, root, format, sketch: true }, {
      signal: abort.signal,
      onPartial: (value) => { entry.sketch = value; entry.onPartial?.(value); },
    }),
  };
  entry.promise.catch(() => {}); // reported by the table page when it adopts the call
  earlyOpen = entry;
}

/** The connect call started for `spec` by {@link startDeepLink}, once (then undefined). */
export function takeEarlyConnect(spec: ConnectionSpec): Promise<Connected> | undefined {
  if (!earlyConnect || earlyConnect.key !== JSON.stringify(spec)) return undefined;
  const { promise } = earlyConnect;
  earlyConnect = undefined;
  return promise;
}

/**
 * The openTable call started by {@link startDeepLink} for this table, once (then undefined): `options`
 * get the outline if it came already, or when it comes; their signal aborts the call.
 */
export function takeEarlyOpen(warehouseId: string, root: string, format: TableFormatName, options: Pick<CallOptions, 'signal' | 'onPartial'>): Promise<OpenedTable> | undefined {
  const entry = earlyOpen;
  if (!entry || entry.key !== tableKey(warehouseId, root, format)) return undefined;
  earlyOpen = undefined;
  if (options.signal?.aborted) entry.abort.abort();
  options.signal?.addEventListener('abort', () => entry.abort.abort(), { once: true });
  entry.onPartial = options.onPartial;
  if (entry.sketch !== undefined) options.onPartial?.(entry.sketch);
  return entry.promise;
}
