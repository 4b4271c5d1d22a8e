/**
 * The storage contract against the real S3 server (Ceph RGW from src/testing/ceph/start.sh): the S3
 * adapter itself, and presigned GET URLs read through HttpStorage. Plus what only a real S3 can show:
 * signature checks (wrong secret, tampered or expired presigned URL → Auth) and error messages that
 * never leak signatures. Skips without the gateway, fails under CI (see describeS3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpStorage } from '../core/io/http-storage.ts';
import { pool } from '../core/util/async.ts';
import { createBucket, deleteBucket, describeS3, s3Storage, S3_ENV, uniqueName } from './s3-env.ts';
import { describeStorageContract, expectLakeError, seedByWriting } from './storage-contract.ts';

const enc = new TextEncoder();
const dec = new TextDecoder();

describeS3('S3 adapter against Ceph RGW', () => {
  const bucket = uniqueName('lakescope-contract');
  let seq = 0;
  beforeAll(() => createBucket(bucket));
  afterAll(() => deleteBucket(bucket), 120_000);

  describeStorageContract('s3 (Ceph RGW)', seedByWriting(async () => s3Storage(bucket, `run/s${seq++}`)));

  describeStorageContract('presigned GET URLs (Ceph RGW) via HttpStorage', async (seed) => {
    const s3 = s3Storage(bucket, `run/p${seq++}`);
    const urls: Record<string, string> = {};
    await pool(seed, 16, async ([k, v]) => {
      await s3.write(k, v);
      urls[k] = await s3.presign(k, 'GET', 600);
    });
    return new HttpStorage({ urls });
  }, { readOnly: true });

  describe('S3-only behaviour', () => {
    const key = 'secret/data.bin';
    let signedGet = '';
    beforeAll(async () => {
      const s = s3Storage(bucket, 'extras');
      await s.write(key, enc.encode('presigned payload'));
      signedGet = await s.presign(key, 'GET', 600);
    });

    it('a wrong secret key is Auth for every operation, and the message carries no signature or secret', async () => {
      const bad = s3Storage(bucket, 'extras', { secretAccessKey: 'definitely-wrong-secret' });
      const calls = [() => bad.read(key), () => bad.head(key), () => bad.list(), () => bad.write('x.txt', enc.encode('x')), () => bad.delete(key)];
      for (const call of calls) {
        const err = await expectLakeError(call(), 'Auth');
        const text = `${err.message} ${JSON.stringify((err as { context?: unknown }).context)}`;
        expect(text).not.toMatch(/Signature=|X-Amz-Signature|definitely-wrong-secret|lakescope-secret/i);
      }
      expect(dec.decode(await s3Storage(bucket, 'extras').read(key))).toBe('presigned payload'); // untouched
    });

    it('an unknown access key is Auth (InvalidAccessKeyId)', async () => {
      const err = await expectLakeError(s3Storage(bucket, 'extras', { accessKeyId: 'NOSUCHKEY' }).read(key), 'Auth');
      expect(err.message).toMatch(/InvalidAccessKeyId/);
    });

    it('a presigned GET URL reads with plain fetch; tampered → 403 and Auth, message without the query', async () => {
      const res = await fetch(signedGet);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('presigned payload');
      const sig = /X-Amz-Signature=([0-9a-f]+)/.exec(signedGet)![1]!;
      const tampered = signedGet.replace(sig, sig.replace(/^./, (c) => (c === '0' ? '1' : '0')));
      expect((await fetch(tampered)).status).toBe(403);
      const err = await expectLakeError(new HttpStorage({ urls: { [key]: tampered } }).read(key), 'Auth');
      expect(`${err.message} ${JSON.stringify((err as { context?: unknown }).context)}`).not.toMatch(/X-Amz-|[0-9a-f]{64}/);
      const otherKey = signedGet.replace('data.bin', 'other.bin'); // a valid signature for a different path
      await expectLakeError(new HttpStorage({ urls: { [key]: otherKey } }).read(key), 'Auth');
    });

    it('an expired presigned URL is Auth', async () => {
      const short = await s3Storage(bucket, 'extras').presign(key, 'GET', 1);
      await new Promise((r) => setTimeout(r, 2100));
      await expectLakeError(new HttpStorage({ urls: { [key]: short } }).read(key), 'Auth');
    });

    it('a presigned PUT URL writes, with If-None-Match honoured', async () => {
      const s = s3Storage(bucket, 'extras');
      const put = await s.presign('via-put.txt', 'PUT', 600);
      const get = await s.presign('via-put.txt', 'GET', 600);
      const h = new HttpStorage({ urls: { 'via-put.txt': { get, put } } });
      expect(h.writable).toBe(true);
      await h.write('via-put.txt', enc.encode('put via URL'), { ifNoneMatch: '*' });
      expect(dec.decode(await h.read('via-put.txt'))).toBe('put via URL');
      await expectLakeError(h.write('via-put.txt', enc.encode('again'), { ifNoneMatch: '*' }), 'Conflict');
    });

    it('NotFound says whether the key or the bucket is missing (HEAD has no error body)', async () => {
      const missingKey = await expectLakeError(s3Storage(bucket, 'extras').head('nope.bin'), 'NotFound');
      expect(missingKey.message).toMatch(/NoSuchKey/);
      const noBucket = s3Storage(uniqueName('no-such-bucket'));
      expect((await expectLakeError(noBucket.head('x'), 'NotFound')).message).toMatch(/no such bucket/);
      expect((await expectLakeError(noBucket.read('x'), 'NotFound')).message).toMatch(/no such bucket/);
      expect((await expectLakeError(noBucket.list(), 'NotFound')).message).toMatch(/no such bucket/);
      await expectLakeError(noBucket.delete('x'), 'NotFound'); // a missing bucket is not "already deleted"
    });

    it('keys with spaces, plus signs, unicode and reserved characters round-trip', async () => {
      const s = s3Storage(bucket, 'extras/odd keys');
      const keys = ['a b/c+d.txt', 'x=y&z?/ü ñ 中.parquet', "q'(1)*!.txt", 'part=2024-01-01/%41.bin'];
      for (const k of keys) await s.write(k, enc.encode(k));
      for (const k of keys) expect(dec.decode(await s.read(k))).toBe(k);
      const listed = (await s.list()).objects.map((o) => o.key).sort();
      expect(listed).toEqual([...keys].sort());
      const signed = await s.presign(keys[1]!, 'GET', 60);
      expect(await (await fetch(signed)).text()).toBe(keys[1]);
    });

    it('aborts a request in flight (a large read)', async () => {
      const s = s3Storage(bucket, 'extras');
      await s.write('big.bin', new Uint8Array(32 * 1024 * 1024));
      const ac = new AbortController();
      const p = s.read('big.bin', { signal: ac.signal });
      setTimeout(() => ac.abort(), 5);
      await expectLakeError(p, 'Aborted');
      await s.delete('big.bin');
    });

    it('the endpoint from S3_ENV is the one in use', () => {
      expect(s3Storage(bucket).url('k').toString()).toBe(`${S3_ENV.endpoint}/${bucket}/k`);
    });
  });
});
