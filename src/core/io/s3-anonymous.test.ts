/**
 * Anonymous S3 access against the real gateway (Ceph RGW, src/testing/ceph/start.sh): a public-read bucket
 * is listed and read without keys; writes and private buckets are refused with Auth. Skipped when the
 * gateway is down, except under CI (describeS3).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBucket, deleteBucket, describeS3, s3Storage, setBucketPublicRead, uniqueName } from '../../testing/s3-env.ts';
import { listAll } from './storage.ts';

describeS3('S3 anonymous access on the gateway', () => {
  const publicBucket = uniqueName('lakescope-anon-public');
  const privateBucket = uniqueName('lakescope-anon-private');
  const data = new TextEncoder().encode('0123456789');

  beforeAll(async () => {
    await createBucket(publicBucket);
    await createBucket(privateBucket);
    await setBucketPublicRead(publicBucket);
    const keyed = s3Storage(publicBucket, 't/');
    await keyed.write('metadata/v1.metadata.json', data);
    await keyed.write('data/a=1/f.parquet', data.slice(0, 4));
    await s3Storage(privateBucket, 't/').write('x.bin', data);
  });
  afterAll(async () => {
    await deleteBucket(publicBucket);
    await deleteBucket(privateBucket);
  });

  const anonymous = (bucket: string) => s3Storage(bucket, 't/', { accessKeyId: undefined, secretAccessKey: undefined });

  it('lists, heads and reads (whole and ranged) a public-read bucket without keys', async () => {
    const s = anonymous(publicBucket);
    expect(s.anonymous).toBe(true);
    const keys = [];
    for await (const o of listAll(s)) keys.push([o.key, o.size]);
    expect(keys).toEqual([['data/a=1/f.parquet', 4], ['metadata/v1.metadata.json', 10]]);
    expect((await s.head('metadata/v1.metadata.json')).size).toBe(10);
    expect(new TextDecoder().decode(await s.read('metadata/v1.metadata.json'))).toBe('0123456789');
    expect(new TextDecoder().decode(await s.read('metadata/v1.metadata.json', { range: { suffix: 3 } }))).toBe('789');
    await expect(s.read('missing.json')).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('refuses anonymous writes and deletes with Auth, and leaves the objects alone', async () => {
    const s = anonymous(publicBucket);
    await expect(s.write('metadata/v2.metadata.json', data)).rejects.toMatchObject({ code: 'Auth', message: expect.stringMatching(/anonymous access refused/) });
    await expect(s.delete('metadata/v1.metadata.json')).rejects.toMatchObject({ code: 'Auth' });
    expect((await s3Storage(publicBucket, 't/').head('metadata/v1.metadata.json')).size).toBe(10);
  });

  it('a private bucket refuses anonymous list and read with Auth', async () => {
    const s = anonymous(privateBucket);
    await expect(s.list()).rejects.toMatchObject({ code: 'Auth', message: expect.stringMatching(/anonymous access refused/) });
    await expect(s.read('x.bin')).rejects.toMatchObject({ code: 'Auth' });
  });
});
