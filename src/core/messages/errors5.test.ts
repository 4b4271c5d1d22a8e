/**
 * The messages of en-errors5.ts (corrupt, truncated or missing files: codecs, Iceberg, Paimon) render exactly
 * the English text their throw sites wrote before they carried a reference, and zh-CN renders each in Chinese
 * with the same data. Every key has a sample here, so a new key cannot go untested.
 */
import { describe, expect, it } from 'vitest';
import { readAvroFile } from '../codecs/avro/container-file.ts';
import { isLakeError, LakeError } from '../errors.ts';
import { withinError } from '../message-error.ts';
import { checkSize } from '../util/byte-source.ts';
import { enErrors5 } from './en-errors5.ts';
import { errorRef, errorText, messageParts, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { zh } from './zh.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);
const within = (where: string, message: ErrorRef) => r('error.within', { where, message });

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [r('error.withinFile', { where: 'iceberg manifest', file: 's3://b/t/metadata/m0.avro', message: r('error.avro.syncMismatch') }),
    'iceberg manifest: s3://b/t/metadata/m0.avro: avro: sync marker mismatch after block'],
  [within('paimon manifest', r('error.avro.badMagic')), 'paimon manifest: avro: not an Avro container file (bad magic)'],
  [r('error.parquet.invalidFooter', { detail: 'parquet file invalid (footer != PAR1)' }), 'parquet: invalid footer: parquet file invalid (footer != PAR1)'],
  [r('error.parquet.cannotReadRows', { detail: 'boom' }), 'parquet: cannot read rows: boom'],
  [r('error.parquet.rowGroupCount', { count: 2000000 }), 'parquet: implausible row group count 2000000'],
  [r('error.fileSize.mismatch', { file: 'data/a.parquet', actual: 10, recorded: 20 }),
    'file size: data/a.parquet has 10 bytes, not the 20 bytes its metadata records (truncated, appended to or replaced)'],
  [r('error.fileSize.longer', { file: 'data/a.parquet', recorded: 20 }),
    'file size: data/a.parquet is longer than the 20 bytes its metadata records (truncated, appended to or replaced)'],
  [r('error.fileSize.range', { offset: 10, length: 30, file: 'a.parquet', size: 20 }), 'file size: range 10+30 of a.parquet is past the 20 bytes its metadata records'],
  [r('error.avro.codec', { codec: '"lzo"' }), 'avro: unsupported codec "lzo"'],
  [r('error.readScan.taskMismatch', { index: 3 }), "read-scan: task 3 told early is not the plan's task 3"],
  [r('error.avro.decompress', { codec: 'deflate', detail: 'invalid block type' }), 'avro: deflate block does not decompress: invalid block type'],
  [r('error.avro.snappyShort'), 'avro: snappy block shorter than its checksum'],
  [r('error.avro.snappyChecksum'), 'avro: snappy block checksum mismatch'],
  [r('error.avro.snappyPreamble'), 'avro: invalid snappy length preamble'],
  [r('error.avro.schemaJson', { reason: 'Unexpected end of JSON input' }), 'avro: avro.schema is not valid JSON: Unexpected end of JSON input'],
  [r('error.avro.noSchema'), 'avro: header has no avro.schema'],
  [r('error.avro.leftOver', { bytes: 3, count: 2 }), 'avro: 3 bytes left over after 2 records'],
  [r('error.avro.blockClaims', { count: 900, bytes: 12 }), 'avro: block claims 900 records in 12 bytes'],
  [r('error.avro.boolean', { value: 7 }), 'avro: invalid boolean byte 7'],
  [r('error.avro.intVarint'), 'avro: int varint longer than 5 bytes'],
  [r('error.avro.longVarint'), 'avro: long varint longer than 10 bytes'],
  [r('error.avro.negative', { what: 'block size', value: -4 }), 'avro: negative block size -4'],
  [r('error.avro.lengthRange'), 'avro: length or count out of range'],
  [r('error.avro.enumIndex', { name: 'kind', index: 9 }), 'avro: enum kind index 9 out of range'],
  [r('error.avro.unionBranch', { index: 3, branches: 2 }), 'avro: union branch 3 out of range (2 branches)'],
  [r('error.avro.blockFit', { what: 'array', count: 99, bytes: 4 }), 'avro: array block of 99 items cannot fit in 4 bytes'],
  [r('error.avro.write.value', { value: '"x"', path: 'a.b', type: 'long' }), 'avro write: value "x" at a.b is not a valid long'],
  [r('error.avro.write.mapKey', { path: 'm' }), 'avro write: map key at m is not a string'],
  [r('error.avro.write.missing', { path: 'data_file.file_path' }), 'avro write: missing value for required field data_file.file_path'],
  [r('error.iceberg.missingFile', { subsystem: 'iceberg manifest', path: 's3://b/t/metadata/m.avro', key: 'metadata/m.avro', storage: 's3://b/t/' }),
    'iceberg manifest: s3://b/t/metadata/m.avro is missing (looked for metadata/m.avro in s3://b/t/)'],
  [r('error.iceberg.listOfOtherSnapshot', { file: 'snap-1.avro', actual: '1', expected: '2' }),
    'iceberg manifest-list: snap-1.avro belongs to snapshot 1, not 2 (a swapped or misplaced file)'],
  [r('error.iceberg.noReadableMetadata', { storage: 'folder t', newest: 'metadata/v3.metadata.json', reason: r('error.iceberg.notObject', { file: 'metadata/v3.metadata.json' }) }),
    'iceberg metadata: no readable metadata file under folder t; the newest, metadata/v3.metadata.json, failed with: iceberg metadata: metadata/v3.metadata.json is not a JSON object'],
  [r('error.iceberg.cannotListNoHint', { storage: 'https://h/t/', hint: 'metadata/version-hint.text', first: 'metadata/v1.metadata.json' }),
    'iceberg: https://h/t/ cannot be listed and has neither metadata/version-hint.text nor metadata/v1.metadata.json: open the table by the URL of one of its metadata files (…/metadata/<name>.metadata.json)'],
  [r('error.iceberg.noMetadata', { storage: 'folder t' }), 'iceberg: no metadata/*.metadata.json under folder t'],
  [r('error.iceberg.lineage', { file: 'metadata/v3.metadata.json', previous: 'v2.metadata.json', last: 'v1.metadata.json' }),
    'iceberg metadata: metadata/v3.metadata.json does not continue v2.metadata.json (its metadata-log ends with v1.metadata.json): an older metadata file copied or swapped into its place'],
  [r('error.iceberg.tableFolder', { path: 's3://b/t' }), 'iceberg: s3://b/t names the table folder itself, not a file'],
  [r('error.iceberg.notMetadataFolder', { path: 's3://b/t/v1.json' }), 'iceberg: s3://b/t/v1.json is not a file in a metadata/ folder'],
  [r('error.iceberg.noMetadataTable', { name: 'x', known: 'snapshots, refs' }), "iceberg: no metadata table 'x' (known: snapshots, refs)"],
  [r('error.iceberg.tree.manifestElsewhere', { path: 'm.avro' }), 'iceberg tree: manifest m.avro is not in the chosen snapshot'],
  [r('error.iceberg.tree.unknownNode', { node: 'x:1' }), 'iceberg tree: unknown node x:1'],
  [r('error.iceberg.deletes.noFile', { node: 'n1' }), 'iceberg deletes: tree node n1 names no file'],
  [r('error.iceberg.deletes.dvIncomplete', { path: 'dv.puffin' }), 'iceberg deletes: deletion vector dv.puffin has no referenced data file or blob range'],
  [r('error.iceberg.deletes.equality', { file: 'eq.parquet' }),
    'iceberg deletes: eq.parquet is an equality delete file: it deletes rows by their values (every row whose key columns match one of its rows), not by position'],
  [r('error.iceberg.deletes.noRows', { kind: 'data-file' }), 'iceberg deletes: a data-file node deletes no rows'],
  [r('error.paimon.pastState', { state: 'snapshot-3' }), 'paimon table: opening a past state (snapshot-3) is not supported; read its version with a version selector instead'],
  [r('error.paimon.notPaimon', { storage: 'folder t' }), 'paimon table: no schema/schema-N file under folder t: not a Paimon table'],
  [r('error.paimon.latestMissing', { id: '5', file: 'snapshot/snapshot-5' }), 'paimon snapshot: LATEST names snapshot 5 but snapshot/snapshot-5 does not exist (a committed snapshot is missing)'],
  [r('error.paimon.holdsOtherSnapshot', { file: 'snapshot/snapshot-2', actual: '3', expected: '2' }), 'paimon snapshot: snapshot/snapshot-2 holds snapshot 3, not 2'],
  [r('error.paimon.holdsOtherSchema', { file: 'schema/schema-0', actual: '1', expected: '0' }), 'paimon schema: schema/schema-0 holds schema 1, not 0'],
  [r('error.paimon.noMetadataTable', { name: 'files' }), "paimon: no metadata table 'files' (known: buckets)"],
  [r('error.paimon.tree.noSnapshot'), 'paimon tree: the table has no snapshot'],
  [r('error.paimon.tree.noNode', { node: 'x', snapshot: '3' }), "paimon tree: no node 'x' under snapshot 3"],
  [r('error.paimon.tree.noIndexEntry', { manifest: 'index-manifest-1', index: '4' }), 'paimon tree: index manifest index-manifest-1 has no entry 4'],
  [r('error.paimon.branchWrites', { branch: 'b1' }), "paimon commit: writes to branch 'b1' are not supported; open the main branch"],
  [r('error.paimon.incrementalKeys', { columns: 'id, dt' }), 'paimon incremental: the primary key columns (id, dt) must be among the columns'],
  [r('error.paimon.timeTravelBoth'), 'paimon time travel: give either a version or a timestamp, not both'],
  [within('paimon snapshot', r('error.json.notValid', { reason: 'Unexpected end of JSON input' })), 'paimon snapshot: not valid JSON (Unexpected end of JSON input)'],
  [within('paimon schema', r('error.json.notObject')), 'paimon schema: not a JSON object'],
  [within('paimon snapshot', r('error.paimon.spec.missing', { field: 'commitKind' })), 'paimon snapshot: missing commitKind'],
  [within('paimon snapshot', r('error.paimon.spec.notInteger', { value: '"x"' })), 'paimon snapshot: expected an integer, got "x"'],
  [within('paimon schema', r('error.paimon.spec.duplicateId', { id: '3' })), 'paimon schema: duplicate field id 3'],
  [within('paimon schema', r('error.paimon.spec.duplicateName', { name: 'a' })), "paimon schema: duplicate field name 'a'"],
  [within('paimon schema', r('error.paimon.spec.keyNotField', { column: 'k' })), "paimon schema: key column 'k' is not a field"],
  [within('paimon schema', r('error.paimon.spec.optionsNotObject')), 'paimon schema: options is not an object'],
  [within('paimon schema', r('error.paimon.spec.notNames', { what: 'primaryKeys' })), 'paimon schema: primaryKeys is not a list of names'],
  [within('paimon schema', r('error.paimon.spec.noField', { name: 'k', schema: '2' })), "paimon schema: no field 'k' in schema 2"],
  [r('error.paimon.consumerJson', { reason: 'Unexpected token' }), 'paimon consumer: not valid JSON (Unexpected token)'],
  [r('error.paimon.consumerNext'), 'paimon consumer: missing nextSnapshot'],
  [r('error.paimon.options.notInteger', { key: 'bucket', value: 'x' }), "paimon options: 'bucket' = 'x' is not an integer"],
  [r('error.paimon.options.notDuration', { key: 'snapshot.time-retained', value: '1 fortnight' }), "paimon options: 'snapshot.time-retained' = '1 fortnight' is not a duration"],
  [r('error.paimon.options.mergeEngine', { engine: 'magic' }), "paimon options: unknown merge-engine 'magic'"],
  [r('error.paimon.entryKind', { what: 'paimon manifest', kind: 7 }), 'paimon manifest: unknown entry kind 7'],
  [r('error.paimon.addedTwice', { what: 'paimon manifest', file: 'data-1.parquet' }), 'paimon manifest: file data-1.parquet is added twice'],
  [r('error.paimon.externalPath', { file: 'data-1.orc', path: 'oss://x/data-1.orc' }),
    'paimon read: data file data-1.orc lives at the external path oss://x/data-1.orc, outside the table folder; only files under the table root can be read'],
  [r('error.paimon.fileFormat', { format: 'AVRO' }), 'paimon read: AVRO data files are not supported (only Parquet and ORC)'],
  [r('error.paimon.rowCount', { file: 'bucket-0/data-1.parquet', rows: '3', recorded: '4' }),
    'paimon read: bucket-0/data-1.parquet has 3 rows but its manifest records 4 (a swapped or rewritten file)'],
  [r('error.paimon.pkFileColumn', { column: '_SEQUENCE_NUMBER' }), 'paimon read: primary-key data file has no _SEQUENCE_NUMBER column'],
  [r('error.paimon.pkTableColumn', { column: '_VALUE_KIND' }), 'paimon read: data file of a primary-key table has no _VALUE_KIND column'],
  [r('error.paimon.totalRecords', { snapshot: '4', rows: '10', recorded: '12' }),
    'paimon manifest-list: the live files of snapshot 4 hold 10 rows but the snapshot records totalRecordCount 12 (a truncated or swapped manifest list)'],
  [r('error.paimon.rowKind', { file: 'changelog-1.parquet', row: '5', kind: '9' }), 'paimon changelog: changelog-1.parquet row 5 has the unknown row kind 9 (RowKind is 0-3)'],
  [r('error.paimon.sequenceField', { fields: 'ts' }),
    "paimon scan: 'sequence.field' (ts) orders records by user columns instead of the system sequence number; this reader merges by sequence number only"],
  [r('error.paimon.partialUpdate'), "paimon scan: merge-engine 'partial-update' merges the records of a key column by column (later non-null values overwrite earlier ones, with sequence groups); this reader does not implement it. Read the table with Paimon (Flink/Spark), or inspect its files and LSM levels here."],
  [r('error.paimon.aggregation'), "paimon scan: merge-engine 'aggregation' folds the records of a key with per-column aggregate functions ('fields.<col>.aggregate-function'); this reader does not implement them. Read the table with Paimon (Flink/Spark), or inspect its files and LSM levels here."],
  [r('error.paimon.unknownColumn', { column: 'x', columns: 'id, v' }), "paimon scan: unknown column 'x' (columns: id, v)"],
  [r('error.paimon.cannotConvert', { column: 'c', from: 'Utf8', to: 'Int32' }), "paimon read: column 'c' was written as Utf8 and cannot be read as Int32"],
  [r('error.paimon.cannotConvert', { column: 'c', from: 'Utf8' }), "paimon read: column 'c' was written as Utf8 and cannot be converted"],
  [r('error.paimon.cannotReadAs', { column: 'c', from: 'STRING', to: 'INT' }), "paimon read: column 'c': cannot read STRING as INT"],
  [r('error.paimon.castFailed', { column: 'c', from: 'STRING', to: 'INT', detail: "'x' is not a number" }),
    "paimon read: column 'c' written as STRING cannot be read as INT: 'x' is not a number (Paimon fails the read as well)"],
  [within('paimon deletion-vector', r('error.paimon.dv.version', { version: '65' })), 'paimon deletion-vector: unknown index file version 65'],
  [within('paimon deletion-vector', r('error.paimon.dv.offset', { offset: 90, bytes: 40 })), 'paimon deletion-vector: vector offset 90 is outside the file (40 bytes)'],
  [within('paimon deletion-vector', r('error.paimon.dv.length', { size: 12, recorded: 20 })), 'paimon deletion-vector: vector length 12 does not match the index manifest (20)'],
  [within('paimon deletion-vector', r('error.paimon.dv.pastEnd', { size: 12 })), 'paimon deletion-vector: vector of 12 bytes runs past the file end'],
  [within('paimon deletion-vector', r('error.paimon.dv.crc')), 'paimon deletion-vector: vector CRC mismatch'],
  [within('paimon deletion-vector', r('error.paimon.dv.magic', { value: 42 })), 'paimon deletion-vector: bad magic 42'],
  [within('paimon deletion-vector', r('error.paimon.dv.roaring', { detail: 'truncated' })), 'paimon deletion-vector: invalid roaring bitmap: truncated'],
  [r('error.paimon.deletes.notByPosition', { kind: 'data-file', label: 'data-1.parquet' }), 'paimon deletes: a data-file node (data-1.parquet) deletes no rows by position'],
  [r('error.paimon.deletes.noIndexEntry', { manifest: 'index-manifest-1', index: '2' }), 'paimon deletes: index manifest index-manifest-1 has no entry 2'],
  [r('error.paimon.deletes.notDv', { file: 'index-1', type: 'HASH' }), 'paimon deletes: index-1 is a HASH index, not deletion vectors'],
  [r('error.paimon.deletes.noVector', { file: 'index-1', dataFile: 'data-1.parquet' }), 'paimon deletes: index-1 holds no vector for data-1.parquet'],
];

