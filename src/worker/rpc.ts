/**
 * A small typed RPC between the page and a worker (or any MessagePort pair).
 *
 * Why not comlink: we need per-call cancellation, per-call progress, explicit
 * transfer of result buffers and LakeErrors that keep code and context. Comlink gives each callback
 * its own MessageChannel proxy (to be released by hand), cannot carry an AbortSignal, and turns thrown
 * values into plain Errors unless its global `throw` handler is replaced. Four message types on one
 * port do all of that in about 200 lines that we can test directly with node's MessageChannel.
 *
 * Wire messages (all tagged `rpc: 1`):
 *   page → worker  {t: 'call', id, method, params} | {t: 'abort', id}
 *   worker → page  {t: 'result', id, value} | {t: 'result', id, json} | {t: 'error', id, error: SerializedLakeError}
 *                  | {t: 'progress', id, progress} | {t: 'partial', id, value}
 * A result sent as `json` (methods named in serveRpc's `jsonResults`) is one string: structured clone
 * copies a string in one piece, where a graph of 10,000 small objects (a table's versions) took the page
 * ~170 ms to deserialise on the main thread; JSON.parse builds the same graph in a fraction of that.
 * A `partial` is an early, smaller answer a handler sends before its result (e.g. the outline of a
 * table's timeline while the rest of its overview is built); it never replaces the result.
 */
import { LakeError, deserializeError, serializeError, type SerializedLakeError } from '../core/errors.ts';
import type { Progress } from '../core/api/progress.ts';
import { boundaryError } from '../core/boundary-error.ts';

/** The part of Worker / MessagePort / DedicatedWorkerGlobalScope the protocol uses. */
export interface Endpoint {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  start?(): void;
}

/** What a handler gets besides its params. */
export interface CallContext {
  /** Fires when the page-side signal of this call fires (or the client is closed). */
  readonly signal: AbortSignal;
  /** Sends a progress event to the caller's onProgress. Cheap; call as often as useful. */
  progress(progress: Progress): void;
  /**
   * Sends an early partial answer to the caller's onPartial, moving `transfer` (buffers the handler no
   * longer uses). The handler goes on at once: nothing waits for the page to handle it.
   */
  partial(value: unknown, transfer?: Transferable[]): void;
}

/** A handler: one params object in, one structured-cloneable value (optionally with transfers) out. */
export type Handler = (params: never, ctx: CallContext) => unknown;
export type Handlers = Record<string, Handler>;

const TRANSFER = Symbol('rpc.transfer');
/** A result whose buffers are moved, not copied, to the page. Build with {@link withTransfer}. */
export interface Transferred<T> { readonly [TRANSFER]: true; readonly value: T; readonly transfer: Transferable[] }

/**
 * Marks `transfer` (ArrayBuffers, MessagePorts…) to be moved with `value`. After the call returns they are
 * detached in the worker, so only transfer buffers nothing else in the worker still uses.
 */
export function withTransfer<T>(value: T, transfer: Transferable[]): Transferred<T> {
  return { [TRANSFER]: true, value, transfer };
}

function isTransferred(v: unknown): v is Transferred<unknown> {
  return typeof v === 'object' && v !== null && (v as Record<symbol, unknown>)[TRANSFER] === true;
}

type Unwrap<R> = R extends Transferred<infer T> ? T : R;

/** Per-call options on the page side. */
export interface CallOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: Progress) => void;
  /** Early partial answers the handler sends before its result (see CallContext.partial). */
  readonly onPartial?: (value: unknown) => void;
  /** Buffers in `params` to move to the worker instead of copying. */
  readonly transfer?: Transferable[];
}

/** The page-side view of a handler map: same names, params in, promise of the unwrapped result out. */
export type RpcClient<H extends Handlers> = {
  [K in keyof H]: (params: Parameters<H[K]>[0], options?: CallOptions) => Promise<Unwrap<Awaited<ReturnType<H[K]>>>>;
};

type Message =
  | { rpc: 1; t: 'call'; id: number; method: string; params: unknown }
  | { rpc: 1; t: 'abort'; id: number }
  | { rpc: 1; t: 'result'; id: number; value: unknown; meta?: unknown }
  | { rpc: 1; t: 'result'; id: number; json: string; meta?: unknown }
  | { rpc: 1; t: 'error'; id: number; error: SerializedLakeError; meta?: unknown }
  | { rpc: 1; t: 'progress'; id: number; progress: Progress }
  | { rpc: 1; t: 'partial'; id: number; value: unknown };

function isMessage(data: unknown): data is Message {
  return typeof data === 'object' && data !== null && (data as { rpc?: unknown }).rpc === 1;
}

/** Options of {@link serveRpc}. */
export interface ServeOptions {
  /**
   * Methods whose results cross as JSON text. Only for results that are plain JSON (strings, numbers,
   * booleans, null, arrays, plain objects — no bigint, typed arrays or Maps; undefined members are dropped),
   * and not combined with {@link withTransfer}.
   */
  readonly jsonResults?: readonly string[];
  /** A small snapshot of the server's state (e.g. its memory) sent along with every answer, for the client's `onMeta`. */
  readonly meta?: () => unknown;
}

/**
 * Serves `handlers` on `endpoint` (inside the worker). Must hold: every call gets exactly one result or
 * error message; a thrown value arrives as a LakeError with the same code, message and context.
 * Returns a function that stops serving and aborts calls in flight.
 */
