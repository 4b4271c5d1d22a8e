/** S3Storage without a server: URL building, signing headers, retries and error mapping with an injected fetch. */
import { describe, expect, it } from 'vitest';
import { isLakeError } from '../errors.ts';
import { S3Storage, type S3StorageOptions } from './s3-storage.ts';
import { s3Endpoint, s3Url } from './s3-url.ts';

type Handler = (req: Request) => Response | Promise<Response>;

function storage(handler: Handler, extra: Partial<S3StorageOptions> = {}) {
  const requests: Request[] = [];
  const s = new S3Storage({
    endpoint: 'https://s3.eu-central-1.amazonaws.com',
    region: 'eu-central-1',
    bucket: 'my-bucket',
    prefix: 'warehouse/',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    fetch: (async (input: RequestInfo | URL) => {
      const req = input as Request;
      requests.push(req);
      return handler(req);
    }) as typeof fetch,
    ...extra,
  });
  return { s, requests };
}

const xmlError = (status: number, code: string) =>
  new Response(`<?xml version="1.0"?><Error><Code>${code}</Code><Message>m</Message></Error>`, { status });

async function caught(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    expect(isLakeError(e)).toBe(true);
    return e as { code: string; message: string };
  }
  throw new Error('expected a failure');
}

describe('S3 URLs', () => {
  it('builds path-style and virtual-hosted URLs with encoded keys', () => {
    expect(s3Url('http://127.0.0.1:7480', 'b', 'a b/c+d.txt', true).toString()).toBe('http://127.0.0.1:7480/b/a%20b/c%2Bd.txt');
    expect(s3Url('https://s3.us-east-1.amazonaws.com', 'b', 'x/y', false).toString()).toBe('https://b.s3.us-east-1.amazonaws.com/x/y');
    expect(s3Url('https://s3.us-east-1.amazonaws.com', 'b', undefined, false, { 'list-type': '2' }).toString())
      .toBe('https://b.s3.us-east-1.amazonaws.com/?list-type=2');
    expect(s3Url('https://minio.local:9000/base/', 'b', "q'(1)*!", true).toString()).toBe('https://minio.local:9000/base/b/q%27%281%29%2A%21');
  });

  it('defaults to virtual-hosted style for named hosts and path style for IPs/localhost', () => {
    expect(storage(() => new Response()).s.url('k').toString()).toBe('https://my-bucket.s3.eu-central-1.amazonaws.com/warehouse/k');
    const local = storage(() => new Response(), { endpoint: 'http://localhost:7480' }).s;
    expect(local.pathStyle).toBe(true);
    expect(local.url('k').toString()).toBe('http://localhost:7480/my-bucket/warehouse/k');
    const forced = storage(() => new Response(), { forcePathStyle: true }).s;
    expect(forced.url('k').toString()).toBe('https://s3.eu-central-1.amazonaws.com/my-bucket/warehouse/k');
  });

  it('knows the endpoints of AWS, Aliyun OSS, R2, MinIO and Ceph', () => {
    expect(s3Endpoint('aws', { region: 'eu-west-1' })).toEqual({ endpoint: 'https://s3.eu-west-1.amazonaws.com', region: 'eu-west-1', forcePathStyle: false });
    expect(s3Endpoint('aliyun', { region: 'cn-beijing' }).endpoint).toBe('https://s3.oss-cn-beijing.aliyuncs.com');
    expect(s3Endpoint('aliyun', { region: 'cn-beijing' }).forcePathStyle).toBe(false); // OSS refuses path style
    expect(s3Endpoint('r2', { accountId: 'abc' })).toEqual({ endpoint: 'https://abc.r2.cloudflarestorage.com', region: 'auto', forcePathStyle: true });
    expect(s3Endpoint('ceph', { endpoint: 'http://127.0.0.1:7480' }).forcePathStyle).toBe(true);
  });
});

