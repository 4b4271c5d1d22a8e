/**
 * The real S3 server for tests (Ceph RGW started by src/testing/ceph/start.sh): endpoint and keys,
 * a reachability check that skips locally but FAILS under CI, and bucket helpers for tests and e2e
 * (create, upload a folder, CORS, public read, empty). Bucket-level calls are signed with aws4fetch;
 * object calls go through the project's own S3Storage. Node only (imported by tests, e2e, benches).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { AwsClient } from 'aws4fetch';
import { describe, it } from 'vitest';
import { S3Storage, type S3StorageOptions } from '../core/io/s3-storage.ts';
import { listAll } from '../core/io/storage.ts';
import { escapeXml, parseXml, childText } from '../core/io/s3-xml.ts';
import { pool } from '../core/util/async.ts';

/** Connection settings; each overridable by environment (LAKESCOPE_S3_ENDPOINT, _REGION, _ACCESS_KEY, _SECRET_KEY). */
export const S3_ENV = {
  endpoint: process.env.LAKESCOPE_S3_ENDPOINT ?? 'http://127.0.0.1:7480',
  region: process.env.LAKESCOPE_S3_REGION ?? 'us-east-1',
  accessKeyId: process.env.LAKESCOPE_S3_ACCESS_KEY ?? 'LAKESCOPEACCESSKEY',
  secretAccessKey: process.env.LAKESCOPE_S3_SECRET_KEY ?? 'lakescope-secret-key-for-tests',
} as const;

/** Why S3 tests do not run, for skip messages. */
export const S3_SKIP_REASON = `S3 gateway not reachable at ${S3_ENV.endpoint}: run src/testing/ceph/start.sh `
  + '(or set LAKESCOPE_S3_ENDPOINT); under CI (env CI set) this is a failure, not a skip';

let availability: Promise<boolean> | undefined;

/** True when the gateway answers HTTP at the endpoint (checked once per process, 3 s timeout). */
export function s3Available(): Promise<boolean> {
  availability ??= fetch(S3_ENV.endpoint, { signal: AbortSignal.timeout(3000) })
    .then(async (res) => {
      await res.body?.cancel();
      return res.status < 500;
    })
    .catch(() => false);
  return availability;
}

/**
 * `describe` for suites that need the S3 gateway: runs `fn` when it is reachable; otherwise skips with
 * {@link S3_SKIP_REASON} — except under CI (`process.env.CI` set), where one failing test is registered
 * instead, so a broken gateway can never turn into a green run.
 */
export function describeS3(name: string, fn: () => void): void {
  describe(name, async () => {
    if (await s3Available()) {
      fn();
      return;
    }
    if (process.env.CI) {
      it('the S3 gateway is reachable (required under CI)', () => {
        throw new Error(S3_SKIP_REASON);
      });
      return;
    }
    console.warn(`[${name}] skipped: ${S3_SKIP_REASON}`);
    it.skip(`skipped: ${S3_SKIP_REASON}`, () => {});
  });
}

/** A fresh bucket/prefix name (lowercase, DNS-safe) so reruns never collide. */
export function uniqueName(base: string): string {
  return `${base}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`.toLowerCase().replace(/[^a-z0-9-]/g, '-');
}

/** An S3Storage on the test gateway (path style), optionally overriding any option. */
export function s3Storage(bucket: string, prefix = '', overrides: Partial<S3StorageOptions> = {}): S3Storage {
  return new S3Storage({ ...S3_ENV, bucket, prefix, forcePathStyle: true, ...overrides });
}

const client = () => new AwsClient({ ...S3_ENV, service: 's3', retries: 2 });

/** Sends one signed bucket-level request; throws with the S3 error code on failure (never the signature). */
async function bucketRequest(method: string, bucket: string, sub: string, body?: string, extra: Record<string, string> = {}): Promise<Response> {
  const url = `${S3_ENV.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(bucket)}${sub}`;
  const headers: Record<string, string> = { ...extra };
  if (body !== undefined) headers['content-md5'] = createHash('md5').update(body).digest('base64');
  const res = await client().fetch(url, { method, body, headers });
  return res;
}

