// A Parquet decode worker of the CLI's pool (core/codecs/parquet/decode-pool.ts, platform/node/parquet-decode-pool.ts):
// plain JavaScript, not TypeScript, because a worker thread starts plain Node — going through tsx's loader
// took seconds per worker on a loaded machine, and the pool replaces workers. It holds one parquet-wasm
// instance and answers each request with the Arrow IPC stream of the decode (transferred back), or
// parquet-wasm's error text, and its wasm memory size (the pool retires a worker past its budget).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import * as pw from 'parquet-wasm/esm';

const wasmPath = createRequire(import.meta.url).resolve('parquet-wasm/esm/parquet_wasm_bg.wasm');
const { memory } = pw.initSync({ module: workerData?.module ?? readFileSync(wasmPath) });

parentPort.on('message', (request) => {
  let ipc;
  let error;
  try {
    const options = { batchSize: request.batchSize };
    if (request.rowGroups) options.rowGroups = request.rowGroups;
    ipc = pw.readParquet(request.bytes, options).intoIPCStream();
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const reply = { id: request.id, memoryBytes: memory.buffer.byteLength };
  if (ipc) parentPort.postMessage({ ...reply, ipc }, [ipc.buffer]);
  else parentPort.postMessage({ ...reply, error });
});
