/**
 * The messages of en-errors13.ts (Roaring bitmaps, Parquet footers' Thrift bytes, Avro schemas, Arrow types,
 * parquet-wasm) render exactly the English their throw sites wrote before they carried a reference, and zh-CN
 * renders each in Chinese with the same data. Every key has a sample here, so a new key cannot go untested. Below,
 * real failures of the code that raises them.
 */
import { Interval, IntervalUnit } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import type { LakeError } from '../errors.ts';
import { canonicalAccessor } from '../arrow/canonical.ts';
import { parseAvroSchema } from '../codecs/avro/schema.ts';
import { readStruct } from '../codecs/parquet/thrift-compact.ts';
import { parseRoaring64 } from '../codecs/roaring.ts';
import { enErrors13 } from './en-errors13.ts';
import { errorRef, errorText, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { zh } from './zh.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);
const roaring = (key: string, params?: Record<string, unknown>) => r('error.roaring', { message: r(key, params) });
const thrift = (key: string, params?: Record<string, unknown>) => r('error.parquet.thrift', { message: r(key, params) });
const avro = (key: string, params?: Record<string, unknown>) => r('error.avro.schema', { message: r(key, params) });

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [roaring('error.roaring.truncated', { part: 'run flags', at: 12, length: 13 }), 'roaring: truncated run flags at byte 12 of 13'],
  [roaring('error.roaring.count', { count: 7 }), 'roaring: implausible bitmap count 7'],
  [roaring('error.roaring.keyOrder'), 'roaring: 64-bit keys are not strictly ascending'],
  [roaring('error.roaring.beyond53', { key: 2097152 }), 'roaring: positions beyond 2^53 are not supported (high key 2097152)'],
  [roaring('error.roaring.trailing', { bytes: 3 }), 'roaring: 3 trailing bytes'],
  [roaring('error.roaring.cookie', { cookie: 12345 }), 'roaring: bad cookie 12345'],
  [roaring('error.roaring.containers', { count: 70000 }), 'roaring: too many containers (70000)'],
  [roaring('error.roaring.containerOrder'), 'roaring: container keys are not strictly ascending'],
  [roaring('error.roaring.offset', { container: 1, offset: 40, position: 44 }), 'roaring: container 1 offset 40 does not match its position 44'],
  [roaring('error.roaring.runs'), 'roaring: run container runs overlap or overflow'],
  [roaring('error.roaring.runCardinality', { total: 5, header: 6 }), 'roaring: run container cardinality 5 != header 6'],
  [roaring('error.roaring.arrayOrder'), 'roaring: array container not strictly ascending'],
  [roaring('error.roaring.bitmapCardinality', { total: 4096, header: 4097 }), 'roaring: bitmap container cardinality 4096 != header 4097'],
  [r('error.roaring.position', { position: '-1' }), 'roaring: position -1 is not a non-negative safe integer'],
  [thrift('error.parquet.thrift.truncated', { part: 'struct' }), 'parquet footer: truncated struct'],
  [thrift('error.parquet.thrift.varintLong'), 'parquet footer: varint too long'],
  [thrift('error.parquet.thrift.type', { type: 14 }), 'parquet footer: unknown compact type 14'],
  [r('error.parquet.wasmInit', { detail: 'Failed to fetch', nodeHint: false }), 'parquet: cannot initialise parquet-wasm: Failed to fetch'],
  [r('error.parquet.wasmInit', { detail: 'ENOENT', nodeHint: true }),
    'parquet: cannot initialise parquet-wasm: ENOENT (in Node, call installNodeParquetWasm() from src/platform/node/parquet-wasm-init.ts first)'],
  [avro('error.avro.schema.notSchema', { json: '42' }), 'avro schema: not a schema: 42'],
  [avro('error.avro.schema.enumSymbols', { name: 'Color' }), 'avro schema: enum Color without symbols'],
  [avro('error.avro.schema.fixedSize', { name: 'uuid' }), 'avro schema: fixed uuid without a valid size'],
  [avro('error.avro.schema.arrayItems'), 'avro schema: array without items'],
  [avro('error.avro.schema.mapValues'), 'avro schema: map without values'],
  [avro('error.avro.schema.unknownType', { json: '"r99"' }), 'avro schema: unknown type "r99"'],
  [avro('error.avro.schema.unionInUnion'), 'avro schema: union directly inside a union'],
  [avro('error.avro.schema.noName', { type: 'record' }), 'avro schema: record without a name'],
  [avro('error.avro.schema.twice', { name: 'r2' }), 'avro schema: type r2 defined twice'],
  [avro('error.avro.schema.noFields', { name: 'manifest_file' }), 'avro schema: record manifest_file without fields'],
  [avro('error.avro.schema.fieldNoName', { name: 'r2' }), 'avro schema: record r2 has a field without a name'],
  [avro('error.avro.schema.fieldTwice', { name: 'r2', field: 'x' }), 'avro schema: record r2 has field x twice'],
  [avro('error.avro.schema.fieldNoType', { name: 'r2', field: 'x' }), 'avro schema: field r2.x without a type'],
  [r('error.arrow.noCanonical', { type: 'Interval<DAY_TIME>' }), 'arrow canonical: type Interval<DAY_TIME> has no canonical form'],
  [r('error.arrow.dictionaryIndex', { index: 9 }), 'arrow canonical: dictionary index 9 out of range'],
  [r('error.arrow.constantType', { type: 'Union' }), 'arrow constant: type Union is not supported'],
  [r('error.arrow.takeType', { type: 'Union' }), 'arrow take: type Union is not supported'],
];

/** Format terms a Chinese data engineer keeps in English. */
const KEPT = /^(roaring|bitmap|container|run|array|cookie|parquet|footer|varint|compact|wasm|node|installnodeparquetwasm|src|platform|init|ts|avro|schema|enum|symbols|fixed|size|map|values|items|union|record|fields|arrow|take)$/i;

function caught(f: () => unknown): LakeError {
  try { f(); } catch (e) { return e as LakeError; }
  throw new Error('no error');
}

describe('en-errors13 / zh-errors13', () => {
  catalogSampleChecks(enErrors13, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+_^]+/, allowed: (w, next) => KEPT.test(w) || KEPT.test(next) });

  it('damaged bitmaps, footers and schemas, and a type with no canonical form, raised by the code, render in Chinese', () => {
    const cases: [LakeError, string][] = [
      // One 64-bit key (count 1), high key 0, then a 32-bit bitmap whose cookie is neither of the two the spec allows.
      [caught(() => parseRoaring64(Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x39, 0x30, 0, 0))), 'roaring：cookie 12345 不对'],
      // A Thrift field header (i32, field 1) with no value after it.
      [caught(() => readStruct(Uint8Array.of(0x15))), 'parquet 文件尾（footer）：varint 被截断'],
      [caught(() => parseAvroSchema({ type: 'record', name: 'r' } as never)), 'avro schema：record r 没有 fields'],
      [caught(() => canonicalAccessor(new Interval(IntervalUnit.DAY_TIME))), `arrow 规范化：类型 ${String(new Interval(IntervalUnit.DAY_TIME))} 没有规范形式`],
    ];
    for (const [e, want] of cases) {
      expect(e.ref, e.message).toBeDefined();
      expect(errorText(e.ref!)).toBe(e.message);
      expect(errorText(e.ref!, zh)).toBe(want);
    }
  });
});
