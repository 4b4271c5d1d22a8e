import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, listFixtures } from '../../testing/fixtures.ts';
import { isLakeError } from '../errors.ts';
import { bytesSource, type ByteSource } from '../util/byte-source.ts';
import { utf8Encode } from '../util/bytes.ts';
import { readAvroFile } from './avro/index.ts';
import { readParquetTable } from './parquet/index.ts';
import {
  parseDeletionVector, parsePuffinFooter, readDeletionVector, readPuffinBlob, readPuffinFooter, serializeDeletionVector,
} from './puffin.ts';
import { RoaringBitmap64 } from './roaring.ts';

beforeAll(() => installNodeParquetWasm());

function counting(bytes: Uint8Array, name: string): ByteSource & { reads: number } {
  const inner = bytesSource(bytes, name);
  const s = { size: inner.size, name, reads: 0, read: (o: number, l: number, sig?: AbortSignal) => { s.reads++; return inner.read(o, l, sig); } };
  return s;
}

/** A Puffin file as the spec lays it out, with the given blobs and extra footer properties. */
function puffin(blobs: { bytes: Uint8Array; type: string; props?: Record<string, string> }[], properties: Record<string, string> = {}): Uint8Array {
  const parts: Uint8Array[] = [utf8Encode('PFA1')];
  let offset = 4;
  const meta = blobs.map((b) => {
    const m = { type: b.type, fields: [2147483645], 'snapshot-id': -1, 'sequence-number': -1, offset, length: b.bytes.length, properties: b.props ?? {} };
    parts.push(b.bytes);
    offset += b.bytes.length;
    return m;
  });
  const payload = utf8Encode(JSON.stringify({ blobs: meta, properties }));
  const trailer = new Uint8Array(12);
  new DataView(trailer.buffer).setInt32(0, payload.length, true);
  trailer.set(utf8Encode('PFA1'), 8);
  parts.push(utf8Encode('PFA1'), payload, trailer);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

describe('deletion-vector-v1 blobs', () => {
  it('round-trip through serialise / parse', () => {
    const positions = [0, 7, 4095, 70000, 2 ** 33];
    const dv = parseDeletionVector(serializeDeletionVector(RoaringBitmap64.from(positions)));
    expect(dv.toArray()).toEqual(positions);
  });

  it('wrong CRC, wrong length, wrong magic → DataInvalid', () => {
    const good = serializeDeletionVector(RoaringBitmap64.from([1, 2, 3]));
    const crc = good.slice(); crc[crc.length - 1] ^= 1;
    const len = good.slice(); len[3] += 1;
    const magic = good.slice(); magic[4] = 0;
    const payload = good.slice(); payload[20] ^= 0x10; // caught by the CRC before roaring parsing
    for (const [bad, msg] of [[crc, /CRC/], [len, /length/], [magic, /magic/], [payload, /CRC/], [good.subarray(0, 10), /too short/]] as const) {
      try {
        parseDeletionVector(bad, { file: 'x.puffin' });
        expect.unreachable();
      } catch (e) {
        expect(isLakeError(e, 'DataInvalid')).toBe(true);
        expect((e as Error).message).toMatch(msg);
        expect((e as { context: { file?: string } }).context.file).toBe('x.puffin');
      }
    }
  });
});

describe('Puffin footer', () => {
  const dv = serializeDeletionVector(RoaringBitmap64.from([3, 4]));
  it('reads a small footer in one ranged read and blobs in one more', async () => {
    const file = puffin([{ bytes: dv, type: 'deletion-vector-v1', props: { 'referenced-data-file': 'a.parquet', cardinality: '2' } }], { 'created-by': 'test' });
    const src = counting(file, 'a.puffin');
    const footer = await readPuffinFooter(src);
    expect(src.reads).toBe(1);
    expect(footer.properties['created-by']).toBe('test');
    expect(footer.blobs).toHaveLength(1);
    const blob = footer.blobs[0]!;
    expect(blob).toMatchObject({ type: 'deletion-vector-v1', offset: 4, length: dv.length, snapshotId: -1n, fields: [2147483645] });
    expect(parseDeletionVector(await readPuffinBlob(src, blob)).toArray()).toEqual([3, 4]);
    expect(src.reads).toBe(2);
    expect(parsePuffinFooter(file)).toEqual(footer);
  });

  it('a footer larger than the first tail read costs one more read', async () => {
    const file = puffin([{ bytes: dv, type: 'deletion-vector-v1' }], { big: 'y'.repeat(40_000) });
    const src = counting(file, 'big.puffin');
    const footer = await readPuffinFooter(src);
    expect(src.reads).toBe(2);
    expect(footer.properties.big).toHaveLength(40_000);
  });

  it('corrupt footers → DataInvalid; LZ4-compressed footer → Unsupported', async () => {
    const file = puffin([{ bytes: dv, type: 'deletion-vector-v1' }]);
    const endMagic = file.slice(); endMagic[endMagic.length - 1] = 0;
    const size = file.slice(); new DataView(size.buffer).setInt32(size.length - 12, 1 << 30, true);
    const json = file.slice(); json[json.length - 14] = 0x7b; // break the JSON's closing brace
    for (const bad of [endMagic, size, json, file.subarray(0, 10)]) {
      await expect(readPuffinFooter(bytesSource(bad, 'bad.puffin'))).rejects.toSatisfy((e: unknown) =>
        isLakeError(e, 'DataInvalid') && (e as Error).message.startsWith('puffin:'));
    }
    const lz4 = file.slice(); lz4[lz4.length - 8] = 1;
    await expect(readPuffinFooter(bytesSource(lz4))).rejects.toSatisfy((e: unknown) => isLakeError(e, 'Unsupported'));
  });
});

describe.skipIf(!FIXTURES_PRESENT)('iceberg/v3_spark_deletion_vectors (Spark-written DVs)', () => {
  it('the DVs in the Puffin file delete exactly the rows the expected result removes', async () => {
    const fx = listFixtures('iceberg').find((f) => f.name === 'iceberg/v3_spark_deletion_vectors')!;
    const location = 'hdfs://localhost:20500/test-warehouse/iceberg_v3_deletion_vectors';
    const local = (p: string) => join(fx.root, p.slice(location.length));
    const deleteManifest = readAvroFile(readFileSync(join(fx.root, 'metadata/e9787b6c-e745-4040-b78f-e4012aa178ab-m0.avro')));
    const dvEntries = (deleteManifest.records as { data_file: Record<string, unknown> }[]).map((e) => e.data_file);
    expect(dvEntries).toHaveLength(2);

    const puffinPath = local(dvEntries[0]!.file_path as string);
    const bytes = new Uint8Array(readFileSync(puffinPath));
    const footer = parsePuffinFooter(bytes, puffinPath);
    expect(footer.blobs.map((b) => b.type)).toEqual(['deletion-vector-v1', 'deletion-vector-v1']);

    const deleted = new Map<string, RoaringBitmap64>();
    for (const df of dvEntries) {
      const src = counting(bytes, puffinPath);
      const dv = await readDeletionVector(src, Number(df.content_offset), Number(df.content_size_in_bytes));
      expect(src.reads).toBe(1);
      expect(BigInt(dv.size)).toBe(df.record_count);
      // The footer's blob metadata agrees with the manifest entry.
      const blob = footer.blobs.find((b) => b.offset === Number(df.content_offset))!;
      expect(blob.properties['referenced-data-file']).toBe(df.referenced_data_file);
      expect(blob.properties.cardinality).toBe(String(dv.size));
      deleted.set(df.referenced_data_file as string, dv);
    }

    // Apply the DVs to the five data files of the current snapshot and compare with the expected rows.
    const dataManifest = readAvroFile(readFileSync(join(fx.root, 'metadata/5e791f63-c675-4124-8390-6bbce9e61755-m0.avro')));
    const live: number[] = [];
    for (const e of dataManifest.records as { data_file: { file_path: string } }[]) {
      const path = e.data_file.file_path;
      const batches = await readParquetTable(new Uint8Array(readFileSync(local(path))), { name: path });
      let pos = 0;
      for (const b of batches) {
        for (const v of b.getChild('i')!.toArray() as Int32Array) {
          if (!deleted.get(path)?.has(pos)) live.push(v);
          pos++;
        }
      }
    }
    const current = fx.expected.versions.find((v) => v.id === fx.expected.current)!;
    expect(live.sort((a, b) => a - b)).toEqual((current.rows as { i: number }[]).map((r) => r.i));
  });
});
