/**
 * Node side of parquet-wasm initialisation: read the wasm bytes from the installed package
 * (parquet-wasm's default init fetches a file: URL, which Node's fetch does not support).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setParquetWasmInit } from '../../core/codecs/parquet/wasm-init.ts';

/** Makes core's Parquet→Arrow reader load parquet-wasm from node_modules. Idempotent. */
export function installNodeParquetWasm(): void {
  setParquetWasmInit(async () => {
    const path = createRequire(import.meta.url).resolve('parquet-wasm/esm/parquet_wasm_bg.wasm');
    return readFile(path);
  });
}