describe('S3 signing', () => {
  it('signs with SigV4 for the configured region and sends the session token', async () => {
    const { s, requests } = storage(() => new Response('x', { status: 200 }), { sessionToken: 'TOKEN/123' });
    await s.read('k');
    const h = requests[0]!.headers;
    expect(h.get('authorization')).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=.*x-amz-security-token/);
    expect(h.get('x-amz-security-token')).toBe('TOKEN/123');
    const { s: plain, requests: r2 } = storage(() => new Response('x'));
    await plain.read('k');
    expect(r2[0]!.headers.has('x-amz-security-token')).toBe(false);
  });

  it('sends the payload SHA-256, bare If-Match and If-None-Match on writes', async () => {
    const { s, requests } = storage(() => new Response(null, { status: 200, headers: { etag: '"new"' } }));
    const info = await s.write('k', new TextEncoder().encode('abc'), { ifMatch: '"old-etag"' });
    expect(info.etag).toBe('new');
    const h = requests[0]!.headers;
    expect(h.get('if-match')).toBe('old-etag');
    expect(h.get('x-amz-content-sha256')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    await s.write('k2', new Uint8Array(0), { ifNoneMatch: '*' });
    expect(requests[1]!.headers.get('if-none-match')).toBe('*');
  });

  it('presigns GET/PUT URLs with expiry and the session token in the query', async () => {
    const { s } = storage(() => new Response(), { sessionToken: 'TOK' });
    const url = new URL(await s.presign('a b.parquet', 'PUT', 900));
    expect(url.pathname).toBe('/warehouse/a%20b.parquet');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('X-Amz-Security-Token')).toBe('TOK');
    expect((await caught(s.presign('k', 'GET', 0))).code).toBe('Unsupported');
  });
});

describe('S3 responses', () => {
  it('maps S3 error codes to LakeError codes without leaking secrets', async () => {
    const cases: [number, string, string][] = [
      [403, 'SignatureDoesNotMatch', 'Auth'], [403, 'InvalidAccessKeyId', 'Auth'], [403, 'AccessDenied', 'Auth'],
      [400, 'ExpiredToken', 'Auth'], [404, 'NoSuchKey', 'NotFound'], [404, 'NoSuchBucket', 'NotFound'],
      [412, 'PreconditionFailed', 'Conflict'], [409, 'ConditionalRequestConflict', 'Conflict'], [400, 'InvalidArgument', 'Unsupported'],
    ];
    for (const [status, s3Code, code] of cases) {
      const { s } = storage(() => xmlError(status, s3Code), { retries: 0 });
      const err = await caught(s.read('k'));
      expect(err.code, s3Code).toBe(code);
      expect(err.message).not.toMatch(/wJalrXUtnFEMI|Signature=|X-Amz-Signature/);
    }
    const { s } = storage(() => xmlError(404, 'NoSuchBucket'));
    expect((await caught(s.read('k'))).message).toMatch(/no such bucket 'my-bucket'/);
  });

  it('retries idempotent requests on 5xx, then reports Io', async () => {
    let n = 0;
    const { s } = storage(() => (++n < 3 ? xmlError(503, 'SlowDown') : new Response('ok')), { retries: 3 });
    expect(new TextDecoder().decode(await s.read('k'))).toBe('ok');
    expect(n).toBe(3);
    const { s: failing, requests } = storage(() => xmlError(500, 'InternalError'), { retries: 2 });
    expect((await caught(failing.head('k'))).code).toBe('Io');
    expect(requests.length).toBe(3);
  });

  it('resolves a 500 on a conditional write by looking at the key, never by blind retry', async () => {
    // The PUT fails with 500; the object now holds someone else's bytes → Conflict.
    const { s, requests } = storage((req) => {
      if (req.method === 'PUT') return xmlError(500, 'UnknownError');
      if (req.method === 'HEAD') return new Response(null, { headers: { etag: '"theirs"', 'content-length': '6' } });
      return new Response('theirs');
    });
    const err = await caught(s.write('k', new TextEncoder().encode('ours!!'), { ifMatch: 'base' }));
    expect(err.code).toBe('Conflict');
    expect(requests.filter((r) => r.method === 'PUT').length).toBe(1);

    // The PUT fails with 500 but our bytes landed → success.
    const { s: landed } = storage((req) => {
      if (req.method === 'PUT') return xmlError(500, 'UnknownError');
      if (req.method === 'HEAD') return new Response(null, { headers: { etag: '"ours"', 'content-length': '4' } });
      return new Response('ours');
    });
    expect((await landed.write('k', new TextEncoder().encode('ours'), { ifNoneMatch: '*' })).etag).toBe('ours');

    // The PUT fails with 500 and nothing changed → the precondition still holds, so it is retried.
    let puts = 0;
    const { s: unchanged } = storage((req) => {
      if (req.method === 'PUT') return ++puts === 1 ? xmlError(500, 'UnknownError') : new Response(null, { headers: { etag: '"v2"' } });
      return new Response(null, { headers: { etag: '"base"', 'content-length': '4' } });
    });
    expect((await unchanged.write('k', new TextEncoder().encode('v2!!'), { ifMatch: 'base' })).etag).toBe('v2');
    expect(puts).toBe(2);
  });

  it('validates partial responses: a wrong Content-Range is Io, a 200 to a ranged GET is sliced locally', async () => {
    const { s } = storage(() => new Response('0123', { status: 206, headers: { 'content-range': 'bytes 0-3/10' } }));
    expect((await caught(s.read('k', { range: { offset: 4, length: 4 } }))).code).toBe('Io');
    const { s: whole } = storage(() => new Response('0123456789'));
    expect(new TextDecoder().decode(await whole.read('k', { range: { offset: 4, length: 3 } }))).toBe('456');
    expect(new TextDecoder().decode(await whole.read('k', { range: { suffix: 2 } }))).toBe('89');
  });

  it('treats 416 as an empty clipped range, and If-Match on a missing key as Conflict', async () => {
    const { s } = storage(() => new Response(null, { status: 416, headers: { 'content-range': 'bytes */10' } }));
    expect((await s.read('k', { range: { offset: 50, length: 5 } })).length).toBe(0);
    const { s: missing } = storage(() => xmlError(404, 'NoSuchKey'));
    expect((await caught(missing.write('k', new Uint8Array(1), { ifMatch: 'e' }))).code).toBe('Conflict');
  });
});

