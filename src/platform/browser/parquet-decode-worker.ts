/**
 * A Parquet decode worker of the browser engine's pool (core/codecs/parquet/decode-pool.ts), started by the
 * engine worker (platform/browser/parquet-decode-pool.ts): one parquet-wasm instance; each request is
 * answered with the Arrow IPC stream of the decode (transferred back) or parquet-wasm's error text, and the
 * instance's memory size (the pool replaces a worker past its budget).
 */
import type { DecodeReply, DecodeRequest } from '../../core/codecs/parquet/decode-pool.ts';
import { ensureParquetWasm, parquetWasmMemoryBytes } from '../../core/codecs/parquet/wasm-init.ts';

interface Port { postMessage(m: unknown, transfer?: Transferable[]): void; addEventListener(type: 'message', l: (e: MessageEvent<DecodeRequest>) => void): void }
const port = self as unknown as Port;

port.addEventListener('message', (e) => void answer(e.data));

/** Decodes one request; the pool sends the next only after this answer. */
async function answer(request: DecodeRequest): Promise<void> {
  let ipc: Uint8Array | undefined;
  let error: string | undefined;
  try {
    const pw = await ensureParquetWasm();
    ipc = pw.readParquet(request.bytes, { batchSize: request.batchSize, ...(request.rowGroups ? { rowGroups: [...request.rowGroups] } : {}) }).intoIPCStream();
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const reply: DecodeReply = { id: request.id, memoryBytes: parquetWasmMemoryBytes(), ...(ipc ? { ipc } : { error: error ?? 'no answer' }) };
  port.postMessage(reply, ipc ? [ipc.buffer as ArrayBuffer] : []);
}
