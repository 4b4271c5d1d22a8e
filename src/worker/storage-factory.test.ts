import { describe, expect, it } from 'vitest';
import { openWarehouse } from '../core/api/open-warehouse.ts';
import { isLakeError } from '../core/errors.ts';
import { type KeyManifest, manifestUrls } from './key-list.ts';
import { makeStorage } from './storage-factory.ts';

/** A static file server as a fetch function (Range supported), counting requests. */
function staticServer(files: Record<string, string>) {
  const requests: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const method = init?.method ?? 'GET';
    requests.push(`${method} ${url.pathname}`);
    const body = files[decodeURIComponent(url.pathname)];
    if (body === undefined) return new Response('not found', { status: 404 });
    const bytes = new TextEncoder().encode(body);
    const range = new Headers(init?.headers).get('range');
    const m = range && /bytes=(\d+)-(\d+)/.exec(range);
    if (m) {
      const start = Number(m[1]); const end = Math.min(Number(m[2]), bytes.length - 1);
      return new Response(method === 'HEAD' ? null : bytes.slice(start, end + 1), {
        status: 206, headers: { 'content-range': `bytes ${start}-${end}/${bytes.length}`, 'content-length': String(end - start + 1) },
      });
    }
    return new Response(method === 'HEAD' ? null : bytes, { status: 200, headers: { 'content-length': String(bytes.length) } });
  }) as typeof fetch;
  return { fetchFn, requests };
}

describe('makeStorage', () => {
  it('opens a static folder through its index.json key list, without a HEAD per file', async () => {
    const manifest = { version: 1, files: [{ key: 'README.txt', size: 5 }, { key: 't/_delta_log/00000000000000000000.json', size: 2 }] };
    const { fetchFn, requests } = staticServer({
      '/demo/index.json': JSON.stringify(manifest),
      '/demo/README.txt': 'hello',
      '/demo/t/_delta_log/00000000000000000000.json': '{}',
    });
    const storage = await makeStorage({ kind: 'demo', baseUrl: 'http://h/demo/' }, new AbortController().signal, fetchFn);
    expect(storage.description).toBe('demo warehouse');
    const w = await openWarehouse(storage);
    expect(w.readme).toBe('hello');
    expect(w.root.folders).toEqual([expect.objectContaining({ name: 't', table: expect.objectContaining({ format: 'delta' }) })]);
    expect(requests).toEqual(['GET /demo/index.json', 'GET /demo/README.txt']);
  });

  it('reads each listed key from its manifest URL (Hive-style = kept, spaces and + as manifestUrls writes them)', async () => {
    const keys = ['t/metadata/v1.metadata.json', 'a b/c=1/x+y.json', 'd/e:f.json'];
    const manifest = { version: 1, files: keys.map((key) => ({ key, size: 2 })) };
    const { fetchFn, requests } = staticServer({ '/lake/index.json': JSON.stringify(manifest), ...Object.fromEntries(keys.map((k) => [`/lake/${k}`, '{}'])) });
    const storage = await makeStorage({ kind: 'url', url: 'http://h/lake' }, new AbortController().signal, fetchFn);
    const urls = manifestUrls(manifest as KeyManifest, 'http://h/lake');
    for (const k of keys) expect(new TextDecoder().decode(await storage.read(k))).toBe('{}');
    expect(requests).toEqual(['GET /lake/index.json', ...keys.map((k) => `GET ${new URL(urls.get(k)!.get).pathname}`)]);
    expect((await storage.list()).objects).toEqual([...keys].sort().map((key) => ({ key, size: 2 })));
  });

  it('says plainly when a URL has no index.json', async () => {
    const { fetchFn } = staticServer({});
    const err = await makeStorage({ kind: 'url', url: 'http://h/lake' }, new AbortController().signal, fetchFn).catch((e: unknown) => e);
    expect(isLakeError(err, 'NotFound')).toBe(true);
    expect((err as Error).message).toMatch(/no index\.json key list/);
    expect((err as { context: object }).context).toEqual({ url: 'http://h/lake/index.json' });
  });

  it('builds S3 and presigned storages without putting secrets in their descriptions', async () => {
    const s3 = await makeStorage({
      kind: 's3', endpoint: 'http://127.0.0.1:7480', region: '', bucket: 'lake', prefix: '/wh/', accessKeyId: 'AKID',
      secretAccessKey: 'SECRETKEY', pathStyle: true,
    }, new AbortController().signal);
    expect(s3.description).toBe('s3://lake/wh');
    const p = await makeStorage({ kind: 'presigned', urls: ['https://h/b/t/a.json?X-Amz-Signature=SIG', 'https://h/b/t/b.json?X-Amz-Signature=SIG'] }, new AbortController().signal);
    expect(p.description).toBe('presigned URLs for b/t (2 keys)');
    expect(p.description).not.toContain('SIG');
  });
});

describe('uncachedFetch', () => {
  it('bypasses the browser HTTP cache and keeps the caller’s options', async () => {
    const seen: RequestInit[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => { seen.push(init ?? {}); return new Response('x'); }) as typeof fetch;
    try {
      const { uncachedFetch } = await import('./storage-factory.ts');
      await uncachedFetch('http://h/k', { method: 'HEAD', headers: { range: 'bytes=0-3' } });
    } finally {
      globalThis.fetch = original;
    }
    expect(seen).toEqual([{ method: 'HEAD', headers: { range: 'bytes=0-3' }, cache: 'no-store' }]);
  });
});
