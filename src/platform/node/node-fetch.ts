/**
 * A `fetch` for Node over undici's `Agent.dispatch` (the npm package, pinned), for the CLI's HTTP storage:
 * keep-alive connections, one request at a time on each (no pipelining), the answer collected from the
 * dispatch handler's callbacks. Node's built-in fetch (undici's WHATWG layer: Request, Response, Headers,
 * body streams) spends about five times the CPU per small request, and node:http's ClientRequest about
 * 1.8 times that of this (bench/transport.ts, `--raw`); with many small files the requests are most of a read.
 *
 * It covers what the storage adapters send: a URL string, GET/HEAD/PUT/…, plain-object or Headers
 * headers, a Uint8Array/string body, an AbortSignal, redirects (followed, up to 20). Anything else
 * (a Request object — S3Storage's SigV4-signed requests —, a stream body) goes to the global fetch. The
 * answer's body is already in memory (the adapters read every body whole), so it is not a WHATWG
 * `Response` but a {@link BufferedResponse} with the same members: building undici's Response, Headers
 * and body stream for each answer, and reading the stream back, was about a sixth of the client's CPU over
 * 1,000 one-row files (issue 17). Failures reject as fetch's do: the signal's reason once it fired, else a
 * `TypeError('fetch failed')` whose cause is undici's error (headers and body time out after undici's
 * default 300 s, as Node's fetch).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import type { Agent as UndiciAgent, Dispatcher } from 'undici';

/**
 * undici's Agent alone, from its own module: the package's index loads fetch, WebSocket, caches and mocks
 * too, about 100 ms of CPU at each CLI start against about 35 ms for the Agent (measured on this machine
 * under load). The path is not public API; the version is pinned and the tests here load it.
 */
const Agent = createRequire(import.meta.url)('undici/lib/dispatcher/agent.js') as typeof UndiciAgent;

/** One agent for the process: a pool of keep-alive connections per origin, no pipelining (undici's default of 1). */
const agent = new Agent({ pipelining: 1 });
const MAX_REDIRECTS = 20;

/** fetch over undici's dispatch (see the file comment); falls back to the global fetch outside its cover. */
export const nodeFetch: typeof fetch = (input, init = {}) => {
  const body = init.body;
  const plainBody = body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
  if (typeof input !== 'string' && !(input instanceof URL)) return fetch(input, init);
  if (!plainBody || (init.redirect !== undefined && init.redirect !== 'follow')) return fetch(input, init);
  return send(targetOf(input), (init.method ?? 'GET').toUpperCase(), headerRecord(init.headers), body as string | Uint8Array | undefined, init.signal ?? undefined, 0);
};

/** Where a request goes, in the parts dispatch takes. */
interface Target { readonly protocol: string; readonly origin: string; readonly path: string; readonly href: string }

/**
 * An absolute http(s) URL needing no normalisation (lower-case ASCII host, optional port, a path of
 * printable ASCII with no dot segments, backslashes or fragment): taken apart without a URL parse,
 * which cost a visible share per request. Anything else goes through `URL`.
 */
const PLAIN_URL = /^(https?:)\/\/([a-z0-9.-]+(?::\d{1,5})?)(\/[\x21-\x22\x24-\x5b\x5d-\x7e]*)?$/;

function targetOf(input: string | URL): Target {
  const m = typeof input === 'string' ? PLAIN_URL.exec(input) : null;
  if (m && !/\/\.\.?(?:[/?]|$)/.test(m[3] ?? '')) return { protocol: m[1]!, origin: `${m[1]!}//${m[2]!}`, path: m[3] ?? '/', href: m[3] ? input as string : `${input as string}/` };
  const u = new URL(String(input));
  return { protocol: u.protocol, origin: u.origin, path: `${u.pathname}${u.search}`, href: u.href };
}

function headerRecord(h: HeadersInit | undefined): Record<string, string> {
  if (!h) return {};
  if (h instanceof Headers || Array.isArray(h)) return Object.fromEntries(h instanceof Headers ? h.entries() : h);
  return { ...h } as Record<string, string>;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function send(url: Target, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined, signal: AbortSignal | undefined, redirects: number): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) { reject(abortReason(signal)); return; }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') { resolve(fetch(url.href, { method, headers, body: body as BodyInit | undefined, signal })); return; }
    const exchange = new Exchange(url, method, headers, body, signal, redirects, resolve, reject);
    agent.dispatch({ origin: url.origin, path: url.path, method, headers, body: body ?? null }, exchange);
  });
}

/**
 * One request's dispatch handler: collects status, headers and body chunks, settles the promise once
 * (an answer, a redirect followed, or a failure) and ties the request to its AbortSignal: an abort before
 * the request reaches a connection rejects at once and aborts it as it starts; after, it aborts it there.
 */
