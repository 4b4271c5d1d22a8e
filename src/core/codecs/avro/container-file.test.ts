import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLakeError, type LakeError } from '../../errors.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT } from '../../../testing/fixtures.ts';
import { AVRO_MAGIC, AvroSink, readAvroFile, readAvroHeader, iterateAvroRecords, writeAvroFile, type AvroSchema, type AvroCodec } from './index.ts';

const ALL_TYPES: AvroSchema = {
  type: 'record', name: 'all', namespace: 'test', fields: [
    { name: 'n', type: 'null' },
    { name: 'b', type: 'boolean' },
    { name: 'i', type: 'int' },
    { name: 'l', type: 'long' },
    { name: 'f', type: 'float' },
    { name: 'd', type: 'double' },
    { name: 'by', type: 'bytes' },
    { name: 's', type: 'string' },
    { name: 'e', type: { type: 'enum', name: 'color', symbols: ['RED', 'GREEN', 'BLUE'] } },
    { name: 'fx', type: { type: 'fixed', name: 'uuid', size: 16, logicalType: 'uuid' } },
    { name: 'a', type: { type: 'array', items: 'long' } },
    { name: 'm', type: { type: 'map', values: ['null', 'string'] } },
    { name: 'u', type: ['null', 'long', 'string'] },
    { name: 'nested', type: { type: 'record', name: 'inner', fields: [{ name: 'x', type: 'int', 'field-id': 7 }] } },
    { name: 'again', type: 'inner' }, // named reference
    { name: 'dt', type: { type: 'int', logicalType: 'date' } },
    { name: 'opt', type: ['null', 'color'], default: null },
  ],
};

function sample(k: number) {
  return {
    n: null,
    b: k % 2 === 0,
    i: k === 0 ? -2147483648 : k === 1 ? 2147483647 : k * -37,
    l: [0n, -1n, 9223372036854775807n, -9223372036854775808n, 5276958600260276572n, 1n << 49n, -(1n << 49n) - 1n][k % 7]!,
    f: [1.5, -0, Math.fround(1.8), Infinity][k % 4]!,
    d: [Math.PI, -1e300, NaN, 0][k % 4]!,
    by: new Uint8Array([k, 255, 0]),
    s: ['', 'héllo wörld ✓', 'x'.repeat(100), 'ascii'][k % 4]!,
    e: ['RED', 'GREEN', 'BLUE'][k % 3]!,
    fx: new Uint8Array(16).fill(k),
    a: Array.from({ length: k % 5 }, (_, j) => BigInt(j * k)),
    m: new Map<string, string | null>(k % 3 === 0 ? [] : [['__proto__', 'p'], ['k', null], ['ü', 'v']]),
    u: [null, 42n, 'str'][k % 3]!,
    nested: { x: k },
    again: { x: k === 0 ? 0 : -k },
    dt: 19000 + k,
    opt: k % 2 ? 'BLUE' : null,
  };
}

const records = Array.from({ length: 300 }, (_, k) => sample(k));

function expectLakeError(f: () => unknown, code: LakeError['code'], message: RegExp, file?: string): LakeError {
  try {
    f();
  } catch (e) {
    expect(isLakeError(e, code), `${String(e)}`).toBe(true);
    expect((e as Error).message).toMatch(message);
    if (file) expect((e as LakeError).context.file).toBe(file);
    return e as LakeError;
  }
  throw new Error('expected a LakeError');
}

