/**
 * Worker recycling (engine-host.ts) over the real worker protocol: each "worker" is a fresh engine served
 * on a MessageChannel with the same meta a browser worker sends (parquet-wasm memory, state held).
 */
import { MessageChannel } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parquetWasmMemoryBytes } from '../core/codecs/parquet/wasm-init.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../testing/fixtures.ts';
import { createEngineParts } from './engine.ts';
import { EngineHost, type SpawnedWorker } from './engine-host.ts';
import { type Endpoint, serveRpc } from './rpc.ts';

beforeAll(() => installNodeParquetWasm());
let cleanups: (() => void)[] = [];
afterEach(() => { for (const c of cleanups) c(); cleanups = []; });

/** A host whose workers are in-process engines; `wasm` stands in for each worker's wasm memory report. */
function setup(budgetBytes: number, wasm: () => number = parquetWasmMemoryBytes) {
  const workers: { terminated: boolean; connects: number }[] = [];
  const spawn = (): SpawnedWorker => {
    const state = { terminated: false, connects: 0 };
    workers.push(state);
    const { handlers, held } = createEngineParts(async () => { state.connects++; return new FsStorage(FIXTURES_DIR, { readOnly: true }); });
    const { port1, port2 } = new MessageChannel();
    const stop = serveRpc(port2 as unknown as Endpoint, handlers, { meta: () => ({ wasmBytes: wasm(), held: held() }) });
    const end = () => { stop(); port1.close(); port2.close(); };
    cleanups.push(end);
    return { endpoint: port1 as unknown as Endpoint, terminate: () => { state.terminated = true; end(); }, onFailure: () => {} };
  };
  const host = new EngineHost({ spawn, budgetBytes });
  cleanups.push(() => host.close());
  return { host, engine: host.client, workers };
}

describe.skipIf(!FIXTURES_PRESENT)('engine worker recycling', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  const root = 'iceberg/v2_spark_position_deletes/';
  const fx = listFixtures('iceberg').find((f) => f.name === 'iceberg/v2_spark_position_deletes')!;

  it('warm() starts the worker before the first call, once, and that call runs on it', async () => {
    const { host, engine, workers } = setup(1 << 30);
    host.warm();
    host.warm();
    expect(workers).toHaveLength(1);
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    await engine.openTable({ warehouseId, root, format: 'iceberg' });
    expect([workers.length, workers[0].connects, host.workersStarted]).toEqual([1, 1, 1]);
  });

  it('past the budget, the next call goes to a fresh worker that knows the same warehouse and table ids', async () => {
    const { host, engine, workers } = setup(0, () => 1);
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    expect(workers).toHaveLength(1);
    const { tableId } = await engine.openTable({ warehouseId, root, format: 'iceberg' });
    // connect answered over budget: openTable already ran in worker 2, which restored the warehouse.
    expect(workers).toHaveLength(2);
    expect(workers[0].terminated).toBe(true);
    for (const v of fx.expected.versions) {
      const cursor = await engine.openRows({ tableId, version: v.id });
      // An open cursor holds the worker: the page of this cursor is read where it was opened.
      const page = await engine.readRows({ cursorId: cursor.cursorId, offset: 0, limit: 1000 });
      expect(page.rows).toHaveLength(v.rowCount);
      await engine.closeRows({ cursorId: cursor.cursorId });
    }
    const started = host.workersStarted;
    expect(started).toBeGreaterThan(2);
    // Each fresh worker made the warehouse's storage again (restore), under the page's id.
    expect(workers.slice(1).every((w) => w.connects === 1)).toBe(true);
    expect(workers.slice(0, -1).every((w) => w.terminated)).toBe(true);
  });

  it('an in-flight call finishes on the old worker before it is terminated; calls after it go to the new one', async () => {
    let over = false;
    const { engine, workers } = setup(100, () => (over ? 1000 : 0));
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    const { tableId } = await engine.openTable({ warehouseId, root, format: 'iceberg' });
    over = true;
    const slow = engine.openRows({ tableId });
    const tree = engine.tree({ tableId });
    // Both are in flight on worker 1 when the first answer reports the budget passed: no recycle yet,
    // and then the cursor holds the worker.
    const cursor = await slow;
    await tree;
    expect(workers).toHaveLength(1);
    expect(workers[0].terminated).toBe(false);
    // The cursor holds worker 1 until closed; then the next answer (idle, nothing held) retires it.
    expect((await engine.readRows({ cursorId: cursor.cursorId, offset: 0, limit: 1000 })).rows.length).toBe(fx.expected.versions.at(-1)!.rowCount);
    await engine.closeRows({ cursorId: cursor.cursorId });
    expect(workers[0].terminated).toBe(true);
    expect((await engine.tree({ tableId })).length).toBeGreaterThan(0);
    expect(workers).toHaveLength(2);
  });

  it('stays on one worker under the budget', async () => {
    const { engine, workers } = setup(Number.MAX_SAFE_INTEGER);
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    const { tableId } = await engine.openTable({ warehouseId, root, format: 'iceberg' });
    const cursor = await engine.openRows({ tableId });
    await engine.readRows({ cursorId: cursor.cursorId, offset: 0, limit: 1000 });
    await engine.closeRows({ cursorId: cursor.cursorId });
    expect(workers).toHaveLength(1);
  });
});
