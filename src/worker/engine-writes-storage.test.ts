import { describe, expect, it } from 'vitest';
import { HttpStorage } from '../core/io/http-storage.ts';
import { MemoryStorage } from '../core/io/memory-storage.ts';
import { DroppedFilesStorage } from '../platform/browser/dropped-files-storage.ts';
import { ProgressStorage, writeAccess } from './engine-writes-storage.ts';

describe('write access', () => {
  it('names why plain HTTP and dropped files cannot be written', () => {
    const http = writeAccess(new HttpStorage({ baseUrl: 'https://example.test/lake/', keys: [] }));
    expect(http).toMatchObject({ writable: false, reason: expect.stringContaining('plain HTTP') });
    const dropped = writeAccess(new DroppedFilesStorage([]));
    expect(dropped).toMatchObject({ writable: false, reason: expect.stringContaining('read-only copy') });
  });

  it('a writable storage states the exclusive-create commit point', () => {
    expect(writeAccess(new MemoryStorage())).toMatchObject({ writable: true, concurrency: expect.stringContaining('If-None-Match') });
  });
});

describe('progress storage', () => {
  it('counts bytes read and written, reports them, and resets', async () => {
    const inner = new MemoryStorage();
    await inner.write('a', new Uint8Array(10));
    const s = new ProgressStorage(inner, 0);
    const seen: [number, number, string][] = [];
    s.onBytes = (r, w, k) => seen.push([r, w, k]);
    await s.read('a');
    await s.read('a', { range: { offset: 2, length: 3 } });
    await s.write('b', new Uint8Array(4));
    expect([s.bytesRead, s.bytesWritten]).toEqual([13, 4]);
    expect(seen.at(-1)).toEqual([13, 4, 'b']);
    await expect(s.read('missing')).rejects.toMatchObject({ code: 'NotFound' });
    s.reset();
    expect([s.bytesRead, s.bytesWritten]).toEqual([0, 0]);
    expect(s.writable).toBe(true);
  });
});
