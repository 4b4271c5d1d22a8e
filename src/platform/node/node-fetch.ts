/**
 * A `fetch` for Node over node:http/https with keep-alive agents, for the CLI's HTTP storage. Node's
 * built-in fetch (undici, WHATWG streams) spends about twice the CPU per request of node:http: over
 * 1,000 one-row data files on loopback, 0.4–0.6 ms against 0.2–0.3 ms a request (bench/read-loop.ts),
 * and with many small files the requests are most of a read.
 *
 * It covers what the storage adapters send: a URL string, GET/HEAD/PUT/…, plain-object or Headers
 * headers, a Uint8Array/string body, an AbortSignal, redirects (followed, up to 20). Anything else
 * (a Request object, a stream body) goes to the global fetch. The answer is a standard `Response` whose
 * body is already in memory (the adapters read every body whole).
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
  return send(new URL(String(input)), (init.method ?? 'GET').toUpperCase(), headerRecord(init.headers), body as string | Uint8Array | undefined, init.signal ?? undefined, 0);
};

function headerRecord(h: HeadersInit | undefined): Record<string, string> {
  if (!h) return {};
  if (h instanceof Headers || Array.isArray(h)) return Object.fromEntries(h instanceof Headers ? h.entries() : h);
  return { ...h } as Record<string, string>;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

function send(url: URL, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined, signal: AbortSignal | undefined, redirects: number): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) { reject(abortReason(signal)); return; }
    const agent = agents[url.protocol as keyof typeof agents];
    if (!agent) { resolve(fetch(url, { method, headers, body: body as BodyInit | undefined, signal })); return; }
    const request = (url.protocol === 'https:' ? https : http).request(url, { method, headers, agent });
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
        resolve(send(new URL(location, url), toGet ? 'GET' : method, headers, toGet ? undefined : body, signal, redirects + 1));
        return;
      }
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('error', (e) => { done(); reject(signal?.aborted ? abortReason(signal) : new TypeError('fetch failed', { cause: e })); });
      res.on('end', () => {
        done();
        const out = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) out.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        const empty = method === 'HEAD' || status === 204 || status === 304;
        const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
        const response = new Response(empty ? null : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as BodyInit, { status, statusText: res.statusMessage ?? '', headers: out });
        Object.defineProperty(response, 'url', { value: url.href });
        resolve(response);
      });
    });
    request.end(body);
  });
}
