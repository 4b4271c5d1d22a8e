/**
 * The messages of en-errors9.ts (Hudi log blocks, archived timeline, schemas, properties, incremental reads and
 * time travel; Paimon's damaged records, binary rows, data types, casts, new tables, compaction, rollback and row
 * values) render exactly the English their throw sites wrote before they carried a reference, and zh-CN renders
 * each in Chinese with the same data. Every key has a sample here, so a new key cannot go untested.
 */
import { describe, expect, it } from 'vitest';
import type { LakeError } from '../errors.ts';
import { frameLogFile } from '../formats/hudi/io/log-block.ts';
import { parseAtomicType } from '../formats/paimon/spec/data-type.ts';
import { decodeBinaryRow } from '../formats/paimon/spec/binary-row.ts';
import { resolveCast } from '../formats/paimon/spec/cast.ts';
import { checkSupportedOptions } from '../formats/paimon/commit/create-table.ts';
import { enErrors9 } from './en-errors9.ts';
import { errorRef, errorText, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { zh } from './zh.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);
const within = (where: string, message: ErrorRef) => r('error.within', { where, message });
const log = '.f1_20240101000000000.log.1_0-1-0';

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [within('hudi archived timeline', r('error.hudi.log.notBlock', { file: log, bytes: 12, offset: 0 })),
    `hudi archived timeline: hudi log: ${log}: 12 bytes at offset 0 are not a block (no #HUDI# magic); skipped as Hudi does`],
  [r('error.hudi.log.corruptBlock', { file: log, offset: 6, detail: 'block size 99 runs past the file', bytes: 40 }),
    `hudi log: ${log}: corrupt block at offset 6 (block size 99 runs past the file); 40 bytes skipped as Hudi does`],
  [r('error.hudi.log.version0'), 'hudi log: log format version 0 blocks are not supported'],
  [r('error.hudi.log.writerSchema', { file: log, detail: 'Unexpected end of JSON input' }), `hudi log: ${log}: the block's writer schema is not valid Avro (Unexpected end of JSON input)`],
  [r('error.hudi.log.decodeData', { file: log, offset: 8, detail: 'avro: invalid boolean byte 7' }), `hudi log: ${log}: cannot decode the Avro data block at offset 8: avro: invalid boolean byte 7`],
  [r('error.hudi.log.kryoDelete', { file: log, version: 2, offset: 8 }),
    `hudi log: ${log}: delete block version 2 at offset 8 holds Kryo-serialised Java objects; only version 3 (Avro) is read`],
  [r('error.hudi.log.decodeDelete', { file: log, offset: 8, detail: 'x' }), `hudi log: ${log}: cannot decode the delete block at offset 8: x`],
  [r('error.hudi.log.instant', { file: log, type: 'avro_data', offset: 0, instant: '20240102', named: '20240101' }),
    `hudi log: ${log}: avro_data block at offset 0 has instant 20240102, but the file name says 20240101`],
  [r('error.hudi.log.partialUpdate', { file: log, offset: 0 }), `hudi log: ${log}: partial-update block at offset 0 is not supported`],
  [r('error.hudi.log.hfile', { file: log }), `hudi log: ${log}: HFile data blocks (metadata table) are not read`],
  [r('error.hudi.log.unions', { types: 'int, string' }), 'hudi log: Avro unions of several non-null types are not supported (int, string)'],
  [r('error.hudi.log.notRecord', { kind: 'array' }), 'hudi log: the writer schema is a array, not a record'],
  [r('error.hudi.log.noArrow', { type: 'Map<Utf8, Int32>' }), 'hudi log: no Arrow conversion for Map<Utf8, Int32>'],
  [r('error.hudi.archived.action', { file: 'a.archive', action: 'zap' }), "hudi archived timeline: a.archive: unknown action 'zap'"],
  [r('error.hudi.archived.commitTime', { file: 'a.archive' }), 'hudi archived timeline: a.archive: entry without a valid commitTime'],
  [r('error.hudi.archived.version', { file: '_version_', text: 'abc' }), "hudi archived timeline: _version_ holds 'abc', not a snapshot version"],
  [r('error.hudi.archived.range', { file: 'x.parquet', instant: '3', min: '1', max: '2' }), "hudi archived timeline: x.parquet: instant 3 is not within the file's range 1–2"],
  [r('error.hudi.schema.invalid', { file: 'hoodie.properties', detail: 'bad' }), 'hudi schema: hoodie.properties: not a valid Avro schema (bad)'],
  [r('error.hudi.schema.notRecord', { file: 'c.commit', kind: 'string' }), 'hudi schema: c.commit: the schema is a string, not a record'],
  [r('error.hudi.props.layout', { file: 'hoodie.properties', text: '1', version: '8', expected: '2' }),
    'hudi properties: hoodie.properties: hoodie.timeline.layout.version=1 does not fit hoodie.table.version=8 (which keeps its timeline in layout 2): the properties file is inconsistent'],
  [r('error.hudi.props.checksum', { file: 'hoodie.properties', text: '1', name: 't', crc: '2' }),
    "hudi properties: hoodie.properties: hoodie.table.checksum=1 does not match the table name ('t' has CRC32 2): the file is damaged or was edited by hand"],
  [r('error.hudi.notParquet', { file: 'a.orc' }), 'hudi plan: base file a.orc is not Parquet: no column statistics read'],
  [r('error.hudi.incremental.metaFields'), 'hudi incremental: the table does not populate meta fields (hoodie.populate.meta.fields=false): records carry no commit time'],
  [r('error.hudi.incremental.noInstant', { instant: '20240101' }), 'hudi incremental: no completed write instant 20240101'],
  [r('error.hudi.incremental.noWrite'), 'hudi incremental: no completed write instant (the table has none)'],
  [r('error.hudi.incremental.order', { begin: '2', end: '1' }), 'hudi incremental: begin 2 is not before end 1'],
  [r('error.hudi.merge.noKey', { group: 'fg1', column: '_hoodie_record_key', field: 'id' }), 'hudi merge: file group fg1 has neither _hoodie_record_key nor the record key field id'],
  [r('error.hudi.travel.pending', { instant: '1', action: 'commit', state: 'inflight', file: '.hoodie/1.commit.inflight' }),
    'hudi time travel: instant 1 (commit) is inflight, not completed: it is never read as committed (.hoodie/1.commit.inflight)'],
  [r('error.hudi.travel.noData', { instant: '1', action: 'clean', file: '.hoodie/1.clean' }), 'hudi time travel: instant 1 is a clean, which writes no data version (.hoodie/1.clean)'],
  [r('error.hudi.travel.noInstant', { instant: '1', file: '.hoodie/' }), 'hudi time travel: no completed instant 1 in the active timeline (.hoodie/)'],
  [r('error.hudi.travel.before', { time: '2020-01-01T00:00:00.000Z', file: '.hoodie/' }),
    'hudi time travel: no completed instant at or before 2020-01-01T00:00:00.000Z in the active timeline (.hoodie/)'],
  [r('error.paimon.record.notRecord', { subsystem: 'paimon manifest', got: 'null' }), 'paimon manifest: expected a record, got null'],
  [r('error.paimon.record.field', { subsystem: 'paimon manifest', field: '_FILE_NAME', type: 'string' }), 'paimon manifest: field _FILE_NAME is missing or not string'],
  [within('paimon binary-row', r('error.paimon.row.short', { bytes: 2 })), 'paimon binary-row: 2 bytes is too short for a row'],
  [within('paimon binary-row', r('error.paimon.row.arity', { arity: 3, expected: 2 })), 'paimon binary-row: row has 3 fields, expected 2'],
  [within('paimon binary-row', r('error.paimon.row.fixed', { arity: 2, fixed: 24, bytes: 10 })), 'paimon binary-row: row of 2 fields needs 24 bytes, has 10'],
  [within('paimon binary-row', r('error.paimon.row.inline', { bytes: 9 })), 'paimon binary-row: inline value of 9 bytes'],
  [within('paimon binary-row', r('error.paimon.row.pastEnd', { offset: 24, length: 10, end: 30 })), 'paimon binary-row: value at 24+10 runs past the row end (30)'],
  [within('paimon binary-row', r('error.paimon.row.timestamp', { offset: 24 })), 'paimon binary-row: timestamp at 24 runs past the row end'],
  [r('error.paimon.row.encode', { type: 'MAP' }), 'paimon binary-row: cannot encode MAP'],
  [within('paimon schema', r('error.paimon.type.parseJson', { json: '42' })), 'paimon schema: cannot parse data type 42'],
  [within('paimon schema', r('error.paimon.type.rowFields', { json: '{"type":"ROW"}' })), 'paimon schema: ROW type without fields: {"type":"ROW"}'],
  [within('paimon schema', r('error.paimon.type.nested', { type: 'SET' })), "paimon schema: unknown nested type 'SET'"],
  [within('paimon schema', r('error.paimon.type.field', { json: '{}' })), 'paimon schema: invalid field {}'],
  [within('paimon schema', r('error.paimon.type.fieldId', { field: 'a' })), "paimon schema: field 'a' has no integer id"],
  [within('paimon schema', r('error.paimon.type.parse', { text: 'INT(' })), "paimon schema: cannot parse data type 'INT('"],
  [within('paimon schema', r('error.paimon.type.unknown', { text: 'FOO' })), "paimon schema: unknown data type 'FOO'"],
  [r('error.paimon.cast', { from: 'INT', to: 'ARRAY<INT>', reason: r('error.paimon.cast.nested') }),
    'paimon schema evolution: cannot read INT as ARRAY<INT>: nested types are only read as the same kind of nested type (scan/schema-evolution-cast.ts)'],
  [r('error.paimon.cast', { from: 'BOOLEAN', to: 'DATE', reason: r('error.paimon.cast.noRule') }),
    'paimon schema evolution: cannot read BOOLEAN as DATE: Paimon has no cast rule for this pair (ALTER TABLE refuses it)'],
  [r('error.paimon.read.cast', { column: 'ts', from: 'TIMESTAMP(6)', to: 'TIMESTAMP_LTZ(6)', reason: r('error.paimon.cast.ltz') }),
    "paimon read: column 'ts': cannot read TIMESTAMP(6) as TIMESTAMP_LTZ(6): Paimon converts between TIMESTAMP WITH LOCAL TIME ZONE and wall-clock values in the reading JVM's time zone, which the table does not record"],
  [r('error.paimon.bucket.count', { count: '0' }), 'paimon bucket: fixed bucket count must be ≥ 1, got 0'],
  [r('error.paimon.bucket.noKey', { schema: '0' }), 'paimon bucket: schema 0 has neither a bucket-key nor a primary key to hash'],
  [r('error.paimon.dv.v1'), 'paimon deletion-vector: v1 vectors hold positions below 2^32 only'],
  [r('error.paimon.partition.binary', { column: 'b' }), "paimon partition: binary partition column 'b' has no stable path name"],
  [r('error.paimon.compact.noColumn', { column: 'v' }), 'paimon compact: a data file read has no column v'],
  [r('error.paimon.compact.type', { column: 'm', type: 'MAP' }), 'paimon compact: column m of type MAP cannot be rewritten by Lakescope yet'],
  [r('error.paimon.create.noColumns'), 'paimon create: a table needs at least one column'],
  [r('error.paimon.create.columnName', { column: 'a' }), "paimon create: column name 'a' is empty or repeated"],
  [r('error.paimon.create.keyColumn', { column: 'k' }), "paimon create: key column 'k' is not a column"],
  [r('error.paimon.create.pkPartitions'), 'paimon create: the primary key must contain every partition key (Paimon requires it)'],
  [r('error.paimon.create.pkBesides'), 'paimon create: the primary key needs a column besides the partition keys'],
  [r('error.paimon.create.bucketKey'), 'paimon create: an append table with fixed buckets needs a bucket key'],
  [r('error.paimon.create.type', { column: 't', type: 'TIME' }), 'paimon create: column t: type TIME cannot be written by Lakescope yet'],
  [r('error.paimon.create.bucketsPk', { buckets: '-1' }), 'paimon create: bucket = -1: primary-key tables need a fixed bucket count ≥ 1 here (dynamic buckets are not written by Lakescope)'],
  [r('error.paimon.create.bucketsAppend', { buckets: '0' }), 'paimon create: bucket = 0: give -1 (bucket-unaware) or a count ≥ 1'],
  [r('error.paimon.create.option', { subsystem: 'paimon create', option: 'file.format', value: 'orc', reason: r('error.paimon.option.format') }),
    'paimon create: file.format = orc: Lakescope writes Parquet data files only'],
  [r('error.paimon.create.option', { subsystem: 'paimon write', option: 'merge-engine', value: 'aggregation', reason: r('error.paimon.option.mergeEngine') }),
    'paimon write: merge-engine = aggregation: Lakescope writes the deduplicate merge engine only'],
  [r('error.paimon.create.option', { subsystem: 'paimon write', option: 'changelog-producer', value: 'lookup', reason: r('error.paimon.option.changelog') }),
    'paimon write: changelog-producer = lookup: Lakescope produces changelog none or input only'],
  [r('error.paimon.create.option', { subsystem: 'paimon write', option: 'bucket', value: '-1', reason: r('error.paimon.option.bucket') }),
    'paimon write: bucket = -1: Lakescope writes primary-key tables with fixed buckets only'],
  [r('error.paimon.create.option', { subsystem: 'paimon write', option: 'sequence.field', value: 'ts', reason: r('error.paimon.option.sequence') }),
    'paimon write: sequence.field = ts: user sequence fields are not written by Lakescope'],
  [r('error.paimon.create.option', { subsystem: 'paimon write', option: 'deletion-vectors.enabled', value: 'true', reason: r('error.paimon.option.dv') }),
    'paimon write: deletion-vectors.enabled = true: Lakescope does not write deletion vectors'],
  [r('error.paimon.create.option', { subsystem: 'paimon write', option: 'data-file.path-directory', value: 'data', reason: r('error.paimon.option.pathDirectory') }),
    'paimon write: data-file.path-directory = data: Lakescope writes data files under the table root only'],
  [r('error.paimon.create.readOnly', { storage: 'public URL' }), 'paimon create: public URL is read-only'],
  [r('error.paimon.rollback.expired', { id: '3' }), 'paimon rollback: snapshot 3 has expired (only its tag remains); use the non-destructive rollback'],
  [r('error.paimon.rollback.confirm', { id: '3', snapshots: 2, tags: 1, files: 5 }),
    'paimon rollback: a destructive rollback to snapshot 3 deletes 2 snapshot(s), 1 tag(s) and 5 data file(s) for good; pass confirmDestructive: true (or preview with dryRun: true)'],
  [r('error.paimon.write.value', { row: 1, column: 'n', value: '"x"', type: 'INT' }), 'paimon write: row 1, column n: "x" is not a valid INT'],
  [r('error.paimon.write.notNull', { row: 1, column: 'id', value: 'null' }), 'paimon write: row 1, column id: null is null, but the column is NOT NULL'],
  [r('error.paimon.write.decimal', { row: 2, column: 'd', value: '"123.456"', type: 'DECIMAL(5,2)' }), 'paimon write: row 2, column d: "123.456" does not fit DECIMAL(5,2)'],
  [r('error.paimon.write.timestamp', { row: 2, column: 'ts', value: '"2024-01-01 00:00:00.1234567"', detail: 'more than 6 fraction digits' }),
    'paimon write: row 2, column ts: "2024-01-01 00:00:00.1234567" more than 6 fraction digits'],
];

