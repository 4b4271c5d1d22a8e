/**
 * The worker entry: serves the engine on the worker's own port. Started by client.ts with
 * `new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' })`.
 */
import { refineCorsError } from './cors-probe.ts';
import { createEngine } from './engine.ts';
import { type Endpoint, serveRpc } from './rpc.ts';
import { makeStorage } from './storage-factory.ts';
import { hasOpfs, opfsSandboxes } from '../platform/browser/opfs-sandbox.ts';

const engine = createEngine(
  (spec, signal) => makeStorage(spec, signal),
  async (error, spec, signal) => (spec.kind === 's3' ? refineCorsError(error, spec, signal) : error),
  hasOpfs() ? { sandboxes: opfsSandboxes } : {},
);
serveRpc(self as unknown as Endpoint, engine);
