/** The sandbox calls through the worker protocol: copy with progress, refusal over the limit, cancel, and a write's effect. */
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStorage } from '../core/io/memory-storage.ts';
import type { Storage } from '../core/io/storage.ts';
import { MapStorage } from '../core/api/map-storage.test-support.ts';
import type { Progress } from '../core/api/progress.ts';
import { type EngineHandlers, createEngine } from './engine.ts';
import { type Endpoint, connectRpc, serveRpc } from './rpc.ts';

let cleanups: (() => void)[] = [];
afterEach(() => { for (const c of cleanups) c(); cleanups = []; });

function setup(source: Storage) {
  const sandboxes = new Map<string, MemoryStorage>();
  const engine = createEngine(async () => source, async (e) => e, {
    sandboxes: {
      async open(name) { let s = sandboxes.get(name); if (!s) sandboxes.set(name, (s = new MemoryStorage(name))); return { storage: s }; },
      async remove(name) { sandboxes.delete(name); },
      async find(name) { const s = sandboxes.get(name); return s ? { storage: s } : undefined; },
    },
  });
  const { port1, port2 } = new MessageChannel();
  const stop = serveRpc(port2 as unknown as Endpoint, engine);
  const conn = connectRpc<EngineHandlers>(port1 as unknown as Endpoint);
  cleanups.push(() => { stop(); conn.close(); port1.close(); port2.close(); });
  return { engine: conn.client, sandboxes };
}

const lake = () => new MapStorage([
  ['README.txt', 'hello'],
  ['t/metadata/v1.metadata.json', '{"format-version":2,"current-snapshot-id":1}'],
  ['t/data/a.parquet', 'PAR1'],
  ['u/data/b.parquet', 'PAR1PAR1'],
], { description: 'lake' });

describe('sandbox calls', () => {
  it('copies a table into a fresh sandbox with progress, replaces it on a second copy, refuses over the limit leaving none', async () => {
    const { engine, sandboxes } = setup(lake());
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    const progress: Progress[] = [];
    const r = await engine.copyToSandbox({ warehouseId, prefix: 't/', name: 'demo' }, { onProgress: (p) => progress.push(p) });
    expect(r).toMatchObject({ files: 2, name: 'demo' });
    expect(progress.at(-1)).toMatchObject({ phase: 'copy', done: 2, total: 2 });
    const box = sandboxes.get('demo')!;
    await box.write('t/extra', new Uint8Array([1]));
    await engine.copyToSandbox({ warehouseId, prefix: 't/', name: 'demo' });
    expect((await sandboxes.get('demo')!.list({})).objects.map((o) => o.key)).toEqual(['t/data/a.parquet', 't/metadata/v1.metadata.json']);
    await expect(engine.copyToSandbox({ warehouseId, prefix: '', name: 'demo', limitBytes: 10 })).rejects.toMatchObject({ code: 'Unsupported' });
    expect(sandboxes.has('demo')).toBe(false);
    await expect(engine.copyToSandbox({ warehouseId, prefix: '', name: '../x' })).rejects.toMatchObject({ code: 'DataInvalid' });
  });

  it('finds a sandbox an earlier visit left (a reload), not a missing or empty one', async () => {
    const { engine, sandboxes } = setup(lake());
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    expect(await engine.findSandbox({ name: 'demo' })).toBeNull();
    expect(sandboxes.has('demo')).toBe(false); // looking does not create it
    await engine.copyToSandbox({ warehouseId, prefix: 't/', name: 'demo' });
    expect(await engine.findSandbox({ name: 'demo' })).toEqual({ name: 'demo' });
    sandboxes.set('empty', new MemoryStorage('empty'));
    expect(await engine.findSandbox({ name: 'empty' })).toBeNull();
    await engine.removeSandbox({ name: 'demo' });
    expect(await engine.findSandbox({ name: 'demo' })).toBeNull();
    await expect(engine.findSandbox({ name: '../x' })).rejects.toMatchObject({ code: 'DataInvalid' });
  });

  it('reports what a write did: keys before, then written/deleted and the metadata diff', async () => {
    const source = new MemoryStorage('lake');
    await source.write('t/metadata/v1.metadata.json', new TextEncoder().encode('{"current-snapshot-id":1}'));
    await source.write('t/data/a.parquet', new Uint8Array(4));
    const { engine } = setup(source);
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    const before = await engine.tableKeys({ warehouseId, root: 't/' });
    await source.write('t/metadata/v2.metadata.json', new TextEncoder().encode('{"current-snapshot-id":2}'));
    await source.delete('t/data/a.parquet');
    const effect = await engine.writeEffect({ warehouseId, root: 't/', before });
    expect(effect.written.map((k) => k.key)).toEqual(['t/metadata/v2.metadata.json']);
    expect(effect.deleted).toEqual(['t/data/a.parquet']);
    expect(effect.metadata).toMatchObject({ kind: 'iceberg-metadata', beforeKey: 't/metadata/v1.metadata.json', afterKey: 't/metadata/v2.metadata.json' });
    expect(effect.metadata!.lines.flatMap((l) => l.op === '-' || l.op === '+' ? [`${l.op}${l.text.trim()}`] : [])).toEqual(['-"current-snapshot-id": 1', '+"current-snapshot-id": 2']);
  });
});
