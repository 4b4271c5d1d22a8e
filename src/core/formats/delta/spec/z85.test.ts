/** Z85 (ZeroMQ RFC 32) as Delta uses it, including the `#`-padded last group some writers produce. */
import { describe, expect, it } from 'vitest';
import { isLakeError } from '../../../errors.ts';
import { z85Decode, z85Encode } from './z85.ts';

describe('z85', () => {
  it('decodes and encodes the RFC 32 example', () => {
    const bytes = Uint8Array.from([0x86, 0x4f, 0xd2, 0x6f, 0xb5, 0x59, 0xf7, 0x5b]);
    expect(z85Decode('HelloWorld')).toEqual(bytes);
    expect(z85Encode(bytes)).toBe('HelloWorld');
  });

  it('a #-padded last group holds a short tail (##093 = 03 00), as in delta-cdf/cdf-table-with-dv', () => {
    expect([...z85Decode('HelloWorld##093')]).toEqual([0x86, 0x4f, 0xd2, 0x6f, 0xb5, 0x59, 0xf7, 0x5b, 0x03, 0x00]);
  });

  it('a group above 32 bits that is not a padded last group, a bad length or character, is DataInvalid', () => {
    for (const bad of ['#####HelloWorld', 'Hello#', 'Hell~']) {
      let e: unknown;
      try { z85Decode(bad); } catch (x) { e = x; }
      expect(isLakeError(e, 'DataInvalid'), bad).toBe(true);
    }
  });
});
