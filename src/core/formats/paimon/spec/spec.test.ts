/**
 * The Paimon spec parsers on hand-written inputs and on the real fixture files: data types, schemas,
 * options, snapshots, tags, consumers, layout names, partition paths.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLakeError } from '../../../errors.ts';
import { FIXTURES_PRESENT, listFixtures } from '../../../../testing/fixtures.ts';
import { parseConsumer } from './consumer.ts';
import { formatDataType, parseAtomicType, parseDataType, valueTypeOf } from './data-type.ts';
import { checkRefName, snapshotKey, tagKey, versionedId, branchRoot } from './layout.ts';
import { batchScanSkipLevel0, coreOptions, parseDuration } from './options.ts';
import { decimalString, escapePathName, javaDoubleString, localDateTimeString, partitionPath, partitionPathOptions } from './partition-path.ts';
import { keyFields, parseTableSchema, partitionFields, trimmedPrimaryKeys } from './schema.ts';
import { parseSnapshot, serializeSnapshotJson } from './snapshot.ts';
import { parseTag, tagJson } from './tag.ts';

describe('paimon data types', () => {
  it('parses atomic SQL strings with Paimon defaults', () => {
    expect(parseAtomicType('INT NOT NULL')).toEqual({ root: 'INT', nullable: false });
    expect(parseAtomicType('STRING')).toEqual({ root: 'VARCHAR', nullable: true, length: 2147483647 });
    expect(parseAtomicType('DECIMAL(23, 5)')).toEqual({ root: 'DECIMAL', nullable: true, precision: 23, scale: 5 });
    expect(parseAtomicType('DECIMAL')).toMatchObject({ precision: 10, scale: 0 });
    expect(parseAtomicType('TIMESTAMP(9)')).toEqual({ root: 'TIMESTAMP', nullable: true, precision: 9 });
    expect(parseAtomicType('TIMESTAMP')).toMatchObject({ root: 'TIMESTAMP', precision: 6 });
    expect(parseAtomicType('TIMESTAMP(3) WITH LOCAL TIME ZONE NOT NULL')).toEqual({ root: 'TIMESTAMP_LTZ', nullable: false, precision: 3 });
    expect(parseAtomicType('TIMESTAMP_LTZ(6)')).toMatchObject({ root: 'TIMESTAMP_LTZ', precision: 6 });
    expect(parseAtomicType('BYTES')).toMatchObject({ root: 'VARBINARY' });
    expect(parseAtomicType('double precision')).toMatchObject({ root: 'DOUBLE' });
    expect(() => parseAtomicType('WHATEVER(1)')).toThrow(/^paimon schema: unknown data type/);
    expect(() => parseAtomicType('INT(((')).toThrow(/cannot parse/);
  });

  it('parses nested JSON types and prints them back', () => {
    const t = parseDataType({
      type: 'ROW<a INT, m MAP<STRING, ARRAY<BIGINT>>> NOT NULL',
      fields: [
        { id: 10, name: 'a', type: 'INT' },
        { id: 11, name: 'm', type: { type: 'MAP<STRING, ARRAY<BIGINT>>', key: 'STRING NOT NULL', value: { type: 'ARRAY<BIGINT>', element: 'BIGINT' } } },
      ],
    });
    expect(t.nullable).toBe(false);
    expect(formatDataType(t)).toBe('ROW<`a` INT, `m` MAP<STRING NOT NULL, ARRAY<BIGINT>>> NOT NULL');
    expect(valueTypeOf(t)).toEqual({ kind: 'other' });
    expect(valueTypeOf(parseAtomicType('TIMESTAMP(9)'))).toEqual({ kind: 'timestamp_ns' });
    expect(valueTypeOf(parseAtomicType('DECIMAL(5,2)'))).toEqual({ kind: 'decimal', precision: 5, scale: 2 });
    expect(() => parseDataType({ type: 'ROW<x INT>' })).toThrow(/ROW type without fields/);
  });
});

const SCHEMA = `{
  "version" : 3, "id" : 2,
  "fields" : [ { "id" : 0, "name" : "dt", "type" : "DATE NOT NULL" }, { "id" : 1, "name" : "k", "type" : "BIGINT NOT NULL" },
    { "id" : 4, "name" : "v", "type" : "STRING", "description" : "a value" } ],
  "highestFieldId" : 4, "partitionKeys" : [ "dt" ], "primaryKeys" : [ "dt", "k" ],
  "options" : { "bucket" : "4", "merge-engine" : "first-row", "snapshot.time-retained" : "30 min", "num-sorted-run.compaction-trigger" : "3" },
  "timeMillis" : 1700000000000 }`;

describe('paimon schemas and options', () => {
  it('parses a schema and derives keys and typed options', () => {
    const s = parseTableSchema(SCHEMA, 'schema/schema-2');
    expect(s.id).toBe(2);
    expect(s.fields.map((f) => f.name)).toEqual(['dt', 'k', 'v']);
    expect(s.fields[2]!.description).toBe('a value');
    expect(trimmedPrimaryKeys(s)).toEqual(['k']);
    expect(keyFields(s).map((f) => f.id)).toEqual([1]);
    expect(partitionFields(s).map((f) => f.name)).toEqual(['dt']);
    const o = coreOptions(s);
    expect(o).toMatchObject({ bucket: 4, mergeEngine: 'first-row', snapshotTimeRetainedMs: 1_800_000, numSortedRunCompactionTrigger: 3, numLevels: 4 });
    expect(batchScanSkipLevel0(o)).toBe(true);
  });

  it('applies the old-version defaults Paimon applies', () => {
    const s = parseTableSchema('{"id":0,"fields":[{"id":0,"name":"a","type":"INT"}],"highestFieldId":0,"partitionKeys":[],"primaryKeys":[],"options":{}}');
    expect(s.version).toBe(1);
    expect(s.options).toEqual({ bucket: '1', 'file.format': 'orc' });
  });

  it('rejects malformed schemas with the file in context', () => {
    for (const [text, msg] of [
      ['{"id":0,"fields":[{"id":0,"name":"a","type":"INT"},{"id":0,"name":"b","type":"INT"}]}', /duplicate field id 0/],
      ['{"id":0,"fields":[{"id":0,"name":"a","type":"INT"}],"primaryKeys":["z"]}', /key column 'z' is not a field/],
      ['[1]', /not a JSON object/],
      ['{"fields":[]}', /missing schema id/],
    ] as const) {
      try {
        parseTableSchema(text, 'schema/schema-9');
        expect.unreachable();
      } catch (e) {
        expect(isLakeError(e, 'DataInvalid')).toBe(true);
        expect((e as Error).message).toMatch(msg);
        expect((e as { context: Record<string, unknown> }).context.file).toBe('schema/schema-9');
      }
    }
  });

  it('parses durations and rejects bad option values', () => {
    expect(parseDuration('1 h')).toBe(3_600_000);
    expect(parseDuration('100ms')).toBe(100);
    expect(parseDuration('2d')).toBe(172_800_000);
    expect(parseDuration('5')).toBe(5);
    expect(() => parseDuration('soon')).toThrow(/not a duration/);
    const s = parseTableSchema(SCHEMA.replace('"bucket" : "4"', '"bucket" : "four"'));
    expect(() => coreOptions(s)).toThrow(/'bucket' = 'four' is not an integer/);
  });
});

describe('paimon snapshots, tags, consumers', () => {
  const text = '{"version":3,"id":12345678901234567,"schemaId":0,"baseManifestList":"b","deltaManifestList":"d","commitUser":"u",'
    + '"commitIdentifier":9223372036854775807,"commitKind":"OVERWRITE","timeMillis":1700000000000,"totalRecordCount":5,"watermark":-9223372036854775808,"unknownField":{"x":1}}';

  it('keeps 64-bit ids exact and every field for re-serialisation', () => {
    const s = parseSnapshot(text);
    expect(s.id).toBe(12345678901234567n);
    expect(s.commitIdentifier).toBe(2n ** 63n - 1n);
    expect(s.watermark).toBe(-(2n ** 63n));
    expect(s.commitKind).toBe('OVERWRITE');
    expect(parseSnapshot(serializeSnapshotJson(s.raw)).raw).toEqual(s.raw);
    expect(serializeSnapshotJson(s.raw)).toContain('"unknownField"');
  });

  it('rejects snapshots without the required fields', () => {
    expect(() => parseSnapshot('{"id":1}', 'snapshot/snapshot-1')).toThrow(/^paimon snapshot: missing schemaId/);
    expect(() => parseSnapshot('nope', 'snapshot/snapshot-1')).toThrow(/^paimon snapshot: not valid JSON/);
  });

  it('writes tags as snapshot copies with Java LocalDateTime arrays, and reads both time forms', () => {
    const s = parseSnapshot(text);
    const json = tagJson(s, Date.UTC(2024, 11, 31, 23, 59, 58, 123), 86_400_000);
    expect(json.tagCreateTime).toEqual([2024, 12, 31, 23, 59, 58, 123_000_000]);
    expect(json.tagTimeRetained).toBe(86400);
    const tag = parseTag('t', serializeSnapshotJson(json));
    expect(tag.snapshot.id).toBe(s.id);
    expect(tag.createTimeMs).toBe(Date.UTC(2024, 11, 31, 23, 59, 58, 123));
    expect(tag.timeRetainedMs).toBe(86_400_000);
    const stringForm = parseTag('t', `${text.slice(0, -1)},"tagCreateTime":"2024-01-02T03:04:05","tagTimeRetained":"PT1H"}`);
    expect([stringForm.createTimeMs, stringForm.timeRetainedMs]).toEqual([Date.UTC(2024, 0, 2, 3, 4, 5), 3_600_000]);
  });

  it('parses consumers', () => {
    expect(parseConsumer('c', '{"nextSnapshot":7}').nextSnapshot).toBe(7n);
    expect(() => parseConsumer('c', '{}', 'consumer/consumer-c')).toThrow(/^paimon consumer: missing nextSnapshot/);
  });
});

describe('paimon layout and partition paths', () => {
  it('names files as Paimon does', () => {
    expect(snapshotKey(3n)).toBe('snapshot/snapshot-3');
    expect(snapshotKey(3n, 'dev')).toBe('branch/branch-dev/snapshot/snapshot-3');
    expect(tagKey('a')).toBe('tag/tag-a');
    expect(branchRoot('main')).toBe('');
    expect(versionedId('snapshot-12', 'snapshot-')).toBe(12n);
    expect(versionedId('snapshot-x', 'snapshot-')).toBeUndefined();
    expect(() => checkRefName('42', 'tag')).toThrow(/purely numeric/);
    expect(() => checkRefName('a/b', 'tag')).toThrow(/not a valid file name/);
    expect(() => checkRefName('main', 'branch')).toThrow(/default branch/);
  });

  it('renders partition values like Java toString and escapes like PartitionPathUtils', () => {
    expect(escapePathName('a/b=c d%')).toBe('a%2Fb%3Dc d%25');
    expect(javaDoubleString(1)).toBe('1.0');
    expect(javaDoubleString(1.5e-5)).toBe('1.5E-5');
    expect(javaDoubleString(12345678)).toBe('1.2345678E7');
    expect(decimalString(-12345n, 3)).toBe('-12.345');
    expect(decimalString(5n, 2)).toBe('0.05');
    expect(localDateTimeString(0n, false)).toBe('1970-01-01T00:00');
    expect(localDateTimeString(1_500_000n, false)).toBe('1970-01-01T00:00:01.500');
    expect(localDateTimeString(-1n, true)).toBe('1969-12-31T23:59:59.999999999');
    const s = parseTableSchema(SCHEMA);
    expect(partitionPath(partitionFields(s), [19000], partitionPathOptions(s.options))).toBe('dt=19000/');
    expect(partitionPath(partitionFields(s), [19000], partitionPathOptions({ 'partition.legacy-name': 'false' }))).toBe('dt=2022-01-08/');
    expect(partitionPath(partitionFields(s), [null], partitionPathOptions({}))).toBe('dt=__DEFAULT_PARTITION__/');
  });
});

describe.skipIf(!FIXTURES_PRESENT)('paimon spec on the fixtures', () => {
  it('parses every schema and snapshot file of every fixture', () => {
    for (const fx of listFixtures('paimon')) {
      for (const id of [0, 1]) {
        let text: string;
        try { text = readFileSync(join(fx.root, `schema/schema-${id}`), 'utf8'); } catch { continue; }
        const s = parseTableSchema(text, `schema/schema-${id}`);
        expect(s.id).toBe(id);
      }
      for (const v of fx.expected.versions) {
        const s = parseSnapshot(readFileSync(join(fx.root, `snapshot/snapshot-${v.id}`), 'utf8'));
        expect([String(s.id), s.timeMillis, s.commitKind]).toEqual([v.id, v.timestampMs, v.operation]);
      }
    }
  });
});
