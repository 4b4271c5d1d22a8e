/**
 * The browser engine's Parquet decode pool: nested module workers (platform/browser/parquet-decode-worker.ts)
 * started by the engine worker, so decoding runs beside the thread that fetches, plans and answers the page
 * (core/codecs/parquet/decode-pool.ts).
 */
import { ParquetDecodePool, setParquetDecodePool, type DecodeReply, type DecodeWorkerPort } from '../../core/codecs/parquet/decode-pool.ts';

/** A decode worker whose wasm memory passed this is replaced (WebAssembly memory never shrinks; a tab's memory is shared). */
export const BROWSER_DECODE_MEMORY_BUDGET = 256 * 1024 * 1024;

/** Workers at most: one per logical core the browser reports, at least one, at most four. */
export function browserDecodeWorkers(hardwareConcurrency: number | undefined): number {
  return Math.max(1, Math.min(4, hardwareConcurrency ?? 2));
}

function spawnBrowserDecodeWorker(): DecodeWorkerPort {
  const worker = new Worker(new URL('./parquet-decode-worker.ts', import.meta.url), { type: 'module', name: 'lakescope-parquet-decode' });
  let failed = false;
  const failures: ((detail: string) => void)[] = [];
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    if (failed) return;
    failed = true;
    for (const f of failures) f(e.message || 'the worker could not start');
  });
  return {
    post: (request, transfer) => worker.postMessage(request, transfer),
    onReply: (listener) => worker.addEventListener('message', (e: MessageEvent<DecodeReply>) => listener(e.data)),
    onFailure: (listener) => { failures.push(listener); },
    setBusy: () => {},
    terminate: () => { failed = true; worker.terminate(); },
  };
}

/** Installs the pool in this (engine) worker, where nested workers exist; elsewhere decoding stays on the calling thread. */
export function installBrowserParquetDecodePool(): void {
  if (typeof Worker === 'undefined') return;
  setParquetDecodePool(new ParquetDecodePool({
    size: browserDecodeWorkers(typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency),
    memoryBudgetBytes: BROWSER_DECODE_MEMORY_BUDGET,
    spawn: spawnBrowserDecodeWorker,
  }));
}
