/**
 * The messages of en-errors8.ts (Delta: reader features and their reasons, damaged schemas, deletion vectors and
 * Z85 text, partition values, widening, change feed, time travel, the writer's refusals and row values) render
 * exactly the English their throw sites wrote before they carried a reference, and zh-CN renders each in Chinese
 * with the same data. Every key has a sample here, so a new key cannot go untested.
 */
import { describe, expect, it } from 'vitest';
import type { LakeError } from '../errors.ts';
import { checkReadable } from '../formats/delta/spec/table-features.ts';
import { checkWritable } from '../formats/delta/commit/writer-features.ts';
import { z85Decode } from '../formats/delta/spec/z85.ts';
import { parseSchemaString } from '../formats/delta/spec/schema.ts';
import { enErrors8 } from './en-errors8.ts';
import { errorRef, errorText, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { zh } from './zh.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);
const within = (where: string, message: ErrorRef) => r('error.within', { where, message });
const variant = 'variant columns (semi-structured data in the Parquet variant binary encoding) are not supported by this reader';
const catalog = 'the table is catalog-managed: its latest commits live in a catalog, so the _delta_log folder alone is not the table';

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [r('error.delta.readerFeature', { list: r('error.delta.feature', { feature: 'fooBar' }) }),
    "delta protocol: the table needs reader feature 'fooBar' that this reader does not implement"],
  [r('error.delta.readerFeatures', { list: r('error.delta.featureList', {
    first: r('error.delta.featureWhy', { feature: 'variantType', reason: r('error.delta.reason.variant') }),
    rest: r('error.delta.featureList', { first: r('error.delta.featureWhy', { feature: 'variantShredding', reason: r('error.delta.reason.variantShredding') }),
      rest: r('error.delta.featureWhy', { feature: 'catalogManaged', reason: r('error.delta.reason.catalogManaged') }) }) }) }),
  `delta protocol: the table needs reader features 'variantType' (${variant}), 'variantShredding' (shredded variant columns are not supported by this reader), 'catalogManaged' (${catalog}) that this reader does not implement`],
  [within('delta log', r('error.delta.dvNotZ85', { action: 3, detail: "'abc' is too short for a Z85 UUID" })),
    "delta log: deletionVector.pathOrInlineDv of action 3 is not Z85 ('abc' is too short for a Z85 UUID)"],
  [within('delta log', r('error.delta.protocolVersions', { action: 1 })), 'delta log: protocol lacks minReaderVersion/minWriterVersion (action 1)'],
  [within('delta checkpoint', r('error.delta.sidecarAction', { type: 'metaData' })), 'delta checkpoint: sidecar holds a metaData action; only add and remove are allowed'],
  [within('delta schema', r('error.delta.schema.noType', { column: 'a.b' })), 'delta schema: column a.b has no type'],
  [within('delta schema', r('error.delta.schema.noFields', { struct: r('error.delta.schema.root') })), 'delta schema: struct (root) has no fields array'],
  [within('delta schema', r('error.delta.schema.noFields', { struct: 'a' })), 'delta schema: struct a has no fields array'],
  [within('delta schema', r('error.delta.schema.fieldNoName', { struct: r('error.delta.schema.theSchema') })), 'delta schema: a field of the schema has no name'],
  [within('delta schema', r('error.delta.schema.noSchemaString')), 'delta schema: the metaData action has no schemaString'],
  [within('delta schema', r('error.delta.schema.noSchemaStringIn', { file: '_delta_log/0.json' })), 'delta schema: the metaData action in _delta_log/0.json has no schemaString'],
  [within('delta schema', r('error.delta.schema.notJson', { detail: 'Unexpected token' })), 'delta schema: schemaString is not JSON (Unexpected token)'],
  [within('delta schema', r('error.delta.schema.notJsonIn', { file: '0.json', detail: 'Unexpected token' })), 'delta schema: schemaString in 0.json is not JSON (Unexpected token)'],
  [within('delta schema', r('error.delta.schema.notStruct')), 'delta schema: schemaString is not a struct type'],
  [within('delta schema', r('error.delta.schema.notStructIn', { file: '0.json' })), 'delta schema: schemaString in 0.json is not a struct type'],
  [r('error.delta.schema.inFile', { message: within('delta schema', r('error.delta.schema.noType', { column: 'x' })), file: '0.json' }),
    'delta schema: column x has no type (schema in 0.json)'],
  [within('delta schema', r('error.delta.schema.noPhysicalName', { mode: 'name', column: 'x', key: 'delta.columnMapping.physicalName' })),
    "delta schema: column mapping mode 'name' but column x has no delta.columnMapping.physicalName"],
  [r('error.delta.schema.unknownType', { column: 'x', type: 'geometry' }), "delta schema: column x has the unknown type 'geometry'"],
  [r('error.delta.dv.z85Short', { text: 'abc' }), "delta deletion vector: 'abc' is too short for a Z85 UUID"],
  [r('error.delta.dv.bitmapShort', { where: r('error.delta.dv.inline'), bytes: 2 }), 'delta deletion vector: inline: bitmap of 2 bytes is too short'],
  [r('error.delta.dv.native', { where: 'dv.bin' }), "delta deletion vector: dv.bin: the 'native' RoaringBitmapArray serialization is not supported (only the portable one)"],
  [r('error.delta.dv.magic', { where: 'dv.bin', magic: 7 }), 'delta deletion vector: dv.bin: bad magic number 7'],
  [r('error.delta.dv.magicBigEndian', { where: 'dv.bin', magic: 7 }),
    'delta deletion vector: dv.bin: bad magic number 7 (a big-endian RoaringBitmapArray header, which Delta readers do not accept)'],
  [r('error.delta.dv.bitmap', { where: 'dv.bin', detail: 'roaring: bad cookie 5' }), 'delta deletion vector: dv.bin: roaring: bad cookie 5'],
  [r('error.delta.z85.length', { length: 7 }), 'delta z85: length 7 is not a multiple of 5'],
  [r('error.delta.z85.group'), 'delta z85: a 5-character group exceeds 32 bits'],
  [r('error.delta.z85.padded'), 'delta z85: the padded last group exceeds its length'],
  [r('error.delta.z85.char', { char: '~' }), "delta z85: invalid character '~'"],
  [r('error.delta.partitionValue', { value: 'x1', column: 'day', type: 'date' }), "delta partition: value 'x1' of column day is not a valid date"],
  [r('error.delta.partitionType', { column: 's', type: 'struct' }), 'delta partition: column s has the non-primitive type struct'],
  [r('error.delta.widening', { column: 'n', from: 'Int64', to: 'Int32' }), 'delta read: column n is Int64 in the file but Int32 in the table, which is not a supported widening'],
  [r('error.delta.variantRead'), 'delta read: variant columns are not supported'],
  [r('error.delta.changeType', { column: '_change_type', value: 'merge' }), 'delta changes: unknown _change_type "merge"'],
  [r('error.delta.changesOrder', { start: '5', end: '3' }), 'delta changes: the start version 5 is after the end version 3'],
  [r('error.delta.changesMissing', { version: '4', start: '2', end: '6' }),
    'delta changes: commit 4 does not exist (the range 2..6 must be committed versions whose commit files are kept)'],
  [r('error.delta.noVersionBeforeEarliest', { time: '2020-01-01T00:00:00.000Z', version: '0', at: '2024-01-01T00:00:00.000Z' }),
    'delta time travel: no version at or before 2020-01-01T00:00:00.000Z; the earliest is version 0 at 2024-01-01T00:00:00.000Z'],
  [r('error.delta.noVersionBeforeCopied', { time: '2020-01-01T00:00:00.000Z', version: '0', at: '2024-01-01T00:00:00.000Z' }),
    "delta time travel: no version at or before 2020-01-01T00:00:00.000Z; the earliest is version 0 at 2024-01-01T00:00:00.000Z (by commit file modification time; a copied table carries the copy's times — open it with timestamps 'commitInfo' to use the times its log records)"],
  [r('error.delta.checkpoint.v2'),
    'delta checkpoint: the table uses V2 checkpoints (v2Checkpoint), which this writer does not write; it is left without a new checkpoint (readers replay the commits)'],
  [r('error.delta.write.refused', { op: 'append', feature: 'rowTracking', reason: r('error.delta.reason.rowTracking') }),
    "delta write: append refused: the table uses writer feature 'rowTracking': row tracking needs baseRowId/defaultRowCommitVersion and a high-water mark on every added file, which this writer does not assign"],
  [r('error.delta.write.refusedVersion', { op: 'delete', version: 8 }), "delta write: delete refused: the table uses writer feature 'writer version 8': this writer implements writer versions 1 to 7"],
  [r('error.delta.write.refused', { op: 'update', feature: 'clustering', reason: r('error.delta.reason.clustering') }),
    "delta write: update refused: the table uses writer feature 'clustering': clustered tables must be written clustered by their clustering columns, which this writer does not do"],
  [r('error.delta.write.refused', { op: 'append', feature: 'icebergCompatV2', reason: r('error.delta.reason.uniform') }),
    "delta write: append refused: the table uses writer feature 'icebergCompatV2': UniForm (Iceberg-compatible) tables need Iceberg metadata written with every commit"],
  [r('error.delta.write.refused', { op: 'append', feature: 'allowColumnDefaults', reason: r('error.delta.reason.columnDefaults') }),
    "delta write: append refused: the table uses writer feature 'allowColumnDefaults': column defaults must be applied to written rows, which this writer does not do"],
  [r('error.delta.write.refused', { op: 'optimize', feature: 'fooFeature', reason: r('error.delta.reason.notImplemented') }),
    "delta write: optimize refused: the table uses writer feature 'fooFeature': this writer does not implement it"],
  [r('error.delta.write.refused', { op: 'delete', feature: 'columnMapping', reason: r('error.delta.reason.mappingId') }),
    "delta write: delete refused: the table uses writer feature 'columnMapping': column mapping mode 'id' needs data files whose columns readers find by Parquet field id, which this writer does not write yet"],
  [r('error.delta.write.refused', { op: 'append', feature: 'columnMapping', reason: r('error.delta.reason.nestedMapping', { column: 's' }) }),
    "delta write: append refused: the table uses writer feature 'columnMapping': column 's' is nested, and nested fields under column mapping (their own physical names) are not written by this writer yet"],
  [r('error.delta.write.refused', { op: 'restore', feature: 'appendOnly', reason: r('error.delta.reason.appendOnly') }),
    "delta write: restore refused: the table uses writer feature 'appendOnly': delta.appendOnly=true forbids removing or changing rows"],
  [r('error.delta.write.refused', { op: 'append', feature: 'identityColumns', reason: r('error.delta.reason.identity', { column: 'id' }) }),
    "delta write: append refused: the table uses writer feature 'identityColumns': column 'id' is an identity column whose values the writer must generate"],
  [r('error.delta.write.refused', { op: 'append', feature: 'generatedColumns', reason: r('error.delta.reason.generated', { column: 'd' }) }),
    "delta write: append refused: the table uses writer feature 'generatedColumns': column 'd' is generated from other columns on write"],
  [r('error.delta.write.refused', { op: 'update', feature: 'invariants', reason: r('error.delta.reason.invariant', { column: 'n' }) }),
    "delta write: update refused: the table uses writer feature 'invariants': column 'n' has an invariant every written row must satisfy"],
  [r('error.delta.write.refused', { op: 'append', feature: 'checkConstraints', reason: r('error.delta.reason.constraint', { constraint: 'delta.constraints.pos' }) }),
    "delta write: append refused: the table uses writer feature 'checkConstraints': delta.constraints.pos must hold for every written row"],
  [r('error.delta.create.emptyName'), 'delta create: a column name must not be empty'],
  [r('error.delta.create.twice', { column: 'Id' }), 'delta create: column Id is given twice (names are case-insensitive)'],
  [r('error.delta.create.partition', { column: 'p' }), 'delta create: partition column p must be a top-level primitive column'],
  [r('error.delta.create.noColumns'), 'delta create: a table needs at least one column'],
  [r('error.delta.write.partNotPrimitive', { column: 'p' }), 'delta write: partition column p is not of a primitive type'],
  [r('error.delta.write.partBinary', { column: 'p' }), 'delta write: binary partition column p cannot be written'],
  [r('error.delta.write.partNotInSchema', { column: 'p' }), 'delta write: partition column p is not in the schema'],
  [r('error.delta.write.rowsNoColumn', { column: 'c' }), 'delta write: the rows have no column c'],
  [r('error.delta.write.mappingId'), 'delta write: column mapping mode id is not written by this writer'],
  [r('error.delta.write.partSerialize', { column: 'p' }), 'delta write: partition column p has a type this writer cannot serialize'],
  [r('error.delta.write.value', { row: 2, column: 'n', value: '"x"', type: 'integer' }), 'delta write: row 2, column n: "x" is not a valid integer'],
  [r('error.delta.write.column', { column: 'm', detail: 'bad map' }), 'delta write: column m: bad map'],
];

