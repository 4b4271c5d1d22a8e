/**
 * The worker entry: serves the engine on the worker's own port. Started by client.ts with
 * `new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' })`.
 */
import { refineCorsError } from './cors-probe.ts';
import { parquetWasmMemoryBytes } from '../core/codecs/parquet/wasm-init.ts';
import { decodePoolMemoryBytes } from '../core/codecs/parquet/decode-pool.ts';
import { createEngineParts } from './engine.ts';
import { type Endpoint, serveRpc } from './rpc.ts';
import { ENGINE_READY, ENGINE_RECEIVED } from './engine-ready.ts';
import { earlyStorage, makeStorage } from './storage-factory.ts';
import { hasOpfs, opfsSandboxes } from '../platform/browser/opfs-sandbox.ts';
import { installBrowserParquetDecodePool } from '../platform/browser/parquet-decode-pool.ts';

// Parquet decodes run on nested workers beside this one (issue 17): this thread keeps fetching and answering.
installBrowserParquetDecodePool();

const { handlers, held } = createEngineParts(
  (spec, signal, warm) => makeStorage(spec, signal, undefined, warm),
  async (error, spec, signal) => (spec.kind === 's3' ? refineCorsError(error, spec, signal) : error),
  { earlyStorage: (spec) => earlyStorage(spec), ...(hasOpfs() ? { sandboxes: opfsSandboxes } : {}) },
);
// A table's overview holds every version (10,000 and more): it crosses as JSON text (rpc.ts).
// Every answer carries the worker's wasm memory (its decode workers' included) and what it holds, for recycling (engine-host.ts).
serveRpc(self as unknown as Endpoint, handlers, {
  jsonResults: ['openTable', 'openLinkedTable'],
  meta: () => ({ wasmBytes: parquetWasmMemoryBytes() + decodePoolMemoryBytes(), held: held() }),
});
// Tells the page this script has run, and then that the first call the page posted has reached it
// (client.ts `engineStarted`): no RPC messages, the client ignores them.
(self as unknown as Endpoint).postMessage(ENGINE_READY);
self.addEventListener('message', () => (self as unknown as Endpoint).postMessage(ENGINE_RECEIVED), { once: true });
