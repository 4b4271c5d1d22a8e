import { describe, expect, it } from 'vitest';
import { RoaringBitmap64 } from '../../../codecs/roaring.ts';
import { readUint32BE, readUint32LE } from '../../../util/bytes.ts';
import { deletionVectorPath, deletionVectorRange, parseDeletionVectorRecord, PORTABLE_MAGIC } from '../spec/deletion-vector.ts';
import { DeletionVectorFile } from './deletion-vector-writer.ts';

describe('delta deletion vector files', () => {
  it('frames each vector as [size BE][magic LE + portable Roaring64][CRC-32 BE] after a version byte, read back by the reader', () => {
    const uuid = Uint8Array.from({ length: 16 }, (_, i) => i * 17);
    const file = new DeletionVectorFile(uuid);
    const a = file.add(RoaringBitmap64.from([0, 3, 70_000, 2 ** 32 + 5]));
    const b = file.add(RoaringBitmap64.from(Array.from({ length: 5000 }, (_, i) => i * 2)));
    const bytes = file.bytes();
    expect(bytes[0]).toBe(1);
    expect(a.offset).toBe(1);
    expect(b.offset).toBe(1 + 4 + a.sizeInBytes + 4);
    expect(readUint32BE(bytes, 1)).toBe(a.sizeInBytes);
    expect(readUint32LE(bytes, 5)).toBe(PORTABLE_MAGIC);
    expect(file.key).toBe('deletion_vector_00112233-4455-6677-8899-aabbccddeeff.bin');
    expect(deletionVectorPath(a)!.relative).toBe(file.key);
    for (const [dv, want] of [[a, [0, 3, 70_000, 2 ** 32 + 5]], [b, Array.from({ length: 5000 }, (_, i) => i * 2)]] as const) {
      const r = deletionVectorRange(dv);
      const parsed = parseDeletionVectorRecord(bytes.subarray(r.offset, r.offset + r.length), dv, file.key);
      expect(parsed.toArray()).toEqual(want);
      expect(BigInt(parsed.size)).toBe(dv.cardinality);
    }
  });
});
