import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './memory-storage.ts';
import { listAll, listPages, type ObjectInfo } from './storage.ts';

describe('listPages', () => {
  it('gives the objects listAll gives, in order, one page at a time', async () => {
    const s = new MemoryStorage();
    const enc = new TextEncoder();
    // 2,500 keys: three pages of at most 1,000, plus keys outside the prefix and a common prefix rolled up.
    for (let i = 0; i < 2500; i++) await s.write(`t/metadata/snap-${String(i).padStart(5, '0')}.avro`, enc.encode(String(i)));
    await s.write('t/metadata/v1.metadata.json', enc.encode('{}'));
    await s.write('t/metadata/sub/x.avro', enc.encode('x'));
    await s.write('t/data/a.parquet', enc.encode('a'));
    const options = { prefix: 't/metadata/', delimiter: '/' } as const;
    const all: ObjectInfo[] = [];
    for await (const o of listAll(s, options)) all.push(o);
    const pages: (readonly ObjectInfo[])[] = [];
    for await (const p of listPages(s, options)) pages.push(p);
    expect(pages.length).toBe(3);
    expect(pages.every((p) => p.length <= 1000)).toBe(true);
    expect(pages.flat().map((o) => o.key)).toEqual(all.map((o) => o.key));
    expect(all.length).toBe(2501);
    expect(all.some((o) => o.key === 't/metadata/v1.metadata.json')).toBe(true);
    expect(all.some((o) => o.key.startsWith('t/data/') || o.key.startsWith('t/metadata/sub/'))).toBe(false);
  });
});
