/**
 * Storage over plain HTTP(S) fetch: a public base URL (a static site, a public-read bucket), or a map
 * of presigned URLs per key (someone with credentials shared a table without sharing the keys).
 * Reads use `Range` (RFC 9110 §14) including the suffix form for Parquet footers.
 */
import { LakeError, type LakeErrorContext, type LakeErrorRef, throwIfAborted } from '../errors.ts';
import { messageError } from '../message-error.ts';
import { errorRef } from '../messages/message-parts.ts';
import { pool } from '../util/async.ts';
import { checkPartial, checkRange, isEmptyRange, parseContentRange, rangeHeader, resolveRange } from './byte-range.ts';
import { codeForStatus, redactUrl, responseBytes, safeFetch } from './fetch-errors.ts';
import { checkKey } from './key.ts';
import { pageOfSortedKeys, sortKeys } from './list-page.ts';
import { DEFAULT_READ_POLICY, RELEASES_ABORT_LISTENERS, type ReadPolicy, withReadRetries } from './read-policy.ts';
import { parseS3ErrorBody } from './s3-errors.ts';
import { encodeKey } from './s3-url.ts';
import { SortedKeySizes } from './sorted-key-sizes.ts';
import type { WarmReads } from './warm-reads.ts';
import { normalizeEtag, type ListOptions, type ListPage, type ObjectInfo, type ReadOptions, type Storage, type WriteOptions } from './storage.ts';

/** The URLs shared for one key. `get` is required; `head`/`put` where the sharer signed them too. */
export interface PresignedEntry {
  readonly get: string;
  readonly head?: string;
  readonly put?: string;
  /** Size, when the sharer knows it: saves a request per key when listing. */
  readonly size?: number;
}

export interface HttpStorageOptions {
  /** Public base URL; key `a/b` is fetched from `<baseUrl>/a/b` (segments percent-encoded). */
  readonly baseUrl?: string;
  /** Base-URL mode: the keys known to exist, so `list` works (plain HTTP has no listing). */
  readonly keys?: readonly string[];
  /** Presigned mode: key → GET URL, or the URLs for several methods. `list` comes from these keys. */
  readonly urls?: Readonly<Record<string, string | PresignedEntry>> | ReadonlyMap<string, string | PresignedEntry>;
  /**
   * Listed mode: every key with its size (a static folder's `index.json`), and how a key's GET URL is made — on the
   * key's first request, not here: building 20,000 URLs and entry objects when a warehouse connects cost the
   * engine worker ~100 ms and its garbage collection before the first table could open (issue 17).
   */
  readonly listed?: { readonly files: readonly { readonly key: string; readonly size: number }[]; readonly urlOf: (key: string) => string };
  /** Extra request headers (e.g. `Authorization: Bearer …` for a private HTTP server). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Retries of GET/HEAD after 5xx/429/network failures and cut bodies (default: the read policy's). */
  readonly retries?: number;
  /**
   * Retries, backoff and per-request time limit of GET/HEAD, as S3Storage has (read-policy.ts; default
   * DEFAULT_READ_POLICY). A public URL is as flaky as a bucket: the same policy applies to both.
   */
  readonly readPolicy?: Partial<ReadPolicy>;
  /**
   * HEADs in flight at once when `list` must learn sizes the key list lacks (default 16). HTTP/2 servers
   * multiplex them over one connection; browsers cap HTTP/1.1 at 6 per host and queue the rest.
   */
  readonly headConcurrency?: number;
  readonly description?: string;
  readonly fetch?: typeof fetch;
  /**
   * Listed mode: answers of whole-object reads started before the key list arrived (warm-reads.ts). A read
   * takes one in place of its own request when its length is the listed size.
   */
  readonly warm?: WarmReads;
}

/**
 * Read-only (or, for presigned maps with PUT URLs, write-only-where-signed) Storage over fetch.
 * Must hold: HEAD refused (405/501, or 403 from a GET-only presigned URL) falls back to a ranged GET of
 * byte 0 and `Content-Range`; 404/410 → NotFound, 401/403 → Auth, a browser TypeError → Cors; error
 * messages carry only origin+path of URLs, never their query (signatures).
 */
