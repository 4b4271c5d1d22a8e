/** The Raw view's decoder on real fixture files, and on bytes that only pretend to be a format. */
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { isLakeError } from '../errors.ts';
import { CountingStorage } from '../io/counting-storage.ts';
import { MemoryStorage } from '../io/memory-storage.ts';
import { FsStorage } from '../../platform/node/fs-storage.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../testing/fixtures.ts';
import { toDisplay } from './display-value.ts';
import { hexDump, readRawFile } from './raw-file.ts';

const T = 'iceberg/v3_spark_deletion_vectors/';
const fixtures = () => new FsStorage(FIXTURES_DIR, { readOnly: true });

describe('toDisplay', () => {
  it('keeps 64-bit integers exact, shows bytes as hex and cuts long arrays', () => {
    expect(toDisplay({ id: 9007199254740993n, b: new Uint8Array([1, 255]), n: NaN, m: new Map([[1, 'a']]) }))
      .toEqual({ id: '9007199254740993', b: '0x01ff', n: 'NaN', m: { 1: 'a' } });
    expect(toDisplay([1, 2, 3], { maxArray: 2 })).toEqual([1, 2, '… 1 more']);
    expect(toDisplay(new Uint8Array(100), { maxBytes: 2 })).toBe('0x0000… (100 bytes)');
  });
});

describe.skipIf(!FIXTURES_PRESENT)('readRawFile on fixture files', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('table metadata JSON, with exact snapshot ids', async () => {
    const r = await readRawFile(fixtures(), `${T}metadata/v3.metadata.json`);
    expect(r.kind).toBe('json');
    expect(r.role).toBe('iceberg-metadata');
    const json = r.json as Record<string, unknown>;
    expect(json['format-version']).toBe(3);
    expect(typeof json['current-snapshot-id']).toBe('string');
    expect(String(json['current-snapshot-id'])).toMatch(/^\d{15,}$/);
  });

  it('a manifest list and a manifest as Avro records, paged', async () => {
    const list = await readRawFile(fixtures(), `${T}metadata/snap-3685752423136077685-1-e9787b6c-e745-4040-b78f-e4012aa178ab.avro`);
    expect(list.kind).toBe('avro');
    expect(list.role).toBe('iceberg-manifest-list');
    expect(list.totalRecords).toBeGreaterThan(0);
    const first = list.records![0] as Record<string, unknown>;
    expect(first.manifest_path).toMatch(/-m0\.avro$/);
    const manifest = await readRawFile(fixtures(), `${T}metadata/5e791f63-c675-4124-8390-6bbce9e61755-m0.avro`);
    expect(manifest.role).toBe('iceberg-manifest');
    expect(manifest.avroMetadata?.['format-version']).toBe('3');
    const entry = manifest.records![0] as Record<string, Record<string, unknown>>;
    expect(entry).toHaveProperty('status');
    expect(entry.data_file).toHaveProperty('record_count');
    const paged = await readRawFile(fixtures(), `${T}metadata/5e791f63-c675-4124-8390-6bbce9e61755-m0.avro`, { offset: 1, limit: 1 });
    expect(paged.records).toHaveLength(Math.min(1, manifest.totalRecords! - 1));
    expect(paged.recordOffset).toBe(1);
  });

  it('a Puffin deletion-vector file shows its footer', async () => {
    const r = await readRawFile(fixtures(), `${T}data/00000-9-08e88179-85b6-4635-8b34-94b49abc87d9-00001-deletes.puffin`);
    expect(r.kind).toBe('puffin');
    const blobs = (r.footer as { blobs: { type: string }[] }).blobs;
    expect(blobs.length).toBeGreaterThan(0);
    expect(blobs[0].type).toBe('deletion-vector-v1');
  });

  it('a Parquet data file shows its footer; a big one is read with ranged reads only', async () => {
    const key = `${T}data/00000-0-ec047627-1122-495a-9b07-87e0c47aebbb-0-00001.parquet`;
    const small = new CountingStorage(fixtures());
    const r = await readRawFile(small, key);
    expect(r.kind).toBe('parquet');
    const footer = r.footer as { num_rows: string; row_groups: unknown[]; schema: { name: string }[] };
    expect(Number(footer.num_rows)).toBeGreaterThan(0);
    expect(footer.row_groups.length).toBeGreaterThan(0);
    expect(small.counts.read).toBe(1);
    // Past maxWholeBytes the file counts as big: magic and footer come from ranged reads, never the whole file.
    const big = new CountingStorage(fixtures());
    const r2 = await readRawFile(big, key, { maxWholeBytes: 0 });
    expect(r2.footer).toEqual(r.footer);
    const reads = big.log.filter((c) => c.method === 'read');
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(reads.every((c) => c.range !== undefined)).toBe(true);
  });
});

