/**
 * The page's side of the engine worker, with recycling (issue 17). parquet-wasm's WebAssembly memory
 * only grows: after a 1 GB file is decoded or written, the worker keeps that memory for good. So the
 * worker reports its wasm memory with every answer, and once it passes a byte budget the host retires
 * it — at a moment when no call is in flight and the worker holds nothing a fresh one could not
 * re-create (row cursors, row diffs, prepared writes) — and the next call starts a fresh worker. The
 * fresh worker is given the warehouses (their connection specs, kept here for that) and tables the old
 * one had open, under the same ids, so the page's ids stay valid: recycling is invisible to callers.
 * If a worker dies, its pending calls reject with an Internal LakeError and the next call starts a fresh one.
 */
import { LakeError } from '../core/errors.ts';
import type { ConnectionSpec } from './connection.ts';
import type { EngineHandlers, EngineRestore } from './engine.ts';
import { type CallOptions, type Endpoint, type RpcClient, type RpcConnection, connectRpc } from './rpc.ts';
import { boundaryError } from '../core/boundary-error.ts';

/** What the worker sends along with every answer (engine-worker.ts). */
export interface WorkerMeta {
  /** parquet-wasm's linear memory in bytes (it never shrinks). */
  readonly wasmBytes: number;
  /** Things held that a fresh worker could not re-create; the worker is not recycled while > 0. */
  readonly held: number;
}

/** A started worker: its message endpoint, how to end it, and a way to hear that it died. */
export interface SpawnedWorker {
  readonly endpoint: Endpoint;
  terminate(): void;
  onFailure(listener: (message: string) => void): void;
}

export interface EngineHostOptions {
  readonly spawn: () => SpawnedWorker;
  /** Recycle a worker once its wasm memory passes this many bytes. */
  readonly budgetBytes: number;
  /** Tables remembered for a fresh worker (most recently opened kept). */
  readonly maxTables?: number;
}

interface Slot {
  readonly worker: SpawnedWorker;
  readonly conn: RpcConnection<EngineHandlers>;
  /** Settles when the restore call (if any) has been answered. */
  readonly ready: Promise<void>;
  /** Calls of the page on this worker not yet settled (including those waiting for `ready`). */
  active: number;
  /** The last answer reported the budget passed with nothing held: retire when no call is active. */
  overBudget: boolean;
  ended: boolean;
}

type TableParams = EngineRestore['tables'][number];

/** The engine behind one client whose worker is recycled past a memory budget. */
export class EngineHost {
  readonly client: RpcClient<EngineHandlers>;
  private current: Slot | undefined;
  private readonly warehouses = new Map<string, ConnectionSpec>();
  private readonly tables = new Map<string, TableParams>();
  private started = 0;
  private meta: WorkerMeta | undefined;

  constructor(private readonly options: EngineHostOptions) {
    this.client = new Proxy({} as RpcClient<EngineHandlers>, {
      get: (_t, method) => (typeof method === 'string' && method !== 'then'
        ? (params: unknown, callOptions?: CallOptions) => this.call(method, params, callOptions)
        : undefined),
    });
  }

  /** Workers started so far (1 + the number of recycles and restarts after a crash). */
  get workersStarted(): number { return this.started; }

  /** The last memory report of the current worker. */
  get lastMeta(): WorkerMeta | undefined { return this.meta; }

  /**
   * Starts the worker now if none runs, so its script loads and compiles while the page is still busy
   * (the first call then finds it ready). Idempotent.
   */
  warm(): void {
    this.current ??= this.start();
  }

  /** Ends the current worker (pending calls reject). */
  close(): void {
    if (this.current) this.end(this.current, boundaryError('Internal', 'error.worker.engineClosed', undefined));
    this.current = undefined;
  }

  private async call(method: string, params: unknown, callOptions?: CallOptions): Promise<unknown> {
    const slot = (this.current ??= this.start());
    slot.active++;
    try {
      await slot.ready;
      const fn = (slot.conn.client as unknown as Record<string, (p: unknown, o?: CallOptions) => Promise<unknown>>)[method];
      const value = await fn(params, callOptions);
      this.remember(method, params, value);
      return value;
    } finally {
      slot.active--;
      // Only when idle: a call in flight might be creating a cursor or a prepared write right now. The
      // in-flight calls finish on the old worker; the next call starts a fresh one.
      if (slot.active === 0 && slot.overBudget) {
        if (this.current === slot) this.current = undefined;
        this.end(slot);
      }
    }
  }

  /** Keeps what a fresh worker needs to stand in for this one. */
  private remember(method: string, params: unknown, value: unknown): void {
    if (method === 'connect') {
      this.warehouses.set((value as { warehouseId: string }).warehouseId, params as ConnectionSpec);
    } else if (method === 'disconnect') {
      const { warehouseId } = params as { warehouseId: string };
      this.warehouses.delete(warehouseId);
      for (const [id, t] of [...this.tables]) if (t.warehouseId === warehouseId) this.tables.delete(id);
    } else if (method === 'openTable' || (method === 'openLinkedTable' && value)) {
      // openLinkedTable (engine-linked.ts) answers which table it opened, with the table's id.
      const p = (method === 'openTable' ? params : value) as TableParams;
      const id = (value as { tableId: string }).tableId;
      this.tables.delete(id);
      this.tables.set(id, { warehouseId: p.warehouseId, root: p.root, format: p.format, ...(p.state !== undefined ? { state: p.state } : {}) });
      while (this.tables.size > (this.options.maxTables ?? 32)) this.tables.delete(this.tables.keys().next().value as string);
    }
  }

  private start(): Slot {
    this.started++;
    this.meta = undefined;
    const worker = this.options.spawn();
    let slot: Slot;
    const conn = connectRpc<EngineHandlers>(worker.endpoint, { onMeta: (m) => this.onMeta(slot, m as WorkerMeta) });
    const restore: EngineRestore = {
      warehouses: [...this.warehouses].map(([warehouseId, spec]) => ({ warehouseId, spec })),
      tables: [...this.tables.values()],
    };
    // A restore that fails (e.g. a URL warehouse's key list cannot be read now) leaves that warehouse
    // closed: its calls then fail with NotFound, as after a crash.
    const ready = restore.warehouses.length === 0 ? Promise.resolve() : conn.client.restore(restore).then(() => {}, () => {});
    slot = { worker, conn, ready, active: 0, overBudget: false, ended: false };
    worker.onFailure((message) => {
      if (this.current === slot) this.current = undefined;
      this.end(slot, boundaryError('Internal', 'error.worker.failed', { detail: message }));
    });
    return slot;
  }

  private onMeta(slot: Slot, meta: WorkerMeta): void {
    if (slot !== this.current) return;
    this.meta = meta;
    slot.overBudget = meta.wasmBytes > this.options.budgetBytes && meta.held === 0;
  }

  private end(slot: Slot, error?: LakeError): void {
    if (slot.ended) return;
    slot.ended = true;
    slot.conn.close(error ?? boundaryError('Internal', 'error.worker.recycled', undefined));
    slot.worker.terminate();
  }
}
