/**
 * Recorded sizes are checked as files are read, with no extra request: a ranged read ending at the
 * recorded end asks for one byte more, so a longer object shows itself; a short read shows a shorter one.
 */
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../io/memory-storage.ts';
import { checkSize, readRangeChecked, storageSource } from './byte-source.ts';

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => i & 0xff);

describe('recorded-size checks', () => {
  it('a ranged read at the end of a file longer than recorded → DataInvalid naming the file, in one request', async () => {
    const data = bytes(110);
    const calls: [number, number][] = [];
    const read = async (o: number, l: number) => { calls.push([o, l]); return data.slice(o, o + l); };
    await expect(readRangeChecked(read, 90, 10, 100, 'f.parquet')).rejects.toMatchObject({
      code: 'DataInvalid', context: { file: 'f.parquet', recordedSize: 100 },
      message: expect.stringMatching(/^file size: f\.parquet is longer than the 100 bytes its metadata records/),
    });
    expect(calls).toEqual([[90, 11]]);
  });

  it('a file shorter than recorded → DataInvalid with its size; an exact one reads as before', async () => {
    const short = bytes(95);
    const readShort = async (o: number, l: number) => short.slice(o, o + l);
    await expect(readRangeChecked(readShort, 90, 10, 100, 'f')).rejects.toMatchObject({ code: 'DataInvalid', context: { actualSize: 95 } });
    const exact = bytes(100);
    const got = await readRangeChecked(async (o, l) => exact.slice(o, o + l), 90, 10, 100, 'f');
    expect([...got]).toEqual([...exact.slice(90)]);
    // Inside the file nothing extra is asked for.
    const calls: number[] = [];
    await readRangeChecked(async (o, l) => { calls.push(l); return exact.slice(o, o + l); }, 10, 10, 100, 'f');
    expect(calls).toEqual([10]);
    expect(() => checkSize(bytes(7), 8, 'm.avro')).toThrow(/file size: m\.avro has 7 bytes, not the 8 bytes/);
  });

  it('storageSource with verify checks every read against the recorded size', async () => {
    const s = new MemoryStorage();
    await s.write('d.parquet', bytes(120));
    const src = await storageSource(s, 'd.parquet', { size: 100, verify: true });
    await expect(src.read(0, 100)).rejects.toMatchObject({ code: 'DataInvalid' });
    const unchecked = await storageSource(s, 'd.parquet', { size: 100 });
    expect((await unchecked.read(0, 100)).length).toBe(100);
  });
});
