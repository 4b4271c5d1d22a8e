import { describe, expect, it } from 'vitest';
import { readAvroFile } from '../../../codecs/avro/index.ts';
import { decodeBinaryValue } from './single-value.ts';
import { type DataFile, parseManifest, manifestMetadata } from './manifest.ts';
import { parseManifestList } from './manifest-list.ts';
import { readManifestEntries } from './manifest-reader.ts';
import { ENCODED_METRICS, EncodedMetricsDataFile } from './manifest-metrics.ts';
import { parsePartitionSpec, partitionType } from './partition-spec.ts';
import { parseSchema } from './schema.ts';
import { writeManifest } from './write-manifest.ts';
import { manifestFileOf, writeManifestList } from './write-manifest-list.ts';
import { encodeBigEndianTwos, encodeBinaryValue, truncateUpperBinary, truncateUpperString } from './write-single-value.ts';
import { avroName, decimalBytes } from './manifest-schema.ts';

const ctx = { subsystem: 't', path: '' };
const schema = parseSchema({
  type: 'struct', 'schema-id': 3, fields: [
    { id: 1, name: 'id', required: true, type: 'long' },
    { id: 2, name: 'Breed Name', required: false, type: 'string' },
    { id: 3, name: 'price', required: false, type: 'decimal(20,2)' },
    { id: 4, name: 'ts', required: false, type: 'timestamptz' },
    { id: 5, name: 'w', required: false, type: 'double' },
  ],
}, ctx);
const spec = parsePartitionSpec({ 'spec-id': 2, fields: [
  { name: 'Breed Name', transform: 'identity', 'source-id': 2, 'field-id': 1000 },
  { name: 'price', transform: 'identity', 'source-id': 3, 'field-id': 1001 },
  { name: 'ts_day', transform: 'day', 'source-id': 4, 'field-id': 1002 },
  { name: 'w', transform: 'identity', 'source-id': 5, 'field-id': 1003 },
] }, ctx);
const partition = partitionType(spec, schema);

function file(path: string, part: DataFile['partition'], rows: bigint, extra: Partial<DataFile> = {}): DataFile {
  return {
    content: 'data', filePath: path, fileFormat: 'parquet', specId: 2, partition: part, recordCount: rows, fileSizeInBytes: 1000n + rows,
    valueCounts: new Map([[1, rows]]), nullValueCounts: new Map([[1, 0n]]),
    lowerBounds: new Map([[1, encodeBinaryValue({ kind: 'long' }, 1n)!]]), upperBounds: new Map([[1, encodeBinaryValue({ kind: 'long' }, rows)!]]),
    splitOffsets: [4n], sortOrderId: 0, ...extra,
  };
}

