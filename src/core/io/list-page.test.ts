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
