/**
 * Storage over the S3 REST API, signed with SigV4 by aws4fetch (browser, worker and Node alike).
 * Works with AWS S3, Alibaba Cloud OSS (S3-compatible API), Cloudflare R2, MinIO and Ceph RGW — see
 * {@link s3Endpoint} for their endpoints and addressing styles.
 * API reference: ListObjectsV2, HeadObject, GetObject, PutObject (conditional writes), DeleteObject in
 * https://docs.aws.amazon.com/AmazonS3/latest/API/.
 */
import { AwsClient } from 'aws4fetch';
import { LakeError, type LakeErrorContext, throwIfAborted } from '../errors.ts';
import { checkPartial, checkRange, isEmptyRange, rangeHeader, resolveRange } from './byte-range.ts';
import { backoff, responseBytes, safeFetch } from './fetch-errors.ts';
import { DEFAULT_READ_POLICY, type ReadPolicy, withReadRetries } from './read-policy.ts';
import { checkKey, normalizePrefix } from './key.ts';
import { s3ResponseError, s3Subject } from './s3-errors.ts';
import { messageError } from '../message-error.ts';
import { errorRef } from '../messages/message-parts.ts';
import { isAmbiguousFailure, lostRace, resolveConditionalWrite } from './conditional-write.ts';
import { isIpOrLocalhost, s3Url } from './s3-url.ts';
import { parseListObjectsV2 } from './s3-listing.ts';
import { normalizeEtag, type ListOptions, type ListPage, type ObjectInfo, type ReadOptions, type Storage, type WriteOptions } from './storage.ts';
import { MAX_KEYS } from './list-page.ts';

export { s3Endpoint, type S3EndpointPreset, type S3Provider } from './s3-url.ts';

/** How to reach one bucket (and optionally a prefix inside it). */
export interface S3StorageOptions {
  /** Service URL without the bucket: `https://s3.eu-central-1.amazonaws.com`, `http://127.0.0.1:7480`. */
  readonly endpoint: string;
  /** Signing region (`us-east-1` for Ceph/MinIO, `auto` for R2). */
  readonly region: string;
  readonly bucket: string;
  /** Keys are relative to this prefix inside the bucket ('' = bucket root). */
  readonly prefix?: string;
  /**
   * Credentials. Both absent (or empty) = anonymous access to a public-read bucket: requests are sent
   * unsigned (no Authorization header), as AWS's `--no-sign-request`; whatever the bucket policy does
   * not allow to everyone (typically writes) fails with Auth. Exactly one of the two is an error.
   */
  readonly accessKeyId?: string;
  readonly secretAccessKey?: string;
  /** Temporary credentials (STS): sent as `X-Amz-Security-Token`. Needs the keys. */
  readonly sessionToken?: string;
  /**
   * Path style `https://host/bucket/key` (true) or virtual-hosted `https://bucket.host/key` (false).
   * Default: path style for IP/localhost endpoints, virtual-hosted otherwise.
   */
  readonly forcePathStyle?: boolean;
  /** Retries of idempotent requests after 5xx/429/network failures (default 4). Conditional writes are never retried. */
  readonly retries?: number;
  /** Backoff, per-request time limit (default 30 s) and an injectable sleep for reads; `retries` above wins. */
  readonly readPolicy?: Partial<ReadPolicy>;
  /** fetch to use (tests inject one to inspect requests). */
  readonly fetch?: typeof fetch;
}

/** HTTP methods a presigned URL can be made for. */
export type PresignMethod = 'GET' | 'PUT' | 'HEAD' | 'DELETE';

interface SendOptions {
  readonly headers?: Record<string, string>;
  readonly body?: Uint8Array;
  readonly signal?: AbortSignal;
  readonly retry: boolean;
  /** Statuses the caller handles itself (returned instead of thrown). */
  readonly accept?: readonly number[];
}

/**
 * S3 Storage. Must hold: ETags are returned without quotes and sent bare in If-Match (Ceph RGW only
 * matches the bare form); 412 and 409 ConditionalRequestConflict are Conflict; a HEAD 404 says whether
 * the key or the bucket is missing; no error message contains a signature or credential.
 */
export class S3Storage implements Storage {
  readonly writable = true;
  readonly description: string;
  readonly bucket: string;
  readonly prefix: string;
  readonly pathStyle: boolean;
  /** True when requests go unsigned (no keys were given). */
  readonly anonymous: boolean;
  /** The SigV4 signer; undefined for anonymous access. */
  private readonly client: AwsClient | undefined;
  private readonly fetchFn: typeof fetch;
  private readonly retries: number;
  private readonly policy: ReadPolicy;
  /**
   * The ETag each key had when first read in ranges (or last HEADed/written/read whole): later ranged GETs
   * send it as If-Match, so a file replaced between two reads of it is a Conflict, never a mix of versions.
   */
  private readonly etags = new Map<string, string>();
  private bucketSeen = false;

