/**
 * The page's one door to the engine: a lazily started module worker and the typed RPC client on it.
 * The UI imports only this file (and types) at runtime; Arrow results are decoded with
 * `tableFromArrowIpc` from ./arrow-ipc.ts where needed. If the worker dies, pending calls reject with
 * an Internal LakeError and the next call starts a fresh worker (whose warehouses must be reopened).
 */
import { LakeError } from '../core/errors.ts';
import type { EngineHandlers } from './engine.ts';
import { type RpcClient, type RpcConnection, connectRpc } from './rpc.ts';

export type { CallOptions } from './rpc.ts';
export type { Connected, EngineHandlers } from './engine.ts';
export { type ConnectionSpec, type ConnectionKind, type S3Connection, connectionLabel, connectionLocation } from './connection.ts';
export { isLakeError } from '../core/errors.ts';

let current: { worker: Worker; conn: RpcConnection<EngineHandlers> } | undefined;

function start(): { worker: Worker; conn: RpcConnection<EngineHandlers> } {
  const worker = new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module', name: 'lakescope-engine' });
  const conn = connectRpc<EngineHandlers>(worker);
  const fail = (message: string) => {
    if (current?.worker !== worker) return;
    current = undefined;
    conn.close(new LakeError('Internal', `worker: ${message}`));
    worker.terminate();
  };
  worker.addEventListener('error', (e) => fail(`the engine worker crashed: ${e.message || 'script error'}`));
  worker.addEventListener('messageerror', () => fail('a message from the engine worker could not be read'));
  return { worker, conn };
}

/** The engine client (starts the worker on first use). */
export function engine(): RpcClient<EngineHandlers> {
  current ??= start();
  return current.conn.client;
}

