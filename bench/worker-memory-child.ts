/**
 * The engine in a Node worker thread, for bench/worker-memory.ts: the same handlers and the same answer
 * meta (parquet-wasm memory, state held) as the browser's engine worker, over a read-only folder.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parquetWasmMemoryBytes } from '../src/core/codecs/parquet/wasm-init.ts';
import { decodePoolMemoryBytes } from '../src/core/codecs/parquet/decode-pool.ts';
import { FsStorage } from '../src/platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';
import { installNodeParquetDecodePool } from '../src/platform/node/parquet-decode-pool.ts';
import { BROWSER_DECODE_MEMORY_BUDGET, browserDecodeWorkers } from '../src/platform/browser/parquet-decode-pool.ts';
import { availableParallelism } from 'node:os';
import { createEngineParts } from '../src/worker/engine.ts';
import { type Endpoint, serveRpc } from '../src/worker/rpc.ts';

installNodeParquetWasm();
// As the browser's engine worker: Parquet decodes on nested workers with the browser's budget (RSS counts them).
// The URL is the source tree's worker script, seen from the bundle this file becomes (bench/out/).
installNodeParquetDecodePool({ size: browserDecodeWorkers(availableParallelism()), memoryBudgetBytes: BROWSER_DECODE_MEMORY_BUDGET, workerUrl: new URL('../../src/platform/node/parquet-decode-worker.mjs', import.meta.url) });
const { handlers, held } = createEngineParts(async () => new FsStorage((workerData as { root: string }).root, { readOnly: true }));
serveRpc(parentPort as unknown as Endpoint, handlers, { meta: () => ({ wasmBytes: parquetWasmMemoryBytes() + decodePoolMemoryBytes(), held: held() }) });
