/** Both transports of nodeFetch against a real node:http server: what HttpStorage and the CLI rely on of a Response. */
import { execFile } from 'node:child_process';
import { getEventListeners } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpStorage } from '../../core/io/http-storage.ts';
import { RELEASES_ABORT_LISTENERS } from '../../core/io/read-policy.ts';
import { UNDICI_AFTER, createNodeFetch, nodeFetch as cliFetch, nodeFetchOver } from './node-fetch.ts';
import { headerRecord, type Send } from './fetch-parts.ts';

const file = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) & 255);
let server: http.Server;
let base: string;
/** Per connection: requests in flight now and at most; and what each upload carried. */
const sockets = new Map<unknown, { now: number; max: number; served: number }>();
const uploads: { method: string; length?: string; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const sock = sockets.get(req.socket) ?? { now: 0, max: 0, served: 0 };
    sockets.set(req.socket, sock);
    sock.now++; sock.max = Math.max(sock.max, sock.now); sock.served++;
    res.on('finish', () => { sock.now--; });
    if (req.method === 'PUT' || req.method === 'POST') {
      const parts: Buffer[] = [];
      req.on('data', (c: Buffer) => parts.push(c));
      req.on('end', () => {
        uploads.push({ method: req.method!, length: req.headers['content-length'], body: Buffer.concat(parts).toString('latin1') });
        if (req.url === '/see-other') { res.writeHead(303, { location: '/data/f.bin' }); res.end(); return; }
        res.writeHead(201, { 'set-cookie': ['a=1', 'b=2'] }); res.end('stored');
      });
      return;
    }
    if (req.url === '/moved') { res.writeHead(302, { location: '/data/f.bin' }); res.end(); return; }
    if (req.url === '/loop') { res.writeHead(307, { location: '/loop' }); res.end(); return; }
    if (req.url === '/slow') return; // never answers
    if (req.url === '/stall') { res.writeHead(200, { 'content-length': '100' }); res.write('x'.repeat(10)); return; } // headers, then 10 of 100 bytes
    if (req.url === '/cut') { res.writeHead(200, { 'content-length': '100' }); res.write('x'.repeat(10), () => req.socket.destroy()); return; } // 10 of 100 bytes, then the connection drops
    if (req.url === '/delayed') { res.writeHead(200); res.write('la'); setTimeout(() => res.end('te'), 50); return; } // headers at once, body later
    if (req.url !== '/data/f.bin') { res.writeHead(404, { 'content-type': 'text/plain' }); res.end('no such file'); return; }
    const m = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '');
    const headers = { 'content-type': 'application/octet-stream', etag: '"e1"', 'x-twice': ['a', 'b'] };
    if (m) {
      const [from, to] = [Number(m[1]), Number(m[2])];
      res.writeHead(206, { ...headers, 'content-range': `bytes ${from}-${to}/${file.length}` });
      res.end(req.method === 'HEAD' ? undefined : file.subarray(from, to + 1));
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': String(file.length) });
    res.end(req.method === 'HEAD' ? undefined : file);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => { server.closeAllConnections(); await new Promise((ok) => server.close(ok)); });

