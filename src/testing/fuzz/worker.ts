/**
 * Fuzz worker thread: loads the fixtures of one format, checks the clean reads (baseline), then runs
 * the case indexes the parent sends, one at a time. It runs in its own thread so a case stuck in a
 * synchronous loop (which no timer in the same thread can interrupt) is ended by the parent
 * terminating the thread, and a heap blown by a giant length field kills only this thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { baseline, runCase } from './case.ts';
import { loadFixtures, type FuzzFormat } from './fixture-set.ts';

interface Init { readonly format: FuzzFormat; readonly seed: number; readonly timeLimitMs: number }

const init = workerData as Init;
installNodeParquetWasm();
const fixtures = loadFixtures(init.format);
await baseline(fixtures);
parentPort!.on('message', (index: number) => {
  void runCase(fixtures, init.seed, init.format, index, init.timeLimitMs)
    .then((r) => parentPort!.postMessage({ type: 'result', result: r }))
    .catch((e: unknown) => parentPort!.postMessage({ type: 'crash', index, message: String((e as Error)?.stack ?? e) }));
});
parentPort!.postMessage({ type: 'ready' });
