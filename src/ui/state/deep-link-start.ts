/**
 * A deep link's engine work, started by the entry (main.tsx) before React has loaded (issue 17). A link
 * into a warehouse that opens without asking (the demo, a public URL) connects at once, and when it names
 * a table, asks the worker in the same breath to open it once connected (`openLinkedTable`,
 * worker/engine-linked.ts): the worker opens the table found at that root in the warehouse's root listing
 * right after connecting, while the page's own chunks still load and run. The shell (app.tsx) and the table
 * page (table-queries.ts) then adopt these calls instead of making them again. Without this, the worker
 * waited for React to mount (connect) and for the warehouse page to render (open), ~0.3–0.5 s on the path
 * to the first paint; and when the page chained the open to connect's answer, the open waited for the page's
 * main thread, busy evaluating the UI's chunk.
 */
import type { DetectedTableDto, TableFormatName, WarehouseDto } from '../../core/api/dto.ts';
import { type CallOptions, type Connected, type ConnectionSpec, type LinkedTable, engine, tableInRootListing as inRootListing, warmEngine } from '../../worker/client.ts';
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
  return inRootListing(warehouse, root);
}

interface EarlyOpen {
  readonly key: string;
  readonly promise: Promise<OpenedTable>;
  readonly call: LinkedCall;
}

let earlyConnect: { readonly key: string; readonly promise: Promise<Connected>; answer?: Connected } | undefined;
let earlyOpen: EarlyOpen | undefined;
/**
 * The linked table's outline, and who shows it while the connecting screen is up (see {@link watchLinkedOutline});
 * `settled`: the linked call's end (answered or failed), for {@link holdLinkedScreen}.
 */
let linkedOutline: { sketch?: unknown; listener?: (sketch: unknown) => void; settled?: Promise<void> } = {};

const tableKey = (warehouseId: string, root: string, format: TableFormatName) => JSON.stringify([warehouseId, root, format]);

/** The engine calls a deep link starts (the worker's client; a test passes its own). */
export type DeepLinkEngine = Pick<ReturnType<typeof engine>, 'connect' | 'openLinkedTable' | 'openTable'>;

/** The linked table's call, posted with connect; what it sent early is kept until someone adopts it. */
interface LinkedCall {
  readonly promise: Promise<LinkedTable | null>;
  readonly abort: AbortController;
  /** The timeline outline, once the worker has sent it (an early partial answer). */
  sketch?: unknown;
  /** The adopter's partial-answer callback. */
  onPartial?: (value: unknown) => void;
  /** The format connect's listing names at the root, once it answered: an outline drawn for another is dropped. */
  format?: TableFormatName;
}

/**
 * False for an outline the worker drew, before connect's listing answered, for a format other than the one
 * the listing names (its `format`: worker/engine-linked.ts); outlines without one are the open's own.
 */
function outlineFits(value: unknown, format: TableFormatName | undefined): boolean {
  const drawnFor = (value as { format?: unknown } | null)?.format;
  return drawnFor === undefined || format === undefined || drawnFor === format;
}

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
  const early: NonNullable<typeof earlyConnect> = { key: JSON.stringify(spec), promise: connect };
  earlyConnect = early;
  void connect.then((c) => { early.answer = c; }, () => {});
  const root = route.table;
  // This link's outline only: a page's earlier link leaves none behind.
  const outline: typeof linkedOutline = {};
  linkedOutline = outline;
  if (root !== undefined) {
    const abort = new AbortController();
    const call: LinkedCall = {
      abort,
      promise: calls.openLinkedTable({ spec, root }, {
        signal: abort.signal,
        onPartial: (value) => {
          if (!outlineFits(value, call.format)) return;
          call.sketch = value;
          // The connecting screen shows it while it is up (watchLinkedOutline): before connect's listing
          // answered, and while the shell holds it for the outline after (app.tsx).
          if (linkedOutline === outline) {
            outline.sketch = value;
            outline.listener?.(value);
          }
          call.onPartial?.(value);
        },
      }),
    };
    // Reported by the table page when it adopts the call.
    outline.settled = call.promise.then(() => {}, () => {}).finally(() => { if (linkedOutline === outline) linkedOutline = {}; });
    void connect.then((c) => {
      // The worker opens the same table: the one this listing names at `root` (engine-linked.ts).
      const table = tableInRootListing(c.warehouse, root);
      if (table) adoptLinked(calls, call, c.warehouseId, table.root, table.format);
      if (!outlineFits(outline.sketch, table?.format)) outline.sketch = undefined; // not for a screen mounted later
    }, () => {});
  }
  return true;
}

