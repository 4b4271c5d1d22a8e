/**
 * The CLI's Parquet decode pool: worker threads (platform/node/parquet-decode-worker.mjs), each with its own
 * parquet-wasm, so decoding runs beside the thread that fetches and plans (core/codecs/parquet/decode-pool.ts).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { LakeError } from '../../core/errors.ts';
import { ParquetDecodePool, setParquetDecodePool, type DecodeReply, type DecodeWorkerPort } from '../../core/codecs/parquet/decode-pool.ts';

/** Default memory after which a decode worker is replaced: its wasm memory never shrinks. */
export const NODE_DECODE_MEMORY_BUDGET = 512 * 1024 * 1024;

/**
 * Workers by default: one per core, at most 4. On this project's 2-core machine two workers beside the main
 * thread beat one (the main thread is mostly waiting on sockets and reading IPC); more than the cores only
 * contend.
 */
export function defaultDecodeWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/** Where the worker's script is (a bundle of this module, as bench/worker-memory.ts makes, passes its own). */
const DECODE_WORKER_URL = new URL('./parquet-decode-worker.mjs', import.meta.url);

/** One worker thread as the pool's port; it holds the process open only while it decodes. */
export function spawnNodeDecodeWorker(url: URL = DECODE_WORKER_URL): DecodeWorkerPort {
  const worker = new Worker(url);
  worker.unref();
  let failed = false;
  const failures: ((detail: string) => void)[] = [];
  const fail = (detail: string) => {
    if (failed) return;
    failed = true;
    for (const f of failures) f(detail);
  };
  worker.on('error', (e) => fail(e instanceof Error ? e.message : String(e)));
  worker.on('exit', (code) => fail(`the worker exited with code ${code}`));
  return {
    post: (request, transfer) => worker.postMessage(request, transfer),
    onReply: (listener) => { worker.on('message', (m: DecodeReply) => listener(m)); },
    onFailure: (listener) => { failures.push(listener); },
    setBusy: (busy) => { if (busy) worker.ref(); else worker.unref(); },
    terminate: () => { failed = true; void worker.terminate(); },
  };
}

/**
 * Makes Parquet → Arrow reads in this process decode on a pool of worker threads. Idempotent: a second call
 * keeps the first pool. Returns the pool (tests read its stats; `close()` ends its workers).
 */
export function installNodeParquetDecodePool(opts: { size?: number; memoryBudgetBytes?: number; workerUrl?: URL } = {}): ParquetDecodePool {
  installed ??= new ParquetDecodePool({
    size: opts.size ?? defaultDecodeWorkers(),
    memoryBudgetBytes: opts.memoryBudgetBytes ?? NODE_DECODE_MEMORY_BUDGET,
    spawn: () => spawnNodeDecodeWorker(opts.workerUrl),
  });
  setParquetDecodePool(installed);
  return installed;
}

let installed: ParquetDecodePool | undefined;

/**
 * The CLI's choice: `LAKESCOPE_DECODE_WORKERS` workers (0 decodes on the main thread, as a library caller
 * that installs no pool does), else {@link defaultDecodeWorkers}.
 */
export function installCliDecodePool(env: Record<string, string | undefined> = process.env): void {
  const raw = env.LAKESCOPE_DECODE_WORKERS;
  const n = raw === undefined || raw === '' ? defaultDecodeWorkers() : Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new LakeError('DataInvalid', `cli: LAKESCOPE_DECODE_WORKERS must be a whole number of workers, not "${raw}"`);
  if (n === 0) { setParquetDecodePool(undefined); return; }
  installNodeParquetDecodePool({ size: n });
}