describe('writeManifest / writeManifestList', () => {
  for (const v of [2, 3]) {
    it(`v${v}: what the reader parses back is what was written, with inheritance`, () => {
      const entries = [
        { status: 'added' as const, dataFile: file('s3://b/t/data/a.parquet', ['Lop', 12345678901234567n, 19000, 1.5], 10n) },
        { status: 'existing' as const, snapshotId: 7n, sequenceNumber: 3n, fileSequenceNumber: 4n, dataFile: file('s3://b/t/data/b.parquet', [null, -5n, 19001, Number.NaN], 5n, { firstRowId: v >= 3 ? 100n : undefined }) },
        { status: 'deleted' as const, snapshotId: 9n, sequenceNumber: 2n, fileSequenceNumber: 2n, dataFile: file('s3://b/t/data/c.parquet', ['Rex', 0n, 18999, -0], 7n) },
      ];
      const w = writeManifest(entries, { formatVersion: v, spec, partition, schema, content: 'data', snapshotId: 9n });
      expect([w.addedFilesCount, w.existingFilesCount, w.deletedFilesCount]).toEqual([1, 1, 1]);
      expect([w.addedRowsCount, w.existingRowsCount, w.deletedRowsCount]).toEqual([10n, 5n, 7n]);
      const mf = manifestFileOf(w, 's3://b/t/metadata/m.avro', 11n);
      expect(mf.minSequenceNumber).toBe(3n); // min(explicit 3 of the EXISTING entry, inherited 11)

      const avro = readAvroFile(w.bytes);
      const meta = manifestMetadata(avro);
      expect(meta).toMatchObject({ partitionSpecId: 2, schemaId: 3, formatVersion: v, content: 'data' });
      expect(JSON.parse(meta.schemaJson!).fields[1].name).toBe('Breed Name');
      // field ids are on every field; partition field names are sanitised as Java does
      const entry = avro.type as Extract<typeof avro.type, { kind: 'record' }>;
      expect(entry.fields.map((f) => f.attrs['field-id'])).toEqual(v >= 2 ? [0, 1, 3, 4, 2] : [0, 1, 2]);
      const df = entry.fields.find((f) => f.name === 'data_file')!.type as Extract<typeof avro.type, { kind: 'record' }>;
      const part = df.fields.find((f) => f.name === 'partition')!.type as Extract<typeof avro.type, { kind: 'record' }>;
      expect(part.fields.map((f) => [f.name, f.attrs['field-id']])).toEqual([['Breed_x20Name', 1000], ['price', 1001], ['ts_day', 1002], ['w', 1003]]);
      expect(df.fields.every((f) => typeof f.attrs['field-id'] === 'number')).toBe(true);

      const list = writeManifestList([mf], { formatVersion: v, snapshotId: 9n, parentSnapshotId: 7n, sequenceNumber: 11n, firstRowId: v >= 3 ? 500n : undefined });
      const [parsedMf] = parseManifestList(readAvroFile(list.bytes), 'list');
      expect(parsedMf).toMatchObject({ path: mf.path, length: mf.length, partitionSpecId: 2, content: 'data', sequenceNumber: 11n, minSequenceNumber: 3n, addedSnapshotId: 9n, addedFilesCount: 1, existingFilesCount: 1, deletedFilesCount: 1 });
      if (v >= 3) {
        expect(parsedMf.firstRowId).toBe(500n);
        expect(list.assignedRows).toBe(15n); // added 10 + existing 5
      }
      const lo = parsedMf.partitions!.map((p) => p.lowerBound);
      expect(decodeBinaryValue({ kind: 'string' }, lo[0]!)).toBe('Lop');
      expect(decodeBinaryValue({ kind: 'decimal', precision: 20, scale: 2 }, lo[1]!)).toBe(-5n);
      expect(decodeBinaryValue({ kind: 'decimal', precision: 20, scale: 2 }, parsedMf.partitions![1].upperBound!)).toBe(12345678901234567n);
      expect(parsedMf.partitions![0].containsNull).toBe(true);
      expect(parsedMf.partitions![3]).toMatchObject({ containsNaN: true });
      expect(decodeBinaryValue({ kind: 'double' }, parsedMf.partitions![3].lowerBound!)).toBe(-0);

      const parsed = parseManifest(readAvroFile(w.bytes), parsedMf, partition, 'm.avro');
      expect(parsed.map((e) => [e.status, e.snapshotId, e.sequenceNumber, e.fileSequenceNumber])).toEqual([
        ['added', 9n, 11n, 11n], ['existing', 7n, 3n, 4n], ['deleted', 9n, 2n, 2n],
      ]);
      expect(parsed[0].dataFile).toMatchObject({ filePath: 's3://b/t/data/a.parquet', fileFormat: 'parquet', recordCount: 10n, fileSizeInBytes: 1010n, specId: 2, sortOrderId: 0 });
      expect(parsed[0].dataFile.partition).toEqual(['Lop', 12345678901234567n, 19000, 1.5]);
      expect(parsed[1].dataFile.partition[0]).toBeNull();
      expect(parsed[0].dataFile.upperBounds!.get(1)).toEqual(encodeBinaryValue({ kind: 'long' }, 10n));
      expect(parsed[0].dataFile.splitOffsets).toEqual([4n]);
      if (v >= 3) {
        expect(parsed[0].dataFile.firstRowId).toBe(500n); // inherited from the list's first_row_id
        expect(parsed[1].dataFile.firstRowId).toBe(100n); // explicit on the existing entry
      }
      // Planning's reader (spec/manifest-reader.ts) gives the same entries, rare fields (split offsets,
      // sort order, first row id) included: the fields an EncodedMetricsDataFile takes as one object.
      const direct = readManifestEntries(w.bytes, parsedMf, partition, 'm.avro');
      expect(direct.some((e) => e.dataFile instanceof EncodedMetricsDataFile)).toBe(true);
      const own = (f: DataFile) => Object.fromEntries(Object.entries(f).filter(([k]) => !(ENCODED_METRICS as readonly string[]).includes(k)));
      expect(direct.map((e) => own(e.dataFile))).toEqual(parsed.map((e) => own(e.dataFile)));
      expect(direct.map((e) => e.dataFile.splitOffsets)).toEqual(parsed.map((e) => e.dataFile.splitOffsets));
    });
  }

  it('v1 manifests carry snapshot ids explicitly and refuse delete files; EXISTING entries need sequence numbers in v2', () => {
    const w = writeManifest([{ status: 'added', dataFile: file('f', ['a', 1n, 1, 1], 1n) }], { formatVersion: 1, spec, partition, schema, content: 'data', snapshotId: 42n });
    const list = writeManifestList([manifestFileOf(w, 'm', 0n)], { formatVersion: 1, snapshotId: 42n, sequenceNumber: 0n });
    const [mf] = parseManifestList(readAvroFile(list.bytes), 'l');
    const [e] = parseManifest(readAvroFile(w.bytes), mf, partition, 'm');
    expect(e.snapshotId).toBe(42n);
    expect(e.sequenceNumber).toBe(0n);
    expect(() => writeManifest([], { formatVersion: 1, spec, partition, schema, content: 'deletes', snapshotId: 1n })).toThrow(/v1 tables have no delete files/);
    expect(() => writeManifest([{ status: 'existing', dataFile: file('f', ['a', 1n, 1, 1], 1n) }], { formatVersion: 2, spec, partition, schema, content: 'data', snapshotId: 1n })).toThrow(/without explicit sequence numbers/);
    expect(() => writeManifest([{ status: 'added', dataFile: { ...file('f', ['a', 1n, 1, 1], 1n), specId: 0 } }], { formatVersion: 2, spec, partition, schema, content: 'data', snapshotId: 1n })).toThrow(/has spec 0/);
  });
});