export function serveRpc(endpoint: Endpoint, handlers: Handlers, options: ServeOptions = {}): () => void {
  const jsonResults = new Set(options.jsonResults ?? []);
  const running = new Map<number, AbortController>();
  const post = (msg: Message, transfer: Transferable[] = []): void => {
    if (options.meta && (msg.t === 'result' || msg.t === 'error')) msg = { ...msg, meta: options.meta() };
    endpoint.postMessage(msg, transfer);
  };

  const run = async (id: number, method: string, params: unknown): Promise<void> => {
    const controller = new AbortController();
    running.set(id, controller);
    try {
      const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
      if (!handler) throw boundaryError('Internal', 'error.worker.unknownMethod', { method }, { method });
      const ctx: CallContext = {
        signal: controller.signal,
        progress: (progress) => { if (!controller.signal.aborted) post({ rpc: 1, t: 'progress', id, progress }); },
        partial: (value, transfer) => { if (!controller.signal.aborted) post({ rpc: 1, t: 'partial', id, value }, transfer); },
      };
      const out = await (handler as (p: unknown, c: CallContext) => unknown)(params, ctx);
      try {
        if (isTransferred(out)) post({ rpc: 1, t: 'result', id, value: out.value }, out.transfer);
        else if (jsonResults.has(method)) post({ rpc: 1, t: 'result', id, json: JSON.stringify(out) });
        else post({ rpc: 1, t: 'result', id, value: out });
      } catch (e) {
        // e.g. DataCloneError: the result held a function or class instance that cannot cross.
        throw boundaryError('Internal', 'error.worker.resultClone', { method }, { method }, e);
      }
    } catch (e) {
      post({ rpc: 1, t: 'error', id, error: serializeError(e) });
    } finally {
      running.delete(id);
    }
  };

  const onMessage = (event: MessageEvent): void => {
    const msg = event.data;
    if (!isMessage(msg)) return;
    if (msg.t === 'call') void run(msg.id, msg.method, msg.params);
    else if (msg.t === 'abort') running.get(msg.id)?.abort(boundaryError('Aborted', 'error.worker.abortedByPage', undefined, { id: msg.id }));
  };
  endpoint.addEventListener('message', onMessage);
  endpoint.start?.();
  return () => {
    endpoint.removeEventListener('message', onMessage);
    for (const c of running.values()) c.abort(boundaryError('Aborted', 'error.worker.serverStopped', undefined));
    running.clear();
  };
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  onProgress?: (progress: Progress) => void;
  onPartial?: (value: unknown) => void;
  cleanup(): void;
}

/** A connected client plus what the owner of the endpoint needs to manage it. */
export interface RpcConnection<H extends Handlers> {
  readonly client: RpcClient<H>;
  /** Calls waiting for an answer. */
  pendingCount(): number;
  /** Rejects every pending call with `error` (e.g. the worker crashed) and stops listening. */
  close(error?: LakeError): void;
}

/**
 * Connects to handlers served on `endpoint` (on the page). Must hold: an aborted signal rejects the call at
 * once with LakeError Aborted and tells the worker to abort; late answers for that call are ignored.
 */
export function connectRpc<H extends Handlers>(endpoint: Endpoint, options: { readonly onMeta?: (meta: unknown) => void } = {}): RpcConnection<H> {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed: LakeError | undefined;

  const onMessage = (event: MessageEvent): void => {
    const msg = event.data;
    if (!isMessage(msg)) return;
    const p = pending.get(msg.id);
    if (msg.t === 'progress') { p?.onProgress?.(msg.progress); return; }
    if (msg.t === 'partial') { p?.onPartial?.(msg.value); return; }
    if (msg.t !== 'result' && msg.t !== 'error') return;
    if (p) {
      pending.delete(msg.id);
      p.cleanup();
      if (msg.t === 'result') p.resolve('json' in msg ? JSON.parse(msg.json) : msg.value);
      else p.reject(deserializeError(msg.error));
    }
    // After the call settled (also for an aborted call's late answer), so pendingCount() is current.
    if (msg.meta !== undefined) options.onMeta?.(msg.meta);
  };
  endpoint.addEventListener('message', onMessage);
  endpoint.start?.();

  const call = (method: string, params: unknown, options: CallOptions = {}): Promise<unknown> => {
    if (closed) return Promise.reject(closed);
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(boundaryError('Aborted', 'error.aborted', { what: method }, { method }, signal.reason));
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        if (!pending.delete(id)) return;
        endpoint.postMessage({ rpc: 1, t: 'abort', id } satisfies Message);
        reject(boundaryError('Aborted', 'error.aborted', { what: method }, { method }, signal?.reason));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      pending.set(id, {
        resolve, reject, onProgress: options.onProgress, onPartial: options.onPartial,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      });
      try {
        endpoint.postMessage({ rpc: 1, t: 'call', id, method, params } satisfies Message, options.transfer ?? []);
      } catch (e) {
        pending.delete(id);
        signal?.removeEventListener('abort', onAbort);
        reject(boundaryError('Internal', 'error.worker.paramsClone', { method }, { method }, e));
      }
    });
  };

  const client = new Proxy({} as RpcClient<H>, {
    get: (_target, method) => (typeof method === 'string' && method !== 'then'
      ? (params: unknown, options?: CallOptions) => call(method, params, options)
      : undefined),
  });

  return {
    client,
    pendingCount: () => pending.size,
    close: (error = boundaryError('Internal', 'error.worker.connectionClosed', undefined)) => {
      closed = error;
      endpoint.removeEventListener('message', onMessage);
      for (const [id, p] of pending) {
        pending.delete(id);
        p.cleanup();
        p.reject(error);
      }
    },
  };
}