  constructor(private readonly options: S3StorageOptions) {
    if (!options.bucket) throw messageError('Unsupported', 'error.s3.noBucket', undefined);
    this.bucket = options.bucket;
    this.prefix = normalizePrefix(options.prefix, 's3');
    this.pathStyle = options.forcePathStyle ?? isIpOrLocalhost(new URL(options.endpoint).hostname);
    this.description = `s3://${this.bucket}/${this.prefix}`.replace(/\/$/, '');
    this.policy = { ...DEFAULT_READ_POLICY, ...options.readPolicy, ...(options.retries === undefined ? {} : { retries: options.retries }) };
    this.retries = this.policy.retries;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
    const { accessKeyId, secretAccessKey, sessionToken } = options;
    if (!accessKeyId !== !secretAccessKey) {
      throw messageError('Unsupported', 'error.s3.keysPair', undefined);
    }
    this.anonymous = !accessKeyId;
    if (this.anonymous && sessionToken) throw messageError('Unsupported', 'error.s3.tokenWithoutKeys', undefined);
    this.client = this.anonymous ? undefined : new AwsClient({
      accessKeyId: accessKeyId!, secretAccessKey: secretAccessKey!, sessionToken, service: 's3', region: options.region, retries: 0,
    });
  }

  /** The URL of a key (relative to the prefix), or of the bucket when `key` is undefined. */
  url(key?: string, query?: Record<string, string | undefined>): URL {
    const full = key === undefined ? undefined : this.prefix + key;
    return s3Url(this.options.endpoint, this.bucket, full, this.pathStyle, query);
  }

  async list(options: ListOptions = {}): Promise<ListPage> {
    const maxKeys = options.maxKeys ?? MAX_KEYS;
    if (!Number.isInteger(maxKeys) || maxKeys < 1) throw messageError('Unsupported', 'error.list.maxKeys', { what: 's3: list' });
    const fullPrefix = this.prefix + (options.prefix ?? '');
    const url = this.url(undefined, {
      'list-type': '2',
      prefix: fullPrefix || undefined,
      delimiter: options.delimiter || undefined,
      'max-keys': String(Math.min(maxKeys, MAX_KEYS)),
      'continuation-token': options.continuationToken || undefined,
      'start-after': options.startAfter ? this.prefix + options.startAfter : undefined,
    });
    const res = await this.send('GET', url, { op: 'list', prefix: fullPrefix }, { signal: options.signal, retry: true });
    const text = new TextDecoder().decode(await responseBytes(res, errorRef('error.s3.listSubject', undefined), { bucket: this.bucket }, options.signal));
    return parseListObjectsV2(text, { fullPrefix, rootPrefix: this.prefix, bucket: this.bucket, where: this.description });
  }

  async head(key: string, options: { signal?: AbortSignal } = {}): Promise<ObjectInfo> {
    checkKey(key, 's3: head');
    const res = await this.send('HEAD', this.url(key), { op: 'head', key }, { signal: options.signal, retry: true });
    const info = objectInfo(key, res, Number(res.headers.get('content-length') ?? NaN));
    this.remember(key, info.etag, true);
    return info;
  }

  async read(key: string, options: ReadOptions = {}): Promise<Uint8Array> {
    checkKey(key, 's3: read');
    checkRange(options.range, 's3: read');
    const { range, signal } = options;
    if (isEmptyRange(range)) {
      await this.head(key, { signal }); // still NotFound for a missing key
      return new Uint8Array(0);
    }
    const ctx = { bucket: this.bucket, key };
    const what = `s3: read '${key}' in ${this.description}`;
    return withReadRetries(what, ctx, this.policy, (attemptSignal) => this.readOnce(key, range, what, attemptSignal), signal);
  }

