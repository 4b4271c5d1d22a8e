/**
 * A static folder's key list as sorted keys with sizes (sorted-key-sizes.ts): the same keys, order and sizes
 * as a map of the list sorted by compareKeys, for sorted and shuffled lists, repeated keys (the last size
 * wins) and keys whose UTF-16 order differs from UTF-8 order (astral characters against U+E000–FFFF).
 */
import { describe, expect, it } from 'vitest';
import { compareKeys } from './list-page.ts';
import { SortedKeySizes } from './sorted-key-sizes.ts';

/** The reference: a map (last size wins), keys sorted by compareKeys. */
function reference(files: { key: string; size: number }[]) {
  const m = new Map<string, number>();
  for (const f of files) m.set(f.key, f.size);
  return { keys: [...m.keys()].sort(compareKeys), size: (k: string) => m.get(k) };
}

/** A seeded generator (mulberry32). */
function rng(seed: number) {
  return () => { seed |= 0; seed = (seed + 0x6d2b79f5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}

const PIECES = ['a', 'b', 'z', '/', '-', '0', 'é', '中', '\uff21', '\ue000', '😀', '𝄞', 'metadata/', 'v1.json'];

describe('SortedKeySizes', () => {
  it('agrees with a sorted map on seeded random key lists, sorted or not, with repeats and astral keys', () => {
    const next = rng(17);
    for (let round = 0; round < 200; round++) {
      const n = Math.floor(next() * 40);
      const files = Array.from({ length: n }, () => ({
        key: Array.from({ length: 1 + Math.floor(next() * 4) }, () => PIECES[Math.floor(next() * PIECES.length)]).join(''),
        size: Math.floor(next() * 1000),
      }));
      if (round % 2 === 0) files.sort((a, b) => compareKeys(a.key, b.key)); // as index.json usually is
      const ref = reference(files);
      const s = new SortedKeySizes(files);
      expect(s.keys).toEqual(ref.keys);
      expect(s.size).toBe(ref.keys.length);
      for (const k of ref.keys) expect(s.sizeOf(k)).toBe(ref.size(k));
      s.keys.forEach((k, i) => expect(s.sizeAt(i)).toBe(ref.size(k)));
      for (const k of ['', 'zzz', 'a/', '😀😀😀😀😀']) expect(s.sizeOf(k)).toBe(ref.size(k));
    }
  });

  it('keeps the last size of a key listed twice, side by side or apart', () => {
    expect(new SortedKeySizes([{ key: 'a', size: 1 }, { key: 'a', size: 2 }, { key: 'b', size: 3 }]).sizeOf('a')).toBe(2);
    const apart = new SortedKeySizes([{ key: 'b', size: 1 }, { key: 'a', size: 5 }, { key: 'b', size: 7 }]);
    expect(apart.keys).toEqual(['a', 'b']);
    expect(apart.sizeOf('b')).toBe(7);
  });

  it('orders an astral key after a U+FF21 key (UTF-8 order), though UTF-16 code units say the opposite', () => {
    const s = new SortedKeySizes([{ key: 'x/😀', size: 1 }, { key: 'x/\uff21', size: 2 }]);
    expect(s.keys).toEqual(['x/\uff21', 'x/😀']);
    expect(s.sizeOf('x/😀')).toBe(1);
  });
});
