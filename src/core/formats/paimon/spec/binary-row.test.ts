import { describe, expect, it } from 'vitest';
import { isLakeError } from '../../../errors.ts';
import { fromHex } from '../../../util/bytes.ts';
import { bigEndianSigned, decodeBinaryRow, encodeBinaryRow } from './binary-row.ts';
import { parseAtomicType } from './data-type.ts';

const T = (...s: string[]) => s.map(parseAtomicType);

describe('paimon BinaryRow', () => {
  it('decodes a partition row written by Paimon Java (pk_09 f1=10)', () => {
    expect(decodeBinaryRow(fromHex('0000000100000000000000000a00000000000000'), T('INT'))).toEqual([10]);
  });

  it('decodes inline and out-of-line strings of a min/max key', () => {
    // _MIN_KEY / _MAX_KEY of pk_09: (f0 STRING, f2 INT)
    expect(decodeBinaryRow(fromHex('000000020000000000000000416c6963650000850100000000000000'), T('STRING', 'INT')))
      .toEqual(['Alice', 1]);
    const long = '0000000200000000000000006800000018000000010000000000000054776f20726f61647320646976657267656420696e206120776f6f642c20616e64204920746f6f6b20746865206f6e65206c6573732074726176656c65642062792c20416e64207468617420686173206d61646520616c6c2074686520646966666572656e63652e';
    expect(decodeBinaryRow(fromHex(long), T('STRING', 'INT'))).toEqual([
      'Two roads diverged in a wood, and I took the one less traveled by, And that has made all the difference.', 1]);
  });

  it('decodes doubles from value stats', () => {
    const v = decodeBinaryRow(fromHex('000000040000000000000000416c6963650000850a0000000000000001000000000000009a99999999193340'),
      T('STRING NOT NULL', 'INT NOT NULL', 'INT NOT NULL', 'DOUBLE'));
    expect(v).toEqual(['Alice', 10, 1, 19.1]);
  });

  it('reads null bits after the header byte', () => {
    const types = T('INT', 'STRING', 'BIGINT');
    const bytes = encodeBinaryRow([null, 'x', 5n], types);
    expect(decodeBinaryRow(bytes, types)).toEqual([null, 'x', 5n]);
    // bit 8 (field 0) lives in byte 1 of the row, i.e. byte 5 of the serialized form
    expect(bytes[5]).toBe(1);
  });

  it('round-trips every supported type through encode/decode', () => {
    const types = T('BOOLEAN', 'TINYINT', 'SMALLINT', 'INT', 'BIGINT', 'FLOAT', 'DOUBLE', 'DECIMAL(10, 2)', 'DECIMAL(23, 5)',
      'STRING', 'BYTES', 'DATE', 'TIME', 'TIMESTAMP(3)', 'TIMESTAMP(6)', 'TIMESTAMP(9)');
    const values = [true, -3, 300, -70000, -(2n ** 40n), 1.5, -2.25, -12345n, -12345678998765432145678n,
      'a string longer than seven bytes', new Uint8Array([1, 2, 3]), -1234, 3_600_000_000n, -1_000n * 1000n,
      -1_000_001n, -1_230_000_000_456n];
    expect(decodeBinaryRow(encodeBinaryRow(values, types), types)).toEqual(values);
  });

  it('treats an empty byte array as unknown values', () => {
    expect(decodeBinaryRow(new Uint8Array(), T('INT', 'INT'))).toEqual([undefined, undefined]);
  });

  it('rejects arity mismatches and offsets past the end as DataInvalid', () => {
    expect(() => decodeBinaryRow(fromHex('0000000100000000000000000a00000000000000'), T('INT', 'INT'))).toThrow(/2/);
    const bad = fromHex('0000000100000000000000000800000040000000');
    try {
      decodeBinaryRow(bad, T('STRING'));
      expect.unreachable();
    } catch (e) {
      expect(isLakeError(e, 'DataInvalid')).toBe(true);
      expect((e as Error).message).toMatch(/^paimon binary-row: /);
    }
  });

  it('converts big-endian two\'s complement', () => {
    expect(bigEndianSigned(new Uint8Array([0xff]))).toBe(-1n);
    expect(bigEndianSigned(new Uint8Array([0x00, 0x80]))).toBe(128n);
  });
});
