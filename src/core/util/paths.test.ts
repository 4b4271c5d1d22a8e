import { describe, expect, it } from 'vitest';
import { basename, dirname, joinPath, normalizePath, pathMatchKey, relativeTo, splitUri } from './paths.ts';

describe('paths', () => {
  it('joins without doubling slashes and keeps schemes', () => {
    expect(joinPath('s3://bucket/wh/', '/db/t', 'metadata')).toBe('s3://bucket/wh/db/t/metadata');
    expect(joinPath('', 'a', '', 'b/')).toBe('a/b/');
    expect(joinPath('/abs', 'x')).toBe('/abs/x');
  });
  it('dirname and basename', () => {
    expect(dirname('a/b/c.avro')).toBe('a/b');
    expect(dirname('c.avro')).toBe('');
    expect(dirname('/c')).toBe('/');
    expect(basename('a/b/c.avro')).toBe('c.avro');
    expect(basename('a/b/')).toBe('b');
  });
  it('normalises', () => {
    expect(normalizePath('//a/./b//../c/')).toBe('a/c');
    expect(normalizePath('../../x')).toBe('x');
  });
  it('normalizePath: the no-op fast path agrees with the full split/join on random keys', () => {
    const reference = (p: string) => {
      const out: string[] = [];
      for (const seg of p.split('/')) { if (seg === '' || seg === '.') continue; if (seg === '..') out.pop(); else out.push(seg); }
      return out.join('/');
    };
    const parts = ['a', 'b.c', '.', '..', '/', '//', '.x', 'x.', '...', '..a'];
    let seed = 7;
    const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) >>> 0) % n;
    for (let i = 0; i < 5000; i++) {
      const p = Array.from({ length: rnd(7) }, () => parts[rnd(parts.length)]).join(rnd(2) ? '/' : '');
      expect(normalizePath(p), p).toBe(reference(p));
    }
    const plain = 'data/ts_day=1/part-0.parquet';
    expect(normalizePath(plain)).toBe(plain);
  });
  it('splits URIs', () => {
    expect(splitUri('s3a://bucket/wh/t')).toEqual({ scheme: 's3a', authority: 'bucket', path: '/wh/t' });
    expect(splitUri('file:/tmp/x')).toEqual({ scheme: 'file', authority: '', path: '/tmp/x' });
    expect(splitUri('/test-warehouse/x')).toEqual({ scheme: '', authority: '', path: '/test-warehouse/x' });
  });
  it('relativeTo re-roots only real children', () => {
    expect(relativeTo('s3://b/wh/t/metadata/x.avro', 's3://b/wh/t/')).toBe('metadata/x.avro');
    expect(relativeTo('s3://b/wh/t2/x', 's3://b/wh/t')).toBeUndefined();
    expect(relativeTo('s3://b/wh/t', 's3://b/wh/t')).toBe('');
  });

  it('gives one match key to the spellings engines write for one file', () => {
    const key = '/w/db/t/data/a b.parquet';
    for (const p of ['/w/db/t/data/a b.parquet', 'hdfs://nn:8020/w/db/t/data/a%20b.parquet', 's3://bucket/w/db/t/data/a b.parquet',
      's3a://bucket/w/db/t/data/a%20b.parquet', 's3n://bucket//w/db/t/./data/a b.parquet', 'oss://b/w/db/t/data/a%20b.parquet', 'file:///w/db/t/data/a b.parquet', 'file:/w/db/t/data/a%20b.parquet']) {
      expect(pathMatchKey(p), p).toBe(key);
    }
    expect(pathMatchKey('warehouse/t/data/x.parquet')).toBe('warehouse/t/data/x.parquet');
    expect(pathMatchKey('/t/data/100%.parquet')).toBe('/t/data/100%.parquet'); // a stray '%' is no escape
    expect(pathMatchKey('/t/data/%C3%A9%ZZ')).toBe('/t/data/é%ZZ');
    expect(pathMatchKey('/t/data/x.parquet')).not.toBe(pathMatchKey('/t/data/y.parquet'));
  });
});