describe('Appendix D helpers', () => {
  it('round-trips binary values and uses minimal two\'s complement for decimals', () => {
    const cases: [Parameters<typeof encodeBinaryValue>[0], Parameters<typeof encodeBinaryValue>[1]][] = [
      [{ kind: 'int' }, -7], [{ kind: 'long' }, -(2n ** 63n)], [{ kind: 'date' }, 19000], [{ kind: 'timestamptz' }, 1700000000000001n],
      [{ kind: 'float' }, Math.fround(1.1)], [{ kind: 'double' }, -0.5], [{ kind: 'string' }, 'héllo'], [{ kind: 'boolean' }, true],
      [{ kind: 'uuid' }, 'f79c3e09-677c-4bbd-a479-3f349cb785e7'], [{ kind: 'decimal', precision: 38, scale: 0 }, -(10n ** 37n)],
    ];
    for (const [t, v] of cases) expect(decodeBinaryValue(t as never, encodeBinaryValue(t, v)!)).toEqual(v);
    expect([...encodeBigEndianTwos(127n)]).toEqual([0x7f]);
    expect([...encodeBigEndianTwos(128n)]).toEqual([0x00, 0x80]);
    expect([...encodeBigEndianTwos(-128n)]).toEqual([0x80]);
    expect([...encodeBigEndianTwos(-129n)]).toEqual([0xff, 0x7f]);
    expect(decimalBytes(9)).toBe(4);
    expect(decimalBytes(10)).toBe(5);
    expect(decimalBytes(38)).toBe(16);
  });

  it('truncated upper bounds stay above every value', () => {
    expect(truncateUpperString('abcdefghijklmnopqrstuvwxyz', 3)).toBe('abd');
    expect(truncateUpperString('ab', 3)).toBe('ab');
    expect(truncateUpperString('a\u{10FFFF}\u{10FFFF}x', 3)).toBe('b');
    expect(truncateUpperString('\u{10FFFF}\u{10FFFF}\u{10FFFF}x', 3)).toBeUndefined();
    expect([...truncateUpperBinary(new Uint8Array([1, 0xff, 3]), 2)!]).toEqual([2]);
    expect(truncateUpperBinary(new Uint8Array([0xff, 0xff, 3]), 2)).toBeUndefined();
    expect(avroName('Breed Name')).toBe('Breed_x20Name');
    expect(avroName('1st')).toBe('_1st');
  });
});

describe('shared partition tuples keep -0 apart from 0', () => {
  // Tuples equal by value are one array per manifest (manifest.ts); -0 and 0 are distinct float partition values.
  const wSpec = parsePartitionSpec({ 'spec-id': 2, fields: [{ name: 'w', transform: 'identity', 'source-id': 5, 'field-id': 1003 }] }, ctx);
  const cases = [
    ['one field', wSpec, (w: number) => [w]],
    ['four fields', spec, (w: number) => ['Lop', 1n, 19000, w]],
  ] as const;
  for (const [name, s, tuple] of cases) {
    it(name, () => {
      const ptype = partitionType(s, schema);
      const files = [0, -0, 0, -0, 1.5].map((w, i) => ({ status: 'added' as const, dataFile: file(`s3://b/t/data/${i}.parquet`, tuple(w), 1n) }));
      const w = writeManifest(files, { formatVersion: 2, spec: s, partition: ptype, schema, content: 'data', snapshotId: 9n });
      const parsed = parseManifest(readAvroFile(w.bytes, { recordsAsArrays: true }), manifestFileOf(w, 's3://b/t/metadata/m.avro', 1n), ptype, 'm.avro');
      const ws = parsed.map((e) => e.dataFile.partition.at(-1));
      expect(ws.map((x) => Object.is(x, -0))).toEqual([false, true, false, true, false]);
      expect(ws).toEqual([0, -0, 0, -0, 1.5]);
      expect(parsed[2]!.dataFile.partition).toBe(parsed[0]!.dataFile.partition); // equal tuples still shared
    });
  }
});