/** Latin words that may stand in Chinese text: names of formats, files, fields and terms kept in English. */
const TERMS = /^(iceberg|paimon|avro|parquet|snappy|json|schema|footer|union|int|long|map|manifest|list|metadata|log|deletion|vector|blob|latest|consumer|nextsnapshot|merge|engine|sequence|field|partial|update|aggregation|aggregate|function|flink|spark|lsm|roaring|crc|totalrecordcount|changelog|rowkind|index|orc|fields|col|options|buckets|snapshot|version|hint|text|url)$/i;

describe('en-errors5 / zh-errors5', () => {
  catalogSampleChecks(enErrors5, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+]+/, allowed: (w, next) => TERMS.test(w) || TERMS.test(next) });

  it('a truncated Avro file inside a table: the subsystem and file in front, the codec\'s reason in Chinese', () => {
    const caught = (f: () => unknown) => { try { f(); } catch (e) { return e as LakeError; } throw new Error('no error'); };
    const e = caught(() => readAvroFile(new TextEncoder().encode('Obj\x01 not avro at all'), { name: 'm.avro' }));
    const wrapped = withinError(e, 'iceberg manifest', { ...e.context, file: 'm.avro' }, 's3://b/t/metadata/m.avro');
    expect(isLakeError(wrapped, 'DataInvalid')).toBe(true);
    expect(wrapped.message).toBe(`iceberg manifest: s3://b/t/metadata/m.avro: ${e.message}`);
    expect(errorText(wrapped.ref!)).toBe(wrapped.message);
    expect(errorText(wrapped.ref!, zh)).toMatch(/^iceberg manifest：s3:\/\/b\/t\/metadata\/m\.avro：avro：数据被截断：/);
  });

  it('an inner error without a message: the wrapper is in the reader\'s language, the inner English quoted as data and marked untranslated', () => {
    const inner = new LakeError('DataInvalid', 'puffin: bad magic');
    const wrapped = withinError(inner, 'iceberg deletion vector');
    expect(wrapped.message).toBe('iceberg deletion vector: puffin: bad magic');
    expect(errorText(wrapped.ref!)).toBe(wrapped.message);
    expect(messageParts(wrapped.ref!, zh)).toEqual([{ data: 'iceberg deletion vector' }, '：', { data: 'puffin: bad magic' }, '（英文原文，尚未翻译）']);
  });

  it('a file shorter than its recorded size says so in Chinese, the numbers and the file apart', () => {
    const e = (() => { try { checkSize(new Uint8Array(10), 20, 'data/a.parquet'); } catch (x) { return x as LakeError; } throw new Error('no error'); })();
    expect(e.message).toBe('file size: data/a.parquet has 10 bytes, not the 20 bytes its metadata records (truncated, appended to or replaced)');
    expect(errorText(e.ref!, zh)).toBe('文件大小：data/a.parquet 有 10 字节，而元数据记录的是 20 字节（文件被截断、追加或替换过）');
  });
});
