import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { LakeError } from '../core/errors.ts';
import type { Progress } from '../core/api/progress.ts';
import { MapStorage } from '../core/api/map-storage.test-support.ts';
import type { ConnectionSpec } from './connection.ts';
import { type EngineHandlers, createEngine } from './engine.ts';
import { type Endpoint, connectRpc, serveRpc } from './rpc.ts';

let cleanups: (() => void)[] = [];
afterEach(() => { for (const c of cleanups) c(); cleanups = []; });

/** The engine behind a real MessageChannel, with storages built from the spec's url. */
function setup(storages: Record<string, MapStorage>) {
  const specs: ConnectionSpec[] = [];
  const engine = createEngine(async (spec) => {
    specs.push(spec);
    if (spec.kind !== 'url') throw new LakeError('Unsupported', `test: no ${spec.kind}`);
    return storages[spec.url];
  }, async (error, spec) => (spec.kind === 'url' && spec.url === 'https://cors/' ? new LakeError('Auth', 'refined', { was: String((error as Error).message) }) : error));
  const { port1, port2 } = new MessageChannel();
  const stop = serveRpc(port2 as unknown as Endpoint, engine);
  const conn = connectRpc<EngineHandlers>(port1 as unknown as Endpoint);
  cleanups.push(() => { stop(); conn.close(); port1.close(); port2.close(); });
  return { engine: conn.client, specs };
}

const lake = () => new MapStorage([
  ['README.txt', 'hello'],
  ['sales/orders/_delta_log/00000000000000000000.json', '{"add":{}}'],
  ['sales/events/metadata/v1.metadata.json', '{"format-version":2}'],
  ['sales/events/data/x.parquet', 'PAR1'],
], { description: 'lake' });

describe('engine through the worker protocol', () => {
  it('connects, lists, scans with progress, lists table files and previews a file', async () => {
    const { engine } = setup({ 'https://lake/': lake() });
    const c = await engine.connect({ kind: 'url', url: 'https://lake/' });
    expect(c.label).toBe('https://lake/');
    expect(c.warehouse.readme).toBe('hello');
    expect(c.warehouse.root.folders.map((f) => f.name)).toEqual(['sales']);

    const folder = await engine.listFolder({ warehouseId: c.warehouseId, prefix: 'sales/' });
    expect(folder.folders.map((f) => `${f.name}:${f.table?.format}`)).toEqual(['events:iceberg', 'orders:delta']);

    const progress: Progress[] = [];
    const scan = await engine.scanWarehouse({ warehouseId: c.warehouseId }, { onProgress: (p) => progress.push(p) });
    expect(scan.tables.map((t) => t.root)).toEqual(['sales/events/', 'sales/orders/']);
    expect(progress.at(-1)).toMatchObject({ phase: 'scan', done: 4, total: 4 });

    const files = await engine.listTableFiles({ warehouseId: c.warehouseId, root: 'sales/events/' });
    expect(files).toMatchObject({ count: 2, totalBytes: 20 + 4 });

    const preview = await engine.readObjectPreview({ warehouseId: c.warehouseId, key: 'sales/events/metadata/v1.metadata.json', maxBytes: 5 });
    expect(preview.bytes).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(preview.bytes)).toBe('{"for');
    expect(preview.truncated).toBe(true);
  });

  it('reports a refused connection with its code and context (refined where the factory knows better), and keeps nothing', async () => {
    const refusing = lake();
    refusing.list = async () => { throw new LakeError('Auth', 's3: the access key was refused (403 InvalidAccessKeyId)', { bucket: 'b' }); };
    const corsStorage = lake();
    corsStorage.list = async () => { throw new LakeError('Cors', 'http: the browser refused the request'); };
    const { engine } = setup({ 'https://no/': refusing, 'https://lake/': lake(), 'https://cors/': corsStorage });
    await expect(engine.connect({ kind: 'url', url: 'https://no/' })).rejects.toMatchObject({
      code: 'Auth', context: { bucket: 'b', prefix: '' },
    });
    await expect(engine.connect({ kind: 'url', url: 'https://cors/' })).rejects.toMatchObject({ code: 'Auth', message: 'refined', context: { was: 'http: the browser refused the request' } });
    const ok = await engine.connect({ kind: 'url', url: 'https://lake/' });
    expect(ok.warehouseId).toBe('w1'); // the failed connect registered no warehouse
    await expect(engine.listFolder({ warehouseId: 'w9', prefix: '' })).rejects.toMatchObject({ code: 'NotFound', context: { warehouseId: 'w9' } });
    expect(await engine.disconnect({ warehouseId: 'w1' })).toBe(true);
    await expect(engine.listFolder({ warehouseId: 'w1', prefix: '' })).rejects.toMatchObject({ code: 'NotFound' });
  });
});
