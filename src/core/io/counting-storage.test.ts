import { describe, expect, it } from 'vitest';
import { CountingStorage } from './counting-storage.ts';
import { MemoryStorage } from './memory-storage.ts';

describe('CountingStorage', () => {
  it('counts calls per method, bytes, failures included, and logs ranges', async () => {
    const s = new CountingStorage(new MemoryStorage());
    await s.write('a', new Uint8Array(10));
    await s.read('a');
    await s.read('a', { range: { suffix: 4 } });
    await expect(s.read('missing')).rejects.toMatchObject({ code: 'NotFound' });
    await s.head('a');
    await s.list({ prefix: 'a' });
    await s.delete('a');
    expect(s.counts).toEqual({ list: 1, head: 1, read: 3, write: 1, delete: 1 });
    expect(s.bytesRead).toBe(14);
    expect(s.bytesWritten).toBe(10);
    expect(s.log[2]).toEqual({ method: 'read', key: 'a', range: { suffix: 4 } });
    expect(s.total).toBe(7);
    s.reset();
    expect(s.total).toBe(0);
    expect(s.log).toEqual([]);
  });
});
