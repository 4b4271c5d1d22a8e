import { describe, expect, it } from 'vitest';
import { isLakeError } from '../../errors.ts';
import { AvroCursor } from './cursor.ts';
import { AvroLazy, AvroPairMap, compileDecoder, compileSkipper, parseAvroSchema, readAvroFile, readAvroHeader, writeAvroFile, type AvroLazyFields, type AvroSchema } from './index.ts';

const SCHEMA: AvroSchema = {
  type: 'record', name: 'entry', fields: [
    { name: 'id', type: 'long' },
    { name: 'bounds', type: ['null', { type: 'array', items: { type: 'record', name: 'kv', fields: [{ name: 'key', type: 'int' }, { name: 'value', type: 'bytes' }] } }], lazy: true },
    { name: 'tags', type: { type: 'map', values: ['null', 'string'] }, lazy: true },
    { name: 'e', type: { type: 'enum', name: 'color', symbols: ['RED', 'GREEN'] }, lazy: true },
    { name: 'fx', type: { type: 'fixed', name: 'f4', size: 4 }, lazy: true },
    { name: 'nums', type: ['null', 'float', 'double', 'boolean', 'string'], lazy: true },
    { name: 'after', type: 'string' },
  ],
};

const LAZY: AvroLazyFields = { key: 'test-lazy', test: (f) => f.attrs.lazy === true };

const records = Array.from({ length: 200 }, (_, k) => ({
  id: BigInt(k) * 1_000_000_007n - 3n,
  bounds: k % 3 === 0 ? null : Array.from({ length: k % 4 }, (_, j) => ({ key: j, value: new Uint8Array([k, j, 255]) })),
  tags: new Map<string, string | null>(k % 2 ? [['a', 'x'.repeat(k)], ['b', null]] : []),
  e: k % 2 ? 'GREEN' : 'RED',
  fx: new Uint8Array([k, 1, 2, 3]),
  nums: [null, 1.5, -2.25, true, 'str'][k % 5],
  after: `after-${k}`,
}));

describe('lazy record fields', () => {
  for (const codec of ['null', 'deflate'] as const) {
    it(`decode on demand to exactly the eager values (codec ${codec}); nulls of optional unions stay plain nulls`, () => {
      const bytes = writeAvroFile(SCHEMA, records, { codec, blockSize: 1024 });
      const eager = readAvroFile(bytes).records as Record<string, unknown>[];
      const lazy = readAvroFile(bytes, { lazy: LAZY }).records as Record<string, unknown>[];
      expect(lazy).toHaveLength(records.length);
      lazy.forEach((r, i) => {
        expect(r.id).toBe(eager[i]!.id);
        expect(r.after).toBe(eager[i]!.after);
        for (const k of ['bounds', 'tags', 'e', 'fx', 'nums']) {
          if (eager[i]![k] === null) expect(r[k]).toBeNull();
          else {
            expect(r[k]).toBeInstanceOf(AvroLazy);
            expect((r[k] as AvroLazy).decode()).toEqual(eager[i]![k]);
          }
        }
      });
      // A rule with another key compiles its own decoder: the eager cache is not reused for lazy reads.
      expect(readAvroFile(bytes).records[1]).toEqual(eager[1]);
    });
  }

  it('the skipper of every type ends exactly where the decoder ends', () => {
    const bytes = writeAvroFile(SCHEMA, records, { codec: 'null' });
    const h = readAvroHeader(bytes);
    const decode = compileDecoder(h.type);
    const skip = compileSkipper(h.type);
    const data = bytes.subarray(h.dataOffset);
    const c = new AvroCursor(data);
    const count = c.readLength('count'); c.readLength('size');
    const d = new AvroCursor(data, c.pos); const s = new AvroCursor(data, c.pos);
    for (let i = 0; i < count; i++) {
      decode(d); skip(s);
      expect(s.pos).toBe(d.pos);
    }
  });

  it('corrupt bytes inside a lazy field fail while the file is read, not on first use', () => {
    const t = parseAvroSchema({ type: 'record', name: 'r', fields: [{ name: 'm', type: { type: 'map', values: 'long' }, lazy: true }] });
    const decode = compileDecoder(t, { lazy: LAZY });
    // A map block claiming 3 entries, then one entry and the end of data.
    const bad = new Uint8Array([6, 2, 0x61, 2]);
    expect(() => decode(new AvroCursor(bad))).toThrow(/truncated|cannot fit/);
    // A long varint of 11 bytes.
    const long = parseAvroSchema({ type: 'record', name: 'r2', fields: [{ name: 'l', type: 'long', lazy: true }] });
    let err: unknown;
    try { compileDecoder(long, { lazy: LAZY })(new AvroCursor(new Uint8Array([...Array(10).fill(0xff), 1]))); } catch (e) { err = e; }
    expect(isLakeError(err, 'DataInvalid')).toBe(true);
    // A union index out of range inside a lazy optional field.
    const u = parseAvroSchema({ type: 'record', name: 'r3', fields: [{ name: 'u', type: ['null', 'int'], lazy: true }] });
    expect(() => compileDecoder(u, { lazy: LAZY })(new AvroCursor(new Uint8Array([4])))).toThrow(/union branch 2/);
  });

  it('truncated files with lazy fields are DataInvalid naming the file', () => {
    const bytes = writeAvroFile(SCHEMA, records, { codec: 'null' });
    for (let cut = 1; cut < 400; cut += 7) {
      let err: unknown;
      try { readAvroFile(bytes.subarray(0, bytes.length - cut), { name: 'l.avro', lazy: LAZY }); } catch (e) { err = e; }
      expect(isLakeError(err, 'DataInvalid')).toBe(true);
      expect((err as { context: { file?: string } }).context.file).toBe('l.avro');
    }
  });
});

