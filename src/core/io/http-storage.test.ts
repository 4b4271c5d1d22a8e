/** HttpStorage without a server (an injected fetch): presigned-map behaviour and input checks. */
import { describe, expect, it } from 'vitest';
import { HttpStorage } from './http-storage.ts';

function recorder(handler: (url: string, init?: RequestInit) => Response) {
  const calls: { url: string; method: string; range?: string }[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push({ url: String(input), method: init?.method ?? 'GET', range: headers.get('range') ?? undefined });
    return handler(String(input), init);
  }) as typeof fetch;
  return { calls, fetchFn };
}

describe('HttpStorage (presigned map)', () => {
  it('lists from the map keys; sizes given by the sharer cost no request', async () => {
    const { calls, fetchFn } = recorder(() => new Response('x'));
    const s = new HttpStorage({ urls: { 'b.txt': { get: 'https://h/b?X-Amz-Signature=1', size: 3 }, 'a.txt': { get: 'https://h/a', size: 1 } }, fetch: fetchFn });
    const page = await s.list();
    expect(page.objects).toEqual([{ key: 'a.txt', size: 1 }, { key: 'b.txt', size: 3 }]);
    expect(calls).toEqual([]);
  });

  it('lists a mix of sized and unsized keys: only the unsized ones are asked, each answer at its key', async () => {
    const sizes: Record<string, number> = { 'https://h/b': 22, 'https://h/d': 44 };
    const { calls, fetchFn } = recorder((url) => new Response('x', { status: 206, headers: { 'content-range': `bytes 0-0/${sizes[url]}` } }));
    const s = new HttpStorage({ urls: { 'd.txt': 'https://h/d', 'c.txt': { get: 'https://h/c', size: 3 }, 'b.txt': 'https://h/b', 'a.txt': { get: 'https://h/a', size: 1 } }, fetch: fetchFn });
    const page = await s.list();
    expect(page.objects.map((o) => [o.key, o.size])).toEqual([['a.txt', 1], ['b.txt', 22], ['c.txt', 3], ['d.txt', 44]]);
    expect(calls.map((c) => c.url).sort()).toEqual(['https://h/b', 'https://h/d']);
  });

  it('a key missing from the map is NotFound without any request', async () => {
    const { calls, fetchFn } = recorder(() => new Response('x'));
    const s = new HttpStorage({ urls: { 'a.txt': 'https://h/a' }, fetch: fetchFn });
    await expect(s.read('b.txt')).rejects.toMatchObject({ code: 'NotFound' });
    await expect(s.head('b.txt')).rejects.toMatchObject({ code: 'NotFound' });
    expect(calls).toEqual([]);
  });

  it('head of a GET-only presigned URL goes straight to a 1-byte ranged GET', async () => {
    const { calls, fetchFn } = recorder(() => new Response('x', { status: 206, headers: { 'content-range': 'bytes 0-0/1234', etag: '"e"' } }));
    const s = new HttpStorage({ urls: { 'a.txt': 'https://h/a?sig=1' }, fetch: fetchFn });
    expect(await s.head('a.txt')).toMatchObject({ key: 'a.txt', size: 1234, etag: 'e' });
    expect(calls).toEqual([{ url: 'https://h/a?sig=1', method: 'GET', range: 'bytes=0-0' }]);
  });

  it('error messages never include the query string of a presigned URL', async () => {
    const { fetchFn } = recorder(() => new Response('<Error><Code>AccessDenied</Code></Error>', { status: 403 }));
    const s = new HttpStorage({ urls: { 'a.txt': 'https://h/a?X-Amz-Signature=deadbeef&X-Amz-Credential=AKID' }, fetch: fetchFn });
    const err = await s.read('a.txt').catch((e: Error) => e);
    expect(err).toMatchObject({ code: 'Auth' });
    expect((err as Error).message).toContain('https://h/a');
    expect(JSON.stringify(err) + (err as Error).message).not.toMatch(/deadbeef|AKID/);
  });

  it('is read-only without PUT URLs; needs exactly one of baseUrl and urls', async () => {
    const s = new HttpStorage({ urls: { 'a.txt': 'https://h/a' } });
    expect(s.writable).toBe(false);
    await expect(s.write('a.txt', new Uint8Array(1))).rejects.toMatchObject({ code: 'Unsupported' });
    await expect(s.delete('a.txt')).rejects.toMatchObject({ code: 'Unsupported' });
    expect(() => new HttpStorage({})).toThrow(/exactly one/);
    expect(() => new HttpStorage({ baseUrl: 'https://h', urls: {} })).toThrow(/exactly one/);
  });
});