describe('S3 anonymous access (no keys)', () => {
  const anon = (handler: Handler, extra: Partial<S3StorageOptions> = {}) => storage(handler, { accessKeyId: undefined, secretAccessKey: undefined, ...extra });

  it('sends unsigned requests: no Authorization, no SigV4 headers, the same URLs as signed requests', async () => {
    const { s, requests } = anon(() => new Response('0123456789', { status: 200 }));
    const { s: signed } = storage(() => new Response());
    expect(s.anonymous).toBe(true);
    expect(signed.anonymous).toBe(false);
    expect(new TextDecoder().decode(await s.read('a b.parquet', { range: { offset: 2, length: 3 } }))).toBe('234');
    const r = requests[0]!;
    expect(r.url).toBe(signed.url('a b.parquet').toString());
    expect(r.url).toBe('https://my-bucket.s3.eu-central-1.amazonaws.com/warehouse/a%20b.parquet');
    expect(r.method).toBe('GET');
    expect(r.headers.get('range')).toBe('bytes=2-4');
    for (const h of ['authorization', 'x-amz-date', 'x-amz-security-token']) expect(r.headers.has(h), h).toBe(false);
    // Path style stays path style.
    const { s: local, requests: lr } = anon(() => new Response(null, { headers: { 'content-length': '4' } }), { endpoint: 'http://127.0.0.1:7480' });
    expect((await local.head('k')).size).toBe(4);
    expect(lr[0]!.url).toBe('http://127.0.0.1:7480/my-bucket/warehouse/k');
    expect(lr[0]!.headers.has('authorization')).toBe(false);
  });

  it('empty key strings count as absent; one key without the other, or a token without keys, is refused', () => {
    expect(anon(() => new Response(), { accessKeyId: '', secretAccessKey: '' }).s.anonymous).toBe(true);
    expect(() => anon(() => new Response(), { accessKeyId: 'AKID' })).toThrow(/both the access key id and the secret access key, or neither/);
    expect(() => anon(() => new Response(), { secretAccessKey: 'x' })).toThrow(/or neither/);
    expect(() => anon(() => new Response(), { sessionToken: 'T' })).toThrow(/session token needs/);
  });

  it('lists unsigned; a refused request is Auth saying the bucket is not public', async () => {
    const { s, requests } = anon(() => new Response('<ListBucketResult><IsTruncated>false</IsTruncated><Contents><Key>warehouse/x</Key><Size>3</Size></Contents></ListBucketResult>'));
    expect((await s.list()).objects).toMatchObject([{ key: 'x', size: 3 }]);
    expect(requests[0]!.headers.has('authorization')).toBe(false);
    const { s: closed } = anon(() => xmlError(403, 'AccessDenied'));
    const err = await caught(closed.write('k', new Uint8Array(1)));
    expect(err.code).toBe('Auth');
    expect(err.message).toMatch(/anonymous access refused: the bucket does not let everyone do this; connect with keys \(AccessDenied\)/);
    const { s: head403 } = anon(() => new Response(null, { status: 403 }), { retries: 0 });
    expect((await caught(head403.head('k'))).message).toMatch(/anonymous access refused.*HTTP 403/);
  });

  it('presign without keys gives the plain object URL', async () => {
    const { s } = anon(() => new Response());
    expect(await s.presign('a.parquet')).toBe('https://my-bucket.s3.eu-central-1.amazonaws.com/warehouse/a.parquet');
  });
});
