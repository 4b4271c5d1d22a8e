import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { isLakeError } from '../../../errors.ts';
import * as bytes from '../../../util/bytes.ts';
import { metadataText } from './metadata-files.ts';

vi.mock('../../../util/bytes.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../util/bytes.ts')>();
  return { ...real, utf8Decode: vi.fn(real.utf8Decode) };
});

const encode = (s: string) => new TextEncoder().encode(s);

describe('metadataText (issue 17: a metadata file decoded once per array)', () => {
  it('decodes an array once: a second call with the same bytes object gives the same text without decoding', async () => {
    const decode = vi.mocked(bytes.utf8Decode);
    decode.mockClear();
    const raw = encode('{"format-version":2,"snapshots":[]}');
    const first = await metadataText(raw, 'metadata/v1.metadata.json');
    expect(await metadataText(raw, 'metadata/v1.metadata.json')).toBe(first);
    expect(decode).toHaveBeenCalledTimes(1);
    // Another array with the same bytes is decoded for itself: the cache is by array, not by content.
    expect(await metadataText(encode('{"format-version":2,"snapshots":[]}'), 'metadata/v1.metadata.json')).toBe(first);
    expect(decode).toHaveBeenCalledTimes(2);
  });

  it('gzip: the text of the gunzipped bytes, kept by the raw array', async () => {
    const decode = vi.mocked(bytes.utf8Decode);
    decode.mockClear();
    const raw = new Uint8Array(gzipSync(Buffer.from('{"a":"ü"}')));
    expect(await metadataText(raw, 'metadata/v2.gz.metadata.json')).toBe('{"a":"ü"}');
    expect(await metadataText(raw, 'metadata/v2.gz.metadata.json')).toBe('{"a":"ü"}');
    expect(decode).toHaveBeenCalledTimes(1);
  });

  it('bytes that are not UTF-8 fail every time, naming the file (nothing is kept for them)', async () => {
    const raw = new Uint8Array([0x7b, 0xff, 0x7d]);
    for (const key of ['metadata/v3.metadata.json', 'metadata/v4.metadata.json']) {
      const err = await metadataText(raw, key).catch((e: unknown) => e);
      expect(isLakeError(err, 'DataInvalid')).toBe(true);
      expect((err as { context: { file?: string } }).context.file).toBe(key);
    }
  });
});