describe('writeAvroFile / readAvroFile round trip', () => {
  for (const codec of ['null', 'deflate', 'snappy', 'zstandard'] as AvroCodec[]) {
    it(`every type, codec ${codec}, several blocks`, () => {
      const bytes = writeAvroFile(ALL_TYPES, records, { codec, blockSize: 2048, metadata: { 'format-version': '2', raw: new Uint8Array([1, 2]) } });
      const file = readAvroFile(bytes, { name: 'rt.avro' });
      expect(file.codec).toBe(codec);
      expect(file.metadata['format-version']).toBe('2');
      expect(Array.from(file.rawMetadata.get('raw')!)).toEqual([1, 2]);
      expect(file.schema).toEqual(ALL_TYPES);
      expect(file.records).toHaveLength(300);
      expect(file.records).toEqual(records.map((r) => ({ ...r, f: Math.fround(r.f) })));
      const first = file.records[2] as ReturnType<typeof sample>;
      expect(typeof first.l).toBe('bigint');
      expect(first.m).toBeInstanceOf(Map);
      expect(first.m.get('__proto__')).toBe('p');
      expect([...iterateAvroRecords(bytes)]).toEqual(file.records);
      // blockSize 2048 forces several blocks: count the sync markers after the header's
      let syncs = 0;
      for (let i = 0; i + 16 <= bytes.length; i++) if (file.sync.every((b, j) => bytes[i + j] === b)) syncs++;
      expect(syncs).toBeGreaterThan(3);
    });
  }

  it('deflate blocks of any size inflate exactly (small, and larger than the reused inflate buffer)', () => {
    let seed = 1;
    const text = (n: number) => Array.from({ length: n }, () => 'abcdefgh'[(seed = (seed * 1103515245 + 12345) >>> 0) % 8]).join('');
    for (const size of [0, 1, 1000, (1 << 20) - 7, 3 << 20]) {
      const rows = [{ s: text(size) }, { s: 'tail' }];
      const bytes = writeAvroFile({ type: 'record', name: 'r', fields: [{ name: 's', type: 'string' }] }, rows, { codec: 'deflate', blockSize: 64 << 20 });
      expect(readAvroFile(bytes).records).toEqual(rows);
    }
  });

  it('writes a missing nullable field or a field with a default, rejects a missing required one', () => {
    const schema: AvroSchema = { type: 'record', name: 'r', fields: [
      { name: 'a', type: ['null', 'int'] },
      { name: 'b', type: 'long', default: 7 },
      { name: 'c', type: 'string' },
    ] };
    const file = readAvroFile(writeAvroFile(schema, [{ c: 'x' }]));
    expect(file.records).toEqual([{ a: null, b: 7n, c: 'x' }]);
    expectLakeError(() => writeAvroFile(schema, [{ c: 'x' }, { a: 1 }]), 'DataInvalid', /missing value for required field c/);
  });

  it('rejects values of the wrong type, naming the path', () => {
    const e = expectLakeError(() => writeAvroFile(ALL_TYPES, [{ ...sample(1), nested: { x: 1.5 } }]), 'DataInvalid', /nested\.x/);
    expect(e.context.record).toBe(0);
    expectLakeError(() => writeAvroFile(ALL_TYPES, [{ ...sample(1), l: 1n << 64n }]), 'DataInvalid', /is not a valid long/);
    expectLakeError(() => writeAvroFile(ALL_TYPES, [{ ...sample(1), e: 'PINK' }]), 'DataInvalid', /enum/);
  });

  it('an empty file has a header and no blocks', () => {
    const bytes = writeAvroFile('long', []);
    const file = readAvroFile(bytes);
    expect(file.records).toEqual([]);
    expect(file.schema).toBe('long');
  });

  it('recursive schemas', () => {
    const schema: AvroSchema = { type: 'record', name: 'node', fields: [
      { name: 'v', type: 'int' }, { name: 'next', type: ['null', 'node'] },
    ] };
    const list = { v: 1, next: { v: 2, next: { v: 3, next: null } } };
    expect(readAvroFile(writeAvroFile(schema, [list])).records).toEqual([list]);
  });
});

