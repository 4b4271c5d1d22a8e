import { describe, expect, it } from 'vitest';
import { S3Storage } from '../core/io/index.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { openTableLocation, parseS3Url } from './table-location.ts';

describe('CLI table locations', () => {
  it('parses s3:// and s3a:// URLs', () => {
    expect(parseS3Url('s3://bucket/a/b/')).toEqual({ bucket: 'bucket', prefix: 'a/b' });
    expect(parseS3Url('s3a://bucket')).toEqual({ bucket: 'bucket', prefix: '' });
    expect(() => parseS3Url('s3:///x')).toThrow(/not an s3/);
  });

  it('uses the AWS_* environment, path-style for a custom endpoint, and refuses s3 without keys', () => {
    const env = { AWS_ACCESS_KEY_ID: 'AK', AWS_SECRET_ACCESS_KEY: 'SK', AWS_REGION: 'eu-west-1', AWS_ENDPOINT_URL: 'http://127.0.0.1:7480' };
    const s = openTableLocation('s3://b/t', env).storage as S3Storage;
    expect(s).toBeInstanceOf(S3Storage);
    expect(s.bucket).toBe('b');
    expect(s.pathStyle).toBe(true);
    expect(() => openTableLocation('s3://b/t', {})).toThrow(/AWS_ACCESS_KEY_ID/);
    const anon = openTableLocation('s3://b/t', { AWS_NO_SIGN_REQUEST: 'true' }).storage as S3Storage;
    expect(anon.anonymous).toBe(true);
  });

  it('opens local paths with the node fs adapter', () => {
    expect(openTableLocation('/tmp').storage).toBeInstanceOf(FsStorage);
  });
});
