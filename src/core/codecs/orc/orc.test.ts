/**
 * The ORC reader beyond the reference files' rows: unsupported inputs fail clearly, damaged bytes fail
 * as DataInvalid (never a TypeError or a hang), statistics pruning keeps exactly the stripes and row
 * groups that can match, and a pruned read fetches only the kept stripes' bytes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLakeError, type LakeError } from '../../errors.ts';
import { errorText, messageParts } from '../../messages/message-parts.ts';
import { zh } from '../../messages/zh.ts';
import { CountingStorage } from '../../io/counting-storage.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { FIXTURES_DIR } from '../../../testing/fixtures.ts';
import { bytesSource, storageSource } from '../../util/byte-source.ts';
import { bloomHash, bloomMightContain, readOrcTable, readOrcTail, readOrcToArrow, selectRowGroups, selectStripes, type OrcRangePredicate } from './index.ts';
import { decompressStream } from './compression.ts';
import { lz4Decompress } from './lz4.ts';
import { decodeBloomFilterIndex, decodePostScript, StreamKind, type PostScript } from './proto-messages.ts';
import { StripeStreams } from './stripe.ts';

const DIR = join(FIXTURES_DIR, 'orc');
const PRESENT = existsSync(DIR);
const load = (name: string): Uint8Array => new Uint8Array(readFileSync(join(DIR, name)));

function varint(v: number): number[] {
  const out: number[] = [];
  do { out.push((v & 0x7f) | (v >= 0x80 ? 0x80 : 0)); v = Math.floor(v / 128); } while (v > 0);
  return out;
}

/** Protobuf encoding of a postscript (the fields a reader uses). */
function encodePostScript(ps: PostScript): Uint8Array {
  const packed = ps.version.flatMap(varint);
  const magic = [...new TextEncoder().encode(ps.magic)];
  return new Uint8Array([
    0x08, ...varint(ps.footerLength), 0x10, ...varint(ps.compression), 0x18, ...varint(ps.compressionBlockSize),
    0x22, ...varint(packed.length), ...packed, 0x28, ...varint(ps.metadataLength), 0x30, ...varint(ps.writerVersion),
    ...varint((8000 << 3) | 2), ...varint(magic.length), ...magic,
  ]);
}

/** Splits a file into body, footer (decompressed), metadata and postscript; `rebuild` puts it back with changes. */
function split(file: Uint8Array) {
  const psLen = file[file.length - 1]!;
  const ps = decodePostScript(file.subarray(file.length - 1 - psLen, file.length - 1));
  const end = file.length - 1 - psLen;
  const codec = { kind: ps.compression, blockSize: ps.compressionBlockSize };
  const footer = decompressStream(codec, file.subarray(end - ps.footerLength, end));
  const metadata = file.subarray(end - ps.footerLength - ps.metadataLength, end - ps.footerLength);
  const body = file.subarray(0, end - ps.footerLength - ps.metadataLength);
  const rebuild = (newFooter: Uint8Array, change: Partial<PostScript> = {}): Uint8Array => {
    // An "original" chunk (header bit 0 set) is valid under every codec.
    const stored = ps.compression === 0 ? newFooter
      : new Uint8Array([((newFooter.length << 1) | 1) & 0xff, (newFooter.length << 1 >> 8) & 0xff, (newFooter.length << 1 >> 16) & 0xff, ...newFooter]);
    const newPs = encodePostScript({ ...ps, footerLength: stored.length, ...change });
    return new Uint8Array([...body, ...metadata, ...stored, ...newPs, newPs.length]);
  };
  return { ps, footer, rebuild };
}

