import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLakeError } from '../../../errors.ts';
import { parseJson } from '../../../util/json.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { typeToString } from './types.ts';
import { currentSchema, parseTableMetadata, schemaForSnapshot } from './table-metadata.ts';
import { decodeJsonValue } from './single-value.ts';

const fixtures = listFixtures('iceberg');
const readMeta = (root: string, name: string) => parseTableMetadata(parseJson(readFileSync(join(root, 'metadata', name), 'utf8')), name);

describe.skipIf(!FIXTURES_PRESENT)('table metadata of every Iceberg fixture', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  it('has all 8 fixtures', () => expect(fixtures.length).toBe(8));
  for (const fx of fixtures) {
    it(`${fx.name}: every metadata file parses; the latest knows every expected version`, () => {
      const files = readdirSync(join(fx.root, 'metadata')).filter((f) => f.endsWith('.metadata.json')).sort();
      expect(files.length).toBeGreaterThan(0);
      const metas = files.map((f) => readMeta(fx.root, f));
      const latest = metas[metas.length - 1];
      expect(String(latest.currentSnapshotId)).toBe(fx.expected.current);
      expect(currentSchema(latest).fields.map((f) => f.name)).toEqual(fx.expected.columns);
      for (const v of fx.expected.versions) {
        const snap = latest.snapshots.find((s) => String(s.snapshotId) === v.id);
        expect(snap, v.id).toBeDefined();
        expect(snap!.timestampMs).toBe(v.timestampMs);
        expect(snap!.operation).toBe(v.operation);
        expect(schemaForSnapshot(latest, snap!)).toBeDefined();
      }
      expect(latest.refs.find((r) => r.name === 'main')?.snapshotId).toBe(latest.currentSnapshotId);
    });
  }

  it('reads v1 old-style metadata (schema / partition-spec, no sort orders, no sequence numbers)', () => {
    const fx = fixtures.find((f) => f.name.includes('v1_spark'))!;
    const m = readMeta(fx.root, 'v2.metadata.json');
    expect(m.formatVersion).toBe(1);
    expect(m.partitionSpecs[0].fields.map((f) => [f.name, f.fieldId, f.transform.kind])).toEqual([['event_time_hour', 1000, 'hour'], ['action', 1001, 'identity']]);
    expect(m.snapshots[0].sequenceNumber).toBe(0n);
    expect(m.snapshots[0].snapshotId).toBe(8270633197658268308n); // beyond 2^53: exact only with the bigint parser
    expect(m.sortOrders).toEqual([{ orderId: 0, fields: [] }]);
    expect(typeToString(currentSchema(m).fields[3].type)).toBe('timestamptz');
  });

  it('reads v3 row lineage, identifier fields and map types', () => {
    const v3 = readMeta(fixtures.find((f) => f.name.includes('v3_'))!.root, 'v3.metadata.json');
    expect(v3.formatVersion).toBe(3);
    expect(v3.nextRowId).toBe(5n);
    expect(v3.snapshots.map((s) => [s.firstRowId, s.addedRows])).toEqual([[0n, 5n], [5n, 0n]]);
    const flink = readMeta(fixtures.find((f) => f.name.includes('flink'))!.root, 'v4.metadata.json');
    expect(currentSchema(flink).identifierFieldIds).toEqual([2, 3]);
    expect(flink.partitionSpecs.map((s) => s.fields.length)).toEqual([1, 2]);
    const py = fixtures.find((f) => f.name.includes('pyiceberg'))!;
    const pm = readMeta(py.root, readdirSync(join(py.root, 'metadata')).filter((f) => f.startsWith('00002'))[0]);
    expect(typeToString(currentSchema(pm).fields[3].type)).toBe('map<string, string>');
    expect(pm.location).toBe('file://data/persistent/map_stats/default.db/map_stats');
  });

  it('reads older metadata files as past states (snapshot schema ids)', () => {
    const fx = fixtures.find((f) => f.name.includes('v2_java'))!;
    const m = readMeta(fx.root, 'v5.metadata.json');
    const first = m.snapshots.find((s) => s.snapshotId === 4951213507629824583n)!;
    expect(schemaForSnapshot(m, first).fields.map((f) => f.name)).not.toContain('__happy__');
    expect(currentSchema(m).fields.map((f) => f.name)).toContain('__happy__');
  });
});