describe.each(['http', 'undici'] as const)('nodeFetch over %s', (transport) => {
  const nodeFetch = nodeFetchOver(transport);

  it('answers like fetch: status, headers (repeats joined), url, body once', async () => {
    const [ours, theirs] = [await nodeFetch(`${base}/data/f.bin`), await fetch(`${base}/data/f.bin`)];
    for (const r of [ours, theirs]) {
      expect([r.status, r.ok, r.url, r.redirected]).toEqual([200, true, `${base}/data/f.bin`, false]);
      expect([r.headers.get('ETag'), r.headers.get('x-twice'), r.headers.get('content-length'), r.headers.get('nope')]).toEqual(['"e1"', 'a, b', '3000', null]);
    }
    expect(new Uint8Array(await ours.arrayBuffer())).toEqual(new Uint8Array(await theirs.arrayBuffer()));
    expect(ours.bodyUsed).toBe(true);
    await expect(ours.arrayBuffer()).rejects.toThrow(TypeError);
    expect(() => ours.headers.set('a', 'b')).toThrow(TypeError);
  });

  it('follows redirects, gives a null body to HEAD, a readable stream on demand, text of errors', async () => {
    const moved = await nodeFetch(`${base}/moved`);
    expect([moved.status, moved.url, moved.redirected]).toEqual([200, `${base}/data/f.bin`, true]);
    const chunks: Uint8Array[] = [];
    for await (const c of moved.body!) chunks.push(c);
    expect(Buffer.concat(chunks)).toEqual(Buffer.from(file));
    expect((await nodeFetch(`${base}/data/f.bin`, { method: 'HEAD' })).body).toBeNull();
    // A URL that needs normalising (dot segments) is sent as URL would send it.
    const dotted = await nodeFetch(`${base}/x/../data/./f.bin`);
    expect([dotted.status, dotted.url]).toEqual([200, `${base}/data/f.bin`]);
    const missing = await nodeFetch(`${base}/none`);
    expect([missing.status, missing.ok, await missing.text()]).toEqual([404, false, 'no such file']);
  });

  it('under HttpStorage: whole and ranged reads, head, NotFound, abort', async () => {
    const s = new HttpStorage({ baseUrl: base, fetch: nodeFetch });
    expect(await s.read('data/f.bin')).toEqual(file);
    expect(await s.read('data/f.bin', { range: { offset: 100, length: 50 } })).toEqual(file.subarray(100, 150));
    expect(await s.head('data/f.bin')).toMatchObject({ size: 3000, etag: 'e1' });
    await expect(s.read('data/g.bin')).rejects.toMatchObject({ code: 'NotFound' });
    const ctl = new AbortController();
    const pending = s.read('slow', { signal: ctl.signal });
    setTimeout(() => ctl.abort(), 20);
    await expect(pending).rejects.toMatchObject({ code: 'Aborted' });
  });

  it('keeps connections alive without pipelining: one request at a time on each', async () => {
    // A fresh server (a fresh pool): ten requests one after another reuse their connection. (undici's pool
    // opens a second one for the second request: the first connection still counts as busy from its
    // connecting when the next request comes in the same tick as the answer; from then on both are reused.)
    let connections = 0;
    const other = http.createServer((_req, res) => res.end('ok')).on('connection', () => connections++);
    await new Promise<void>((ok) => other.listen(0, '127.0.0.1', ok));
    try {
      for (let i = 0; i < 10; i++) expect(await (await nodeFetch(`http://127.0.0.1:${(other.address() as AddressInfo).port}/x`)).text()).toBe('ok');
      expect(connections).toBeLessThanOrEqual(2);
    } finally {
      other.closeAllConnections(); await new Promise((ok) => other.close(ok));
    }
    // Concurrent requests, some onto connections already open: never two in flight on one connection.
    await Promise.all([nodeFetch(`${base}/data/f.bin`), nodeFetch(`${base}/data/f.bin`)]);
    sockets.clear();
    const many = await Promise.all(Array.from({ length: 12 }, () => nodeFetch(`${base}/delayed`).then((r) => r.text())));
    expect(many).toEqual(Array(12).fill('late'));
    expect(Math.max(...[...sockets.values()].map((s) => s.max))).toBe(1);
    expect([...sockets.values()].reduce((n, s) => n + s.served, 0)).toBe(12);
  });

  it('sends string and byte bodies with their length; 303 turns a POST into a GET; cookies listed', async () => {
    uploads.length = 0;
    const put = await nodeFetch(`${base}/data/u.bin`, { method: 'put', body: Uint8Array.of(1, 2, 255), headers: new Headers({ 'x-a': '1' }) });
    expect([put.status, await put.text(), put.headers.getSetCookie(), put.headers.get('set-cookie')]).toEqual([201, 'stored', ['a=1', 'b=2'], 'a=1, b=2']);
    const post = await nodeFetch(`${base}/see-other`, { method: 'POST', body: 'héllo' });
    expect([post.status, post.url, post.redirected, (await post.bytes()).length]).toEqual([200, `${base}/data/f.bin`, true, 3000]);
    expect(uploads).toEqual([{ method: 'PUT', length: '3', body: '\x01\x02\xff' }, { method: 'POST', length: '6', body: Buffer.from('héllo').toString('latin1') }]);
  });

  it('rejects as fetch does: the abort reason (before sending, mid-body), TypeError with the cause otherwise', async () => {
    const reason = new Error('stop');
    await expect(nodeFetch(`${base}/data/f.bin`, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    // Aborted in the same tick as sent: before the request reaches a connection.
    const early = new AbortController();
    const sent = nodeFetch(`${base}/slow`, { signal: early.signal });
    early.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
    // Headers received, body stalls: the abort ends the wait for the body.
    const late = new AbortController();
    const stalled = nodeFetch(`${base}/stall`, { signal: late.signal });
    setTimeout(() => late.abort(reason), 50);
    await expect(stalled).rejects.toBe(reason);
    const loop = await nodeFetch(`${base}/loop`).catch((e: unknown) => e);
    expect(loop).toBeInstanceOf(TypeError);
    expect(((loop as Error).cause as Error).message).toBe('too many redirects');
    const cut = await nodeFetch(`${base}/cut`).catch((e: unknown) => e);
    expect([cut instanceof TypeError, (cut as Error).message]).toEqual([true, 'fetch failed']);
    expect(((cut as Error).cause as Error).name).toBe(transport === 'undici' ? 'SocketError' : 'Error');
    const refused = await nodeFetch('http://127.0.0.1:1/x').catch((e: unknown) => e);
    expect([refused instanceof TypeError, (refused as Error).message]).toEqual([true, 'fetch failed']);
    expect(String(((refused as Error).cause as Error).message)).toMatch(/ECONNREFUSED/);
  });

  it('under HttpStorage: a body cut short is a retryable Io, retried', async () => {
    const err = await new HttpStorage({ baseUrl: base, retries: 1, fetch: nodeFetch }).read('cut').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'Io', context: { key: 'cut', retries: 1 } });
    expect((err as Error).message).toMatch(/^http: read 'cut': request failed: fetch failed \((other side closed|aborted)\) \(retried 1 time\)$/);
  });

  it('leaves no abort listener on the signal however a request ends (HttpStorage reuses attempt signals on that promise)', async () => {
    expect((nodeFetch as unknown as Record<symbol, boolean>)[RELEASES_ABORT_LISTENERS]).toBe(true);
    const ends: [string, (signal: AbortSignal) => Promise<unknown>][] = [
      ['an answer', (signal) => nodeFetch(`${base}/data/f.bin`, { signal }).then((r) => r.arrayBuffer())],
      ['a 404', (signal) => nodeFetch(`${base}/none`, { signal }).then((r) => r.text())],
      ['a redirect', (signal) => nodeFetch(`${base}/moved`, { signal }).then((r) => r.arrayBuffer())],
      ['too many redirects', (signal) => nodeFetch(`${base}/loop`, { signal })],
      ['a cut body', (signal) => nodeFetch(`${base}/cut`, { signal }).then((r) => r.arrayBuffer())],
      ['a refused connection', (signal) => nodeFetch('http://127.0.0.1:1/x', { signal })],
      ['an invalid header', (signal) => nodeFetch(`${base}/data/f.bin`, { signal, headers: { 'x-bad': 'a\nb' } })],
    ];
    for (const [what, run] of ends) {
      const signal = new AbortController().signal;
      await run(signal).catch(() => {});
      expect(getEventListeners(signal, 'abort'), what).toHaveLength(0);
    }
    const ctl = new AbortController();
    const slow = nodeFetch(`${base}/slow`, { signal: ctl.signal }).catch((e: unknown) => e);
    setTimeout(() => ctl.abort(new Error('stop')), 20);
    expect(await slow).toMatchObject({ message: 'stop' });
    expect(getEventListeners(ctl.signal, 'abort')).toHaveLength(0);
  });

  it('under HttpStorage: a refused connection is Io naming the key, the URL (context) and the cause', async () => {
    const err = await new HttpStorage({ baseUrl: 'http://127.0.0.1:1/t', retries: 0, fetch: nodeFetch }).read('a/b.bin').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'Io', context: { key: 'a/b.bin', url: 'http://127.0.0.1:1/t/a/b.bin' } });
    expect((err as Error).message).toBe("http: read 'a/b.bin': request failed: fetch failed (connect ECONNREFUSED 127.0.0.1:1)");
  });
});

