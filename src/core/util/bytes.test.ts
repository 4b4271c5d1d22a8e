import { describe, expect, it } from 'vitest';
import {
  bytesEqual, concatBytes, crc32, fromHex, readInt32BE, readInt64LE, readUint16LE, readUint32BE, readUint32LE,
  toHex, utf8Decode, utf8Encode, writeInt64LE, writeUint32BE, writeUint32LE,
} from './bytes.ts';
import { isLakeError } from '../errors.ts';

describe('bytes', () => {
  it('concatenates', () => {
    expect(Array.from(concatBytes([new Uint8Array([1, 2]), new Uint8Array([]), new Uint8Array([3])]))).toEqual([1, 2, 3]);
  });
  it('hex round-trips and is lowercase', () => {
    const b = new Uint8Array([0, 15, 16, 171, 255]);
    expect(toHex(b)).toBe('000f10abff');
    expect(bytesEqual(fromHex('000F10ABff'), b)).toBe(true);
    expect(() => fromHex('abc')).toThrow(/bytes: invalid hex/);
  });
  it('utf8', () => {
    expect(utf8Decode(utf8Encode('héllo €'))).toBe('héllo €');
    expect(() => utf8Decode(new Uint8Array([0xff, 0xfe]), true)).toThrow(/invalid UTF-8/);
    expect(utf8Decode(new Uint8Array([0xff]))).toBe('\ufffd');
  });
  it('reads integers at an offset of a subarray', () => {
    const base = new Uint8Array([9, 9, 0x01, 0x02, 0x03, 0x84, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    const b = base.subarray(2);
    expect(readUint16LE(b, 0)).toBe(0x0201);
    expect(readUint32LE(b, 0)).toBe(0x84030201);
    expect(readUint32BE(b, 0)).toBe(0x01020384);
    expect(readInt32BE(b, 0)).toBe(0x01020384);
    expect(readInt64LE(b, 2)).toBe(-31741n); // 03 84 ff ff ff ff ff ff → 0xffffffffffff8403 as signed
  });
  it('throws DataInvalid past the end', () => {
    try {
      readUint32LE(new Uint8Array(3), 0);
      expect.unreachable();
    } catch (e) {
      expect(isLakeError(e, 'DataInvalid')).toBe(true);
    }
    expect(() => readUint32LE(new Uint8Array(8), -1)).toThrow(/past the end/);
  });
  it('writes integers', () => {
    const b = new Uint8Array(8);
    writeUint32LE(b, 0, 0xdeadbeef);
    writeUint32BE(b, 4, 0xdeadbeef);
    expect(toHex(b)).toBe('efbeaddedeadbeef');
    writeInt64LE(b, 0, -2n);
    expect(toHex(b)).toBe('feffffffffffffff');
  });
  it('crc32 matches the standard check value', () => {
    expect(crc32(utf8Encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });
});