export class HttpStorage implements Storage {
  readonly description: string;
  readonly writable: boolean;
  private readonly entries: Map<string, PresignedEntry> | undefined;
  /** Listed mode: size by key, and the key → URL function. */
  private readonly sizes: SortedKeySizes | undefined;
  private readonly listedUrlOf: ((key: string) => string) | undefined;
  private readonly sorted: string[] | undefined;
  private readonly base: string | undefined;
  /** `redactUrl(base)`, so a key's URL is redacted without parsing it (a URL parse per request showed in profiles). */
  private readonly redactedBase: string | undefined;
  private readonly fetchFn: typeof fetch;
  private readonly policy: ReadPolicy;
  private readonly headConcurrency: number;
  /**
   * Sizes (and ETags) this object has seen in HEAD, GET and PUT answers, by key; see {@link HttpStorage.list}.
   * A GET's answer is kept as its raw headers and turned into ObjectInfo only when asked for (parsing the
   * date and ETag of every read showed in profiles of many small reads).
   */
  private readonly learned = new Map<string, ObjectInfo | LearnedFromGet>();

  constructor(private readonly options: HttpStorageOptions) {
    if (Number(!!options.baseUrl) + Number(!!options.urls) + Number(!!options.listed) !== 1) {
      throw messageError('Unsupported', 'error.http.baseOrUrls', undefined);
    }
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
    this.policy = {
      ...DEFAULT_READ_POLICY, ...options.readPolicy, ...(options.retries === undefined ? {} : { retries: options.retries }),
      // Every request here is a string http(s) URL with a plain body: the case the marker promises for.
      reuseSignals: (options.fetch as { [RELEASES_ABORT_LISTENERS]?: boolean } | undefined)?.[RELEASES_ABORT_LISTENERS] === true,
    };
    this.headConcurrency = options.headConcurrency ?? 16;
    if (!Number.isInteger(this.headConcurrency) || this.headConcurrency < 1) {
      throw messageError('Unsupported', 'error.http.headConcurrency', undefined, { headConcurrency: this.headConcurrency });
    }
    if (options.listed) {
      // One sorted key array and a size per key: no URL, map entry or object per key until a key is used.
      const sizes = new SortedKeySizes(options.listed.files);
      this.sizes = sizes;
      this.listedUrlOf = options.listed.urlOf;
      this.sorted = sizes.keys as string[];
      this.writable = false;
      this.description = options.description ?? `listed URLs (${sizes.size} keys)`;
    } else if (options.urls) {
      // One pass, no intermediate arrays of pairs: copying a 20,000-key manifest's map through them took
      // 20–150 ms of the worker's connect, mostly garbage collection (issue 17).
      const entries = new Map<string, PresignedEntry>();
      const keys: string[] = [];
      let writable = false;
      const add = (key: string, v: string | PresignedEntry) => {
        const e = typeof v === 'string' ? { get: v } : v;
        if (!entries.has(key)) keys.push(key);
        entries.set(key, e);
        if (e.put) writable = true;
      };
      const urls = options.urls;
      if (urls instanceof Map) for (const [k, v] of urls as ReadonlyMap<string, string | PresignedEntry>) add(k, v);
      else for (const k of Object.keys(urls)) add(k, (urls as Readonly<Record<string, string | PresignedEntry>>)[k]!);
      this.entries = entries;
      this.sorted = sortKeys(keys);
      this.writable = writable;
      this.description = options.description ?? `presigned URLs (${this.entries.size} keys)`;
    } else {
      this.base = options.baseUrl!.replace(/\/+$/, '');
      this.redactedBase = /[?#]/.test(this.base) ? undefined : redactUrl(this.base);
      this.sorted = options.keys ? sortKeys([...options.keys]) : undefined;
      this.writable = false;
      this.description = options.description ?? redactUrl(this.base);
    }
  }

  /**
   * One page of the given keys. Sizes come from the key list where it has them; otherwise from an earlier
   * HEAD or whole/ranged GET of the same key by this object (table files are immutable, so a size seen
   * once stays right; a file rewritten in place is re-learned at its next read or head); otherwise from a
   * HEAD (or 1-byte GET), `headConcurrency` at once (a 1,050-key page of unknown sizes took ≈ 6 s with 8).
   * `head` itself always asks the server.
   */
  async list(options: ListOptions = {}): Promise<ListPage> {
    throwIfAborted(options.signal, 'http: list');
    if (!this.sorted) {
      throw messageError('Unsupported', 'error.http.cannotList', { where: this.description }, {});
    }
    const sizes = this.sizes;
    // Listed mode: `this.sorted` is `sizes.keys`, so a key's size is at its index (a binary search per listed key
    // cost ~75 of 470 samples of a 10,000-file metadata/ listing in a profile of the bench's deep link).
    const page = pageOfSortedKeys(this.sorted, options, (key, i) => ({ key, size: sizes ? sizes.sizeAt(i) : this.knownSize(key) ?? -1 }), 'http: list');
    // Only keys without a known size go through the HEAD pool: an async call per listed key cost ~4 microtasks
    // each, ~82,000 of them and ~90 ms of the engine worker's CPU for a 20,000-key metadata/ listing (issue 17).
    const unknown: number[] = [];
    for (let i = 0; i < page.objects.length; i++) if (page.objects[i]!.size < 0) unknown.push(i);
    if (unknown.length === 0) return page;
    const objects = page.objects.slice();
    await pool(unknown, this.headConcurrency, async (i) => {
      const o = objects[i]!;
      objects[i] = this.learnedInfo(o.key) ?? await this.head(o.key, { signal: options.signal });
    }, options.signal);
    return { ...page, objects };
  }

  async head(key: string, options: { signal?: AbortSignal } = {}): Promise<ObjectInfo> {
    checkKey(key, 'http: head');
    const getUrl = this.urlOf(key, 'head'); // NotFound for a key missing from a presigned map
    return withReadRetries(`http: head '${key}'`, { key, url: this.redact(getUrl) }, this.policy, (signal) => this.headOnce(key, signal), options.signal);
  }

  /** One HEAD (or its ranged-GET fallback), without retries. */
  private async headOnce(key: string, signal: AbortSignal | undefined): Promise<ObjectInfo> {
    const getUrl = this.urlOf(key, 'head'); // NotFound for a key missing from a presigned map
    // A presigned GET URL is signed for GET only: HEAD with it is always 403, so skip straight to GET.
    const headUrl = this.entries ? this.entries.get(key)!.head : getUrl;
    if (headUrl) {
      const res = await this.send('HEAD', headUrl, key, 'head', { signal, accept: [400, 403, 405, 501] });
      if (res.ok) return this.learn(info(key, res, Number(res.headers.get('content-length') ?? NaN)));
      await res.body?.cancel();
    }
    // HEAD refused (or a GET-only presigned URL): read byte 0 and take the size from Content-Range.
    const res = await this.send('GET', getUrl, key, 'head', { signal, headers: { range: 'bytes=0-0' }, accept: [416] });
    await res.body?.cancel();
    if (res.status === 200) return this.learn(info(key, res, Number(res.headers.get('content-length') ?? NaN)));
    const total = parseContentRange(res.headers.get('content-range'))?.total;
    return this.learn(info(key, res, res.status === 416 && total === undefined ? 0 : total ?? NaN));
  }

  async read(key: string, options: ReadOptions = {}): Promise<Uint8Array> {
    checkKey(key, 'http: read');
    checkRange(options.range, 'http: read');
    const { signal } = options;
    // Where the key list gave the size, a suffix range becomes an explicit one: some static servers
    // (vite preview's sirv among them) answer `bytes=-N` with the first bytes of the file.
    const known = this.knownSize(key);
    const range = options.range && 'suffix' in options.range && known !== undefined
      ? { offset: Math.max(0, known - options.range.suffix), length: Math.min(options.range.suffix, known) }
      : options.range;
    if (isEmptyRange(range)) {
      await this.head(key, { signal });
      return new Uint8Array(0);
    }
    const url = this.urlOf(key, 'read');
    if (!range && known !== undefined && this.options.warm?.has(key)) {
      const early = await this.options.warm.take(key, signal);
      if (early?.length === known) return early;
    }
    const redacted = this.redact(url);
    return withReadRetries(`http: read '${key}'`, { key, url: redacted }, this.policy, (attemptSignal) => this.readOnce(key, url, redacted, range, known, attemptSignal), signal);
  }

  /**
   * One GET with its whole body, without retries. Must hold: a body cut short (a stream error, or fewer
   * bytes than Content-Length) is a retryable Io; a 200 to a ranged request is sliced to the range.
   */
  private async readOnce(key: string, url: string, redacted: string, range: ReadOptions['range'], known: number | undefined, signal: AbortSignal | undefined): Promise<Uint8Array> {
    const headers = range ? { range: rangeHeader(range) } : undefined;
    const res = await this.send('GET', url, key, 'read', { signal, headers, accept: ACCEPT_416, redacted });
    if (res.status === 416) {
      await res.body?.cancel();
      return new Uint8Array(0);
    }
    const ctx = { key, url: res.url && res.url !== url ? this.redact(res.url) : redacted };
    const subject = errorRef('error.http.subject', { op: 'read', key });
    const bytes = await responseBytes(res, subject, ctx, signal);
    // A connection closed cleanly before the end: fewer bytes than declared (not for a compressed transfer).
    const declared = res.headers.get('content-encoding') ? NaN : Number(res.headers.get('content-length') ?? NaN);
    if (Number.isSafeInteger(declared) && bytes.length !== declared) {
      throw messageError('Io', 'error.io.cutShort', { subject, got: bytes.length, declared }, { ...ctx, shortBody: true });
    }
    if (!range || res.status === 200) {
      // A static site's fallback page (index.html for unknown paths) arrives as a 200 of another size.
      if (known !== undefined && bytes.length !== known) {
        throw messageError('NotFound', 'error.http.sizeMismatch', { key, got: bytes.length, known, contentType: res.headers.get('content-type') ?? 'unknown' }, ctx);
      }
      this.learnFrom(key, res, bytes.length);
      const { start, end } = resolveRange(bytes.length, range);
      return start === 0 && end === bytes.length ? bytes : bytes.slice(start, end);
    }
    const part = checkPartial(bytes, res.headers.get('content-range'), range, `http: read '${key}'`, ctx);
    const total = parseContentRange(res.headers.get('content-range'))?.total;
    if (total !== undefined) this.learnFrom(key, res, total);
    return part;
  }

  async write(key: string, data: Uint8Array, options: WriteOptions = {}): Promise<ObjectInfo> {
    checkKey(key, 'http: write');
    const put = this.entries?.get(key)?.put;
    if (!put) throw messageError('Unsupported', 'error.http.readOnlyWrite', { key, where: this.description }, { key });
    const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/octet-stream' };
    if (options.ifNoneMatch === '*') headers['if-none-match'] = '*';
    if (options.ifMatch !== undefined) headers['if-match'] = normalizeEtag(options.ifMatch) ?? '';
    const res = await this.send('PUT', put, key, 'write', { signal: options.signal, headers, body: data });
    await res.body?.cancel();
    return this.learn({ key, size: data.length, etag: normalizeEtag(res.headers.get('etag')), lastModified: Date.now() });
  }

  async delete(key: string): Promise<void> {
    throw messageError('Unsupported', 'error.http.readOnlyDelete', { key, where: this.description }, { key });
  }

  /** Remembers what a HEAD/PUT said about a key (the newest answer wins) and returns it. */
  private learn(o: ObjectInfo): ObjectInfo {
    this.learned.set(o.key, o);
    return o;
  }

  /** Remembers the whole-object size a GET revealed (its body length, or a Content-Range total), with its raw headers. */
  private learnFrom(key: string, res: Response, size: number): void {
    if (!Number.isSafeInteger(size) || size < 0) return;
    this.learned.set(key, { fromGet: true, key, size, etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') });
  }

  /** What this object learned about a key, as ObjectInfo. */
  private learnedInfo(key: string): ObjectInfo | undefined {
    const l = this.learned.get(key);
    if (!l || !('fromGet' in l)) return l;
    const modified = Date.parse(l.lastModified ?? '');
    return { key, size: l.size, etag: normalizeEtag(l.etag), ...(Number.isNaN(modified) ? {} : { lastModified: modified }) };
  }

  /** {@link redactUrl} of a URL; a key's URL under the base URL is the redacted base plus its encoded path. */
  private redact(url: string): string {
    const base = this.base;
    return base !== undefined && this.redactedBase !== undefined && url.startsWith(base) && url.charCodeAt(base.length) === 47 /* '/' */ && !/[?#]/.test(url)
      ? this.redactedBase + url.slice(base.length) : redactUrl(url);
  }

  /** The size the key list gives for `key` (presigned entries or listed mode), if any. */
  private knownSize(key: string): number | undefined {
    return this.sizes ? this.sizes.sizeOf(key) : this.entries?.get(key)?.size;
  }

  /** The URL for a key: its presigned GET URL, its listed URL, or base + encoded key. Missing from the map or list → NotFound. */
  private urlOf(key: string, op: string): string {
    if (this.sizes) {
      if (this.sizes.sizeOf(key) === undefined) throw messageError('NotFound', 'error.http.noUrl', { op, key, where: this.description }, { key });
      return this.listedUrlOf!(key);
    }
    if (!this.entries) return `${this.base}/${encodeUrlPath(key)}`;
    const entry = this.entries.get(key);
    if (!entry) throw messageError('NotFound', 'error.http.noUrl', { op, key, where: this.description }, { key });
    return entry.get;
  }

  /**
   * One request, no retries (the read policy retries whole GET/HEAD attempts, body included; a PUT is
   * never retried: whether it happened is the commit code's question). Non-2xx statuses not in `accept`
   * become LakeErrors (5xx/429 a retryable Io).
   */
  private async send(
    method: string,
    url: string,
    key: string,
    op: string,
    opts: { signal?: AbortSignal; headers?: Record<string, string>; body?: Uint8Array; accept?: readonly number[]; redacted?: string },
  ): Promise<Response> {
    const what = errorRef('error.http.subject', { op, key });
    const ctx: LakeErrorContext = { key, url: opts.redacted ?? this.redact(url) };
    const init: RequestInit = {
      method, signal: opts.signal, headers: { ...this.options.headers, ...opts.headers }, body: opts.body as BodyInit | undefined,
    };
    const res = await safeFetch(this.fetchFn, url, init, what, ctx, opts.signal);
    if (res.ok || opts.accept?.includes(res.status)) return res;
    throw await httpError(res, what, ctx);
  }
}

/**
 * Percent-encodes a key for a URL path, leaving RFC 3986 `pchar` sub-delimiters, ':' and '@' as they are:
 * static servers (vite preview, many CDNs) look files up by the path as sent, so `a%3Db` would not find the
 * Hive-style folder `a=b`. '+' stays encoded, since some servers read it as a space.
 */
export function encodeUrlPath(key: string): string {
  // Most keys need no escaping at all: skip the per-segment encode and its regex (a cost per request).
  if (/^[A-Za-z0-9\-._~!$&'()*,;=:@/]*$/.test(key)) return key;
  return key.split('/').map((seg) => encodeURIComponent(seg).replace(/%(21|24|26|27|28|29|2A|2C|3A|3B|3D|40)/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))).join('/');
}

/** What a GET's answer said about its object, kept raw until asked for ({@link HttpStorage.list}). */
interface LearnedFromGet { readonly fromGet: true; readonly key: string; readonly size: number; readonly etag: string | null; readonly lastModified: string | null }

/** A read accepts 416 (a range past the end of an empty or short object) as an answer. */
const ACCEPT_416: readonly number[] = [416];

function info(key: string, res: Response, size: number): ObjectInfo {
  if (!Number.isSafeInteger(size) || size < 0) {
    throw messageError('DataInvalid', 'error.http.headNoSize', { key }, { key });
  }
  const modified = Date.parse(res.headers.get('last-modified') ?? '');
  return { key, size, etag: normalizeEtag(res.headers.get('etag')), ...(Number.isNaN(modified) ? {} : { lastModified: modified }) };
}

/** The LakeError for an HTTP error status; an S3 error body (presigned URLs) adds its code. */
async function httpError(res: Response, what: LakeErrorRef, ctx: LakeErrorContext): Promise<LakeError> {
  let s3: { code?: string; message?: string } = {};
  try {
    const len = Number(res.headers.get('content-length') ?? '0');
    if (len <= 65536) s3 = parseS3ErrorBody(await res.text());
  } catch { /* no body */ }
  const code = codeForStatus(res.status);
  const key = code === 'NotFound' ? 'error.http.notFound' : code === 'Auth' ? 'error.http.refused' : code === 'Conflict' ? 'error.http.precondition' : 'error.http.failed';
  return messageError(code, key, { subject: what, status: res.status, ...(s3.code ? { s3Code: s3.code } : {}), url: String(ctx.url) },
    { ...ctx, status: res.status, s3Code: s3.code });
}