describe('nodeFetch: node:http first, undici once a process keeps sending', () => {
  it('sends the first switchAfter requests over the first transport and the rest over the second', async () => {
    const seen: string[] = [];
    const fake = (name: string): Send => async (url, method) => { seen.push(`${name} ${method} ${url.path}`); return new Response(name); };
    const f = createNodeFetch(fake('first'), fake('then'), 2);
    for (const path of ['/a', '/b', '/c', '/d']) expect(await (await f(`${base}${path}`, { method: 'head' })).text()).toBe(seen.at(-1)!.split(' ')[0]);
    expect(seen).toEqual(['first HEAD /a', 'first HEAD /b', 'then HEAD /c', 'then HEAD /d']);
    // Outside the transports' cover (a Request object): the global fetch, not counted.
    expect((await f(new Request(`${base}/data/f.bin`))).status).toBe(200);
    expect(seen).toHaveLength(4);
  });

  it('the CLI fetch moves after UNDICI_AFTER requests and answers the same over both', async () => {
    expect(UNDICI_AFTER).toBeGreaterThan(1000);
    const bodies = await Promise.all([cliFetch(`${base}/data/f.bin`), nodeFetchOver('undici')(`${base}/data/f.bin`)].map(async (r) => new Uint8Array(await (await r).arrayBuffer())));
    expect(bodies[0]).toEqual(file);
    expect(bodies[1]).toEqual(file);
  });
});

