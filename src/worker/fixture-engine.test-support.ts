/**
 * For tests of the worker's calls: an engine over the fixtures folder (read-only), served through the real
 * worker protocol on a MessageChannel, as the page talks to the worker. Each test's channels are closed after it.
 */
import { MessageChannel } from 'node:worker_threads';
import { afterEach, beforeAll } from 'vitest';
import type { Storage } from '../core/io/storage.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR } from '../testing/fixtures.ts';
import { type EngineHandlers, createEngine } from './engine.ts';
import { type Endpoint, connectRpc, serveRpc } from './rpc.ts';

/**
 * Registers the suite's hooks and returns `setup()`, which opens one client of a fresh engine for the running test:
 * over the fixtures folder, or over `storage` when given.
 */
export function fixtureEngineClients() {
  beforeAll(() => installNodeParquetWasm());
  let cleanups: (() => void)[] = [];
  afterEach(() => { for (const c of cleanups) c(); cleanups = []; });
  return function setup(storage?: Storage) {
    const engine = createEngine(async () => storage ?? new FsStorage(FIXTURES_DIR, { readOnly: true }));
    const { port1, port2 } = new MessageChannel();
    const stop = serveRpc(port2 as unknown as Endpoint, engine);
    const conn = connectRpc<EngineHandlers>(port1 as unknown as Endpoint);
    cleanups.push(() => { stop(); conn.close(); port1.close(); port2.close(); });
    return conn.client;
  };
}