describe('table metadata errors', () => {
  const base = { 'format-version': 2, 'table-uuid': 'u', location: 's3://b/t', 'last-sequence-number': 0, 'last-updated-ms': 1, 'last-column-id': 1,
    schemas: [{ type: 'struct', 'schema-id': 0, fields: [{ id: 1, name: 'a', required: false, type: 'int' }] }], 'current-schema-id': 0,
    'partition-specs': [{ 'spec-id': 0, fields: [] }], 'default-spec-id': 0, 'last-partition-id': 999, 'sort-orders': [{ 'order-id': 0, fields: [] }], 'default-sort-order-id': 0 };
  const err = (json: unknown): unknown => { try { parseTableMetadata(json, 'metadata/v9.metadata.json'); } catch (e) { return e; } return undefined; };

  it('parses a minimal v2 table with no snapshot', () => {
    const m = parseTableMetadata(base);
    expect(m.currentSnapshotId).toBeUndefined();
    expect(m.refs).toEqual([]);
    expect(parseTableMetadata({ ...base, 'current-snapshot-id': -1 }).currentSnapshotId).toBeUndefined();
  });
  it('reads v3 types, defaults, statistics, partition statistics, refs with retention and encryption keys', () => {
    const m = parseTableMetadata({
      ...base, 'format-version': 3, 'next-row-id': 7,
      schemas: [{ type: 'struct', 'schema-id': 0, fields: [
        { id: 1, name: 'v', required: false, type: 'variant' }, { id: 2, name: 'g', required: false, type: 'geometry(srid:4326)' },
        { id: 3, name: 'h', required: false, type: 'geography' }, { id: 4, name: 'u', required: false, type: 'unknown' },
        { id: 5, name: 'n', required: false, type: 'timestamptz_ns' }, { id: 6, name: 'd', required: false, type: 'decimal(38, 10)', 'initial-default': '1.5000000000', 'write-default': '2.0000000000' },
        { id: 7, name: 'l', required: false, type: { type: 'list', 'element-id': 8, 'element-required': true, element: 'fixed[4]' } },
      ] }],
      snapshots: [{ 'snapshot-id': 9, 'timestamp-ms': 5, 'sequence-number': 1, summary: { operation: 'append' }, 'manifest-list': 's3://b/t/m.avro', 'first-row-id': 0, 'added-rows': 7 }],
      'current-snapshot-id': 9,
      refs: { main: { 'snapshot-id': 9, type: 'branch', 'min-snapshots-to-keep': 3, 'max-snapshot-age-ms': 1000 }, v1: { 'snapshot-id': 9, type: 'tag', 'max-ref-age-ms': 99 } },
      statistics: [{ 'snapshot-id': 9, 'statistics-path': 's3://b/t/metadata/s.stats', 'file-size-in-bytes': 100, 'file-footer-size-in-bytes': 40,
        'blob-metadata': [{ type: 'apache-datasketches-theta-v1', 'snapshot-id': 9, 'sequence-number': 1, fields: [1], properties: { ndv: '3' } }] }],
      'partition-statistics': [{ 'snapshot-id': 9, 'statistics-path': 's3://b/t/metadata/p.parquet', 'file-size-in-bytes': 55 }],
      'encryption-keys': [{ 'key-id': 'k1', 'encrypted-key-metadata': 'AAA=' }],
    });
    expect(currentSchema(m).fields.map((f) => typeToString(f.type))).toEqual([
      'variant', 'geometry(srid:4326)', 'geography(OGC:CRS84,spherical)', 'unknown', 'timestamptz_ns', 'decimal(38,10)', 'list<fixed[4]>',
    ]);
    expect(currentSchema(m).fields[5]).toMatchObject({ initialDefault: '1.5000000000', writeDefault: '2.0000000000' });
    expect(m.refs).toEqual([
      { name: 'main', type: 'branch', snapshotId: 9n, minSnapshotsToKeep: 3, maxSnapshotAgeMs: 1000n, maxRefAgeMs: undefined },
      { name: 'v1', type: 'tag', snapshotId: 9n, minSnapshotsToKeep: undefined, maxSnapshotAgeMs: undefined, maxRefAgeMs: 99n },
    ]);
    expect(m.statistics[0]).toMatchObject({ snapshotId: 9n, fileSizeInBytes: 100n, blobMetadata: [{ type: 'apache-datasketches-theta-v1', fields: [1], properties: { ndv: '3' } }] });
    expect(m.partitionStatistics).toEqual([{ snapshotId: 9n, statisticsPath: 's3://b/t/metadata/p.parquet', fileSizeInBytes: 55n }]);
    expect(m.encryptionKeys[0].keyId).toBe('k1');
    expect(m.nextRowId).toBe(7n);
    expect(() => parseTableMetadata({ ...base, 'format-version': 3 })).toThrow(/next-row-id is required/);
  });

  it('refuses v4 as Unsupported and names the file', () => {
    const e = err({ ...base, 'format-version': 4 });
    expect(isLakeError(e, 'Unsupported')).toBe(true);
    expect((e as Error).message).toMatch(/^iceberg metadata: format-version 4 is not supported/);
    expect((e as { context: { file: string } }).context.file).toBe('metadata/v9.metadata.json');
  });
  it('names the missing or malformed field', () => {
    const cases: [unknown, RegExp][] = [
      [{ ...base, location: undefined }, /^iceberg metadata: location is required but missing/],
      [{ ...base, schemas: undefined }, /schemas is required/],
      [{ ...base, 'current-schema-id': 5 }, /current-schema-id names schema 5/],
      [{ ...base, schemas: [{ type: 'struct', fields: [{ id: 1, name: 'a', type: 'intt' }] }] }, /schemas\[0\]\.fields\[0\]\.type has unknown type 'intt'/],
      [{ ...base, 'current-snapshot-id': 7 }, /names snapshot 7/],
      [{ ...base, snapshots: [{ 'snapshot-id': 1, 'timestamp-ms': 1, 'sequence-number': 1, summary: {} }] }, /snapshots\[0\] has neither manifest-list nor manifests/],
      [{ ...base, 'sort-orders': undefined }, /sort-orders is required/],
      ['[]', /must be an object/],
    ];
    for (const [json, re] of cases) {
      const e = err(json);
      expect(isLakeError(e, 'DataInvalid'), String(re)).toBe(true);
      expect((e as Error).message).toMatch(re);
    }
  });
});

describe('JSON single values (defaults)', () => {
  it('decodes every primitive and struct defaults', () => {
    expect(decodeJsonValue({ kind: 'decimal', precision: 4, scale: 2 }, '14.20')).toBe(1420n);
    expect(decodeJsonValue({ kind: 'timestamptz' }, '2017-11-16T22:31:08.123456+00:00')).toBe(1510871468123456n);
    expect(decodeJsonValue({ kind: 'long' }, 34)).toBe(34n);
    expect(decodeJsonValue({ kind: 'binary' }, '000102ff')).toEqual(new Uint8Array([0, 1, 2, 255]));
    expect(decodeJsonValue({ kind: 'struct', fields: [{ id: 1, name: 'x', required: false, type: { kind: 'int' } }] }, { 1: 1 })).toEqual({ 1: 1 });
    expect(decodeJsonValue({ kind: 'int' }, 'x')).toBeUndefined();
  });
});
