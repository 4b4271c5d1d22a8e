/**
 * Decode limits (decode-limits.ts) at each entry point, with crafted inputs: decompression bombs (gzip
 * metadata.json, Avro deflate/snappy/zstd blocks, a zstd frame claiming a terabyte) and a 10,000-deep
 * schema (Iceberg metadata JSON, Delta schemaString, Avro schema) fail as DataInvalid naming the file,
 * quickly, instead of exhausting memory or the stack.
 */
import { deflateRawSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAvroFile, readAvroHeader, writeAvroFile, type AvroCodec } from '../codecs/avro/index.ts';
import { decompressBlock } from '../codecs/avro/block-codec.ts';
import { zstdBound } from '../codecs/zstd-bound.ts';
import { bytesSource, readParquetRows } from '../codecs/parquet/index.ts';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { isLakeError } from '../errors.ts';
import { openDeltaTable } from '../formats/delta/index.ts';
import { readMetadataDocument } from '../formats/iceberg/io/metadata-files.ts';
import { MemoryStorage } from '../io/memory-storage.ts';
import { utf8Encode } from './bytes.ts';
import { DEFAULT_DECODE_LIMITS, setDecodeLimits, type DecodeLimits } from './decode-limits.ts';
import { parseJson } from './json.ts';

const MiB = 1024 * 1024;
let before: DecodeLimits;
beforeEach(() => { before = setDecodeLimits({ maxDecompressedBytes: 1 * MiB }); });
afterEach(() => { setDecodeLimits(before); });

const errorOf = async (f: () => unknown) => { try { await f(); } catch (e) { return e as Error & { code: string; context: Record<string, unknown> }; } return undefined; };
const deep = (n: number, leaf: string, wrap: (inner: string) => string) => { let s = leaf; for (let i = 0; i < n; i++) s = wrap(s); return s; };

describe('decompression bombs', () => {
  it('a gzip metadata.json inflating past the limit is DataInvalid naming the file, and stops reading early', async () => {
    const storage = new MemoryStorage();
    const huge = `{"format-version": 2, "pad": "${' '.repeat(64 * MiB)}"}`; // 64 MiB of text, ~64 KiB gzipped
    const gz = gzipSync(huge);
    expect(gz.length).toBeLessThan(MiB);
    await storage.write('metadata/v1.gz.metadata.json', gz);
    const t0 = performance.now();
    const e = await errorOf(() => readMetadataDocument(storage, 'metadata/v1.gz.metadata.json'));
    expect(isLakeError(e, 'DataInvalid'), String(e)).toBe(true);
    expect(e!.message).toMatch(/^iceberg metadata: metadata\/v1\.gz\.metadata\.json: decompresses to more than 1048576 bytes/);
    expect(e!.context.file).toBe('metadata/v1.gz.metadata.json');
    expect(performance.now() - t0).toBeLessThan(5_000);
  });

  it('a gzip metadata.json under the limit still reads', async () => {
    const storage = new MemoryStorage();
    await storage.write('metadata/v1.gz.metadata.json', gzipSync('{"format-version": 1}'));
    const e = await errorOf(() => readMetadataDocument(storage, 'metadata/v1.gz.metadata.json'));
    expect(e?.message ?? '').not.toMatch(/decompresses to more/); // gets past gunzip (then the model says what is missing)
  });

  const schema = { type: 'record', name: 'r', fields: [{ name: 's', type: 'string' }] };
  for (const codec of ['deflate', 'snappy', 'zstandard'] as AvroCodec[]) {
    it(`an Avro ${codec} block decompressing past the limit is DataInvalid naming the file`, () => {
      const file = writeAvroFile(schema, [{ s: 'a'.repeat(2 * MiB) }], { codec, blockSize: 8 * MiB });
      setDecodeLimits({ maxDecompressedBytes: 64 * MiB });
      expect((readAvroFile(file).records[0] as { s: string }).s.length).toBe(2 * MiB); // valid under a larger limit
      setDecodeLimits({ maxDecompressedBytes: 1 * MiB });
      const e = (() => { try { readAvroFile(file, { name: 'metadata/snap-1.avro' }); } catch (x) { return x as Error & { context: Record<string, unknown> }; } return undefined; })();
      expect(isLakeError(e, 'DataInvalid'), String(e)).toBe(true);
      expect(e!.message).toMatch(new RegExp(`avro: ${codec} block: decompresses to more than 1048576 bytes`));
      expect(e!.context.file).toBe('metadata/snap-1.avro');
    });
  }

  it('a zstd frame claiming a terabyte is refused from its header, before any allocation', () => {
    const frame = new Uint8Array(13 + 3);
    const view = new DataView(frame.buffer);
    view.setUint32(0, 0xfd2fb528, true);
    frame[4] = (3 << 6) | (1 << 5);
    view.setBigUint64(5, 1n << 40n, true);
    frame[13] = 1; // last, Raw, size 0
    expect(zstdBound(frame)).toBe(2 ** 40);
    const e = (() => { try { decompressBlock('zstandard', frame); } catch (x) { return x as Error; } return undefined; })();
    expect(isLakeError(e, 'DataInvalid')).toBe(true);
    expect(e!.message).toMatch(/claims or reaches 1099511627776/);
  });

  it('a Parquet page decompressing past the limit is DataInvalid naming the file (snappy, as writers default)', async () => {
    const file = new Uint8Array(parquetWriteBuffer({ columnData: [{ name: 's', data: Array.from({ length: 4 }, () => 'a'.repeat(2 * MiB)), type: 'STRING' }] }));
    expect(file.length).toBeLessThan(MiB); // compressed well under the limit
    const e = await errorOf(() => readParquetRows(bytesSource(file, 'data/bomb.parquet')));
    expect(isLakeError(e, 'DataInvalid'), String(e)).toBe(true);
    expect(e!.message).toMatch(/parquet SNAPPY page: decompresses to more than 1048576 bytes/);
    expect(e!.context.file).toBe('data/bomb.parquet');
    setDecodeLimits({ maxDecompressedBytes: 64 * MiB });
    expect((await readParquetRows(bytesSource(file, 'data/bomb.parquet'))).length).toBe(4);
  });

  it('a deflate block of zeros (a ~1000x bomb) is refused at the limit', () => {
    const bomb = deflateRawSync(new Uint8Array(32 * MiB));
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(() => decompressBlock('deflate', bomb)).toThrow(/deflate block: decompresses to more than 1048576 bytes/);
  });
});

