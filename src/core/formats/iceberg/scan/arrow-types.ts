/**
 * Iceberg types as Arrow types (spec Appendix A, Parquet mapping read back through Arrow), and building
 * columns that are not in a data file: nulls, identity partition values and `initial-default`s
 * (spec "Column Projection"). Constant columns are filled from internal values (expr/types.ts) straight
 * into Arrow buffers, never through Arrow JS builders (those take timestamps as lossy ms numbers).
 */
import {
  Binary, Bool, type Data, DataType, DateDay, Decimal, Field, FixedSizeBinary, Float32, Float64, Int32, Int64, List,
  Map_, Null, Struct, TimeMicrosecond, TimeUnit, Timestamp, Utf8, makeData,
} from 'apache-arrow';
import { LakeError } from '../../../errors.ts';
import { utf8Encode } from '../../../util/bytes.ts';
import type { Value } from '../../../expr/types.ts';
import type { JsonSingleValue } from '../spec/single-value.ts';
import type { IcebergType, NestedField } from '../spec/types.ts';
import { uuidBytes } from '../spec/bucket.ts';

/** The Arrow type a column of an Iceberg type is returned as. */
export function arrowType(t: IcebergType): DataType {
  switch (t.kind) {
    case 'boolean': return new Bool();
    case 'int': return new Int32();
    case 'long': return new Int64();
    case 'float': return new Float32();
    case 'double': return new Float64();
    case 'decimal': return new Decimal(t.scale, t.precision, 128);
    case 'date': return new DateDay();
    case 'time': return new TimeMicrosecond();
    case 'timestamp': return new Timestamp(TimeUnit.MICROSECOND);
    case 'timestamptz': return new Timestamp(TimeUnit.MICROSECOND, 'UTC');
    case 'timestamp_ns': return new Timestamp(TimeUnit.NANOSECOND);
    case 'timestamptz_ns': return new Timestamp(TimeUnit.NANOSECOND, 'UTC');
    case 'string': return new Utf8();
    case 'uuid': return new FixedSizeBinary(16);
    case 'fixed': return new FixedSizeBinary(t.length);
    case 'binary': case 'geometry': case 'geography': return new Binary();
    case 'unknown': return new Null();
    case 'variant': return new Struct([new Field('metadata', new Binary(), false), new Field('value', new Binary(), true)]);
    case 'struct': return new Struct(t.fields.map(arrowField));
    case 'list': return new List(new Field('element', arrowType(t.element), !t.elementRequired));
    case 'map': return new Map_(new Field('entries', new Struct([
      new Field('key', arrowType(t.key), false), new Field('value', arrowType(t.value), !t.valueRequired),
    ]), false) as never);
  }
}

export function arrowField(f: NestedField): Field {
  return new Field(f.name, arrowType(f.type), !f.required);
}

const bitmap = (n: number, set: boolean): Uint8Array => new Uint8Array((n + 7) >> 3).fill(set ? 0xff : 0);

/** A column of `n` nulls of an Iceberg type. */
export function nullData(t: IcebergType, n: number): Data {
  return constantData(t, null, n);
}

/**
 * A column of `n` copies of one value of an Iceberg type (null included). Struct values are objects by
 * field id (JSON single-value form, spec Appendix D); a struct field without a value gets its own
 * `initial-default` (spec "Default values"). List and map constants are not supported.
 */
export function constantData(t: IcebergType, v: JsonSingleValue | undefined, n: number): Data {
  const type = arrowType(t);
  const isNull = v === null || v === undefined;
  const nullBitmap = isNull ? bitmap(n, false) : undefined;
  const nullCount = isNull ? n : 0;
  const base = { type, length: n, nullCount, nullBitmap };
  switch (t.kind) {
    case 'unknown': return makeData({ type, length: n } as never);
    case 'boolean': return makeData({ ...base, data: bitmap(n, v === true) } as never);
    case 'int': case 'date': return makeData({ ...base, data: new Int32Array(n).fill(isNull ? 0 : Number(v)) } as never);
    case 'float': return makeData({ ...base, data: new Float32Array(n).fill(isNull ? 0 : Number(v)) } as never);
    case 'double': return makeData({ ...base, data: new Float64Array(n).fill(isNull ? 0 : Number(v)) } as never);
    case 'long': case 'time': case 'timestamp': case 'timestamptz': case 'timestamp_ns': case 'timestamptz_ns':
      return makeData({ ...base, data: new BigInt64Array(n).fill(isNull ? 0n : BigInt(v as bigint)) } as never);
    case 'decimal': {
      const words = new Uint32Array(4 * n);
      if (!isNull) {
        const u = BigInt.asUintN(128, v as bigint);
        for (let i = 0; i < n; i++) for (let w = 0; w < 4; w++) words[4 * i + w] = Number((u >> BigInt(32 * w)) & 0xffffffffn);
      }
      return makeData({ ...base, data: words } as never);
    }
    case 'uuid': case 'fixed': {
      const width = t.kind === 'fixed' ? t.length : 16;
      const one = isNull ? new Uint8Array(width) : t.kind === 'uuid' && typeof v === 'string' ? uuidBytes(v) : (v as Uint8Array);
      const data = new Uint8Array(width * n);
      for (let i = 0; i < n; i++) data.set(one.subarray(0, width), i * width);
      return makeData({ ...base, data } as never);
    }
    case 'string': case 'binary': case 'geometry': case 'geography': {
      const one = isNull ? new Uint8Array(0) : typeof v === 'string' ? utf8Encode(v) : (v as Uint8Array);
      const offsets = new Int32Array(n + 1);
      const data = new Uint8Array(one.length * n);
      for (let i = 0; i < n; i++) { data.set(one, i * one.length); offsets[i + 1] = (i + 1) * one.length; }
      return makeData({ ...base, valueOffsets: offsets, data } as never);
    }
    case 'struct': {
      const obj = (isNull ? {} : v) as Record<string, JsonSingleValue>;
      const children = t.fields.map((f) => constantData(f.type, isNull ? null : obj[String(f.id)] ?? (f.initialDefault as JsonSingleValue | undefined) ?? null, n));
      return makeData({ ...base, children } as never);
    }
    case 'variant': return makeData({ ...base, children: [constantData({ kind: 'binary' }, null, n), constantData({ kind: 'binary' }, null, n)] } as never);
    case 'list': case 'map':
      if (!isNull) throw new LakeError('Unsupported', `iceberg read: a non-null default value for a ${t.kind} column is not supported yet`);
      return makeData({ ...base, valueOffsets: new Int32Array(n + 1), child: nullData(t.kind === 'list' ? t.element : mapEntryType(t), 0) } as never);
  }
}

function mapEntryType(t: IcebergType & { kind: 'map' }): IcebergType {
  return { kind: 'struct', fields: [{ id: t.keyId, name: 'key', required: true, type: t.key }, { id: t.valueId, name: 'value', required: t.valueRequired, type: t.value }] };
}

/** Partition values are internal values; this narrows them for {@link constantData}. */
export function asSingleValue(v: Value | null): JsonSingleValue {
  return v;
}
