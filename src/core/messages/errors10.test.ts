/**
 * The messages of en-errors10.ts (Iceberg metadata JSON fields, manifests and manifest lists, delete and data
 * files, refs that point nowhere, the writer's row checks) render exactly the English their throw sites wrote
 * before they carried a reference, and zh-CN renders each in Chinese with the same data. Every key has a sample
 * here, so a new key cannot go untested.
 */
import { describe, expect, it } from 'vitest';
import type { LakeError } from '../errors.ts';
import { parseTableMetadata } from '../formats/iceberg/spec/table-metadata.ts';
import { enErrors10 } from './en-errors10.ts';
import { errorRef, errorText, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { zh } from './zh.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);
const field = (path: string, what: ErrorRef) => r('error.iceberg.json.field', { subsystem: 'iceberg metadata', path, what });
const entry = (index: number, what: ErrorRef) => r('error.iceberg.manifest.entry', { index, what });

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [field('snapshots', r('error.iceberg.json.list')), 'iceberg metadata: snapshots must be a list'],
  [r('error.iceberg.json.root', { subsystem: 'iceberg metadata', what: r('error.iceberg.json.object') }), 'iceberg metadata: must be an object'],
  [field('table-uuid', r('error.iceberg.json.missing')), 'iceberg metadata: table-uuid is required but missing'],
  [field('location', r('error.iceberg.json.string')), 'iceberg metadata: location must be a string'],
  [field('last-column-id', r('error.iceberg.json.integer')), 'iceberg metadata: last-column-id must be an integer'],
  [field('snapshots[0].snapshot-id', r('error.iceberg.json.long')), 'iceberg metadata: snapshots[0].snapshot-id must be a 64-bit integer'],
  [field('schemas[0].fields[1].required', r('error.iceberg.json.boolean')), 'iceberg metadata: schemas[0].fields[1].required must be true or false'],
  [field('partition-specs[0].fields[0]', r('error.iceberg.json.sourceId')), 'iceberg metadata: partition-specs[0].fields[0] needs source-id or source-ids'],
  [field('snapshots[1]', r('error.iceberg.json.noManifests')), 'iceberg metadata: snapshots[1] has neither manifest-list nor manifests'],
  [field('refs.main.type', r('error.iceberg.json.refType', { value: 'head' })), "iceberg metadata: refs.main.type must be branch or tag, not 'head'"],
  [field('sort-orders[0].fields[0].direction', r('error.iceberg.json.direction', { value: 'up' })), "iceberg metadata: sort-orders[0].fields[0].direction must be asc or desc, not 'up'"],
  [field('sort-orders[0].fields[0].null-order', r('error.iceberg.json.nullOrder', { value: 'x' })),
    "iceberg metadata: sort-orders[0].fields[0].null-order must be nulls-first or nulls-last, not 'x'"],
  [field('format-version', r('error.iceberg.json.formatVersion', { version: '0' })), 'iceberg metadata: format-version must be 1, 2 or 3, not 0'],
  [field('current-snapshot-id', r('error.iceberg.json.currentSnapshot', { id: '42' })), 'iceberg metadata: current-snapshot-id names snapshot 42, which is not in snapshots'],
  [field('current-schema-id', r('error.iceberg.json.currentSchema', { id: '3' })), 'iceberg metadata: current-schema-id names schema 3, which is not in schemas'],
  [field('default-spec-id', r('error.iceberg.json.defaultSpec', { id: '1' })), 'iceberg metadata: default-spec-id names spec 1, which is not in partition-specs'],
  [field('schemas[0].fields[0].type.type', r('error.iceberg.json.nestedType', { kind: 'set' })), "iceberg metadata: schemas[0].fields[0].type.type has unknown nested type 'set'"],
  [field('schemas[0].fields[0].type', r('error.iceberg.json.precision', { precision: 40 })), 'iceberg metadata: schemas[0].fields[0].type has decimal precision 40 outside 1..38'],
  [field('schemas[0].fields[0].type', r('error.iceberg.json.unknownType', { type: 'int128' })), "iceberg metadata: schemas[0].fields[0].type has unknown type 'int128'"],
  [entry(3, r('error.iceberg.entry.status')), 'iceberg manifest: entry 3 has an invalid status'],
  [entry(3, r('error.iceberg.entry.hasNo', { field: 'file_path' })), 'iceberg manifest: entry 3 has no file_path'],
  [entry(3, r('error.iceberg.entry.hasNoValid', { field: 'record_count' })), 'iceberg manifest: entry 3 has no valid record_count'],
  [entry(3, r('error.iceberg.entry.content', { content: '7' })), 'iceberg manifest: entry 3 has unknown content 7'],
  [entry(3, r('error.iceberg.entry.eqIds')), 'iceberg manifest: entry 3 is an equality delete file without equality_ids'],
  [entry(3, r('error.iceberg.entry.dv')), 'iceberg manifest: entry 3 is a deletion vector without referenced_data_file, content_offset and content_size_in_bytes'],
  [r('error.iceberg.manifestList.entry', { index: 0, what: r('error.iceberg.entry.hasNo', { field: 'manifest_length' }) }), 'iceberg manifest-list: entry 0 has no manifest_length'],
  [r('error.iceberg.manifest.noDataFile'), 'iceberg manifest: records have no data_file struct (field 2)'],
  [r('error.iceberg.manifestList.notRecords'), 'iceberg manifest-list: records are not Avro records'],
  [r('error.iceberg.manifest.inFile', { file: 'm0.avro', message: r('error.avro.snappyChecksum') }), 'iceberg manifest: m0.avro: avro: snappy block checksum mismatch'],
  [r('error.iceberg.manifest.twice', { file: 'data/a.parquet' }), 'iceberg manifest: data file data/a.parquet is live in more than one manifest entry'],
  [r('error.iceberg.manifest.sameFile', { first: 's3://b/t/data/a.parquet', file: 'data/a.parquet', key: 'data/a.parquet' }),
    'iceberg manifest: data files s3://b/t/data/a.parquet and data/a.parquet are the same file (data/a.parquet), live in two manifest entries'],
  [r('error.iceberg.manifestList.spec', { file: 'm0.avro', spec: 4 }), 'iceberg manifest-list: m0.avro uses partition spec 4, which is not in the table metadata'],
  [r('error.iceberg.manifestList.count', { file: 'snap-1.avro', live: 2, content: r('error.iceberg.content.data'), key: 'total-data-files', recorded: '3' }),
    'iceberg manifest-list: snap-1.avro counts 2 live data files but the snapshot summary records total-data-files=3 (a truncated or swapped manifest list)'],
  [r('error.iceberg.manifestList.count', { file: 'snap-1.avro', live: 2, content: r('error.iceberg.content.delete'), key: 'total-delete-files', recorded: '1' }),
    'iceberg manifest-list: snap-1.avro counts 2 live delete files but the snapshot summary records total-delete-files=1 (a truncated or swapped manifest list)'],
  [r('error.iceberg.ref.dangling', { type: 'tag', name: 'v1', id: '9' }), 'iceberg metadata: tag "v1" points at snapshot 9, which is not in snapshots'],
  [r('error.iceberg.readFrom', { message: r('error.iceberg.ref.dangling', { type: 'tag', name: 'v1', id: '9' }), file: 'metadata/v3.metadata.json' }),
    'iceberg metadata: tag "v1" points at snapshot 9, which is not in snapshots (read from metadata/v3.metadata.json)'],
  [r('error.iceberg.scan.unknownColumn', { column: 'x', columns: 'id, data' }), "iceberg scan: unknown column 'x' (columns: id, data)"],
  [r('error.iceberg.read.schema', { id: 5 }), 'iceberg read: schema 5 of the task is not in the table metadata'],
  [r('error.iceberg.read.format', { format: 'avro', file: 'data/a.avro' }), 'iceberg read: avro data files are not supported yet (data/a.avro)'],
  [r('error.iceberg.read.projected', { id: 7 }), 'iceberg read: projected field 7 is not a top-level column of the read schema'],
  [r('error.iceberg.read.rowCount', { file: 'data/a.parquet', rows: '3', recorded: '4' }), 'iceberg read: data/a.parquet has 3 rows but its manifest records 4 (a swapped or rewritten file)'],
  [r('error.iceberg.read.type', { column: 'n', type: 'Utf8', target: 'int' }), "iceberg read: column 'n' is Utf8 in the data file, which cannot be read as int"],
  [r('error.iceberg.read.dictionary'), 'iceberg read: dictionary column without a dictionary'],
  [r('error.iceberg.read.defaultValue', { kind: 'list' }), 'iceberg read: a non-null default value for a list column is not supported yet'],
  [r('error.iceberg.schema.initialDefault', { field: 'x' }), "iceberg schema: initial-default of 'x' does not fit type"],
  [r('error.iceberg.deletes.nullPath', { file: 'del.parquet' }), 'iceberg delete file: del.parquet has a null file_path or pos'],
  [r('error.iceberg.deletes.fieldId', { id: 9, file: 'eq.parquet' }), 'iceberg delete file: equality field id 9 of eq.parquet is in no schema of the table'],
  [r('error.iceberg.deletes.noColumn', { file: 'eq.parquet', id: 1, name: 'id' }), 'iceberg delete file: eq.parquet has no column for field 1 (id)'],
  [r('error.iceberg.deletes.notRecords', { file: 'del.avro' }), 'iceberg delete file: del.avro does not hold records'],
  [r('error.iceberg.deletes.format', { format: 'orc', file: 'del.orc' }), 'iceberg delete file: orc delete files are not supported (del.orc)'],
  [r('error.iceberg.write.value', { path: 'id', value: '"x"', type: 'long' }), 'iceberg write: id: "x" is not a valid long'],
  [r('error.iceberg.write.required', { path: 'id' }), 'iceberg write: id is required but null'],
  [r('error.iceberg.write.rowRequired', { row: 2, column: 'id' }), 'iceberg write: row 2: id is required but null'],
  [r('error.iceberg.write.range', { row: 2, column: 'n', value: '99999999999999999999', type: 'long' }), 'iceberg write: row 2: n: 99999999999999999999n is out of the 64-bit range of long'],
  [r('error.iceberg.write.holdsNulls', { column: 'id' }), 'iceberg write: id is required but holds nulls'],
  [r('error.iceberg.write.type', { type: 'variant' }), 'iceberg write: columns of type variant cannot be written yet'],
  [r('error.iceberg.write.tooLarge', { column: 'blob' }), 'iceberg write: column blob holds over 2 GiB in one file'],
  [r('error.iceberg.write.extraColumns', { columns: 'a, b' }), 'iceberg append: column(s) a, b are not in the table schema'],
  [r('error.iceberg.write.formatVersion', { version: 4 }), 'iceberg append: format-version 4'],
  [r('error.iceberg.write.overwriteRow', { row: 1 }),
    'iceberg overwrite: row 1 does not match the overwrite filter, so it would not be replaced by a later overwrite of the same filter'],
  [r('error.iceberg.delete.morVersion'), 'iceberg delete: merge-on-read needs format version 2 or later'],
  [r('error.iceberg.delete.eqVersion'), 'iceberg delete: equality deletes need format version 2 or later'],
  [r('error.iceberg.delete.keyColumn', { column: 's' }), 'iceberg delete: s is not a top-level primitive column'],
  [r('error.iceberg.delete.partitionSource', { column: 'day', field: 'day_day' }), 'iceberg delete: the key columns must include partition source column day (day_day)'],
  [r('error.iceberg.write.transform', { field: 'p', transform: 'zorder' }), 'iceberg write: partition field p has the unknown transform zorder; writers may not commit with it'],
  [r('error.iceberg.write.multiArg', { field: 'p' }), 'iceberg write: multi-argument partition transforms (p) cannot be written yet'],
  [r('error.iceberg.write.partitionSource', { id: 3, field: 'p' }), 'iceberg write: partition source column 3 of p is not a primitive column of the schema'],
];