/** Latin words that may stand in Chinese text: format names and terms, settings and feature names kept in English. */
const TERMS = /^(delta|deletion|vector|variant|shredded|catalog|checkpoint|sidecar|action|actions|add|remove|metadata|schema|schemastring|struct|fields|json|magic|number|native|portable|roaringbitmaparray|uniform|iceberg|row|tracking|identity|invariant|clustered|optimize|vacuum|writer|version|parquet|field|log|protocol|minreaderversion|minwriterversion|deletionvector|pathorinlinedv|appendonly|true|commitinfo|interval|days|id|z85|uuid|crc|baserowid|defaultrowcommitversion)$/i;

describe('en-errors8 / zh-errors8', () => {
  catalogSampleChecks(enErrors8, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+_]+/, allowed: (w, next) => TERMS.test(w) || TERMS.test(next) });

  const caught = (f: () => unknown) => { try { f(); } catch (e) { return e as LakeError; } throw new Error('no error'); };

  it('a table needing reader features this reader lacks says which and why in Chinese, the names apart', () => {
    const e = caught(() => checkReadable({ minReaderVersion: 3, minWriterVersion: 7, readerFeatures: ['deletionVectors', 'variantType', 'fooBar'], writerFeatures: [] }));
    expect(e.message).toBe(`delta protocol: the table needs reader features 'variantType' (${variant}), 'fooBar' that this reader does not implement`);
    expect(errorText(e.ref!)).toBe(e.message);
    expect(errorText(e.ref!, zh)).toBe("delta 协议：这张表需要读取器特性 'variantType'（本读取器不支持 variant 列（以 Parquet variant 二进制编码存放的半结构化数据））、'fooBar'，本读取器都没有实现");
  });

  it('a write refused by a table feature, damaged Z85 text and a schema that is not a struct are Chinese from the real failure', () => {
    const w = caught(() => checkWritable({ minReaderVersion: 1, minWriterVersion: 7, writerFeatures: ['rowTracking'] }, { configuration: {} } as never, 'append'));
    expect(errorText(w.ref!)).toBe(w.message);
    expect(errorText(w.ref!, zh)).toBe("delta 写入：拒绝追加：这张表使用了写入器特性 'rowTracking'：行跟踪（row tracking）要求每个新增文件都带 baseRowId/defaultRowCommitVersion 和高水位标记，本写入器不分配这些值");
    const z = caught(() => z85Decode('ab~de'));
    expect(z.message).toBe("delta z85: invalid character '~'");
    expect(errorText(z.ref!, zh)).toBe("delta z85：无效字符 '~'");
    const s = caught(() => parseSchemaString('{"type":"array"}', '_delta_log/00.json'));
    expect(s.message).toBe('delta schema: schemaString in _delta_log/00.json is not a struct type');
    expect(errorText(s.ref!, zh)).toBe('delta schema：_delta_log/00.json 中的 schemaString 不是 struct 类型');
  });
});