describe('HttpStorage (listed keys)', () => {
  // A static folder's index.json: every key with its size, each URL made only when its key is first requested (issue 17).
  const files = [{ key: 'b/x.json', size: 4 }, { key: 'a.txt', size: 1 }, { key: 'b/y.json', size: 2 }, { key: 'a.txt', size: 3 }];

  it('lists every key with its size and makes no URL and no request for that', async () => {
    const { calls, fetchFn } = recorder(() => new Response('x'));
    const made: string[] = [];
    const s = new HttpStorage({ listed: { files, urlOf: (k) => { made.push(k); return `https://h/w/${k}`; } }, fetch: fetchFn });
    expect((await s.list()).objects).toEqual([{ key: 'a.txt', size: 3 }, { key: 'b/x.json', size: 4 }, { key: 'b/y.json', size: 2 }]);
    expect((await s.list({ prefix: 'b/', delimiter: '/' })).objects.map((o) => o.key)).toEqual(['b/x.json', 'b/y.json']);
    expect(made).toEqual([]);
    expect(calls).toEqual([]);
    expect(s.writable).toBe(false);
  });

  it('reads a key from the URL urlOf gives (a suffix range made explicit by the listed size); a key not listed is NotFound without a request', async () => {
    const { calls, fetchFn } = recorder(() => new Response('yy', { status: 206, headers: { 'content-range': 'bytes 2-3/4' } }));
    const made: string[] = [];
    const s = new HttpStorage({ listed: { files, urlOf: (k) => { made.push(k); return `https://h/w/${k}?v=1`; } }, description: 'w', fetch: fetchFn });
    expect(new TextDecoder().decode(await s.read('b/x.json', { range: { suffix: 2 } }))).toBe('yy');
    expect(calls).toEqual([{ url: 'https://h/w/b/x.json?v=1', method: 'GET', range: 'bytes=2-3' }]);
    expect(made).toEqual(['b/x.json']);
    await expect(s.read('c.txt')).rejects.toMatchObject({ code: 'NotFound' });
    await expect(s.head('c.txt')).rejects.toMatchObject({ code: 'NotFound' });
    expect(calls).toHaveLength(1);
    expect(() => new HttpStorage({ listed: { files, urlOf: String }, urls: {} })).toThrow(/exactly one/);
  });
});

describe('http storage against static-site quirks', () => {
  it('keeps Hive-style = and : in URL paths, encodes spaces and +', async () => {
    const { encodeUrlPath } = await import('./http-storage.ts');
    expect(encodeUrlPath('data/day=2024-01-01/a b+c:d@e.parquet')).toBe('data/day=2024-01-01/a%20b%2Bc:d@e.parquet');
    // Keys of only characters left as they are take a shortcut; it must agree with the full encoding.
    const plain = "data/x-y_z.w~!$&'()*,;=:@/gen-1.parquet";
    expect(encodeUrlPath(plain)).toBe(plain.split('/').map((s) => encodeURIComponent(s).replace(/%(24|26|2C|3A|3B|3D|40)/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))).join('/'));
    expect(encodeUrlPath('a/100%.parquet')).toBe('a/100%25.parquet');
  });

  it('turns a suffix range into an explicit one when the key list knows the size, and rejects a fallback page', async () => {
    const seen: string[] = [];
    const body = new TextEncoder().encode('0123456789');
    const fetchFn = (async (_url: string, init?: RequestInit) => {
      const range = new Headers(init?.headers).get('range') ?? '';
      seen.push(range);
      if (_url.endsWith('missing.parquet')) return new Response('<!doctype html><html></html>', { status: 200, headers: { 'content-type': 'text/html' } });
      const m = /^bytes=(\d+)-(\d+)$/.exec(range)!;
      const [a, b] = [Number(m[1]), Number(m[2])];
      return new Response(body.slice(a, b + 1), { status: 206, headers: { 'content-range': `bytes ${a}-${b}/10` } });
    }) as typeof fetch;
    const storage = new HttpStorage({ urls: { 'f.parquet': { get: 'http://x/f.parquet', size: 10 }, 'missing.parquet': { get: 'http://x/missing.parquet', size: 1234 } }, fetch: fetchFn });
    expect(new TextDecoder().decode(await storage.read('f.parquet', { range: { suffix: 4 } }))).toBe('6789');
    expect(seen).toEqual(['bytes=6-9']);
    await expect(storage.read('missing.parquet')).rejects.toMatchObject({ code: 'NotFound', message: expect.stringMatching(/fallback page/) });
  });
});

