/**
 * Node's native UTF-8 slice as the Avro string decoder (native-utf8.ts): the same string as TextDecoder
 * for valid text, every kind of invalid sequence, a leading BOM and odd windows — and Avro records read
 * through it equal the records written, on both string paths (short ASCII and the rest).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readAvroFile, setUtf8RangeDecoder, writeAvroFile } from '../../core/codecs/avro/index.ts';
import { installNodeUtf8, nodeUtf8Range } from './native-utf8.ts';

afterEach(() => { setUtf8RangeDecoder(undefined); });

const reference = new TextDecoder('utf-8', { ignoreBOM: true });
const bytes = (...xs: number[]) => new Uint8Array(xs);

// Valid text of every UTF-8 length, then the invalid forms the WHATWG decoder replaces (each a U+FFFD per
// maximal subpart): lone continuation, truncated sequences, overlongs, surrogates, past U+10FFFF, 0xFF.
const CASES: Uint8Array[] = [
  new TextEncoder().encode('s3://bucket/warehouse/db/tbl/data/part-00000-0f3c2a1b.parquet'),
  new TextEncoder().encode('données/年=2024/😀/Ω'),
  bytes(0xef, 0xbb, 0xbf, 0x61, 0x62), // BOM then "ab": the BOM is kept
  bytes(0x80), bytes(0x61, 0x80, 0x62), bytes(0xc3), bytes(0xe2, 0x82), bytes(0xf0, 0x9f, 0x98),
  bytes(0xc0, 0xaf), bytes(0xe0, 0x80, 0xaf), bytes(0xf0, 0x80, 0x80, 0xaf), // overlong
  bytes(0xed, 0xa0, 0x80), bytes(0xed, 0xbf, 0xbf), // surrogates
  bytes(0xf4, 0x90, 0x80, 0x80), bytes(0xf5, 0x80), bytes(0xff, 0xfe, 0x61),
  bytes(0xe2, 0x28, 0xa1), bytes(0xf0, 0x28, 0x8c, 0x28), bytes(0xc3, 0x28),
  bytes(),
];

describe('Node native UTF-8 for Avro strings', () => {
  it('exists on this Node', () => {
    expect(nodeUtf8Range).toBeTypeOf('function');
  });

  it('decodes valid and invalid UTF-8 exactly as TextDecoder does, at any window of a larger buffer', () => {
    for (const c of CASES) {
      const padded = new Uint8Array(c.length + 7);
      padded.set(c, 3);
      const view = padded.subarray(1, padded.length - 1); // a view with an offset into its buffer
      const got = nodeUtf8Range!(view, 2, 2 + c.length);
      expect([...got].map((ch) => ch.codePointAt(0)), `bytes ${[...c].map((b) => b.toString(16)).join(' ')}`)
        .toEqual([...reference.decode(c)].map((ch) => ch.codePointAt(0)));
    }
  });

  it('reads Avro records as written, short and long strings, ASCII or not, with a leading BOM kept', () => {
    const schema = { type: 'record', name: 'r', fields: [{ name: 's', type: 'string' }] };
    const strings = ['', 'a', 'data/x.parquet', 'x'.repeat(39), 'y'.repeat(40), `s3://b/${'z'.repeat(120)}.parquet`, 'é', '\uFEFFbom', `\uFEFF${'l'.repeat(60)}`, 'ключ/😀'.repeat(9)];
    const file = writeAvroFile(schema, strings.map((s) => ({ s })), { codec: 'null' });
    const viaTextDecoder = readAvroFile(file).records;
    installNodeUtf8();
    expect(readAvroFile(file).records).toEqual(viaTextDecoder);
    expect(viaTextDecoder).toEqual(strings.map((s) => ({ s })));
  });
});