async function expectOk(res: Response, what: string, allowCodes: string[] = []): Promise<void> {
  if (res.ok) {
    await res.body?.cancel();
    return;
  }
  const text = await res.text();
  let code = '';
  try {
    code = childText(parseXml(text), 'Code') ?? '';
  } catch { /* not XML */ }
  if (allowCodes.includes(code)) return;
  throw new Error(`s3-env: ${what} failed: HTTP ${res.status} ${code}`);
}

/** Creates a bucket; succeeds if we already own it. */
export async function createBucket(bucket: string): Promise<void> {
  await expectOk(await bucketRequest('PUT', bucket, ''), `create bucket ${bucket}`, ['BucketAlreadyOwnedByYou']);
}

/** Deletes every object under `prefix` (default: the whole bucket), 16 at a time. Returns how many. */
export async function deleteBucketContents(bucket: string, prefix = ''): Promise<number> {
  const storage = s3Storage(bucket);
  const keys: string[] = [];
  for await (const o of listAll(storage, { prefix })) keys.push(o.key);
  await pool(keys, 16, (k) => storage.delete(k));
  return keys.length;
}

/** Empties and removes a bucket (a missing bucket is fine). */
export async function deleteBucket(bucket: string): Promise<void> {
  try {
    await deleteBucketContents(bucket);
  } catch (e) {
    if ((e as { code?: string }).code !== 'NotFound') throw e;
  }
  await expectOk(await bucketRequest('DELETE', bucket, ''), `delete bucket ${bucket}`, ['NoSuchBucket']);
}

/** Files under a local folder as '/'-separated relative paths, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

/** Uploads every file under `localDir` to `bucket` under `prefix` (bounded concurrency). Returns the keys written. */
export async function uploadFolder(localDir: string, bucket: string, prefix: string, concurrency = 8): Promise<string[]> {
  const storage = s3Storage(bucket, prefix);
  const files = await filesUnder(localDir);
  await pool(files, concurrency, async (f) => {
    await storage.write(f, new Uint8Array(await readFile(join(localDir, ...f.split('/')))));
  });
  return files;
}

/**
 * Sets the bucket's CORS so pages at `origins` can read and write it: all methods, every request header
 * (SDKs add `amz-sdk-*`, `x-amz-user-agent`), and the headers clients must read exposed. Note
 * `http://127.0.0.1:PORT` and `http://localhost:PORT` are different origins: list both.
 */
export async function setBucketCors(bucket: string, origins: string[]): Promise<void> {
  const rule = [
    ...origins.map((o) => `<AllowedOrigin>${escapeXml(o)}</AllowedOrigin>`),
    ...['GET', 'HEAD', 'PUT', 'POST', 'DELETE'].map((m) => `<AllowedMethod>${m}</AllowedMethod>`),
    '<AllowedHeader>*</AllowedHeader>',
    ...['ETag', 'Content-Range', 'Content-Length', 'Content-Type', 'Last-Modified', 'x-amz-version-id', 'x-amz-request-id']
      .map((h) => `<ExposeHeader>${h}</ExposeHeader>`),
    '<MaxAgeSeconds>600</MaxAgeSeconds>',
  ].join('');
  const body = `<CORSConfiguration><CORSRule>${rule}</CORSRule></CORSConfiguration>`;
  await expectOk(await bucketRequest('PUT', bucket, '?cors', body, { 'content-type': 'application/xml' }), `set CORS on ${bucket}`);
}

/** Lets anonymous clients GET objects and list the bucket (for tests that read through plain fetch). */
export async function setBucketPublicRead(bucket: string): Promise<void> {
  const policy = JSON.stringify({
    Version: '2012-10-17',
    Statement: [{
      Effect: 'Allow',
      Principal: '*',
      Action: ['s3:GetObject', 's3:ListBucket'],
      Resource: [`arn:aws:s3:::${bucket}`, `arn:aws:s3:::${bucket}/*`],
    }],
  });
  await expectOk(await bucketRequest('PUT', bucket, '?policy', policy, { 'content-type': 'application/json' }), `set policy on ${bucket}`);
}