describe('readAvroFile on corrupt input', () => {
  const good = writeAvroFile(ALL_TYPES, records, { codec: 'null', blockSize: 4096 });
  const header = readAvroHeader(good);

  it('flipped magic', () => {
    const bad = good.slice();
    bad[3] = 2;
    expectLakeError(() => readAvroFile(bad, { name: 'm.avro' }), 'DataInvalid', /^avro: not an Avro container file/, 'm.avro');
  });

  it('truncated file at every length: always a DataInvalid LakeError, never a hang or a partial answer', () => {
    for (let len = 0; len < good.length; len += len < 800 ? 1 : 97) {
      expectLakeError(() => readAvroFile(good.subarray(0, len), { name: 't.avro' }), 'DataInvalid', /^avro/, 't.avro');
    }
  });

  it('truncated compressed files', () => {
    for (const codec of ['deflate', 'snappy', 'zstandard'] as AvroCodec[]) {
      const bytes = writeAvroFile(ALL_TYPES, records, { codec });
      for (const cut of [1, 17, 18, 100, Math.floor(bytes.length / 2)]) {
        expectLakeError(() => readAvroFile(bytes.subarray(0, bytes.length - cut)), 'DataInvalid', /^avro/);
      }
    }
  });

  it('bad sync marker after a block', () => {
    const bad = good.slice();
    bad[bad.length - 1] ^= 0xff;
    const e = expectLakeError(() => readAvroFile(bad, { name: 's.avro' }), 'DataInvalid', /sync marker/, 's.avro');
    expect(typeof e.context.block).toBe('number');
  });

  it('unknown codec is Unsupported', () => {
    const bytes = writeAvroFile('int', [1], { codec: 'null' });
    const text = new TextDecoder('latin1').decode(bytes).replace('null', 'xz\u0000\u0000');
    // Same length replacement keeps the header well-formed apart from the codec's value.
    const bad = Uint8Array.from(text, (c) => c.charCodeAt(0));
    expectLakeError(() => readAvroFile(bad, { name: 'c.avro' }), 'Unsupported', /unsupported codec/, 'c.avro');
  });

  it('a block count larger than its data, and bytes left over after the records', () => {
    const bytes = writeAvroFile('long', [1n, 2n, 3n], { codec: 'null' });
    const h = readAvroHeader(bytes);
    const more = bytes.slice();
    more[h.dataOffset] = 8; // count 4 (zig-zag) instead of 3
    expectLakeError(() => readAvroFile(more), 'DataInvalid', /truncated|claims/);
    const fewer = bytes.slice();
    fewer[h.dataOffset] = 4; // count 2
    expectLakeError(() => readAvroFile(fewer), 'DataInvalid', /left over/);
  });

  it('random garbage after a valid header never hangs', () => {
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    for (let trial = 0; trial < 300; trial++) {
      const bad = good.slice(0, header.dataOffset + 200);
      for (let i = header.dataOffset; i < bad.length; i++) bad[i] = Math.floor(rnd() * 256);
      try {
        readAvroFile(bad);
      } catch (e) {
        expect(isLakeError(e, 'DataInvalid')).toBe(true);
      }
    }
  });

  it('an invalid avro.schema (bad JSON, unknown type name) is DataInvalid naming the file', () => {
    for (const schemaText of ['{"type":', '{"type":"record","name":"r","fields":[{"name":"a","type":"nosuch"}]}']) {
      const sink = new AvroSink();
      sink.writeRaw(AVRO_MAGIC);
      sink.writeLong(1);
      sink.writeString('avro.schema');
      sink.writeString(schemaText);
      sink.writeLong(0);
      sink.writeRaw(new Uint8Array(16));
      expectLakeError(() => readAvroFile(sink.bytes(), { name: 'h.avro' }), 'DataInvalid', /^avro/, 'h.avro');
    }
  });

  it('a varint running past the end', () => {
    const schemaOnly = writeAvroFile('long', [], { codec: 'null' });
    const sync = readAvroHeader(schemaOnly).sync;
    const bad = new Uint8Array([...schemaOnly, 0x02, 0x02, 0xff, ...sync]); // 1 record, 1 byte: an unfinished varint
    expectLakeError(() => readAvroFile(bad), 'DataInvalid', /varint runs past the end/);
  });
});

describe.skipIf(!FIXTURES_PRESENT)('corrupting a real manifest', () => {
  it('flipping bytes of a deflate block of a Spark manifest fails cleanly', () => {
    const path = join(FIXTURES_DIR, 'iceberg/v1_spark_partitioned_hour_identity/metadata/af797bab-2f2c-44df-a77b-d91c7198fe53-m0.avro');
    const bytes = readFileSync(path);
    const { dataOffset } = readAvroHeader(bytes);
    for (let i = dataOffset + 4; i < bytes.length - 16; i += 13) {
      const bad = Uint8Array.from(bytes);
      bad[i] ^= 0x5a;
      try {
        readAvroFile(bad, { name: path });
      } catch (e) {
        expect(isLakeError(e, 'DataInvalid')).toBe(true);
        expect((e as LakeError).context.file).toBe(path);
      }
    }
  });
});
