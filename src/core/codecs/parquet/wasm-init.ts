/**
 * parquet-wasm's WebAssembly module must be instantiated before use, and where its bytes come from
 * depends on the platform: in a browser/worker the Vite build serves the `.wasm` next to the ESM
 * glue (parquet-wasm's default `new URL('parquet_wasm_bg.wasm', import.meta.url)` works there); in
 * Node the bytes are read from the package (src/platform/node/parquet-wasm-init.ts). Core stays free
 * of both by taking the source through {@link setParquetWasmInit}.
 */
import { messageError } from '../../message-error.ts';

/** What parquet-wasm's init accepts: wasm bytes, a compiled module, or a URL/Response to fetch. */
export type ParquetWasmInput = BufferSource | WebAssembly.Module | URL | Response | string;

/** Returns the wasm source; `undefined` means parquet-wasm's own default URL (fine under Vite). */
export type ParquetWasmInit = () => Promise<ParquetWasmInput | undefined>;

export type ParquetWasm = typeof import('parquet-wasm/esm');

let init: ParquetWasmInit | undefined;
let ready: Promise<ParquetWasm> | undefined;
let memory: WebAssembly.Memory | undefined;

/**
 * Bytes of parquet-wasm's linear memory (0 before it is instantiated). WebAssembly memory only grows, so
 * this is the high-water mark of every decode and write so far; the browser recycles the engine worker
 * when it passes a budget (src/worker/engine-host.ts).
 */
export function parquetWasmMemoryBytes(): number {
  return memory?.buffer.byteLength ?? 0;
}

/**
 * Sets where the wasm comes from. Must be called before the first Parquet→Arrow read to take effect
 * (the module is a singleton: once instantiated, later calls change nothing).
 */
export function setParquetWasmInit(fn: ParquetWasmInit): void {
  init = fn;
}

/** The instantiated parquet-wasm module. Init failures throw LakeError Internal and are retried on the next call. */
export function ensureParquetWasm(): Promise<ParquetWasm> {
  ready ??= (async () => {
    try {
      // Imported on first use: statically, its glue (~100 kB of source) sat in the engine worker's first
      // chunk, compiled and run before the worker could answer its first call (issue 17).
      const parquetWasm = await import('parquet-wasm/esm');
      const input = init ? await init() : undefined;
      const output = await parquetWasm.default(input === undefined ? undefined : { module_or_path: input });
      memory = output.memory;
      return parquetWasm;
    } catch (e) {
      ready = undefined;
      // The loader's own text (a fetch or WebAssembly error) is data.
      throw messageError('Internal', 'error.parquet.wasmInit', { detail: e instanceof Error ? e.message : String(e), nodeHint: !init }, {}, e);
    }
  })();
  return ready;
}