describe('headerRecord', () => {
  it('reads every form of HeadersInit: plain and prototype-less records, pairs, Headers', () => {
    expect(headerRecord(undefined)).toEqual({});
    expect(headerRecord({ Range: 'bytes=0-9' })).toEqual({ Range: 'bytes=0-9' });
    expect(headerRecord(Object.assign(Object.create(null) as Record<string, string>, { 'x-a': '1' }))).toEqual({ 'x-a': '1' });
    expect(headerRecord([['x-a', '1'], ['x-b', '2']])).toEqual({ 'x-a': '1', 'x-b': '2' });
    expect(headerRecord(new Headers({ 'X-A': '1', 'x-b': '2' }))).toEqual({ 'x-a': '1', 'x-b': '2' });
    // A record made in another realm (its own Object.prototype) and one with a header named `entries`.
    expect(headerRecord(runInNewContext('({ "x-a": "1" })') as Record<string, string>)).toEqual({ 'x-a': '1' });
    expect(headerRecord({ entries: 'x' })).toEqual({ entries: 'x' });
  });

  it("a process's first requests with plain headers load no undici (Node 20 loads all of it on the first touch of the global Headers or Response)", async () => {
    // A fresh process: this one (vitest) has undici loaded already. The second read goes through core's
    // HttpStorage, whose body reader must not ask `instanceof Response` of the CLI's buffered answers.
    const nodeFetchModule = fileURLToPath(new URL('./node-fetch.ts', import.meta.url));
    const storageModule = fileURLToPath(new URL('../../core/io/http-storage.ts', import.meta.url));
    const script = `const { nodeFetch } = await import(${JSON.stringify(nodeFetchModule)});
      const { HttpStorage } = await import(${JSON.stringify(storageModule)});
      const r = await nodeFetch(${JSON.stringify(`${base}/data/f.bin`)}, { headers: { Range: 'bytes=0-9' } });
      const n = (await r.arrayBuffer()).byteLength;
      const whole = await new HttpStorage({ baseUrl: ${JSON.stringify(`${base}/`)}, fetch: nodeFetch }).read('data/f.bin');
      console.log(JSON.stringify({ n, whole: whole.byteLength, undici: process.moduleLoadList.some((m) => m.includes('undici')) }));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 60_000 });
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ n: 10, whole: 3000, undici: false });
  });
});