describe('nesting depth', () => {
  it('the default limits are the documented ones', () => {
    expect(DEFAULT_DECODE_LIMITS).toEqual({ maxDecompressedBytes: 256 * MiB, maxJsonDepth: 1000 });
  });

  it('JSON nested past the limit is DataInvalid (not a stack overflow); at the limit it parses', () => {
    expect(() => parseJson(deep(10_000, '1', (x) => `[${x}]`))).toThrow(/json: nested deeper than 1000 levels/);
    expect(() => parseJson(deep(10_000, '1', (x) => `{"a":${x}}`))).toThrow(/nested deeper/);
    expect(parseJson(deep(1000, '1', (x) => `[${x}]`))).toBeDefined();
    expect(parseJson('["[[[[", "{{{{"]')).toEqual(['[[[[', '{{{{']); // brackets inside strings do not count
  });

  it('an Iceberg metadata file with a 10,000-deep schema is DataInvalid naming the file', async () => {
    const type = deep(10_000, '"int"', (x) => `{"type":"list","element-id":1,"element-required":false,"element":${x}}`);
    const json = `{"format-version":2,"table-uuid":"9c12d441-03fe-4693-9a96-a0705ddf69c1","location":"s3://b/t","last-sequence-number":0,"last-updated-ms":0,"last-column-id":1,`
      + `"schemas":[{"type":"struct","schema-id":0,"fields":[{"id":1,"name":"x","required":false,"type":${type}}]}],"current-schema-id":0,`
      + '"partition-specs":[{"spec-id":0,"fields":[]}],"default-spec-id":0,"last-partition-id":999,"sort-orders":[{"order-id":0,"fields":[]}],"default-sort-order-id":0}';
    const storage = new MemoryStorage();
    await storage.write('metadata/v1.metadata.json', utf8Encode(json));
    const e = await errorOf(() => readMetadataDocument(storage, 'metadata/v1.metadata.json'));
    expect(isLakeError(e, 'DataInvalid'), String(e)).toBe(true);
    expect(e!.message).toContain('metadata/v1.metadata.json');
    expect(e!.message).toMatch(/nested deeper than 1000 levels/);
  });

  it('a Delta schemaString 10,000 deep is DataInvalid naming the log file', async () => {
    const type = deep(10_000, '"integer"', (x) => `{"type":"array","elementType":${x},"containsNull":true}`);
    const schemaString = `{"type":"struct","fields":[{"name":"x","type":${type},"nullable":true,"metadata":{}}]}`;
    const storage = new MemoryStorage();
    const lines = [
      { protocol: { minReaderVersion: 1, minWriterVersion: 2 } },
      { metaData: { id: 'x', format: { provider: 'parquet', options: {} }, schemaString, partitionColumns: [], configuration: {}, createdTime: 0 } },
      { commitInfo: { timestamp: 0, operation: 'CREATE TABLE' } },
    ];
    await storage.write('_delta_log/00000000000000000000.json', utf8Encode(lines.map((l) => JSON.stringify(l)).join('\n')));
    const e = await errorOf(async () => { const t = await openDeltaTable(storage); await t.plan({}); });
    expect(isLakeError(e, 'DataInvalid'), String(e)).toBe(true);
    expect(e!.message).toMatch(/nested deeper than 1000 levels/);
    expect(`${e!.message} ${JSON.stringify(e!.context)}`).toContain('00000000000000000000.json');
  });

  it('an Avro file whose schema nests 10,000 deep is DataInvalid naming the file', () => {
    const good = writeAvroFile({ type: 'record', name: 'r', fields: [{ name: 's', type: 'string' }] }, [], { codec: 'null' });
    const deepSchema = deep(10_000, '"int"', (x) => `{"type":"array","items":${x}}`);
    // The same header with the schema text swapped: magic, map of 1..n entries, then the sync marker.
    const bytes = avroWithSchemaText(good, deepSchema);
    const e = (() => { try { readAvroHeader(bytes, { name: 'metadata/m.avro' }); } catch (x) { return x as Error & { context: Record<string, unknown> }; } return undefined; })();
    expect(isLakeError(e, 'DataInvalid'), String(e)).toBe(true);
    expect(e!.message).toMatch(/nested deeper than 1000 levels/);
    expect(e!.context.file).toBe('metadata/m.avro');
  });
});

/** An Avro header with `avro.schema` replaced (only for a file written with codec null and no records). */
function avroWithSchemaText(file: Uint8Array, schemaText: string): Uint8Array {
  const zigzag = (n: number) => { const out: number[] = []; let v = n * 2; while (v >= 0x80) { out.push((v & 0x7f) | 0x80); v = Math.floor(v / 128); } out.push(v); return out; };
  const str = (s: string) => { const b = utf8Encode(s); return [...zigzag(b.length), ...b]; };
  const sync = file.subarray(file.length - 16);
  return new Uint8Array([0x4f, 0x62, 0x6a, 0x01, ...zigzag(2), ...str('avro.schema'), ...str(schemaText), ...str('avro.codec'), ...str('null'), 0, ...sync]);
}