class Exchange implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private status = 0;
  private statusText = '';
  private headers: IncomingHttpHeaders = {};
  private readonly parts: Buffer[] = [];
  private settled = false;
  private redirected = false;
  private readonly onAbort: (() => void) | undefined;

  constructor(private readonly url: Target, private readonly method: string, private readonly requestHeaders: Record<string, string>,
    private readonly body: string | Uint8Array | undefined, private readonly signal: AbortSignal | undefined, private readonly redirects: number,
    private readonly resolve: (r: Response | Promise<Response>) => void, private readonly reject: (e: unknown) => void) {
    if (signal) {
      this.onAbort = () => {
        const reason = abortReason(signal);
        this.fail(reason);
        this.controller?.abort(reason as Error);
      };
      signal.addEventListener('abort', this.onAbort, { once: true });
    }
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.signal?.aborted) controller.abort(abortReason(this.signal) as Error);
  }

  onResponseStart(_c: Dispatcher.DispatchController, status: number, headers: IncomingHttpHeaders, statusMessage?: string): void {
    if (status < 200) return; // an informational answer; the final one follows
    const location = headers.location;
    if (REDIRECTS.has(status) && typeof location === 'string' && location !== '') {
      // Follow at once; this answer's body is drained by undici (the connection stays reusable).
      this.redirected = true;
      this.done();
      if (this.settled) return;
      this.settled = true;
      if (this.redirects >= MAX_REDIRECTS) { this.reject(new TypeError('fetch failed', { cause: new Error('too many redirects') })); return; }
      const toGet = status === 303 || ((status === 301 || status === 302) && this.method === 'POST');
      let next: Target;
      try { next = targetOf(new URL(location, this.url.href)); } catch (e) { this.reject(new TypeError('fetch failed', { cause: e })); return; }
      this.resolve(send(next, toGet ? 'GET' : this.method, this.requestHeaders, toGet ? undefined : this.body, this.signal, this.redirects + 1));
      return;
    }
    this.status = status;
    this.statusText = statusMessage ?? '';
    this.headers = headers;
  }

  onResponseData(_c: Dispatcher.DispatchController, chunk: Buffer): void {
    if (!this.redirected) this.parts.push(chunk);
  }

  onResponseEnd(): void {
    if (this.redirected) return;
    this.done();
    if (this.settled) return;
    this.settled = true;
    const status = this.status;
    const empty = this.method === 'HEAD' || status === 204 || status === 304;
    const parts = this.parts;
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    const body = empty ? null : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.resolve(new BufferedResponse(status, this.statusText, new ReadonlyHeaders(this.headers), body, this.url.href, this.redirects > 0) as unknown as Response);
  }

  onResponseError(_c: Dispatcher.DispatchController, error: Error): void {
    this.done();
    if (this.redirected) return;
    this.fail(this.signal?.aborted ? abortReason(this.signal) : new TypeError('fetch failed', { cause: error }));
  }

  private fail(reason: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.done();
    this.reject(reason);
  }

  private done(): void {
    if (this.onAbort) this.signal!.removeEventListener('abort', this.onAbort);
  }
}

/**
 * The response headers undici parsed (names lower-cased, a repeated header as an array, joined with
 * ", " as `Headers.get` joins them), behind the read-only part of the `Headers` interface; changing them
 * throws TypeError, as a received Response's headers do ("immutable" guard, Fetch standard §5.2).
 */
class ReadonlyHeaders {
  constructor(private readonly raw: IncomingHttpHeaders) {}
  get(name: string): string | null {
    const v = this.raw[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
  }
  has(name: string): boolean { return this.raw[name.toLowerCase()] !== undefined; }
  getSetCookie(): string[] { const v = this.raw['set-cookie']; return v === undefined ? [] : Array.isArray(v) ? [...v] : [v]; }
  *entries(): IterableIterator<[string, string]> {
    for (const k of Object.keys(this.raw).sort()) { const v = this.get(k); if (v !== null) yield [k, v]; }
  }
  *keys(): IterableIterator<string> { for (const [k] of this.entries()) yield k; }
  *values(): IterableIterator<string> { for (const [, v] of this.entries()) yield v; }
  [Symbol.iterator](): IterableIterator<[string, string]> { return this.entries(); }
  forEach(fn: (value: string, key: string, parent: unknown) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) fn.call(thisArg, v, k, this);
  }
  set(): never { throw new TypeError('Headers of a received response are immutable'); }
  append(): never { throw new TypeError('Headers of a received response are immutable'); }
  delete(): never { throw new TypeError('Headers of a received response are immutable'); }
}

/**
 * A received answer whose body is in memory, with the members of `Response` (status, headers, url,
 * body, bodyUsed, arrayBuffer/bytes/text/json/blob, clone). Must hold: the body is readable once, by a
 * method or through `body` (a stream made only when asked for), as with a Response; an empty body
 * (HEAD, 204, 304) is `null` as there.
 */
export class BufferedResponse {
  readonly type = 'basic';
  private used = false;
  private stream: ReadableStream<Uint8Array> | null | undefined;
  constructor(readonly status: number, readonly statusText: string, readonly headers: ReadonlyHeaders,
    private readonly data: Uint8Array | null, readonly url: string, readonly redirected: boolean) {}
  get ok(): boolean { return this.status >= 200 && this.status <= 299; }
  get bodyUsed(): boolean { return this.used; }
  get body(): ReadableStream<Uint8Array> | null {
    if (this.stream === undefined) this.stream = this.data === null ? null : new Response(this.data as BodyInit).body;
    return this.stream;
  }
  /** The body's bytes; a view of the received buffer (no copy). */
  async bytes(): Promise<Uint8Array> {
    if (this.stream) return new Uint8Array(await new Response(this.stream).arrayBuffer());
    if (this.used) throw new TypeError('Body is unusable: Body has already been read');
    this.used = true;
    return this.data ?? new Uint8Array(0);
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    const b = await this.bytes();
    return (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b.buffer : b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)) as ArrayBuffer;
  }
  async text(): Promise<string> { return new TextDecoder().decode(await this.bytes()); }
  async json(): Promise<unknown> { return JSON.parse(await this.text()) as unknown; }
  async blob(): Promise<Blob> { return new Blob([await this.bytes() as BlobPart], { type: this.headers.get('content-type') ?? '' }); }
  clone(): BufferedResponse {
    if (this.used || this.stream) throw new TypeError('Response.clone: Body has already been consumed');
    return new BufferedResponse(this.status, this.statusText, this.headers, this.data, this.url, this.redirected);
  }
}
