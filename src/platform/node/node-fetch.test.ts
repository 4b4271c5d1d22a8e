/** nodeFetch against a real node:http server: what HttpStorage and the CLI rely on of a Response. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpStorage } from '../../core/io/http-storage.ts';
import { nodeFetch } from './node-fetch.ts';

const file = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) & 255);
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/moved') { res.writeHead(302, { location: '/data/f.bin' }); res.end(); return; }
    if (req.url === '/slow') return; // never answers
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

describe('nodeFetch', () => {
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
});
