/**
 * A `fetch` for Node over node:http/https with keep-alive agents, for the CLI's HTTP storage. Node's
 * built-in fetch (undici, WHATWG streams) spends about twice the CPU per request of node:http: over
 * 1,000 one-row data files on loopback, 0.4–0.6 ms against 0.2–0.3 ms a request (bench/read-loop.ts),
 * and with many small files the requests are most of a read.
 *
 * It covers what the storage adapters send: a URL string, GET/HEAD/PUT/…, plain-object or Headers
 * headers, a Uint8Array/string body, an AbortSignal, redirects (followed, up to 20). Anything else
 * (a Request object, a stream body) goes to the global fetch. The answer's body is already in memory
 * (the adapters read every body whole), so it is not a WHATWG `Response` but a {@link BufferedResponse}
 * with the same members: building undici's Response, Headers and body stream for each answer, and
 * reading the stream back, was about a sixth of the client's CPU over 1,000 one-row files (issue 17).
 */
import http from 'node:http';
import https from 'node:https';

const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) } as const;
const MAX_REDIRECTS = 20;

/** fetch over node:http/https (see the file comment); falls back to the global fetch outside its cover. */
export const nodeFetch: typeof fetch = (input, init = {}) => {
  const body = init.body;
  const plainBody = body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
  if (typeof input !== 'string' && !(input instanceof URL)) return fetch(input, init);
  if (!plainBody || (init.redirect !== undefined && init.redirect !== 'follow')) return fetch(input, init);
  return send(targetOf(input), (init.method ?? 'GET').toUpperCase(), headerRecord(init.headers), body as string | Uint8Array | undefined, init.signal ?? undefined, 0);
};

/** Where a request goes, in the parts node:http takes. */
interface Target { readonly protocol: string; readonly hostname: string; readonly port?: string; readonly path: string; readonly href: string }

/**
 * An absolute http(s) URL needing no normalisation (lower-case ASCII host, optional port, a path of
 * printable ASCII with no dot segments, backslashes or fragment): taken apart without a URL parse,
 * which cost a visible share per request. Anything else goes through `URL`.
 */
const PLAIN_URL = /^(https?:)\/\/([a-z0-9.-]+)(?::(\d{1,5}))?(\/[\x21-\x22\x24-\x5b\x5d-\x7e]*)?$/;

function targetOf(input: string | URL): Target {
  const m = typeof input === 'string' ? PLAIN_URL.exec(input) : null;
  if (m && !/\/\.\.?(?:[/?]|$)/.test(m[4] ?? '')) return { protocol: m[1]!, hostname: m[2]!, port: m[3], path: m[4] ?? '/', href: m[4] ? input as string : `${input as string}/` };
  const u = new URL(String(input));
  return { protocol: u.protocol, hostname: u.hostname.replace(/^\[(.*)\]$/, '$1'), port: u.port || undefined, path: `${u.pathname}${u.search}`, href: u.href };
}

function headerRecord(h: HeadersInit | undefined): Record<string, string> {
  if (!h) return {};
  if (h instanceof Headers || Array.isArray(h)) return Object.fromEntries(h instanceof Headers ? h.entries() : h);
  return { ...h } as Record<string, string>;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

function send(url: Target, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined, signal: AbortSignal | undefined, redirects: number): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) { reject(abortReason(signal)); return; }
    const agent = agents[url.protocol as keyof typeof agents];
    if (!agent) { resolve(fetch(url.href, { method, headers, body: body as BodyInit | undefined, signal })); return; }
    const request = (url.protocol === 'https:' ? https : http).request({ protocol: url.protocol, hostname: url.hostname, port: url.port, path: url.path, method, headers, agent });
    const onAbort = () => request.destroy(abortReason(signal!) as Error);
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    request.on('error', (e) => { done(); reject(signal?.aborted ? abortReason(signal) : new TypeError('fetch failed', { cause: e })); });
    request.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if ([301, 302, 303, 307, 308].includes(status) && location) {
        res.resume();
        done();
        if (redirects >= MAX_REDIRECTS) { reject(new TypeError('fetch failed', { cause: new Error('too many redirects') })); return; }
        const toGet = status === 303 || ((status === 301 || status === 302) && method === 'POST');
        resolve(send(targetOf(new URL(location, url.href)), toGet ? 'GET' : method, headers, toGet ? undefined : body, signal, redirects + 1));
        return;
      }
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('error', (e) => { done(); reject(signal?.aborted ? abortReason(signal) : new TypeError('fetch failed', { cause: e })); });
      res.on('end', () => {
        done();
        const empty = method === 'HEAD' || status === 204 || status === 304;
        const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
        const body = empty ? null : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        resolve(new BufferedResponse(status, res.statusMessage ?? '', new ReadonlyHeaders(res.headers), body, url.href, redirects > 0) as unknown as Response);
      });
    });
    request.end(body);
  });
}

/**
 * The response headers node:http parsed (names lower-cased, repeats joined with ", " — as `Headers.get`
 * joins them), behind the read-only part of the `Headers` interface; changing them throws TypeError,
 * as a received Response's headers do ("immutable" guard, Fetch standard §5.2).
 */
class ReadonlyHeaders {
  constructor(private readonly raw: http.IncomingHttpHeaders) {}
  get(name: string): string | null {
    const v = this.raw[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
  }
  has(name: string): boolean { return this.raw[name.toLowerCase()] !== undefined; }
  getSetCookie(): string[] { return [...(this.raw['set-cookie'] ?? [])]; }
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
