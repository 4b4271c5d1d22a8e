import { describe, expect, it } from 'vitest';
import { CachedStorage, isMutableKey } from './cached-storage.ts';
import { CountingStorage } from './counting-storage.ts';
import { MemoryStorage } from './memory-storage.ts';

const BYTES = Uint8Array.from({ length: 1000 }, (_, i) => (i * 13) & 0xff);

async function setup(maxBytes?: number) {
  const mem = new MemoryStorage();
  await mem.write('data/f.parquet', BYTES);
  await mem.write('metadata/version-hint.text', new TextEncoder().encode('3'));
  const inner = new CountingStorage(mem);
  return { mem, inner, cache: new CachedStorage(inner, { maxBytes }) };
}

describe('CachedStorage', () => {
  it('serves repeated whole reads and any range inside them from cache', async () => {
    const { inner, cache } = await setup();
    expect(await cache.read('data/f.parquet')).toEqual(BYTES);
    expect(await cache.read('data/f.parquet')).toEqual(BYTES);
    expect(await cache.read('data/f.parquet', { range: { offset: 100, length: 50 } })).toEqual(BYTES.slice(100, 150));
    expect(await cache.read('data/f.parquet', { range: { suffix: 8 } })).toEqual(BYTES.slice(992));
    expect(await cache.read('data/f.parquet', { range: { offset: 990, length: 100 } })).toEqual(BYTES.slice(990));
    expect(inner.counts.read).toBe(1);
    expect(cache.hits).toBe(4);
  });

  it('serves a range inside an already fetched range, and coalesces adjacent ranges', async () => {
    const { inner, cache } = await setup();
    await cache.read('data/f.parquet', { range: { offset: 0, length: 100 } });
    await cache.read('data/f.parquet', { range: { offset: 100, length: 100 } });
    expect(inner.counts.read).toBe(2);
    expect(await cache.read('data/f.parquet', { range: { offset: 50, length: 100 } })).toEqual(BYTES.slice(50, 150)); // spans both
    expect(await cache.read('data/f.parquet', { range: { offset: 10, length: 5 } })).toEqual(BYTES.slice(10, 15));
    expect(inner.counts.read).toBe(2);
    await cache.read('data/f.parquet', { range: { offset: 150, length: 100 } }); // not covered: fetched
    expect(inner.counts.read).toBe(3);
  });

  it('uses suffix reads (Parquet footers) for later suffix and — once the size is known — offset reads', async () => {
    const { inner, cache } = await setup();
    expect(await cache.read('data/f.parquet', { range: { suffix: 64 } })).toEqual(BYTES.slice(936));
    expect(await cache.read('data/f.parquet', { range: { suffix: 8 } })).toEqual(BYTES.slice(992));
    expect(inner.counts.read).toBe(1);
    await cache.head('data/f.parquet'); // learns the size: the tail becomes an ordinary segment
    expect(await cache.read('data/f.parquet', { range: { offset: 940, length: 10 } })).toEqual(BYTES.slice(940, 950));
    expect(inner.counts.read).toBe(1);
    await cache.head('data/f.parquet');
    expect(inner.counts.head).toBe(1);
  });

  it('never caches mutable pointers (version-hint.text, _last_checkpoint, LATEST, EARLIEST)', async () => {
    const { mem, inner, cache } = await setup();
    expect(new TextDecoder().decode(await cache.read('metadata/version-hint.text'))).toBe('3');
    await mem.write('metadata/version-hint.text', new TextEncoder().encode('4')); // changed behind the cache
    expect(new TextDecoder().decode(await cache.read('metadata/version-hint.text'))).toBe('4');
    expect(inner.counts.read).toBe(2);
    for (const k of ['_delta_log/_last_checkpoint', 'snapshot/LATEST', 'snapshot/EARLIEST', 't/.hoodie/hoodie.properties']) {
      expect(isMutableKey(k), k).toBe(true);
    }
    expect(isMutableKey('metadata/v3.metadata.json')).toBe(false);
    expect(isMutableKey('data/LATEST-file.parquet')).toBe(false);
  });

  it('writes and deletes through it invalidate the key', async () => {
    const { inner, cache } = await setup();
    await cache.read('data/f.parquet');
    await cache.write('data/f.parquet', new Uint8Array([1, 2, 3]));
    expect(await cache.read('data/f.parquet')).toEqual(new Uint8Array([1, 2, 3]));
    await cache.delete('data/f.parquet');
    await expect(cache.read('data/f.parquet')).rejects.toMatchObject({ code: 'NotFound' });
    expect(inner.counts.read).toBe(3);
  });

  it('does not store bytes of a read that raced with a write', async () => {
    const { mem } = await setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const slow = {
      ...mem, description: 'slow', writable: true,
      read: async (k: string, o?: object) => { const b = await mem.read(k, o); await gate; return b; },
      write: mem.write.bind(mem), head: mem.head.bind(mem), list: mem.list.bind(mem), delete: mem.delete.bind(mem),
    };
    const cache = new CachedStorage(slow);
    const stale = cache.read('data/f.parquet'); // reads old bytes, then waits
    await cache.write('data/f.parquet', new Uint8Array([9]));
    release();
    expect((await stale).length).toBe(1000);
    expect(await cache.read('data/f.parquet')).toEqual(new Uint8Array([9]));
  });

  it('evicts least recently used objects to stay within the byte budget', async () => {
    const { mem, inner, cache } = await setup(2500);
    await mem.write('a', new Uint8Array(1000));
    await mem.write('b', new Uint8Array(1000));
    await cache.read('data/f.parquet');
    await cache.read('a');
    await cache.read('data/f.parquet'); // touch: now 'a' is least recently used
    await cache.read('b'); // evicts 'a'
    expect(cache.cachedBytes).toBeLessThanOrEqual(2500);
    inner.reset();
    await cache.read('data/f.parquet');
    await cache.read('b');
    expect(inner.counts.read).toBe(0);
    await cache.read('a');
    expect(inner.counts.read).toBe(1);
  });

  it('returns copies: mutating a result does not corrupt the cache', async () => {
    const { cache } = await setup();
    const first = await cache.read('data/f.parquet');
    first.fill(0);
    expect(await cache.read('data/f.parquet')).toEqual(BYTES);
    (await cache.read('data/f.parquet', { range: { offset: 0, length: 10 } })).fill(0);
    expect(await cache.read('data/f.parquet')).toEqual(BYTES);
  });
});
