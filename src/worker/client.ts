/**
 * The page's one door to the engine: a lazily started module worker and the typed RPC client on it.
 * The UI imports only this file (and types) at runtime; Arrow results are decoded with
 * `tableFromArrowIpc` from ./arrow-ipc.ts where needed. The worker is recycled past a memory budget and
 * restarted after a crash, with the warehouses and tables it had open (engine-host.ts).
 */
import type { EngineHandlers } from './engine.ts';
import { EngineHost, type SpawnedWorker } from './engine-host.ts';
import { ENGINE_RECEIVED } from './engine-ready.ts';
import type { RpcClient } from './rpc.ts';

export type { CallOptions } from './rpc.ts';
export type { Connected, EngineHandlers } from './engine.ts';
export { type ConnectionSpec, type ConnectionKind, type S3Connection, connectionLocation } from './connection.ts';
export { isLakeError } from '../core/errors.ts';
export { type LinkedTable, tableInRootListing } from './engine-linked.ts';

/**
 * Recycle the engine worker once parquet-wasm's memory passes this (engine-host.ts): wasm memory never
 * shrinks, so a worker that once decoded or wrote a huge file would keep that memory for the session.
 */
export const WORKER_WASM_BUDGET_BYTES = 512 * 1024 * 1024;

let host: EngineHost | undefined;
let started: Promise<void> | undefined;

function spawnWorker(): SpawnedWorker {
  const worker = new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module', name: 'lakescope-engine' });
  // The first worker has received the first call posted to it (or failed to start): engine-ready.ts.
  started ??= new Promise((resolve) => {
    const received = (e: MessageEvent) => {
      if ((e.data as { lakescope?: unknown } | null)?.lakescope !== ENGINE_RECEIVED.lakescope) return;
      worker.removeEventListener('message', received);
      resolve();
    };
    worker.addEventListener('message', received);
    worker.addEventListener('error', () => resolve(), { once: true });
  });
  return {
    endpoint: worker,
    terminate: () => worker.terminate(),
    onFailure: (listener) => {
      worker.addEventListener('error', (e) => listener(`the engine worker crashed: ${e.message || 'script error'}`));
      worker.addEventListener('messageerror', () => listener('a message from the engine worker could not be read'));
    },
  };
}

function engineHost(): EngineHost {
  host ??= new EngineHost({ spawn: spawnWorker, budgetBytes: WORKER_WASM_BUDGET_BYTES });
  return host;
}

/** The engine client (starts the worker on first use). */
export function engine(): RpcClient<EngineHandlers> {
  return engineHost().client;
}

/**
 * Starts the engine worker before its first call: the entry calls it when the address names a
 * warehouse, so the worker's 1.3 MB script loads and compiles on its own thread while the page renders
 * (issue 17: it had started only after the first render, ~200 ms later).
 */
export function warmEngine(): void {
  engineHost().warm();
}

/**
 * Settles once the first engine worker has received the first call posted to it (or failed to load);
 * undefined while no worker was started; never settles while no call was made. Chromium hands the page's
 * messages to a module worker only after its script has run, and does that from the page's main thread: a
 * long task there (evaluating the UI's chunk) held a deep link's first call back by that long (issue 17).
 * The entry waits for this before it loads the UI (waiting only for the script to have run was not enough:
 * the UI's chunk was evaluated before the hand-over, 200 ms in a trace at load 2–3).
 */
export function engineStarted(): Promise<void> | undefined {
  return started;
}

