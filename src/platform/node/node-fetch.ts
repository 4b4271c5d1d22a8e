/**
 * A `fetch` for Node, for the CLI's HTTP storage. Node's built-in fetch (undici's WHATWG layer: Request,
 * Response, Headers, body streams) spends about five times the CPU per small request of undici's bare
 * dispatch, and with many small files the requests are most of a read (issue 17). Two transports:
 * node:http (http-send.ts) — nothing to load — for a process's first {@link UNDICI_AFTER} requests, then
 * undici's dispatch (undici-send.ts), ~43% less CPU per request but ~135 ms CPU to load and compile once
 * per process, which pays off only after a few thousand requests (bench/transport.ts; a one-shot
 * `lakescope info http://…` took ~0.2 s more CPU when every process loaded it).
 *
 * It covers what the storage adapters send: a URL string, GET/HEAD/PUT/…, plain-object or Headers
 * headers, a Uint8Array/string body, an AbortSignal, redirects (followed, up to 20). Anything else
 * (a Request object — S3Storage's SigV4-signed requests —, a stream body, another scheme) goes to the
 * global fetch. The answer's body is already in memory (the adapters read every body whole), so it is not
 * a WHATWG `Response` but a `BufferedResponse` (fetch-parts.ts) with the same members. Failures reject as
 * fetch's do: the signal's reason once it fired, else a `TypeError('fetch failed')` with the cause.
 */
import { RELEASES_ABORT_LISTENERS } from '../../core/io/read-policy.ts';
import { headerRecord, targetOf, type Send } from './fetch-parts.ts';
import { sendOverHttp } from './http-send.ts';
import { sendOverUndici } from './undici-send.ts';

export { BufferedResponse } from './fetch-parts.ts';

/** Requests a process sends over node:http before moving onto undici (where undici's fixed price has paid off). */
export const UNDICI_AFTER = 2000;

/** The two transports by name, for tests and benches that measure one of them alone. */
export const TRANSPORTS = { http: sendOverHttp, undici: sendOverUndici } as const satisfies Record<string, Send>;

/**
 * A fetch over `first` for the first `switchAfter` requests it sends and over `then` from there on.
 * Must hold: the answer and failures are the same whichever transport sends (node-fetch.test.ts runs
 * the same cases over both); a redirect stays on the transport of its first request.
 */
export function createNodeFetch(first: Send, then: Send, switchAfter: number): typeof fetch {
  let sent = 0;
  const send: typeof fetch = (input, init = {}) => {
    const body = init.body;
    const plainBody = body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
    if (typeof input !== 'string' && !(input instanceof URL)) return fetch(input, init);
    if (!plainBody || (init.redirect !== undefined && init.redirect !== 'follow')) return fetch(input, init);
    const url = targetOf(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const signal = init.signal ?? undefined;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return fetch(url.href, { method, headers: headerRecord(init.headers), body: body as BodyInit | undefined, signal });
    const transport = sent < switchAfter ? first : then;
    sent++;
    return transport(url, method, headerRecord(init.headers), body as string | Uint8Array | undefined, signal, 0);
  };
  // Both transports remove their abort listener from the request's signal when it settles (node-fetch.test.ts
  // checks every way a request ends), so HttpStorage may reuse attempt signals (core/io/read-policy.ts).
  return Object.assign(send, { [RELEASES_ABORT_LISTENERS]: true });
}

/** The CLI's fetch: node:http for a process's first {@link UNDICI_AFTER} requests, undici's dispatch after. */
export const nodeFetch: typeof fetch = createNodeFetch(sendOverHttp, sendOverUndici, UNDICI_AFTER);

/** A fetch over one transport only (tests, benches). */
export function nodeFetchOver(transport: keyof typeof TRANSPORTS): typeof fetch {
  return createNodeFetch(TRANSPORTS[transport], TRANSPORTS[transport], 0);
}
