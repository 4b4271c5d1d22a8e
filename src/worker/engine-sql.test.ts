/**
 * The Query tab's calls through the real worker protocol (MessageChannel) on the fixtures: explain with
 * bytes to fetch before running, a time-travel run with progress events, the byte limit the page passes
 * after asking, a query error with its position, and a cancelled run (Aborted).
 */
import { MessageChannel } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Progress } from '../core/api/progress.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../testing/fixtures.ts';
import { type EngineHandlers, createEngine } from './engine.ts';
import { type Endpoint, connectRpc, serveRpc } from './rpc.ts';

beforeAll(() => installNodeParquetWasm());
let cleanups: (() => void)[] = [];
afterEach(() => { for (const c of cleanups) c(); cleanups = []; });

function setup() {
  const engine = createEngine(async () => new FsStorage(FIXTURES_DIR, { readOnly: true }));
  const { port1, port2 } = new MessageChannel();
  const stop = serveRpc(port2 as unknown as Endpoint, engine);
  const conn = connectRpc<EngineHandlers>(port1 as unknown as Endpoint);
  cleanups.push(() => { stop(); conn.close(); port1.close(); port2.close(); });
  return conn.client;
}

describe.skipIf(!FIXTURES_PRESENT)('SQL calls through the worker protocol', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  const fx = () => listFixtures('iceberg').find((f) => f.name === 'iceberg/v2_spark_position_deletes')!;

  it('explains (bytes to fetch), then runs a time-travel query with progress; a byte limit below the plan refuses', async () => {
    const engine = setup();
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    const first = fx().expected.versions[0]!;
    const query = `SELECT count(*) AS n FROM "iceberg/v2_spark_position_deletes" FOR VERSION AS OF ${first.id}`;
    const explain = await engine.sqlExplain({ warehouseId, query });
    expect(explain.bytesToFetch).toBeGreaterThan(0);
    expect(explain.scans[0]).toMatchObject({ kind: 'data', version: first.id, format: 'iceberg' });
    const progress: Progress[] = [];
    const result = await engine.sqlRun({ warehouseId, query, maxBytes: explain.bytesToFetch }, { onProgress: (p) => progress.push(p) });
    expect(result.rows).toEqual([[first.rowCount]]);
    expect(result.columns).toEqual([{ name: 'n', kind: 'number' }]);
    expect(progress.some((p) => p.phase === 'plan')).toBe(true);
    expect(progress.some((p) => p.phase === 'read')).toBe(true);
    await expect(engine.sqlRun({ warehouseId, query, maxBytes: explain.bytesToFetch - 1 })).rejects.toMatchObject({ code: 'Conflict' });
  });

  it('a wrong column is DataInvalid with line and column; a cancelled run is Aborted', async () => {
    const engine = setup();
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    await expect(engine.sqlRun({ warehouseId, query: 'SELECT x FROM "iceberg/v2_spark_position_deletes"' }))
      .rejects.toMatchObject({ code: 'DataInvalid', context: { line: 1, column: 8 } });
    const controller = new AbortController();
    await expect(engine.sqlRun({ warehouseId, query: 'SELECT * FROM "iceberg/v2_spark_position_deletes"' }, {
      signal: controller.signal, onProgress: (p) => { if (p.phase === 'plan') controller.abort(); },
    })).rejects.toMatchObject({ code: 'Aborted' });
  });
});
