import { describe, expect, it } from 'vitest';
import { LazyMap, isMapLike } from './lazy-map.ts';

class Counted extends LazyMap<number, string> {
  loads = 0;
  protected load(): Map<number, string> {
    this.loads++;
    return new Map([[3, 'c'], [1, 'a']]);
  }
}

describe('LazyMap', () => {
  it('loads once, on first use, and then reads like the Map it loaded', () => {
    const m = new Counted();
    expect(m.loads).toBe(0);
    expect(m.get(1)).toBe('a');
    expect([m.has(3), m.has(2), m.size]).toEqual([true, false, 2]);
    expect([...m]).toEqual([[3, 'c'], [1, 'a']]);
    expect([...m.keys()]).toEqual([3, 1]);
    expect([...m.values()]).toEqual(['c', 'a']);
    expect([...m.entries()]).toEqual([[3, 'c'], [1, 'a']]);
    const seen: [number, string][] = [];
    m.forEach((v, k, map) => { seen.push([k, v]); expect(map).toBe(m); });
    expect(seen).toEqual([[3, 'c'], [1, 'a']]);
    expect(m.toMap()).toEqual(new Map([[3, 'c'], [1, 'a']]));
    expect(m.loads).toBe(1);
  });

  it('counts as map-like, as a Map does; arrays and objects do not', () => {
    expect([isMapLike(new Counted()), isMapLike(new Map()), isMapLike([[1, 2]]), isMapLike({})]).toEqual([true, true, false, false]);
  });
});
