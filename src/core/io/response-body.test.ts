import { describe, expect, it, vi } from 'vitest';
import { isLakeError } from '../errors.ts';
import { HttpStorage } from './http-storage.ts';
import { BUFFERED_BODY, PREALLOCATE_MAX_BYTES, readResponseBody } from './response-body.ts';

const bytesOf = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 0xff);
/** A body delivered in chunks of `chunk` bytes, as a byte stream (BYOB readers) or a plain one. */
function chunked(data: Uint8Array, chunk: number, type?: 'bytes', failAfter?: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    type,
    pull(c) {
      if (failAfter !== undefined && at >= failAfter) { c.error(new TypeError('connection reset')); return; }
      if (at >= data.length) {
        c.close();
        // A byte stream closed while a BYOB read waits must answer that read (Streams spec): as fetch bodies do.
        (c as unknown as ReadableByteStreamController).byobRequest?.respond(0);
        return;
      }
      c.enqueue(data.slice(at, at + chunk));
      at += chunk;
    },
  } as UnderlyingDefaultSource<Uint8Array>);
}
const response = (body: BodyInit | null, headers: Record<string, string>) => new Response(body, { headers });

describe('readResponseBody', () => {
  it('reads a declared body byte for byte, from a byte stream (BYOB: into one buffer) and from a plain stream', async () => {
    const data = bytesOf(200_003);
    const byob = response(chunked(data, 65_536, 'bytes'), { 'content-length': String(data.length) });
    const getReader = vi.spyOn(byob.body!, 'getReader');
    const got = await readResponseBody(byob);
    expect(got).toEqual(data);
    expect(getReader).toHaveBeenCalledWith({ mode: 'byob' });
    expect(got.buffer.byteLength).toBe(data.length); // one buffer of the declared size, no copy at the end
    expect(await readResponseBody(response(chunked(data, 1_000), { 'content-length': String(data.length) }))).toEqual(data);
  });

  it('reads an undeclared, a compressed and an empty body by chunks, byte for byte', async () => {
    const data = bytesOf(70_000);
    expect(await readResponseBody(response(chunked(data, 4_096, 'bytes'), {}))).toEqual(data);
    // Content-Length of a compressed transfer counts the encoded bytes, not the body the stream gives.
    expect(await readResponseBody(response(chunked(data, 4_096, 'bytes'), { 'content-encoding': 'gzip', 'content-length': '10' }))).toEqual(data);
    expect(await readResponseBody(response(null, {}))).toEqual(new Uint8Array(0));
    expect(await readResponseBody(response(new Uint8Array(0), { 'content-length': '0' }))).toEqual(new Uint8Array(0));
  });

  it('returns a body longer or shorter than declared as it is (the caller compares it with the header)', async () => {
    const data = bytesOf(10_000);
    expect(await readResponseBody(response(chunked(data, 3_000, 'bytes'), { 'content-length': '6000' }))).toEqual(data);
    expect(await readResponseBody(response(chunked(data, 3_000, 'bytes'), { 'content-length': '20000' }))).toEqual(data);
    expect(await readResponseBody(response(chunked(data, 3_000), { 'content-length': '6000' }))).toEqual(data);
  });

  it('does not allocate a claimed size past PREALLOCATE_MAX_BYTES up front', async () => {
    const data = bytesOf(5_000);
    const got = await readResponseBody(response(chunked(data, 2_000, 'bytes'), { 'content-length': String(PREALLOCATE_MAX_BYTES + 1) }));
    expect(got).toEqual(data);
    expect(got.buffer.byteLength).toBeLessThan(PREALLOCATE_MAX_BYTES);
  });

  it('rejects with the stream error when the body fails mid-way', async () => {
    const data = bytesOf(50_000);
    await expect(readResponseBody(response(chunked(data, 10_000, 'bytes', 20_000), { 'content-length': '50000' }))).rejects.toThrow('connection reset');
    await expect(readResponseBody(response(chunked(data, 10_000, undefined, 20_000), {}))).rejects.toThrow('connection reset');
  });

  it('reads a response that is not a Response instance (the CLI buffered answer) through its bytes()', async () => {
    const data = bytesOf(100);
    const buffered = { bytes: async () => data, headers: new Headers(), body: null } as unknown as Response;
    expect(await readResponseBody(buffered)).toBe(data);
  });

  it('reads an answer marked BUFFERED_BODY by its bytes(), touching neither its body nor the global Response (Node loads its fetch for that)', async () => {
    const data = bytesOf(100);
    const marked = {
      [BUFFERED_BODY]: true, headers: new Headers(), bytes: async () => data,
      get body(): never { throw new Error('body read: a buffered answer would build a stream for nothing'); },
    } as unknown as Response;
    const global = Object.getOwnPropertyDescriptor(globalThis, 'Response')!;
    let asked = 0;
    Object.defineProperty(globalThis, 'Response', { configurable: true, get: () => { asked++; return global.value ?? global.get?.call(globalThis); } });
    try {
      expect(await readResponseBody(marked)).toBe(data);
      expect(asked).toBe(0);
      // Unmarked, the same answer is told apart by asking for the global Response (so the counter can fail).
      await readResponseBody({ bytes: async () => data, headers: new Headers(), body: null } as unknown as Response);
      expect(asked).toBeGreaterThan(0);
    } finally {
      Object.defineProperty(globalThis, 'Response', global);
    }
  });
});

describe('HttpStorage over streamed bodies', () => {
  it('a body shorter than declared is a retryable Io marked shortBody; one cut mid-stream too', async () => {
    const data = bytesOf(30_000);
    const short = new HttpStorage({ baseUrl: 'http://h/', fetch: (async () => response(chunked(data, 8_192, 'bytes'), { 'content-length': '60000' })) as typeof fetch, retries: 0 });
    const err = await short.read('t/metadata/v1.metadata.json').catch((e: unknown) => e);
    expect(isLakeError(err, 'Io')).toBe(true);
    expect((err as { context: Record<string, unknown> }).context.shortBody).toBe(true);
    const cut = new HttpStorage({ baseUrl: 'http://h/', fetch: (async () => response(chunked(data, 8_192, 'bytes', 16_384), { 'content-length': '30000' })) as typeof fetch, retries: 0 });
    const err2 = await cut.read('t/data/a.parquet').catch((e: unknown) => e);
    expect(isLakeError(err2, 'Io')).toBe(true);
    expect((err2 as Error).message).toContain('t/data/a.parquet');
  });

  it('an abort while the body streams is Aborted, not Io', async () => {
    const ac = new AbortController();
    let pulls = 0;
    const stream = new ReadableStream({
      type: 'bytes',
      pull(c) {
        if (++pulls === 2) ac.abort();
        if (pulls > 2) { c.error(new DOMException('aborted', 'AbortError')); return; }
        c.enqueue(bytesOf(1_000));
      },
    });
    const s = new HttpStorage({ baseUrl: 'http://h/', fetch: (async () => response(stream, { 'content-length': '10000' })) as typeof fetch, retries: 0 });
    const err = await s.read('k', { signal: ac.signal }).catch((e: unknown) => e);
    expect(isLakeError(err, 'Aborted')).toBe(true);
  });
});