function adoptLinked(calls: DeepLinkEngine, call: LinkedCall, warehouseId: string, root: string, format: TableFormatName): void {
  call.format = format;
  if (!outlineFits(call.sketch, format)) call.sketch = undefined;
  const entry: EarlyOpen = {
    key: tableKey(warehouseId, root, format),
    call,
    // null only if the worker found no such table after all: then the ordinary call.
    promise: call.promise.then((t) => (t ? { tableId: t.tableId, overview: t.overview }
      : calls.openTable({ warehouseId, root, format, sketch: true }, { signal: call.abort.signal, onPartial: (value) => call.onPartial?.(value) }))),
  };
  entry.promise.catch(() => {}); // reported by the table page when it adopts the call
  earlyOpen = entry;
}

/**
 * While the connecting screen is up: `listener` gets the linked table's timeline outline when the worker sends
 * it (drawn from its early read of the table's metadata while the key list is on its way: worker/engine-linked.ts;
 * or by the open that follows connect), or at once if it came already; the connecting screen shows it (issue 17).
 * Before the listing answered its format is not yet checked against the listing's: it is the outline of what is
 * at the link's root, shown as "opening"; after, one drawn for another format is dropped. The returned function
 * stops it. One listener at a time.
 */
export function watchLinkedOutline(listener: (sketch: unknown) => void): () => void {
  const watch = linkedOutline;
  watch.listener = listener;
  if (watch.sketch !== undefined) listener(watch.sketch);
  return () => { if (watch.listener === listener) watch.listener = undefined; };
}

/**
 * How long a table link's connecting screen stays up at most once its warehouse is open, waiting for the
 * table's outline to paint there or the table's open to settle (issue 17; app.tsx). The warehouse view's first
 * layout (its header, the root's listing, the table page's frame) took the page's main thread ~50–100 ms and, on
 * 2 cores, the CPU the worker needed right then to draw the outline from the metadata arriving; the connecting
 * screen is laid out already and draws the outline into its frame. Past this bound the warehouse shows as before.
 */
export const LINK_HOLD_MS = 300;

/**
 * Holds the connecting screen for the linked table: `release` is called once, when the linked call started by
 * {@link startDeepLink} has answered or failed (at once, a tick later, when the link names no table or its call
 * is over), or after `ms`, whichever comes first. The returned function cancels the hold without releasing.
 * The shell also releases it itself once the screen painted the outline.
 */
export function holdLinkedScreen(release: () => void, ms = LINK_HOLD_MS): () => void {
  let live = true;
  const end = () => {
    if (!live) return;
    live = false;
    clearTimeout(timer);
    release();
  };
  const timer = setTimeout(end, ms);
  void (linkedOutline.settled ?? Promise.resolve()).then(end);
  return () => { live = false; clearTimeout(timer); };
}

/** The connect call started for `spec` by {@link startDeepLink}, once (then undefined). */
export function takeEarlyConnect(spec: ConnectionSpec): Promise<Connected> | undefined {
  if (!earlyConnect || earlyConnect.key !== JSON.stringify(spec)) return undefined;
  const { promise } = earlyConnect;
  earlyConnect = undefined;
  return promise;
}

/**
 * The answer of the connect call started for `spec` by {@link startDeepLink}, once (then undefined), if it has come
 * already; else undefined and the call stays for {@link takeEarlyConnect}. The shell's first render takes it, so a
 * link whose warehouse answered while the page's scripts still ran draws the table page at once — not first a
 * connecting screen, then, a render, layout and paint later, the table page (issue 17: ~70 ms on the first paint's path).
 */
export function takeEarlyConnectAnswer(spec: ConnectionSpec): Connected | undefined {
  if (!earlyConnect?.answer || earlyConnect.key !== JSON.stringify(spec)) return undefined;
  const { answer } = earlyConnect;
  earlyConnect = undefined;
  return answer;
}

/**
 * The openTable call started by {@link startDeepLink} for this table, once (then undefined): `options`
 * get the outline if it came already, or when it comes; their signal aborts the call.
 */
export function takeEarlyOpen(warehouseId: string, root: string, format: TableFormatName, options: Pick<CallOptions, 'signal' | 'onPartial'>): Promise<OpenedTable> | undefined {
  const entry = earlyOpen;
  if (!entry || entry.key !== tableKey(warehouseId, root, format)) return undefined;
  earlyOpen = undefined;
  const { call } = entry;
  if (options.signal?.aborted) call.abort.abort();
  options.signal?.addEventListener('abort', () => call.abort.abort(), { once: true });
  call.onPartial = options.onPartial;
  if (call.sketch !== undefined) options.onPartial?.(call.sketch);
  return entry.promise;
}