describe('http storage: sizes for listings without them', () => {
  /** A base-URL server of `n` files `f<i>` of size i+1, counting requests and the most HEADs in flight at once. */
  function server(n: number) {
    const stats = { heads: 0, gets: 0, inFlight: 0, maxInFlight: 0 };
    const fetchFn = (async (url: string, init?: RequestInit) => {
      const i = Number(/\/f(\d+)$/.exec(url)![1]);
      const size = i + 1;
      if (init?.method === 'HEAD') {
        stats.heads++; stats.inFlight++; stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
        await new Promise((r) => setTimeout(r, 2));
        stats.inFlight--;
        return new Response(null, { status: 200, headers: { 'content-length': String(size), etag: `"e${i}"` } });
      }
      stats.gets++;
      const range = new Headers(init?.headers).get('range');
      const body = new Uint8Array(size).fill(i % 256);
      if (!range) return new Response(body, { status: 200, headers: { etag: `"e${i}"` } });
      const m = /^bytes=(\d+)-(\d+)$/.exec(range)!;
      const [a, b] = [Number(m[1]), Math.min(Number(m[2]), size - 1)];
      return new Response(body.slice(a, b + 1), { status: 206, headers: { 'content-range': `bytes ${a}-${b}/${size}`, etag: `"e${i}"` } });
    }) as typeof fetch;
    const keys = Array.from({ length: n }, (_, i) => `f${i}`);
    return { stats, fetchFn, keys };
  }

  it('learns missing sizes with HEADs, 16 at a time by default (bounded by headConcurrency)', async () => {
    const { stats, fetchFn, keys } = server(100);
    const s = new HttpStorage({ baseUrl: 'http://h/t', keys, fetch: fetchFn });
    const page = await s.list();
    expect(page.objects).toHaveLength(100);
    expect(page.objects.every((o) => o.size === Number(o.key.slice(1)) + 1)).toBe(true);
    expect(stats.heads).toBe(100);
    expect(stats.maxInFlight).toBe(16);
    const { stats: s4, fetchFn: f4, keys: k4 } = server(20);
    await new HttpStorage({ baseUrl: 'http://h/t', keys: k4, fetch: f4, headConcurrency: 4 }).list();
    expect(s4.maxInFlight).toBe(4);
    expect(() => new HttpStorage({ baseUrl: 'http://h/t', headConcurrency: 0 })).toThrow(/headConcurrency/);
  });

  it('a second listing, and keys already read or headed, cost no request', async () => {
    const { stats, fetchFn, keys } = server(10);
    const s = new HttpStorage({ baseUrl: 'http://h/t', keys, fetch: fetchFn });
    expect((await s.read('f3')).length).toBe(4); // whole read: size 4
    expect((await s.read('f7', { range: { offset: 0, length: 2 } })).length).toBe(2); // ranged: Content-Range total 8
    expect((await s.head('f5')).size).toBe(6);
    const before = stats.heads;
    const first = await s.list();
    expect(stats.heads - before).toBe(7); // f3, f5, f7 known
    expect(first.objects.find((o) => o.key === 'f7')).toMatchObject({ size: 8, etag: 'e7' });
    const again = await s.list();
    expect(stats.heads - before).toBe(7);
    expect(again.objects).toEqual(first.objects);
  });
});
