/**
 * The worker entry: serves the engine on the worker's own port. Started by client.ts with
 * `new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' })`.
 */
import { createEngine } from './engine.ts';
import { type Endpoint, serveRpc } from './rpc.ts';
import { makeStorage } from './storage-factory.ts';

serveRpc(self as unknown as Endpoint, createEngine((spec, signal) => makeStorage(spec, signal)));