describe('records as arrays', () => {
  it('hold the same values as object records, in schema order, nested records included', () => {
    const bytes = writeAvroFile(SCHEMA, records, { codec: 'deflate', blockSize: 1024 });
    const objects = readAvroFile(bytes).records as Record<string, unknown>[];
    const arrays = readAvroFile(bytes, { recordsAsArrays: true }).records as unknown[][];
    const names = ['id', 'bounds', 'tags', 'e', 'fx', 'nums', 'after'];
    arrays.forEach((a, i) => {
      expect(Array.isArray(a)).toBe(true);
      expect(a).toHaveLength(names.length);
      names.forEach((n, k) => {
        const want = objects[i]![n];
        // bounds: array of kv records → array of [key, value] arrays
        expect(a[k]).toEqual(n === 'bounds' && Array.isArray(want) ? want.map((kv) => [kv.key, kv.value]) : want);
      });
    });
    // Lazy fields and array records combine: the lazy value decodes nested records as arrays too.
    const both = readAvroFile(bytes, { recordsAsArrays: true, lazy: LAZY }).records as unknown[][];
    const withBounds = both.findIndex((r) => r[1] !== null && ((r[1] as AvroLazy).decode() as unknown[]).length > 0);
    expect((both[withBounds]![1] as AvroLazy).decode()).toEqual(arrays[withBounds]![1]);
  });
});

describe('AvroPairMap (int-keyed pairs read from their encoding)', () => {
  const PAIRS: AvroSchema = { type: 'record', name: 'p', fields: [
    { name: 'longs', lazy: true, type: ['null', { type: 'array', items: { type: 'record', name: 'kl', fields: [{ name: 'key', type: 'int' }, { name: 'value', type: 'long' }] } }] },
    { name: 'strs', lazy: true, type: { type: 'array', items: { type: 'record', name: 'ks', fields: [{ name: 'k', type: 'int' }, { name: 'v', type: 'string' }] } } },
    { name: 'notPairs', lazy: true, type: { type: 'array', items: 'long' } },
  ] };
  const rule: AvroLazyFields = { key: 'test-pairs', test: (f) => f.attrs.lazy === true, factory: AvroPairMap.factory };

  it('get/has/size/entries read like the Map of the decoded pairs (later duplicates win); other types stay plain AvroLazy', () => {
    const rows = [
      { longs: [{ key: 1, value: 10n }, { key: -5, value: -1n }, { key: 1, value: 11n }], strs: Array.from({ length: 300 }, (_, k) => ({ k, v: `s${k}` })), notPairs: [1n] },
      { longs: null, strs: [], notPairs: [] },
    ];
    const [a, b] = readAvroFile(writeAvroFile(PAIRS, rows, { codec: 'deflate' }), { lazy: rule, recordsAsArrays: true }).records as unknown[][];
    const longs = a![0] as AvroPairMap<bigint>;
    expect(longs).toBeInstanceOf(AvroPairMap);
    expect(longs.valueKind).toBe('long');
    expect([longs.get(1), longs.get(-5), longs.get(2)]).toEqual([11n, -1n, undefined]);
    expect([longs.has(-5), longs.has(3), longs.size]).toEqual([true, false, 2]);
    expect([...longs]).toEqual([[1, 11n], [-5, -1n]]);
    const seen: [number, bigint][] = [];
    longs.forEach((v, k) => seen.push([k, v]));
    expect(seen).toEqual([[1, 11n], [-5, -1n]]);
    const strs = a![1] as AvroPairMap<string>;
    expect([strs.get(0), strs.get(299), strs.size, [...strs.keys()].length, [...strs.values()][7]]).toEqual(['s0', 's299', 300, 300, 's7']);
    expect(a![2]).toBeInstanceOf(AvroLazy);
    expect(a![2]).not.toBeInstanceOf(AvroPairMap);
    expect((a![2] as AvroLazy).decode()).toEqual([1n]);
    expect(b![0]).toBeNull();
    expect((b![1] as AvroPairMap).size).toBe(0);
  });
});
