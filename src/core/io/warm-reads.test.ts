/**
 * Early whole-object reads offered to a storage (warm-reads.ts) and HttpStorage's listed mode taking them:
 * once each, only for a whole-object read whose length is the listed size; a failed early read, a ranged
 * read, a size the listing disagrees with or an unlisted key all go to the storage's own request.
 */
import { describe, expect, it, vi } from 'vitest';
import { isLakeError } from '../errors.ts';
import { HttpStorage } from './http-storage.ts';
import { WarmReads } from './warm-reads.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('WarmReads', () => {
  it('gives an offered answer once, a failed one as undefined, nothing after close', async () => {
    const warm = new WarmReads();
    warm.offer('a', Promise.resolve(bytes('A')));
    warm.offer('b', Promise.reject(new Error('404')));
    expect(warm.has('a')).toBe(true);
    expect(await warm.take('a')).toEqual(bytes('A'));
    expect(await warm.take('a')).toBeUndefined();
    expect(await warm.take('b')).toBeUndefined();
    warm.offer('c', Promise.resolve(bytes('C')));
    warm.close();
    expect(warm.has('c')).toBe(false);
    warm.offer('d', Promise.resolve(bytes('D')));
    expect(await warm.take('d')).toBeUndefined();
  });

  it('issued() waits for tracked work to offer its reads, at most the time given (fake clock)', async () => {
    vi.useFakeTimers();
    try {
      const warm = new WarmReads();
      let idle = false;
      void warm.issued(50).then(() => { idle = true; });
      await vi.advanceTimersByTimeAsync(0); // nothing tracked: no wait
      expect(idle).toBe(true);
      let release!: () => void;
      warm.track(new Promise<void>((ok) => { release = ok; }));
      let done = false;
      void warm.issued(100).then(() => { done = true; });
      await vi.advanceTimersByTimeAsync(60);
      expect(done).toBe(false);
      release();
      await vi.advanceTimersByTimeAsync(0);
      expect(done).toBe(true);
      // Work that never ends holds a waiter only as long as it asked to wait; a failure counts as done.
      warm.track(new Promise(() => {}));
      warm.track(Promise.reject(new Error('hint 404')));
      let capped = false;
      void warm.issued(100).then(() => { capped = true; });
      await vi.advanceTimersByTimeAsync(99);
      expect(capped).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(capped).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops waiting with Aborted when the reader\'s signal fires', async () => {
    const warm = new WarmReads();
    warm.offer('slow', new Promise(() => {}));
    const ac = new AbortController();
    const taking = warm.take('slow', ac.signal);
    ac.abort();
    await expect(taking).rejects.toSatisfy((e: unknown) => isLakeError(e, 'Aborted'));
  });
});

describe('HttpStorage (listed) with early reads', () => {
  const setup = (sizes: Record<string, number>) => {
    const requests: string[] = [];
    const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      requests.push(`${init?.method ?? 'GET'} ${url}${new Headers(init?.headers).get('range') ? ' ranged' : ''}`);
      const body = bytes(`fresh:${url.slice(url.lastIndexOf('/') + 1)}`);
      return new Response(body, { status: 200, headers: { 'content-length': String(body.length) } });
    }) as typeof fetch;
    const warm = new WarmReads();
    const storage = new HttpStorage({
      listed: { files: Object.entries(sizes).map(([key, size]) => ({ key, size })), urlOf: (k) => `http://h/${k}` }, fetch: fetchFn, warm,
    });
    return { storage, warm, requests };
  };

  it('takes an early answer of the listed size instead of a request, once', async () => {
    const { storage, warm, requests } = setup({ 'm/x.json': 12 });
    warm.offer('m/x.json', Promise.resolve(bytes('early answer')));
    expect(new TextDecoder().decode(await storage.read('m/x.json'))).toBe('early answer');
    expect(requests).toEqual([]);
    // The next read of the key is the storage's own.
    expect(new TextDecoder().decode(await storage.read('m/x.json'))).toBe('fresh:x.json');
    expect(requests).toHaveLength(1);
  });

  it('reads for itself when the early answer failed, has another size, or the read is ranged', async () => {
    const { storage, warm, requests } = setup({ 'a': 7, 'b': 7, 'c': 7 });
    warm.offer('a', Promise.reject(new Error('early read failed')));
    warm.offer('b', Promise.resolve(bytes('a different length')));
    warm.offer('c', Promise.resolve(bytes('early!!')));
    expect(new TextDecoder().decode(await storage.read('a'))).toBe('fresh:a');
    expect(new TextDecoder().decode(await storage.read('b'))).toBe('fresh:b');
    await storage.read('c', { range: { offset: 0, length: 3 } });
    expect(requests).toEqual(['GET http://h/a', 'GET http://h/b', 'GET http://h/c ranged']);
  });

  it('does not answer a key its listing lacks from an early read', async () => {
    const { storage, warm, requests } = setup({ 'a': 7 });
    warm.offer('gone', Promise.resolve(bytes('early')));
    await expect(storage.read('gone')).rejects.toSatisfy((e: unknown) => isLakeError(e, 'NotFound'));
    expect(requests).toEqual([]);
  });
});
