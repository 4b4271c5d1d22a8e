/**
 * A small seeded PRNG (mulberry32) so a fuzz run is reproducible from its seed: every case draws from
 * its own generator seeded by (run seed, format, case index), so a case can be replayed alone and
 * the outcome of one case never depends on which cases ran before it (or in which worker).
 */

/** A deterministic random source. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n) (n >= 1). */
  int(n: number): number;
  /** Uniform integer in [lo, hi] inclusive. */
  range(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight (weights >= 0, at least one > 0). */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  chance(p: number): boolean;
}

/** mulberry32: 32-bit state, good enough statistical quality for test-case generation. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    range: (lo, hi) => lo + int(hi - lo + 1),
    pick: (items) => items[int(items.length)]!,
    weighted: (items) => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        if ((r -= w) < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    chance: (p) => next() < p,
  };
}

/** FNV-1a over the parts' text: the seed of one case. */
export function caseSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('\u0000')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