  /**
   * One GET with its whole body. Must hold: a body cut short (stream error, or fewer bytes than
   * Content-Length) is a retryable Io; a 200 to a ranged request is sliced to the range; a ranged GET of a
   * key whose ETag was seen carries If-Match, and a 412 or a different ETag is a Conflict naming the key.
   */
  private async readOnce(key: string, range: ReadOptions['range'], what: string, signal?: AbortSignal): Promise<Uint8Array> {
    const ctx = { bucket: this.bucket, key };
    const headers: Record<string, string> = {};
    if (range) headers.range = rangeHeader(range);
    const expected = range ? this.etags.get(key) : undefined;
    if (expected) headers['if-match'] = expected;
    const res = await this.sendOnce('GET', this.url(key), { op: 'read', key }, { headers, signal, retry: false, accept: [412, 416] });
    // What this request was doing, as a message reference (its English text is read()'s `what`).
    const subject = s3Subject('read', key, this.description);
    if (res.status === 416) {
      await res.body?.cancel();
      return new Uint8Array(0); // the range starts at or after the end: clipped to nothing
    }
    const etag = normalizeEtag(res.headers.get('etag'));
    if (res.status === 412 || (expected && etag && etag !== expected)) {
      await res.body?.cancel();
      this.etags.delete(key); // the next open starts from the new version
      throw messageError('Conflict', 'error.io.changed', { subject, etag: expected ?? String(expected) }, { ...ctx, changed: true, retryable: false });
    }
    const bytes = await responseBytes(res, subject, ctx, signal);
    const declared = res.headers.get('content-encoding') ? NaN : Number(res.headers.get('content-length') ?? NaN);
    if (Number.isSafeInteger(declared) && bytes.length !== declared) {
      throw messageError('Io', 'error.io.cutShort', { subject, got: bytes.length, declared }, { ...ctx, shortBody: true });
    }
    if (!range) this.etags.delete(key);
    this.remember(key, etag);
    if (!range || res.status === 200) {
      // 200 to a ranged request: the server (or a proxy) ignored Range and sent the whole object.
      const { start, end } = resolveRange(bytes.length, range);
      return start === 0 && end === bytes.length ? bytes : bytes.slice(start, end);
    }
    return checkPartial(bytes, res.headers.get('content-range'), range, what, ctx);
  }

  /** Records a key's current ETag unless one is already held (the first one seen is the one reads must match). */
  private remember(key: string, etag: string | undefined, replace = false): void {
    if (!etag) return;
    if (replace || !this.etags.has(key)) this.etags.set(key, etag);
  }

