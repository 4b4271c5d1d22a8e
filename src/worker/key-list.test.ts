import { describe, expect, it } from 'vitest';
import { isLakeError } from '../core/errors.ts';
import { encodePathSegment, manifestUrls, parseKeyManifest, presignedKeyMap } from './key-list.ts';

describe('key manifest', () => {
  it('accepts a valid manifest and maps keys to encoded URLs with sizes', () => {
    const m = parseKeyManifest({ version: 1, files: [{ key: 'a b/c=1/x.json', size: 3 }] }, 'http://h/demo/index.json');
    expect([...manifestUrls(m, 'http://h/demo')]).toEqual([['a b/c=1/x.json', { get: 'http://h/demo/a%20b/c=1/x.json', size: 3 }]]);
  });
  it('gives the URL parser\'s answer for every key, joined as strings where that is the same (issue 17)', () => {
    const keys = ['a/b.parquet', 'x=1/y', 'c:x/y', 'c:x y/z', 'a/c:x', 'a b', 'ü/x', "a'(b)*!~", 'a//b', 'a/b/',
      'a%2F', '.hidden/x', 'a..b/c', '...', 'a/.../b', 'q?x', 'h#1', 'a\\b', '@x/$y&z+,;'];
    const bases = ['http://h/demo', 'http://h/demo/', 'http://H/demo/', 'http://h:80/d/', 'http://h/a%20b/', 'http://h/a b/', 'http://h/demo/?x=1', 'https://h/'];
    // The key's segments, encoded, after the base's path: `./` so that `c:x/y` is a path, not a URL of scheme `c:`.
    const reference = (key: string, base: string) => new URL(`./${key.split('/').map(encodePathSegment).join('/')}`, base.endsWith('/') ? base : `${base}/`).href;
    for (const base of bases) {
      const urls = manifestUrls({ version: 1, files: keys.map((key, i) => ({ key, size: i })) }, base);
      for (const [i, key] of keys.entries()) {
        expect([base, key, urls.get(key)]).toEqual([base, key, { get: reference(key, base), size: i }]);
        const url = new URL(urls.get(key)!.get);
        const root = new URL(base.endsWith('/') ? base : `${base}/`);
        expect([key, url.origin, url.pathname.startsWith(root.pathname)]).toEqual([key, root.origin, true]);
      }
    }
  });
  it('a key with a "." or ".." segment is refused: no URL names it (the parser would fetch another object)', () => {
    for (const key of ['a/./b', 'a/../b', '..', '.', './a', 'a/.', 'a/..', '../../etc/x']) {
      let err: unknown;
      try { parseKeyManifest({ version: 1, files: [{ key, size: 1 }] }, 'http://h/index.json'); } catch (e) { err = e; }
      expect([key, isLakeError(err, 'DataInvalid')]).toEqual([key, true]);
    }
    expect(parseKeyManifest({ version: 1, files: [{ key: 'a..b/.hidden/...', size: 1 }] }, 'http://h/index.json').files).toHaveLength(1);
  });
  it('rejects malformed manifests with DataInvalid naming the URL', () => {
    for (const bad of [null, {}, { version: 2, files: [] }, { version: 1, files: [{ key: '/abs', size: 1 }] }, { version: 1, files: [{ key: 'k', size: -1 }] }]) {
      let err: unknown;
      try { parseKeyManifest(bad, 'http://h/index.json'); } catch (e) { err = e; }
      expect(isLakeError(err, 'DataInvalid')).toBe(true);
      expect((err as { context: object }).context).toEqual({ url: 'http://h/index.json' });
    }
  });
});

describe('presignedKeyMap', () => {
  it('strips the shared folders so the table sits at the root', () => {
    const text = [
      '# shared by alice',
      'https://s3.amazonaws.com/bucket/wh/t1/metadata/v1.metadata.json?X-Amz-Signature=aaa',
      '',
      'https://s3.amazonaws.com/bucket/wh/t1/data/part%200.parquet?X-Amz-Signature=bbb',
    ].join('\n');
    const { urls, commonPrefix } = presignedKeyMap(text);
    expect(commonPrefix).toBe('bucket/wh/t1');
    expect([...urls.keys()]).toEqual(['metadata/v1.metadata.json', 'data/part 0.parquet']);
    expect(urls.get('metadata/v1.metadata.json')).toContain('X-Amz-Signature=aaa');
  });
  it('keeps the file name for a single URL and rejects non-URLs without echoing the query', () => {
    expect([...presignedKeyMap('https://h/b/k/file.json?sig=1').urls.keys()]).toEqual(['file.json']);
    let err: unknown;
    try { presignedKeyMap('ftp://h/x?secret=1'); } catch (e) { err = e; }
    expect(isLakeError(err, 'DataInvalid')).toBe(true);
    expect(JSON.stringify((err as { context: object }).context)).not.toContain('secret');
  });
});

describe('encodePathSegment', () => {
  it('keeps the characters a path segment may hold, encodes the rest', () => {
    expect(encodePathSegment('device=mobile')).toBe('device=mobile');
    expect(encodePathSegment('a:b@c$d&e+f,g;h')).toBe('a:b@c$d&e+f,g;h');
    expect(encodePathSegment('a b#c?d%e/f')).toBe('a%20b%23c%3Fd%25e%2Ff');
    expect(decodeURIComponent(encodePathSegment('ts_hour=2024-01-01-07'))).toBe('ts_hour=2024-01-01-07');
  });
});
