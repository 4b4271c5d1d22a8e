import { describe, expect, it } from 'vitest';
import { basename, dirname, joinPath, normalizePath, relativeTo, splitUri } from './paths.ts';

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
});