describe.skipIf(!PRESENT)('orc: unsupported and damaged input', () => {
  it('a file rebuilt by the test helper still reads (the helper is sound)', async () => {
    const { footer, rebuild } = split(load('TestOrcFile.testSnappy.orc'));
    const batches = await readOrcTable(rebuild(footer), { name: 'rebuilt.orc' });
    expect(batches.reduce((n, b) => n + b.numRows, 0)).toBe(10_000);
  });

  it('an unknown compression kind → Unsupported naming the file', async () => {
    const { footer, rebuild } = split(load('TestOrcFile.testSnappy.orc'));
    const err = await readOrcTable(rebuild(footer, { compression: 9 }), { name: 'x.orc' }).catch((e: unknown) => e);
    expect(isLakeError(err, 'Unsupported')).toBe(true);
    expect((err as Error).message).toMatch(/^orc: unknown compression kind 9 \(x\.orc\)/);
    // Its catalog message (issue 20): the same sentence in the reader's language, the file set apart as data.
    expect(messageParts((err as LakeError).ref!, zh)).toEqual(['orc：未知的压缩类型 9（', { data: 'x.orc' }, '）']);
  });

  it('column encryption (a footer with an Encryption message) → Unsupported naming the file', async () => {
    const { footer, rebuild } = split(load('TestOrcFile.testSnappy.orc'));
    const withEncryption = new Uint8Array([...footer, (10 << 3) | 2, 2, 0x08, 0x00]);
    const err = await readOrcTable(rebuild(withEncryption), { name: 'enc.orc' }).catch((e: unknown) => e);
    expect(isLakeError(err, 'Unsupported')).toBe(true);
    expect((err as Error).message).toMatch(/^orc: encrypted ORC files .* \(enc\.orc\)/);
    expect(errorText((err as LakeError).ref!, zh)).toBe('orc：不支持加密的 ORC 文件（列加密）（enc.orc）');
  });

  it('not an ORC file, and every truncation of a file → DataInvalid naming the file', async () => {
    const file = load('TestOrcFile.test1.orc');
    const cuts = [1, 2, 3, 10, 100, 500, file.length - 200, file.length - 30, file.length - 5, file.length - 1];
    for (const cut of cuts) {
      const err = await readOrcTable(file.subarray(0, cut), { name: 'cut.orc' }).then(() => undefined, (e: unknown) => e);
      expect(isLakeError(err, 'DataInvalid'), `cut at ${cut}: ${String(err)}`).toBe(true);
      expect((err as Error).message).toContain('cut.orc');
    }
  });

  it('damaged stripe bytes either read or fail as DataInvalid, never with another error', async () => {
    let seed = 12345;
    const rand = (n: number): number => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed % n; };
    let total = 0;
    for (const name of ['TestOrcFile.test1.orc', 'TestOrcFile.testSnappy.orc', 'TestVectorOrcFile.testLzo.orc', 'TestVectorOrcFile.testLz4.orc', 'TestOrcFile.testUnionAndTimestamp.orc', 'decimal64_v2.orc']) {
      const file = load(name);
      const tail = await readOrcTail(bytesSource(file, name));
      const dataEnd = file.length - tail.tailLength;
      let failed = 0;
      for (let k = 0; k < 8; k++) {
        const copy = file.slice();
        for (let j = 0; j < 2 + rand(8); j++) copy[3 + rand(dataEnd - 3)] = rand(256);
        // The tail of the intact file, without the bytes its read fetched (the stripes must come from `copy`).
        const err = await readOrcTable(copy, { name, tail: { ...tail, fetched: undefined } }).then(() => undefined, (e: unknown) => e);
        if (err !== undefined) {
          failed++;
          expect(isLakeError(err, 'DataInvalid'), `${name}: ${String(err)}`).toBe(true);
          expect((err as Error).message).toContain(name);
        }
      }
      total += failed;
    }
    expect(total).toBeGreaterThan(5);
  });

  it('lz4 rejects a back-reference before the start of the block', () => {
    expect(() => lz4Decompress(new Uint8Array([0x10, 0x41, 0x05, 0x00]), 64)).toThrow(/offset 5 out of range/);
  });
});

/** Thomas Wang's hash as the C++ writer before ORC-1024 computed it: uint64 with logical shifts. */
function cppBuggyLongHash(key: bigint): bigint {
  const u = (v: bigint): bigint => BigInt.asUintN(64, v);
  let k = u(key);
  k = u(~k + (k << 21n)); k ^= k >> 24n; k = u(k + (k << 3n) + (k << 8n)); k ^= k >> 14n;
  k = u(k + (k << 2n) + (k << 4n)); k ^= k >> 28n; k = u(k + (k << 31n));
  return k;
}

/** The range of column `id` must overlap [lo, hi]. */
const overlaps = (id: number, lo: bigint, hi: bigint): OrcRangePredicate => (range) => {
  const r = range(id);
  return r?.min === undefined || r.max === undefined || ((r.max as bigint) >= lo && (r.min as bigint) <= hi);
};

