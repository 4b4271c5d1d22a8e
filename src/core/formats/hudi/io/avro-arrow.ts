/**
 * Avro records (as decoded by codecs/avro) → Arrow, for the records of Avro log blocks. Types follow
 * the Avro → Parquet mapping Hudi's writers use, so that log records and base-file rows of one table
 * have the same canonical form: int → Int32 (date → Date32, time-millis → Time32[ms]), long → Int64
 * (timestamp-millis/micros → Timestamp, time-micros → Time64[us]), decimal → Decimal128, string/enum →
 * Utf8, bytes → Binary, fixed → FixedSizeBinary, array → List, map → Map<Utf8, V>, record → Struct, and a
 * union of null and one type → that type, nullable.
 */
import {
  Binary, Bool, type Data, DataType, DateDay, Decimal, Field, FixedSizeBinary, Float32, Float64, Int32, Int64, List, makeData,
  Map_, Null, RecordBatch, Schema, Struct, TimeMicrosecond, TimeMillisecond, TimeUnit, Timestamp, Utf8,
} from 'apache-arrow';
import type { AvroType } from '../../../codecs/avro/index.ts';
import { LakeError } from '../../../errors.ts';
import { utf8Encode } from '../../../util/bytes.ts';
import { internalError, messageError } from '../../../message-error.ts';

/** The non-null branch of a nullable union, and whether null is allowed. */
function unwrap(t: AvroType): { t: AvroType; nullable: boolean } {
  if (t.kind !== 'union') return { t, nullable: t.kind === 'null' };
  const rest = t.branches.filter((b) => b.kind !== 'null');
  if (rest.length === 1) return { t: rest[0]!, nullable: rest.length < t.branches.length };
  if (rest.length === 0) return { t: t.branches[0]!, nullable: true };
  throw messageError('Unsupported', 'error.hudi.log.unions', { types: rest.map((b) => b.kind).join(', ') });
}

function logical(t: AvroType): string | undefined {
  return 'logicalType' in t ? t.logicalType : (t.attrs.logicalType as string | undefined);
}

/** The Arrow type of an Avro type (union branches unwrapped). */
function arrowTypeOf(avro: AvroType): DataType {
  const { t } = unwrap(avro);
  const lt = logical(t);
  switch (t.kind) {
    case 'null': return new Null();
    case 'boolean': return new Bool();
    case 'int':
      if (lt === 'date') return new DateDay();
      if (lt === 'time-millis') return new TimeMillisecond();
      return new Int32();
    case 'long':
      if (lt === 'timestamp-micros') return new Timestamp(TimeUnit.MICROSECOND, 'UTC');
      if (lt === 'timestamp-millis') return new Timestamp(TimeUnit.MILLISECOND, 'UTC');
      if (lt === 'local-timestamp-micros') return new Timestamp(TimeUnit.MICROSECOND);
      if (lt === 'local-timestamp-millis') return new Timestamp(TimeUnit.MILLISECOND);
      if (lt === 'time-micros') return new TimeMicrosecond();
      return new Int64();
    case 'float': return new Float32();
    case 'double': return new Float64();
    case 'string': case 'enum': return new Utf8();
    case 'bytes': case 'fixed':
      if (lt === 'decimal') return new Decimal(Number(t.attrs.scale ?? 0), Number(t.attrs.precision), 128);
      return t.kind === 'fixed' ? new FixedSizeBinary(t.size) : new Binary();
    case 'array': return new List(new Field('element', arrowTypeOf(t.items), unwrap(t.items).nullable));
    case 'map': {
      const entry = new Struct([new Field('key', new Utf8(), false), new Field('value', arrowTypeOf(t.values), unwrap(t.values).nullable)]);
      return new Map_(new Field('key_value', entry, false) as never);
    }
    case 'record': return new Struct(t.fields.map((f) => new Field(f.name, arrowTypeOf(f.type), unwrap(f.type).nullable)));
    case 'union': throw internalError('hudi log: nested union');
  }
}

/** A record batch of `records` (objects of the record schema `type`), with the record's fields as columns. */
export function recordsToBatch(type: AvroType, records: readonly Record<string, unknown>[]): RecordBatch {
  if (type.kind !== 'record') throw messageError('DataInvalid', 'error.hudi.log.notRecord', { kind: type.kind });
  const struct = arrowTypeOf(type) as Struct;
  const data = build(struct, records);
  return new RecordBatch(new Schema(struct.children), data as Data<Struct>);
}

