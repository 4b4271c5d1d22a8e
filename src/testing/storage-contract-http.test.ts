/**
 * The storage contract over HttpStorage against a real node:http server serving a temp folder — once
 * as a well-behaved static server (HEAD, Range, ETag) and once as a poor one that refuses HEAD and
 * ignores Range, so the fallbacks (ranged GET for head, local slicing) are exercised too.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpStorage } from '../core/io/http-storage.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { nodeFetch } from '../platform/node/node-fetch.ts';
import { describeStorageContract, expectLakeError, type MakeStorage } from './storage-contract.ts';

let root = '';
let server: Server;
let base = '';
let seq = 0;
const requests: { method: string; url: string; range?: string }[] = [];

/** Serves files under `root`. Path `/good/...`: HEAD + Range + ETag. `/poor/...`: 405 on HEAD, Range ignored. `/slow/...`: answers after 2 s. */
async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://x');
  const [, mode, ...rest] = url.pathname.split('/');
  requests.push({ method: req.method ?? '', url: url.pathname, range: req.headers.range });
  if (mode === 'status') {
    res.writeHead(Number(rest[0])).end();
    return;
  }
  if (mode === 'slow') await new Promise((r) => setTimeout(r, 2000));
  const path = join(root, ...rest.map(decodeURIComponent));
  const st = await stat(path).catch(() => undefined);
  if (!st?.isFile()) {
    res.writeHead(404).end('not found');
    return;
  }
  const poor = mode === 'poor';
  if (poor && req.method === 'HEAD') {
    res.writeHead(405).end();
    return;
  }
  const headers = { etag: `"${st.ino.toString(16)}-${st.mtimeMs.toString(16)}"`, 'last-modified': st.mtime.toUTCString() };
  const data = await readFile(path);
  const m = poor ? null : /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (!m) {
    res.writeHead(200, { ...headers, 'content-length': data.length }).end(req.method === 'HEAD' ? undefined : data);
    return;
  }
  let start = m[1] === '' ? Math.max(0, data.length - Number(m[2])) : Number(m[1]);
  let end = m[1] === '' || m[2] === '' ? data.length - 1 : Math.min(Number(m[2]), data.length - 1);
  if (start >= data.length) {
    res.writeHead(416, { 'content-range': `bytes */${data.length}` }).end();
    return;
  }
  if (end < start) [start, end] = [0, data.length - 1];
  res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${end}/${data.length}`, 'content-length': end - start + 1 })
    .end(req.method === 'HEAD' ? undefined : data.subarray(start, end + 1));
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'lakescope-http-'));
  server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await rm(root, { recursive: true, force: true });
});

/** A fresh sub-folder of the served root holding the seed; an HttpStorage over it in `mode`. */
function served(mode: 'good' | 'poor', fetchFn?: typeof fetch): MakeStorage {
  return async (seed) => {
    const sub = `t${seq++}`;
    const fs = new FsStorage(join(root, sub));
    for (const [k, v] of seed) await fs.write(k, v);
    return new HttpStorage({ baseUrl: `${base}/${mode}/${sub}`, keys: [...seed.keys()], fetch: fetchFn });
  };
}

describeStorageContract('http (static server with HEAD and Range)', served('good'), { readOnly: true });
describeStorageContract('http (server refusing HEAD and ignoring Range)', served('poor'), { readOnly: true, etags: false });
// The CLI's transport (platform/node/node-fetch.ts) must keep the same contract as the built-in fetch.
describeStorageContract('http over nodeFetch (static server with HEAD and Range)', served('good', nodeFetch), { readOnly: true });
describeStorageContract('http over nodeFetch (server refusing HEAD and ignoring Range)', served('poor', nodeFetch), { readOnly: true, etags: false });

describe('nodeFetch (the CLI transport) over a real server', () => {
  it('maps statuses, aborts in flight, and a refused connection is Io', async () => {
    const s = new HttpStorage({ baseUrl: `${base}/status`, retries: 1, fetch: nodeFetch });
    await expectLakeError(s.read('403'), 'Auth');
    await expectLakeError(s.read('404'), 'NotFound');
    requests.length = 0;
    await expectLakeError(s.read('503'), 'Io');
    expect(requests.length).toBe(2);
    const good = await served('good', nodeFetch)(new Map([['slow.bin', new Uint8Array(10)]]));
    const slow = new HttpStorage({ baseUrl: good.description.replace('/good/', '/slow/'), fetch: nodeFetch });
    const started = Date.now();
    await expectLakeError(slow.read('slow.bin', { signal: AbortSignal.timeout(100) }), 'Aborted');
    expect(Date.now() - started).toBeLessThan(1500);
    await expectLakeError(new HttpStorage({ baseUrl: 'http://127.0.0.1:1', retries: 0, fetch: nodeFetch }).read('x'), 'Io');
  });
});

describe('HttpStorage over a real server', () => {
  it('reads a suffix with one ranged GET (the Parquet footer read)', async () => {
    const s = await served('good')(new Map([['f.parquet', new Uint8Array(100).fill(7)]]));
    requests.length = 0;
    expect((await s.read('f.parquet', { range: { suffix: 8 } })).length).toBe(8);
    expect(requests).toEqual([{ method: 'GET', url: expect.stringMatching(/f\.parquet$/), range: 'bytes=-8' }]);
  });

  it('falls back to GET bytes=0-0 when HEAD is refused', async () => {
    const s = await served('poor')(new Map([['x.bin', new Uint8Array(42)]]));
    requests.length = 0;
    expect((await s.head('x.bin')).size).toBe(42);
    expect(requests.map((r) => `${r.method} ${r.range ?? ''}`)).toEqual(['HEAD ', 'GET bytes=0-0']);
  });

  it('maps 401/403 to Auth, 5xx to Io (after retries), and cannot list without keys', async () => {
    const s = new HttpStorage({ baseUrl: `${base}/status`, retries: 1 });
    await expectLakeError(s.read('403'), 'Auth');
    await expectLakeError(s.read('401'), 'Auth');
    await expectLakeError(s.read('404'), 'NotFound');
    requests.length = 0;
    await expectLakeError(s.read('503'), 'Io');
    expect(requests.length).toBe(2);
    await expectLakeError(s.list(), 'Unsupported');
  });

  it('aborts a request in flight', async () => {
    const s = await served('good')(new Map([['slow.bin', new Uint8Array(10)]]));
    const slow = new HttpStorage({ baseUrl: s.description.replace('/good/', '/slow/') });
    const started = Date.now();
    await expectLakeError(slow.read('slow.bin', { signal: AbortSignal.timeout(100) }), 'Aborted');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('a refused connection is Io in Node, Cors in a browser context', async () => {
    const closed = new HttpStorage({ baseUrl: 'http://127.0.0.1:1', retries: 0 });
    await expectLakeError(closed.read('x'), 'Io');
    const g = globalThis as Record<string, unknown>;
    g.WorkerGlobalScope = class {};
    try {
      const err = await expectLakeError(closed.read('x'), 'Cors');
      expect(err.message).toMatch(/browser refused.*CORS/);
    } finally {
      delete g.WorkerGlobalScope;
    }
  });
});
