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

describe('http storage against static-site quirks', () => {
  it('keeps Hive-style = and : in URL paths, encodes spaces and +', async () => {
    const { encodeUrlPath } = await import('./http-storage.ts');
    expect(encodeUrlPath('data/day=2024-01-01/a b+c:d@e.parquet')).toBe('data/day=2024-01-01/a%20b%2Bc:d@e.parquet');
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
