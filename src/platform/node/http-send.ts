/**
 * The CLI's transport for short reads: node:http/https with keep-alive agents. Nothing to load or
 * compile, so a one-shot command pays no start-up price; per request it spends about 1.8× the client CPU
 * of undici's dispatch (bench/transport.ts `--raw`), so node-fetch.ts moves a process that keeps sending
 * onto undici-send.ts.
 */
import http from 'node:http';
import https from 'node:https';
import { BufferedResponse, MAX_REDIRECTS, REDIRECTS, ReadonlyHeaders, abortReason, targetOf, type Target } from './fetch-parts.ts';

const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) } as const;

/** Sends one request over node:http(s); http(s) only (node-fetch.ts routes the rest to fetch). */
export function sendOverHttp(url: Target, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined, signal: AbortSignal | undefined, redirects: number): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) { reject(abortReason(signal)); return; }
    const agent = agents[url.protocol as keyof typeof agents];
    let request: http.ClientRequest;
    try {
      request = (url.protocol === 'https:' ? https : http).request({ protocol: url.protocol, hostname: url.hostname, port: url.port, path: url.path, method, headers, agent });
    } catch (e) {
      reject(new TypeError('fetch failed', { cause: e })); // e.g. an invalid header, before any listener was added
      return;
    }
    const onAbort = () => request.destroy(abortReason(signal!) as Error);
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    request.on('error', (e) => { done(); reject(signal?.aborted ? abortReason(signal) : new TypeError('fetch failed', { cause: e })); });
    request.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECTS.has(status) && location) {
        res.resume();
        done();
        if (redirects >= MAX_REDIRECTS) { reject(new TypeError('fetch failed', { cause: new Error('too many redirects') })); return; }
        const toGet = status === 303 || ((status === 301 || status === 302) && method === 'POST');
        let next: Target;
        try { next = targetOf(new URL(location, url.href)); } catch (e) { reject(new TypeError('fetch failed', { cause: e })); return; }
        resolve(sendOverHttp(next, toGet ? 'GET' : method, headers, toGet ? undefined : body, signal, redirects + 1));
        return;
      }
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('error', (e) => { done(); reject(signal?.aborted ? abortReason(signal) : new TypeError('fetch failed', { cause: e })); });
      res.on('end', () => {
        done();
        const empty = method === 'HEAD' || status === 204 || status === 304;
        const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
        const data = empty ? null : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        resolve(new BufferedResponse(status, res.statusMessage ?? '', new ReadonlyHeaders(res.headers), data, url.href, redirects > 0) as unknown as Response);
      });
    });
    request.end(body);
  });
}
