/**
 * The engine in a Node worker thread, for bench/worker-memory.ts: the same handlers and the same answer
 * meta (parquet-wasm memory, state held) as the browser's engine worker, over a read-only folder.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parquetWasmMemoryBytes } from '../src/core/codecs/parquet/wasm-init.ts';
import { FsStorage } from '../src/platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';
import { createEngineParts } from '../src/worker/engine.ts';
import { type Endpoint, serveRpc } from '../src/worker/rpc.ts';

installNodeParquetWasm();
const { handlers, held } = createEngineParts(async () => new FsStorage((workerData as { root: string }).root, { readOnly: true }));
serveRpc(parentPort as unknown as Endpoint, handlers, { meta: () => ({ wasmBytes: parquetWasmMemoryBytes(), held: held() }) });