describe('readRawFile on made-up bytes', () => {
  const mem = async (entries: Record<string, Uint8Array | string>) => {
    const s = new MemoryStorage('mem');
    for (const [k, v] of Object.entries(entries)) await s.write(k, typeof v === 'string' ? new TextEncoder().encode(v) : v);
    return s;
  };

  it('gzip metadata, NDJSON commits, text and binary', async () => {
    const s = await mem({
      'metadata/00001-x.gz.metadata.json': gzipSync(new TextEncoder().encode('{"format-version":2,"location":"s3://b/t","last-sequence-number":18446744073709551615}')),
      '_delta_log/00000000000000000000.json': '{"commitInfo":{"timestamp":1}}\n{"add":{"path":"a.parquet"}}\n',
      'notes.txt': 'hello',
      'blob.bin': new Uint8Array([0, 1, 2, 3]),
    });
    const gz = await readRawFile(s, 'metadata/00001-x.gz.metadata.json');
    expect(gz.role).toBe('iceberg-metadata-gzip');
    expect((gz.json as Record<string, unknown>)['last-sequence-number']).toBe('18446744073709551615');
    const nd = await readRawFile(s, '_delta_log/00000000000000000000.json');
    expect(nd.role).toBe('delta-commit');
    expect(nd.json).toEqual([{ commitInfo: { timestamp: 1 } }, { add: { path: 'a.parquet' } }]);
    expect((await readRawFile(s, 'notes.txt')).text).toBe('hello');
    const bin = await readRawFile(s, 'blob.bin');
    expect(bin.kind).toBe('binary');
    expect(bin.hex).toBe(hexDump(new Uint8Array([0, 1, 2, 3])));
  });

  it('bytes that claim Avro or Parquet but do not decode are DataInvalid naming the key', async () => {
    const s = await mem({
      'bad.avro': new Uint8Array([0x4f, 0x62, 0x6a, 0x01, 9, 9, 9]),
      'bad.parquet': new Uint8Array([0x50, 0x41, 0x52, 0x31, 1, 2, 3, 4, 5, 6, 7, 8, 0x50, 0x41, 0x52, 0x31]),
    });
    for (const key of ['bad.avro', 'bad.parquet']) {
      const e = await readRawFile(s, key).catch((x) => x);
      expect(isLakeError(e, 'DataInvalid'), String(e)).toBe(true);
      expect(e.context.key ?? e.context.file).toBe(key);
    }
    await expect(readRawFile(s, 'missing')).rejects.toMatchObject({ code: 'NotFound' });
  });
});

describe.skipIf(!FIXTURES_PRESENT)('readRawFile shows a Parquet file\'s rows', () => {
  it('a position delete file lists its (file_path, pos) pairs, not only its footer', async () => {
    const key = 'iceberg/v2_spark_position_deletes/data/00000-3-6fdcdaeb-591f-4ae0-a39a-75c7fba53907-00001-deletes.parquet';
    const r = await readRawFile(fixtures(), key);
    expect(r.kind).toBe('parquet');
    expect(r.footer).toBeDefined();
    expect(r.totalRecords).toBe(1);
    expect(r.records).toEqual([{ file_path: 's3a://hyperparam-iceberg/spark/bunnies/data/00000-1-9acc37f2-90ae-42f5-915c-a21c3cb99690-00001.parquet', pos: '0' }]);
  });
});
