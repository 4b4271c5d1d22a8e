import { describe, expect, it } from 'vitest';
import { Lru } from './lru.ts';

describe('Lru', () => {
  it('evicts the least recently used entry', () => {
    const c = new Lru<string, number>(2);
    c.set('a', 1).set('b', 2);
    expect(c.get('a')).toBe(1); // a is now most recent
    c.set('c', 3);
    expect(c.has('b')).toBe(false);
    expect(c.has('a')).toBe(true);
    expect(c.size).toBe(2);
  });
  it('bounds by weight and skips entries heavier than the capacity', () => {
    const c = new Lru<string, Uint8Array>(10, (v) => v.length);
    c.set('a', new Uint8Array(4)).set('b', new Uint8Array(4));
    c.set('c', new Uint8Array(4));
    expect(c.has('a')).toBe(false);
    expect(c.weight).toBe(8);
    c.set('huge', new Uint8Array(11));
    expect(c.has('huge')).toBe(false);
    expect(c.weight).toBe(8);
  });
  it('getOrLoad shares pending promises and forgets failures', async () => {
    const c = new Lru<string, Promise<number>>(4);
    let calls = 0;
    const load = () => { calls++; return Promise.resolve(7); };
    const [x, y] = await Promise.all([c.getOrLoad('k', load), c.getOrLoad('k', load)]);
    expect([x, y, calls]).toEqual([7, 7, 1]);
    const failing = c.getOrLoad('bad', () => Promise.reject(new Error('boom')));
    await expect(failing).rejects.toThrow('boom');
    expect(c.has('bad')).toBe(false);
  });
});
