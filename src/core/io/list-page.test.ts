import { describe, expect, it } from 'vitest';
import { isLakeError } from '../errors.ts';
import { compareKeys, PageBuilder, pageOfSortedKeys, sortKeys } from './list-page.ts';

const info = (key: string) => ({ key, size: 0 });

describe('compareKeys', () => {
  it('orders by UTF-8 bytes, not UTF-16 code units', () => {
    const astral = '\u{1F600}'; // UTF-16 surrogates D83D DE00; UTF-8 F0 9F 98 80
    const bmpHigh = '\uFF21'; // UTF-16 FF21; UTF-8 EF BC A1
    expect(astral < bmpHigh).toBe(true); // JS order disagrees with S3's …
    expect(compareKeys(astral, bmpHigh)).toBeGreaterThan(0); // … compareKeys agrees with S3
    const utf8 = (s: string) => [...new TextEncoder().encode(s)];
    const keys = ['b', 'a/', 'a-', astral, bmpHigh, '\u00e9', 'a'];
    const bytewise = [...keys].sort((x, y) => {
      const a = utf8(x); const b = utf8(y);
      for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
      return a.length - b.length;
    });
    expect(sortKeys([...keys])).toEqual(bytewise);
  });

  it('sortKeys: the fast path (no code unit from U+D800 up) and the comparator give UTF-8 byte order, on seeded random keys', () => {
    let seed = 17;
    const rand = (n: number) => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed % n; };
    const alphabet = ['a', 'b', '/', '-', '.', '=', '0', '9', 'Z', '_', '\u00e9', '\u4e2d', '\ud7ff', ' ', '~'];
    for (let round = 0; round < 50; round++) {
      const keys = Array.from({ length: 200 }, () => Array.from({ length: 1 + rand(12) }, () => alphabet[rand(alphabet.length)]).join(''));
      // Every 5th round carries a high code unit, so the comparator runs.
      if (round % 5 === 0) keys.push('\u{1F600}', '\uFF21x');
      const utf8 = (s: string) => [...new TextEncoder().encode(s)];
      const want = [...keys].sort((x, y) => {
        const a = utf8(x); const b = utf8(y);
        for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
        return a.length - b.length;
      });
      expect(sortKeys([...keys])).toEqual(want);
    }
  });
});

describe('PageBuilder / pageOfSortedKeys', () => {
  const keys = sortKeys(['a/1', 'a/2', 'b/x/1', 'b/x/2', 'b/y', 'c']);

  it('rolls up with a delimiter and paginates without repeating a prefix', () => {
    const p1 = pageOfSortedKeys(keys, { delimiter: '/', maxKeys: 1 }, info);
    expect(p1).toEqual({ objects: [], prefixes: ['a/'], continuationToken: 'a/' });
    const p2 = pageOfSortedKeys(keys, { delimiter: '/', maxKeys: 1, continuationToken: p1.continuationToken }, info);
    expect(p2.prefixes).toEqual(['b/']);
    const p3 = pageOfSortedKeys(keys, { delimiter: '/', maxKeys: 1, continuationToken: p2.continuationToken }, info);
    expect(p3).toEqual({ objects: [{ key: 'c', size: 0 }], prefixes: [] });
  });

  it('gives no token when the page ends exactly at the last entry', () => {
    expect(pageOfSortedKeys(keys, { maxKeys: 6 }, info).continuationToken).toBeUndefined();
    expect(pageOfSortedKeys(keys, { maxKeys: 5 }, info).continuationToken).toBe('b/y');
  });

  it('startAfter inside a rolled-up prefix still reports the prefix when later keys fall in it', () => {
    const page = pageOfSortedKeys(keys, { prefix: 'b/', delimiter: '/', startAfter: 'b/x/1' }, info);
    expect(page.prefixes).toEqual(['b/x/']);
    expect(page.objects.map((o) => o.key)).toEqual(['b/y']);
  });

  it('clamps maxKeys to 1000 and rejects non-positive values', () => {
    const many = Array.from({ length: 1500 }, (_, i) => `k${String(i).padStart(4, '0')}`);
    expect(pageOfSortedKeys(many, { maxKeys: 5000 }, info).objects.length).toBe(1000);
    let err: unknown;
    try {
      new PageBuilder({ maxKeys: 0 });
    } catch (e) {
      err = e;
    }
    expect(isLakeError(err, 'Unsupported')).toBe(true);
  });

  it('stops feeding once past the prefix', () => {
    const b = new PageBuilder({ prefix: 'b/' });
    expect(b.offer('a/1', () => info('a/1'))).toBe(true);
    expect(b.offer('b/y', () => info('b/y'))).toBe(true);
    expect(b.offer('c', () => info('c'))).toBe(false);
  });
});

describe('pageOfSortedKeys skips the keys under a common prefix', () => {
  /** ListObjectsV2 as the S3 docs define it: each key under the prefix is itself or its rolled-up common prefix; entries sorted, distinct, after the marker. */
  const model = (keys: string[], prefix: string, delimiter: string | undefined) => {
    const out: string[] = [];
    for (const k of sortKeys([...keys])) {
      if (!k.startsWith(prefix)) continue;
      const cut = delimiter ? k.indexOf(delimiter, prefix.length) : -1;
      const e = cut < 0 ? k : k.slice(0, cut + delimiter!.length);
      if (out[out.length - 1] !== e) out.push(e);
    }
    return out;
  };

  it('pages through seeded random keys exactly as the definition says', () => {
    let seed = 5;
    const rand = (n: number) => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed % n; };
    const alphabet = ['a', 'b', '/', '/', '-', '=', '0'];
    for (let round = 0; round < 60; round++) {
      const keys = [...new Set(Array.from({ length: 150 }, () => Array.from({ length: 1 + rand(8) }, () => alphabet[rand(alphabet.length)]).join('')))];
      const sorted = sortKeys([...keys]);
      const prefix = ['', 'a', 'a/', 'b/a', '/'][round % 5]!;
      const delimiter = round % 3 === 2 ? undefined : round % 3 === 1 ? '-' : '/';
      const maxKeys = 1 + rand(7);
      const got: string[] = [];
      let token: string | undefined;
      for (let pages = 0; pages < 1000; pages++) {
        const page = pageOfSortedKeys(sorted, { prefix, delimiter, maxKeys, ...(token ? { continuationToken: token } : {}) }, info);
        expect(page.objects.length + page.prefixes.length).toBeLessThanOrEqual(maxKeys);
        got.push(...page.objects.map((o) => o.key), ...page.prefixes);
        token = page.continuationToken;
        if (!token) break;
      }
      expect(sortKeys(got)).toEqual(model(keys, prefix, delimiter));
    }
  });

  it('reads a handful of keys, not every key, for a root listing of two large folders', () => {
    const keys = sortKeys([...Array.from({ length: 10_000 }, (_, i) => `t/metadata/snap-${String(i).padStart(5, '0')}.avro`), 'u/x', 'z']);
    let reads = 0;
    const counted = new Proxy(keys, { get: (target, p, r) => { if (typeof p === 'string' && /^\d+$/.test(p)) reads++; return Reflect.get(target, p, r); } });
    const page = pageOfSortedKeys(counted, { delimiter: '/' }, info);
    expect(page.prefixes).toEqual(['t/', 'u/']);
    expect(page.objects.map((o) => o.key)).toEqual(['z']);
    expect(reads).toBeLessThan(100); // log2(10,000) ≈ 14 per jump; 10,002 before the jump
  });
});
