/**
 * Create, append, delete and update through the real worker protocol (MessageChannel) in an empty
 * warehouse folder: the same two calls as every write (prepare → applyOp), no format named beyond the one
 * create is asked for; after each, the explorer's table reads the rows computed here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../platform/node/parquet-wasm-init.ts';
import { type EngineHandlers, createEngine } from './engine.ts';
import { type Endpoint, connectRpc, serveRpc } from './rpc.ts';

beforeAll(() => installNodeParquetWasm());
let cleanups: (() => void)[] = [];
afterEach(() => { for (const c of cleanups.reverse()) c(); cleanups = []; });

function setup(readOnly = false) {
  const dir = mkdtempSync(join(tmpdir(), 'lakescope-worker-rows-'));
  const engine = createEngine(async () => new FsStorage(dir, { readOnly }));
  const { port1, port2 } = new MessageChannel();
  const stop = serveRpc(port2 as unknown as Endpoint, engine);
  const conn = connectRpc<EngineHandlers>(port1 as unknown as Endpoint);
  cleanups.push(() => { stop(); conn.close(); port1.close(); port2.close(); rmSync(dir, { recursive: true, force: true }); });
  return conn.client;
}

async function names(client: ReturnType<typeof setup>, tableId: string, version: string): Promise<string[]> {
  const c = await client.openRows({ tableId, version });
  const page = await client.readRows({ cursorId: c.cursorId, offset: 0, limit: 1000 });
  return page.rows.map((r) => String(r.name)).sort();
}

describe('row writes through the worker protocol', () => {
  it('create a Delta table, append, delete, update — each previewed, applied, read back', async () => {
    const client = setup();
    const { warehouseId } = await client.connect({ kind: 'url', url: 'x' });
    const target = { warehouseId, root: 'people/', format: 'delta' as const };
    const create = await client.prepareCreate({ ...target, spec: { columns: [{ name: 'id', type: 'long' }, { name: 'name', type: 'string' }], properties: { 'delta.enableDeletionVectors': 'true' } } });
    expect(create).toMatchObject({ format: 'delta', operation: 'create', noop: false });
    expect((await client.applyOp({ opId: create.opId })).currentAfter).toBe('0');

    const caps = await client.writeCapabilities({ ...target });
    expect(caps.capabilities.filter((c) => c.scope === 'rows').map((c) => [c.kind, c.available])).toEqual([['append', true], ['delete', true], ['update', true]]);

    const rows = [{ id: 1, name: 'ann' }, { id: 2, name: 'bob' }, { id: 3, name: 'cy' }];
    const append = await client.prepareWrite({ ...target, action: { kind: 'append', rows } });
    expect(append.after.rows).toBe('3');
    expect((await client.applyOp({ opId: append.opId })).currentAfter).toBe('1');
    const del = await client.prepareWrite({ ...target, action: { kind: 'delete', where: 'id = 2' } });
    await client.applyOp({ opId: del.opId });
    const upd = await client.prepareWrite({ ...target, action: { kind: 'update', where: "name = 'cy'", set: { name: 'cyd' } } });
    const r = await client.applyOp({ opId: upd.opId });
    expect(r.currentAfter).toBe('3');
    const opened = await client.openTable(target);
    expect(opened.overview.versions.map((v) => v.operation)).toEqual(['CREATE TABLE', 'WRITE', 'DELETE', 'UPDATE']);
    expect(await names(client, opened.tableId, '3')).toEqual(['ann', 'cyd']);
    expect(await names(client, opened.tableId, '1')).toEqual(['ann', 'bob', 'cy']);
  });

  it('a read-only warehouse refuses create before anything is read', async () => {
    const client = setup(true);
    const { warehouseId } = await client.connect({ kind: 'url', url: 'x' });
    await expect(client.prepareCreate({ warehouseId, root: 't/', format: 'delta', spec: { columns: [{ name: 'id', type: 'long' }] } })).rejects.toMatchObject({ code: 'Unsupported' });
  });
});
