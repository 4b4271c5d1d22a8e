/**
 * The CLI's transport for long reads: undici's `Agent.dispatch` (the npm package, pinned): keep-alive
 * connections, one request at a time on each (no pipelining), the answer collected from the dispatch
 * handler's callbacks. About 43% less client CPU per small request than node:http's ClientRequest and
 * 4.8× less than Node's fetch (bench/transport.ts `--raw`), but a fixed price per process: ~35 ms CPU to
 * load the Agent and ~100 ms CPU for the optimising compile of its WebAssembly HTTP parser, which Node
 * waits for at exit. node-fetch.ts therefore switches to it only once a process has sent enough requests.
 * Failures reject as fetch's do: the signal's reason once it fired, else a `TypeError('fetch failed')`
 * whose cause is undici's error (headers and body time out after undici's default 300 s, as Node's fetch).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import type { Agent as UndiciAgent, Dispatcher } from 'undici';
import { BufferedResponse, MAX_REDIRECTS, REDIRECTS, ReadonlyHeaders, abortReason, targetOf, type Target } from './fetch-parts.ts';

let agent: UndiciAgent | undefined;

/**
 * undici's Agent alone, from its own module, loaded on first use: the package's index loads fetch,
 * WebSocket, caches and mocks too, about 100 ms of CPU against about 35 ms for the Agent (measured on this
 * machine under load). The path is not public API; the version is pinned and the tests here load it.
 * One agent for the process: a pool of keep-alive connections per origin, no pipelining (undici's default of 1).
 */
function theAgent(): UndiciAgent {
  if (!agent) {
    const Agent = createRequire(import.meta.url)('undici/lib/dispatcher/agent.js') as typeof UndiciAgent;
    agent = new Agent({ pipelining: 1 });
  }
  return agent;
}

/** Sends one request over undici's dispatch; http(s) only (node-fetch.ts routes the rest to fetch). */
export function sendOverUndici(url: Target, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined, signal: AbortSignal | undefined, redirects: number): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) { reject(abortReason(signal)); return; }
    const exchange = new Exchange(url, method, headers, body, signal, redirects, resolve, reject);
    try {
      theAgent().dispatch({ origin: url.origin, path: url.path, method, headers, body: body ?? null }, exchange);
    } catch (e) {
      exchange.onResponseError(undefined as never, e as Error); // e.g. an invalid header: settle, and leave no listener on the signal
    }
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
      this.resolve(sendOverUndici(next, toGet ? 'GET' : this.method, this.requestHeaders, toGet ? undefined : this.body, this.signal, this.redirects + 1));
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

