import { describe, expect, it } from 'vitest';
import { AvroPairMap, readAvroFile, writeAvroFile, type AvroSchema } from '../../../codecs/avro/index.ts';
import { LazyMap } from '../../../util/lazy-map.ts';
import { MANIFEST_LAZY_FIELDS, parseManifest } from './manifest.ts';
import type { ManifestFile } from './manifest-list.ts';

const kv = (name: string, value: string) => ({ type: 'array', logicalType: 'map', items: { type: 'record', name, fields: [{ name: 'key', type: 'int' }, { name: 'value', type: value }] } });
const SCHEMA: AvroSchema = { type: 'record', name: 'manifest_entry', fields: [
  { name: 'status', type: 'int', 'field-id': 0 },
  { name: 'snapshot_id', type: ['null', 'long'], 'field-id': 1 },
  { name: 'data_file', 'field-id': 2, type: { type: 'record', name: 'r2', fields: [
    { name: 'file_path', type: 'string', 'field-id': 100 },
    { name: 'file_format', type: 'string', 'field-id': 101 },
    { name: 'partition', type: { type: 'record', name: 'r102', fields: [] }, 'field-id': 102 },
    { name: 'record_count', type: 'long', 'field-id': 103 },
    { name: 'file_size_in_bytes', type: 'long', 'field-id': 104 },
    // An Avro map (string keys) instead of Iceberg's key/value array: read through the decoding fallback.
    { name: 'value_counts', type: ['null', { type: 'map', values: 'long' }], 'field-id': 109 },
    // Values as int instead of long: converted to bigint like the eager path does.
    { name: 'null_value_counts', type: ['null', kv('k121_v122', 'int')], 'field-id': 110 },
    { name: 'lower_bounds', type: ['null', kv('k126_v127', 'bytes')], 'field-id': 125 },
    { name: 'upper_bounds', type: ['null', kv('k129_v130', 'bytes')], 'field-id': 128 },
  ] } },
] };

const manifest: ManifestFile = { path: 'm.avro', length: 0n, partitionSpecId: 0, content: 'data', sequenceNumber: 1n, minSequenceNumber: 1n, addedSnapshotId: 9n };

describe('lazy column metrics', () => {
  it('every encoding reads like the eager maps: pair arrays from the bytes, other shapes decoded on first use', () => {
    const records = [0, 1, 2].map((i) => ({
      status: 1, snapshot_id: null,
      data_file: {
        file_path: `s3://b/t/data/${i}.parquet`, file_format: 'PARQUET', partition: {}, record_count: 10n, file_size_in_bytes: 100n,
        value_counts: i === 2 ? null : new Map([['1', 10n], ['2', BigInt(i)]]),
        null_value_counts: [{ key: 1, value: 0 }, { key: 2, value: i }],
        // a duplicate key: the later pair wins, as it does when the eager path builds a Map
        lower_bounds: [{ key: 1, value: new Uint8Array([i]) }, { key: 1, value: new Uint8Array([i, 9]) }],
        upper_bounds: i === 1 ? null : [],
      },
    }));
    const bytes = writeAvroFile(SCHEMA, records, { codec: 'deflate' });
    const eager = parseManifest(readAvroFile(bytes), manifest, [], 'm.avro');
    const lazy = parseManifest(readAvroFile(bytes, { lazy: MANIFEST_LAZY_FIELDS, recordsAsArrays: true }), manifest, [], 'm.avro');
    for (let i = 0; i < 3; i++) {
      const [e, l] = [eager[i].dataFile, lazy[i].dataFile];
      for (const k of ['valueCounts', 'nullValueCounts', 'lowerBounds', 'upperBounds'] as const) {
        expect(l[k] === undefined, `${k} ${i}`).toBe(e[k] === undefined);
        if (e[k]) expect([...l[k]!.entries()], `${k} ${i}`).toEqual([...e[k]!.entries()]);
      }
      if (i !== 2) expect(l.valueCounts).toBeInstanceOf(LazyMap); // an Avro map: decoded on first use
      expect(l.nullValueCounts).toBeInstanceOf(LazyMap); // int values: converted to bigint on first use
      expect(l.nullValueCounts!.get(2)).toBe(BigInt(i));
      expect(l.lowerBounds).toBeInstanceOf(AvroPairMap);
      expect(l.lowerBounds!.get(1)).toEqual(new Uint8Array([i, 9]));
      expect(l.lowerBounds!.size).toBe(1);
    }
    expect(lazy[0].dataFile.upperBounds!.size).toBe(0);
  });
});