/** Latin words that may stand in Chinese text: format terms, JSON and Avro field names, types and settings kept in English. */
const TERMS = /^(iceberg|metadata|manifest|list|manifests|source|ids?|snapshots|schemas|partition|specs|branch|tag|asc|desc|nulls|first|last|true|false|decimal|data|file|struct|avro|record|deletion|vector|referenced|content|offset|size|in|bytes|equality|format|version|merge|on|read|transform|status|path|pos|initial|default|schema|total|files|delete|utf8|int|long|gib|json)$/i;

describe('en-errors10 / zh-errors10', () => {
  catalogSampleChecks(enErrors10, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+_]+/, allowed: (w, next) => TERMS.test(w) || TERMS.test(next) });

  it('a metadata file with a damaged field says which, and what is wrong, in Chinese from the real failure', () => {
    const caught = (f: () => unknown) => { try { f(); } catch (e) { return e as LakeError; } throw new Error('no error'); };
    const e = caught(() => parseTableMetadata({ 'format-version': 2, 'table-uuid': 'u', location: 's3://b/t', 'last-sequence-number': 0, 'last-updated-ms': 0,
      'last-column-id': 1, schemas: 'nope' }, 'metadata/v1.metadata.json'));
    expect(errorText(e.ref!)).toBe(e.message);
    expect(e.message).toBe('iceberg metadata: schemas must be a list');
    expect(errorText(e.ref!, zh)).toBe('iceberg metadata：字段 schemas 必须是列表');
  });
});
