import { describe, expect, it } from 'vitest';
import { firstRepeat } from './first-repeat.ts';

/** What a Set gives: the first position whose string was seen before, and where it was first seen. */
function reference(xs: readonly string[]): [number, number] | undefined {
  const firstAt = new Map<string, number>();
  for (let i = 0; i < xs.length; i++) {
    const j = firstAt.get(xs[i]!);
    if (j !== undefined) return [j, i];
    firstAt.set(xs[i]!, i);
  }
  return undefined;
}

/** Seeded xorshift, so a failure can be run again. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s / 0x1_0000_0000; };
}

const of = (xs: readonly string[]) => firstRepeat(xs.length, (i) => xs[i]!);

describe('firstRepeat', () => {
  it('finds nothing in lists of distinct strings, empty ones included', () => {
    expect(of([])).toBeUndefined();
    expect(of(['only'])).toBeUndefined();
    expect(of(['', 'a', 'A', 'a ', ' a', 'é', 'e\u0301', '😀', '\ud83d'])).toBeUndefined();
  });

  it('reports the first repeat in list order and the position it repeats', () => {
    expect(of(['a', 'b', 'a', 'b'])).toEqual([0, 2]);
    expect(of(['a', 'b', 'b', 'a'])).toEqual([1, 2]);
    expect(of(['x', 'x'])).toEqual([0, 1]);
    expect(of(['', 'y', ''])).toEqual([0, 2]);
    // Strings that differ only in their last code unit, or only in length, are told apart.
    expect(of(['data/f-1.parquet', 'data/f-2.parquet', 'data/f-1.parquet!', 'data/f-1.parquet'])).toEqual([0, 3]);
  });

  it('agrees with a Set on 300 seeded lists of look-alike paths', () => {
    const rand = rng(17);
    for (let round = 0; round < 300; round++) {
      const n = 1 + Math.floor(rand() * 400);
      const pool = Math.max(1, Math.floor(n * (0.5 + rand() * 2))); // sometimes no repeat fits, sometimes many
      const xs = Array.from({ length: n }, () => `s3://b/t/data/part-${String(Math.floor(rand() * pool)).padStart(5, '0')}-c000.parquet`);
      expect(of(xs), `round ${round}`).toEqual(reference(xs));
    }
  });

  it('holds over 200,000 distinct strings (long probe runs and wrapping included) and then finds a late repeat', () => {
    const xs = Array.from({ length: 200_000 }, (_, i) => `data/${i.toString(36)}.parquet`);
    expect(of(xs)).toBeUndefined();
    xs.push(xs[123_456]!);
    expect(of(xs)).toEqual([123_456, 200_000]);
  });

  it('never takes equal hashes for equal strings: with a hash that makes most strings collide it still agrees with a Set', () => {
    const rand = rng(5);
    const weak = (s: string) => s.length % 3; // three hash values for every list
    for (let round = 0; round < 100; round++) {
      const n = 1 + Math.floor(rand() * 120);
      const xs = Array.from({ length: n }, () => `f${Math.floor(rand() * n * 3)}`);
      expect(firstRepeat(xs.length, (i) => xs[i]!, weak), `round ${round}`).toEqual(reference(xs));
    }
    expect(firstRepeat(3, (i) => ['ab', 'cd', 'ef'][i]!, () => 7)).toBeUndefined();
  });
});