/** Latin words that may stand in Chinese text: format names, file and field names, types and settings kept in English. */
const TERMS = /^(hudi|paimon|log|avro|schema|writer|instant|kryo|java|union|null|record|arrow|hfile|timeline|commitTime|hoodie|table|version|checksum|crc32|parquet|populate|meta|fields|false|true|binary|row|deletion|vector|bucket|key|unaware|lakescope|deduplicate|none|input|changelog|merge|engine|confirmDestructive|dryRun|not|int|alter|timestamp|with|local|time|zone|jvm|scan|cast|evolution|partial|update|magic|layout|type|map|sequence)$/i;

describe('en-errors9 / zh-errors9', () => {
  catalogSampleChecks(enErrors9, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+_#]+/, allowed: (w, next) => TERMS.test(w) || TERMS.test(next) });

  const caught = (f: () => unknown) => { try { f(); } catch (e) { return e as LakeError; } throw new Error('no error'); };

  it('a Hudi log file with bytes that are no block warns in Chinese too, the file and numbers apart', () => {
    const framed = frameLogFile(new Uint8Array(12).fill(0x41), 'p/.f1_1.log.1_0-1-0');
    expect(framed.warnings).toEqual(['hudi log: p/.f1_1.log.1_0-1-0: 12 bytes at offset 0 are not a block (no #HUDI# magic); skipped as Hudi does']);
    expect(framed.warningRefs.map((ref) => errorText(ref))).toEqual(framed.warnings);
    expect(errorText(framed.warningRefs[0]!, zh)).toBe('hudi 日志：p/.f1_1.log.1_0-1-0：偏移 0 处的 12 字节不是日志块（没有 #HUDI# magic）；按 Hudi 的做法跳过');
  });

  it('a damaged Paimon type, binary row, cast or refused option is Chinese from the real failure', () => {
    const t = caught(() => parseAtomicType('FOO'));
    expect(t.message).toBe("paimon schema: unknown data type 'FOO'");
    expect(errorText(t.ref!, zh)).toBe("paimon schema：未知的数据类型 'FOO'");
    const row = caught(() => decodeBinaryRow(new Uint8Array(2), [parseAtomicType('INT')]));
    expect(row.message).toBe('paimon binary-row: 2 bytes is too short for a row');
    expect(errorText(row.ref!, zh)).toBe('paimon binary-row：2 字节太短，装不下一行');
    const cast = caught(() => resolveCast(parseAtomicType('BOOLEAN'), parseAtomicType('DATE')));
    expect(errorText(cast.ref!)).toBe(cast.message);
    expect(errorText(cast.ref!, zh)).toBe('paimon schema 演进：无法把 BOOLEAN 读作 DATE：Paimon 没有这两种类型之间的转换规则（ALTER TABLE 会拒绝它）');
    const opt = caught(() => checkSupportedOptions({ 'file.format': 'orc' }, false, 'paimon write'));
    expect(opt.message).toBe('paimon write: file.format = orc: Lakescope writes Parquet data files only');
    expect(errorText(opt.ref!, zh)).toBe('paimon write：file.format = orc：Lakescope 只写 Parquet 数据文件');
  });
});