function validity(values: readonly unknown[]): { bitmap: Uint8Array; nullCount: number } {
  const bitmap = new Uint8Array((values.length + 7) >> 3);
  let nullCount = 0;
  values.forEach((v, i) => {
    if (v === null || v === undefined) nullCount++;
    else bitmap[i >> 3]! |= 1 << (i & 7);
  });
  return { bitmap, nullCount };
}

function bigintOf(v: unknown): bigint {
  return typeof v === 'bigint' ? v : BigInt(Math.trunc(Number(v ?? 0)));
}

/** Two's-complement big-endian bytes → bigint. */
function unscaled(bytes: Uint8Array): bigint {
  let v = 0n;
  for (const b of bytes) v = (v << 8n) | BigInt(b);
  if (bytes.length > 0 && bytes[0]! & 0x80) v -= 1n << BigInt(bytes.length * 8);
  return v;
}

function build(type: DataType, values: readonly unknown[]): Data {
  const length = values.length;
  const { bitmap: nullBitmap, nullCount } = validity(values);
  const base = { length, nullCount, nullBitmap };
  if (type instanceof Null) return makeData({ type, length, nullCount: length });
  if (type instanceof Bool) {
    const data = new Uint8Array((length + 7) >> 3);
    values.forEach((v, i) => { if (v === true) data[i >> 3]! |= 1 << (i & 7); });
    return makeData({ type, ...base, data });
  }
  if (type instanceof Int32 || type instanceof DateDay || type instanceof TimeMillisecond) {
    return makeData({ type, ...base, data: Int32Array.from(values, (v) => Number(v ?? 0)) } as never);
  }
  if (type instanceof Int64 || type instanceof Timestamp || type instanceof TimeMicrosecond) {
    return makeData({ type, ...base, data: BigInt64Array.from(values, bigintOf) } as never);
  }
  if (type instanceof Float32) return makeData({ type, ...base, data: Float32Array.from(values, (v) => Number(v ?? 0)) });
  if (type instanceof Float64) return makeData({ type, ...base, data: Float64Array.from(values, (v) => Number(v ?? 0)) });
  if (type instanceof Decimal) {
    const data = new Uint32Array(length * 4);
    values.forEach((v, i) => {
      if (!(v instanceof Uint8Array)) return;
      let u = BigInt.asUintN(128, unscaled(v));
      for (let w = 0; w < 4; w++) { data[i * 4 + w] = Number(u & 0xffffffffn); u >>= 32n; }
    });
    return makeData({ type, ...base, data });
  }
  if (type instanceof FixedSizeBinary) {
    const data = new Uint8Array(length * type.byteWidth);
    values.forEach((v, i) => { if (v instanceof Uint8Array) data.set(v, i * type.byteWidth); });
    return makeData({ type, ...base, data });
  }
  if (type instanceof Utf8 || type instanceof Binary) {
    const parts = values.map((v) => (v instanceof Uint8Array ? v : typeof v === 'string' ? utf8Encode(v) : new Uint8Array(0)));
    const valueOffsets = new Int32Array(length + 1);
    parts.forEach((p, i) => { valueOffsets[i + 1] = valueOffsets[i]! + p.length; });
    const data = new Uint8Array(valueOffsets[length]!);
    parts.forEach((p, i) => data.set(p, valueOffsets[i]!));
    return makeData({ type, ...base, valueOffsets, data } as never);
  }
  if (type instanceof Struct) {
    const children = type.children.map((f) => build(f.type, values.map((v) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[f.name] : null))));
    return makeData({ type, ...base, children });
  }
  if (type instanceof List || type instanceof Map_) {
    const valueOffsets = new Int32Array(length + 1);
    const items: unknown[] = [];
    values.forEach((v, i) => {
      if (type instanceof Map_ && v instanceof Map) for (const [key, value] of v) items.push({ key, value });
      else if (Array.isArray(v)) items.push(...v);
      valueOffsets[i + 1] = items.length;
    });
    const child = build(type.children[0]!.type, items);
    return makeData({ type, ...base, valueOffsets, child } as never);
  }
  throw messageError('Unsupported', 'error.hudi.log.noArrow', { type: String(type) });
}