  async write(key: string, data: Uint8Array, options: WriteOptions = {}): Promise<ObjectInfo> {
    checkKey(key, 's3: write');
    throwIfAborted(options.signal, 's3: write');
    const headers: Record<string, string> = {
      'content-type': options.contentType ?? 'application/octet-stream',
      // Signing the payload hash makes the server reject a body damaged or cut off in transit.
      'x-amz-content-sha256': await sha256Hex(data),
    };
    if (options.ifNoneMatch === '*') headers['if-none-match'] = '*';
    const ifMatch = normalizeEtag(options.ifMatch);
    if (options.ifMatch !== undefined) headers['if-match'] = ifMatch ?? '';
    const conditional = options.ifNoneMatch !== undefined || options.ifMatch !== undefined;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.putOnce(key, data, headers, options, conditional);
      } catch (e) {
        if (!conditional || !isAmbiguousFailure(e) || attempt >= this.retries) throw e;
        // A 5xx or dropped connection: the conditional PUT may or may not have happened. Never retry blindly.
        const outcome = await resolveConditionalWrite(this, key, data, options);
        if (outcome.kind === 'done') return outcome.info;
        if (outcome.kind === 'conflict') throw lostRace(s3Subject('write', key, this.description), key, outcome.why, e);
        await backoff(attempt, 's3: write', options.signal);
      }
    }
  }

  private async putOnce(key: string, data: Uint8Array, headers: Record<string, string>, options: WriteOptions, conditional: boolean): Promise<ObjectInfo> {
    let res: Response;
    try {
      res = await this.send('PUT', this.url(key), { op: 'write', key }, {
        headers, body: data, signal: options.signal, retry: !conditional, accept: options.ifMatch !== undefined ? [404] : [],
      });
    } catch (e) {
      if ((e as LakeError).code !== 'Conflict') throw e;
      const why = errorRef(options.ifNoneMatch === '*' ? 'error.s3.why.keyExists' : 'error.s3.why.etagDiffers', undefined);
      throw messageError('Conflict', 'error.because', { subject: (e as LakeError).ref ?? (e as LakeError).message, reason: why }, (e as LakeError).context, e);
    }
    if (res.status === 404) {
      // AWS answers If-Match on a missing key with 404 NoSuchKey; the contract calls that a Conflict.
      const err = await s3ResponseError(res, this.subject('write', key));
      if (err.context.s3Code === 'NoSuchBucket') throw err;
      throw messageError('Conflict', 'error.s3.ifMatchMissing', { key, where: this.description }, { bucket: this.bucket, key, status: 404 });
    }
    await res.body?.cancel();
    const etag = normalizeEtag(res.headers.get('etag'));
    if (etag) this.remember(key, etag, true);
    else this.etags.delete(key);
    return { key, size: data.length, etag, lastModified: Date.now() };
  }

  async delete(key: string, options: { signal?: AbortSignal } = {}): Promise<void> {
    checkKey(key, 's3: delete');
    this.etags.delete(key);
    const res = await this.send('DELETE', this.url(key), { op: 'delete', key }, { signal: options.signal, retry: true, accept: [404] });
    if (res.status === 404) {
      const err = await s3ResponseError(res, this.subject('delete', key));
      if (err.context.s3Code !== 'NoSuchKey') throw err; // a missing bucket is not "already deleted"
      return;
    }
    await res.body?.cancel();
  }

  /**
   * A presigned URL for one key (query-string SigV4). `expiresSeconds` 1…604800 (7 days, the SigV4
   * maximum). The URL is a bearer credential: never log it. Anonymous storages have nothing to sign
   * with and return the plain object URL, which works for as long as the bucket lets everyone do `method`.
   */
  async presign(key: string, method: PresignMethod = 'GET', expiresSeconds = 3600): Promise<string> {
    checkKey(key, 's3: presign');
    if (!Number.isInteger(expiresSeconds) || expiresSeconds < 1 || expiresSeconds > 604800) {
      throw messageError('Unsupported', 'error.s3.presignExpires', undefined, { expiresSeconds });
    }
    if (!this.client) return this.url(key).toString();
    const url = this.url(key, { 'X-Amz-Expires': String(expiresSeconds) });
    const signed = await this.client.sign(url.toString(), { method, aws: { signQuery: true } });
    return signed.url;
  }

  /** Signs and sends one request; retries idempotent ones ({@link withReadRetries}); maps non-2xx statuses to LakeErrors. */
  private async send(
    method: string,
    url: URL,
    what: { op: string; key?: string; prefix?: string },
    opts: SendOptions,
  ): Promise<Response> {
    if (!opts.retry) return this.sendOnce(method, url, what, opts);
    const label = `s3: ${what.op}${what.key ? ` '${what.key}'` : ''} in ${this.description}`;
    const ctx: LakeErrorContext = { bucket: this.bucket, key: what.key, prefix: what.prefix };
    // Uploads may rightly take longer than a read's time limit; they are bounded by the caller's signal.
    const policy = method === 'PUT' ? { ...this.policy, timeoutMs: 0 } : this.policy;
    return withReadRetries(label, ctx, policy, (signal) => this.sendOnce(method, url, what, { ...opts, signal }), opts.signal);
  }

  /** One signed request: 2xx and `accept`ed statuses are returned, others thrown (5xx/429 as retryable Io). */
  private async sendOnce(
    method: string,
    url: URL,
    what: { op: string; key?: string; prefix?: string },
    opts: SendOptions,
  ): Promise<Response> {
    const subject = this.subject(what.op, what.key);
    const ctx: LakeErrorContext = { bucket: this.bucket, key: what.key, prefix: what.prefix };
    throwIfAborted(opts.signal, `s3: ${what.op}`);
    const request = await this.request(url, { method, headers: opts.headers, body: opts.body as BodyInit | undefined, signal: opts.signal });
    const res = await safeFetch(this.fetchFn, request, undefined, s3Subject(what.op, what.key || undefined, this.description), ctx, opts.signal);
    if (res.ok || opts.accept?.includes(res.status)) {
      if (res.ok) this.bucketSeen = true;
      return res;
    }
    const bucketMissing = method === 'HEAD' && res.status === 404 ? await this.bucketMissing(opts.signal) : undefined;
    throw await s3ResponseError(res, subject, bucketMissing);
  }

  /** After a body-less 404 (HEAD): is it the bucket that is missing? Checked once per instance. */
  private async bucketMissing(signal?: AbortSignal): Promise<boolean> {
    if (this.bucketSeen) return false;
    try {
      const req = await this.request(this.url(), { method: 'HEAD', signal });
      const res = await this.fetchFn(req);
      await res.body?.cancel();
      if (res.ok) this.bucketSeen = true;
      return res.status === 404;
    } catch {
      return false;
    }
  }

  /** The request to send: SigV4-signed, or as it is for anonymous access (no Authorization header at all). */
  private async request(url: URL, init: RequestInit): Promise<Request> {
    return this.client ? this.client.sign(url.toString(), init) : new Request(url.toString(), init);
  }

  private subject(op: string, key?: string) {
    return { op, key, bucket: this.bucket, where: this.description, anonymous: this.anonymous };
  }
}

/** ObjectInfo from HEAD/GET response headers. */
function objectInfo(key: string, res: Response, size: number): ObjectInfo {
  if (!Number.isSafeInteger(size) || size < 0) {
    throw messageError('DataInvalid', 'error.s3.headNoLength', { key }, { key });
  }
  const modified = Date.parse(res.headers.get('last-modified') ?? '');
  return { key, size, etag: normalizeEtag(res.headers.get('etag')), ...(Number.isNaN(modified) ? {} : { lastModified: modified }) };
}

/** Lowercase hex SHA-256 (the `x-amz-content-sha256` header). */
async function sha256Hex(data: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
  let out = '';
  for (const b of digest) out += b.toString(16).padStart(2, '0');
  return out;
}
