/**
 * What the CLI's two fetch transports (http-send.ts over node:http, undici-send.ts over undici's dispatch)
 * share: the request target taken apart, header records, the abort reason, and the answer as a
 * {@link BufferedResponse} whose body is already in memory.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { BUFFERED_BODY } from '../../core/io/response-body.ts';

/** One request's parts as a transport sends it; redirects call `send` again with the next target. */
export type Send = (url: Target, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined, signal: AbortSignal | undefined, redirects: number) => Promise<Response>;

/** At most this many redirects are followed, as fetch does (Fetch standard §4.4 step 5: 20). */
export const MAX_REDIRECTS = 20;

export const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Where a request goes, in the parts undici's dispatch (origin) and node:http (hostname, port) take. */
export interface Target {
  readonly protocol: string; readonly origin: string; readonly hostname: string; readonly port?: string;
  readonly path: string; readonly href: string;
}

/**
 * An absolute http(s) URL needing no normalisation (lower-case ASCII host, optional port, a path of
 * printable ASCII with no dot segments, backslashes or fragment): taken apart without a URL parse,
 * which cost a visible share per request. Anything else goes through `URL`.
 */
const PLAIN_URL = /^(https?:)\/\/([a-z0-9.-]+)(?::(\d{1,5}))?(\/[\x21-\x22\x24-\x5b\x5d-\x7e]*)?$/;

export function targetOf(input: string | URL): Target {
  const m = typeof input === 'string' ? PLAIN_URL.exec(input) : null;
  if (m && !/\/\.\.?(?:[/?]|$)/.test(m[4] ?? '')) {
    const origin = m[3] === undefined ? `${m[1]!}//${m[2]!}` : `${m[1]!}//${m[2]!}:${m[3]}`;
    return { protocol: m[1]!, origin, hostname: m[2]!, port: m[3], path: m[4] ?? '/', href: m[4] ? input as string : `${input as string}/` };
  }
  const u = new URL(String(input));
  return { protocol: u.protocol, origin: u.origin, hostname: u.hostname.replace(/^\[(.*)\]$/, '$1'), port: u.port || undefined, path: `${u.pathname}${u.search}`, href: u.href };
}

/**
 * Request headers as a record. A Headers object is told by its `entries` method (a record's values are
 * strings), not by `instanceof Headers`: in Node 20 the first touch of the global `Headers` loads all of
 * undici (~15 ms on the first request of every CLI run, issue 17), which this transport does not use.
 */
export function headerRecord(h: HeadersInit | undefined): Record<string, string> {
  if (!h) return {};
  if (Array.isArray(h)) return Object.fromEntries(h);
  if (typeof (h as Headers).entries === 'function') return Object.fromEntries((h as Headers).entries());
  return { ...h } as Record<string, string>;
}

export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/**
 * The response headers the transport parsed (names lower-cased, a repeated header as an array, joined with
 * ", " as `Headers.get` joins them), behind the read-only part of the `Headers` interface; changing them
 * throws TypeError, as a received Response's headers do ("immutable" guard, Fetch standard §5.2).
 */
export class ReadonlyHeaders {
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
  /** Read by its `bytes()`, without loading Node's fetch for an `instanceof Response` (core/io/response-body.ts). */
  readonly [BUFFERED_BODY] = true;
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