describe.skipIf(!PRESENT)('orc: pruning by statistics', () => {
  it('a read with a predicate only one stripe can match fetches only that stripe (+ the tail)', async () => {
    const name = 'demo-11-zlib.orc';
    const file = load(name);
    const mem = new MemoryStorage();
    await mem.write(name, file);
    const counting = new CountingStorage(mem);
    const source = await storageSource(counting, name, { size: file.length });
    const tail = await readOrcTail(source);
    const tailBytes = counting.bytesRead;
    expect(tail.footer.stripes.length).toBeGreaterThan(300);
    const stripes = selectStripes(tail, overlaps(1, 1_000_000n, 1_000_000n));
    expect(stripes.length).toBe(1);
    const info = tail.footer.stripes[stripes[0]!]!;
    counting.bytesRead = 0;
    let rows = 0;
    let found = 0;
    for await (const b of readOrcToArrow(source, { tail, stripes, columns: ['_col0'] })) {
      rows += b.numRows;
      for (const v of b.getChild('_col0')!) if (v === 1_000_000) found++;
    }
    expect(rows).toBe(info.numberOfRows);
    expect(found).toBe(1);
    expect(counting.bytesRead).toBe(info.dataLength + info.footerLength);
    expect(tailBytes).toBeLessThanOrEqual(16 * 1024 + tail.tailLength);
  });

  it('without statistics that exclude anything, every stripe is kept', async () => {
    const tail = await readOrcTail(bytesSource(load('demo-11-zlib.orc')));
    expect(selectStripes(tail, () => true).length).toBe(tail.footer.stripes.length);
    expect(selectStripes(tail, overlaps(1, -5n, 0n))).toEqual([]);
  });

  it('row groups: the row index keeps exactly the groups whose rows can match', async () => {
    const name = 'TestOrcFile.testPredicatePushdown.orc';
    const file = load(name);
    const source = bytesSource(file, name);
    const tail = await readOrcTail(source);
    const [batch] = await readOrcTable(file, { tail });
    const ints = [...batch!.getChild('int1')!] as number[];
    const stride = tail.footer.rowIndexStride;
    const lo = 300_000n; const hi = 310_000n;
    const kept = await selectRowGroups(source, tail, 0, overlaps(1, lo, hi));
    const truth = [...new Set(ints.flatMap((v, i) => (v >= Number(lo) && v <= Number(hi) ? [Math.floor(i / stride)] : [])))];
    expect(truth.length).toBeGreaterThan(0);
    expect(kept).toEqual(truth);
    expect(kept.length).toBeLessThan(Math.ceil(ints.length / stride));
  });

  it('bloom filters: every string present tests positive, absent ones are excluded (C++-written UTF-8 filters)', async () => {
    // The C++ writer hashed strings right (only numbers were wrong, ORC-1024), so these filters check
    // Murmur3 hash64 and the bit positions against a real writer.
    for (const name of ['bad_bloom_filter_1.6.0.orc', 'bad_bloom_filter_1.6.11.orc']) {
      const file = load(name);
      const tail = await readOrcTail(bytesSource(file, name));
      const info = tail.footer.stripes[0]!;
      const stripe = new StripeStreams(info, file.subarray(info.offset, info.offset + info.indexLength + info.dataLength + info.footerLength), 0, tail.codec, tail.footer.types.length, name);
      const filter = decodeBloomFilterIndex(stripe.stream(2, StreamKind.BLOOM_FILTER_UTF8)!.bytes)[0]!;
      const [batch] = await readOrcTable(file, { tail });
      const names = [...batch!.getChild('name')!] as string[];
      expect(names.length).toBe(5);
      for (const v of names) expect(bloomMightContain(filter, bloomHash(v)), v).toBe(true);
      const absent = ['zzz', 'Carol', 'alice', 'B', 'Mikey', 'x', 'hello', 'world'].filter((v) => !bloomMightContain(filter, bloomHash(v)));
      expect(absent.length).toBeGreaterThan(5);
    }
  });

  it('filters in a format no reader can use (over1k_bloom, a pre-release Hive layout) are ignored, not fatal', async () => {
    const name = 'over1k_bloom.orc';
    const source = bytesSource(load(name), name);
    const tail = await readOrcTail(source);
    const groups = Math.ceil(tail.footer.stripes[0]!.numberOfRows / tail.footer.rowIndexStride);
    expect(await selectRowGroups(source, tail, 0, () => true, [{ column: 1, hash: bloomHash(987654321n) }])).toEqual(Array.from({ length: groups }, (_, i) => i));
  });

  it('bloom filters of the C++ writer 1.6.0–1.6.11 (ORC-1055) are wrong, and ignored', async () => {
    for (const name of ['bad_bloom_filter_1.6.0.orc', 'bad_bloom_filter_1.6.11.orc']) {
      const file = load(name);
      const source = bytesSource(file, name);
      const tail = await readOrcTail(source);
      const info = tail.footer.stripes[0]!;
      const stripe = new StripeStreams(info, file.subarray(info.offset, info.offset + info.indexLength + info.dataLength + info.footerLength), 0, tail.codec, tail.footer.types.length, name);
      const filters = decodeBloomFilterIndex(stripe.stream(1, StreamKind.BLOOM_FILTER_UTF8)!.bytes);
      const [batch] = await readOrcTable(file, { tail });
      const ids = [...batch!.getChild('id')!] as bigint[];
      // The filter itself denies ids that are in the file (Java's hash, with arithmetic shifts) …
      expect(ids.some((v) => !bloomMightContain(filters[0]!, bloomHash(v)))).toBe(true);
      // … because the C++ writer shifted logically (ORC-1024): with that hash every id is found.
      for (const v of ids) expect(bloomMightContain(filters[0]!, cppBuggyLongHash(v)), String(v)).toBe(true);
      // … so pruning must not use it: every present id keeps its row group.
      for (const v of ids) expect(await selectRowGroups(source, tail, 0, () => true, [{ column: 1, hash: bloomHash(v) }])).toEqual([0]);
    }
  });
});
