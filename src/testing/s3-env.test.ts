/**
 * The S3 test helpers against the real gateway: upload a folder (a real fixture table when the
 * fixtures are present), CORS preflight, public read, emptying and deleting buckets.
 */
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listAll } from '../core/io/storage.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from './fixtures.ts';
import {
  createBucket, deleteBucket, deleteBucketContents, describeS3, s3Storage, S3_ENV, setBucketCors, setBucketPublicRead, uniqueName, uploadFolder,
} from './s3-env.ts';

describeS3('s3-env helpers against Ceph RGW', () => {
  const bucket = uniqueName('lakescope-env');
  let dir = '';
  beforeAll(async () => {
    await createBucket(bucket);
    await createBucket(bucket); // idempotent for the owner
    dir = await mkdtemp(join(tmpdir(), 'lakescope-upload-'));
    await mkdir(join(dir, 'metadata'), { recursive: true });
    await writeFile(join(dir, 'metadata', 'v1.metadata.json'), '{"format-version":2}');
    await writeFile(join(dir, 'data.bin'), new Uint8Array([1, 2, 3]));
  });
  afterAll(async () => {
    await deleteBucket(bucket);
    await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('uploads a folder under a prefix, byte for byte', async () => {
    const keys = await uploadFolder(dir, bucket, 'tables/t1');
    expect(keys).toEqual(['data.bin', 'metadata/v1.metadata.json']);
    const s = s3Storage(bucket, 'tables/t1');
    expect(await s.read('data.bin')).toEqual(new Uint8Array([1, 2, 3]));
    expect(new TextDecoder().decode(await s.read('metadata/v1.metadata.json'))).toBe('{"format-version":2}');
  });

  it.skipIf(!FIXTURES_PRESENT)(`uploads a real fixture table intact ${FIXTURES_PRESENT ? '' : `(${FIXTURES_SKIP_REASON})`}`, async () => {
    const fixture = listFixtures('iceberg')[0]!;
    const keys = await uploadFolder(fixture.root, bucket, `fixtures/${fixture.name}`);
    expect(keys.length).toBeGreaterThan(0);
    const local = new FsStorage(fixture.root, { readOnly: true });
    const remote = s3Storage(bucket, `fixtures/${fixture.name}`);
    const listed: string[] = [];
    for await (const o of listAll(remote)) listed.push(o.key);
    expect(listed).toEqual(keys);
    for (const k of keys) expect(await remote.read(k), k).toEqual(await local.read(k));
  });

  it('sets CORS so a page origin passes the preflight (both 127.0.0.1 and localhost listed)', async () => {
    const origins = ['http://127.0.0.1:5173', 'http://localhost:5173'];
    await setBucketCors(bucket, origins);
    for (const origin of origins) {
      const res = await fetch(`${S3_ENV.endpoint}/${bucket}/tables/t1/data.bin`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,x-amz-date,x-amz-user-agent,if-match' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-expose-headers')).toMatch(/ETag.*Content-Range/);
    }
    const other = await fetch(`${S3_ENV.endpoint}/${bucket}/tables/t1/data.bin`, {
      method: 'OPTIONS', headers: { origin: 'http://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('public read lets anonymous fetch get objects and list the bucket', async () => {
    const url = `${S3_ENV.endpoint}/${bucket}/tables/t1/data.bin`;
    expect((await fetch(url)).status).toBe(403);
    await setBucketPublicRead(bucket);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect((await fetch(`${S3_ENV.endpoint}/${bucket}?list-type=2`)).status).toBe(200);
  });

  it('empties a prefix, then the bucket, then deletes it', async () => {
    expect(await deleteBucketContents(bucket, 'tables/')).toBe(2);
    expect((await s3Storage(bucket, 'tables').list()).objects).toEqual([]);
    const scratch = uniqueName('lakescope-scratch');
    await createBucket(scratch);
    await s3Storage(scratch).write('x', new Uint8Array(1));
    await deleteBucket(scratch);
    await expect(s3Storage(scratch).list()).rejects.toMatchObject({ code: 'NotFound' });
    await deleteBucket(scratch); // a missing bucket is fine
    expect(await readFile(join(dir, 'data.bin'))).toEqual(Buffer.from([1, 2, 3])); // local folder untouched
  });
});
