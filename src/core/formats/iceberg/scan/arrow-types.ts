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
import { constantData as arrowConstantData, nullData as arrowNullData } from '../../../arrow/columns.ts';
import type { JsonSingleValue } from '../spec/single-value.ts';
import type { IcebergType, NestedField } from '../spec/types.ts';
import { uuidBytes } from '../spec/bucket.ts';
import { messageError } from '../../../message-error.ts';

/**
 * The Arrow types of the Iceberg types without parameters, made once: every file read types each of its
 * columns, and one type object per column of every file made each batch a new type to every consumer
 * that caches by type (the canonical rows' accessors: a thousand one-row files, issue 17). Arrow's types
 * are not changed after they are made, so batches may share them.
 */
const PLAIN_TYPES = {
  boolean: new Bool(), int: new Int32(), long: new Int64(), float: new Float32(), double: new Float64(), date: new DateDay(),
  time: new TimeMicrosecond(), timestamp: new Timestamp(TimeUnit.MICROSECOND), timestamptz: new Timestamp(TimeUnit.MICROSECOND, 'UTC'),
  timestamp_ns: new Timestamp(TimeUnit.NANOSECOND), timestamptz_ns: new Timestamp(TimeUnit.NANOSECOND, 'UTC'), string: new Utf8(),
  uuid: new FixedSizeBinary(16), binary: new Binary(), geometry: new Binary(), geography: new Binary(), unknown: new Null(),
} as const satisfies { readonly [K in IcebergType['kind']]?: DataType };

/** The Arrow type a column of an Iceberg type is returned as (one shared object per type without parameters). */
export function arrowType(t: IcebergType): DataType {
  switch (t.kind) {
    case 'boolean': case 'int': case 'long': case 'float': case 'double': case 'date': case 'time': case 'timestamp':
    case 'timestamptz': case 'timestamp_ns': case 'timestamptz_ns': case 'string': case 'uuid': case 'binary':
    case 'geometry': case 'geography': case 'unknown':
      return PLAIN_TYPES[t.kind];
    case 'decimal': return new Decimal(t.scale, t.precision, 128);
    case 'fixed': return new FixedSizeBinary(t.length);
    case 'variant': return new Struct([new Field('metadata', new Binary(), false), new Field('value', new Binary(), true)]);
    case 'struct': return new Struct(t.fields.map(arrowField));
    case 'list': return new List(new Field('element', arrowType(t.element), !t.elementRequired));
    case 'map': return new Map_(new Field('entries', new Struct([
      new Field('key', arrowType(t.key), false), new Field('value', arrowType(t.value), !t.valueRequired),
    ]), false) as never);
  }
}

function arrowField(f: NestedField): Field {
  return new Field(f.name, arrowType(f.type), !f.required);
}

/** A column of `n` nulls of an Iceberg type. */
function nullData(t: IcebergType, n: number): Data {
  return arrowNullData(arrowType(t), n);
}

/**
 * A column of `n` copies of one value of an Iceberg type (null included). Struct values are objects by
 * field id (JSON single-value form, spec Appendix D); a struct field without a value gets its own
 * `initial-default` (spec "Default values"). List and map constants are not supported. Nulls and
 * primitive values are laid out by core/arrow's columns.ts; only the Iceberg value forms are handled here.
 */
export function constantData(t: IcebergType, v: JsonSingleValue | undefined, n: number): Data {
  if (v === null || v === undefined) return nullData(t, n);
  switch (t.kind) {
    case 'uuid': case 'fixed': {
      // Exactly the type's width (a uuid may come as text; a fixed value is cut or zero-padded to width).
      const width = t.kind === 'fixed' ? t.length : 16;
      const one = new Uint8Array(width);
      one.set((t.kind === 'uuid' && typeof v === 'string' ? uuidBytes(v) : (v as Uint8Array)).subarray(0, width));
      return arrowConstantData(arrowType(t), one, n);
    }
    case 'struct': {
      const obj = v as Record<string, JsonSingleValue>;
      const children = t.fields.map((f) => constantData(f.type, obj[String(f.id)] ?? (f.initialDefault as JsonSingleValue | undefined) ?? null, n));
      return makeData({ type: arrowType(t), length: n, nullCount: 0, children } as never);
    }
    case 'variant': return makeData({ type: arrowType(t), length: n, nullCount: 0, children: [nullData({ kind: 'binary' }, n), nullData({ kind: 'binary' }, n)] } as never);
    case 'list': case 'map':
      throw messageError('Unsupported', 'error.iceberg.read.defaultValue', { kind: t.kind });
    case 'unknown': return nullData(t, n);
    default: return arrowConstantData(arrowType(t), v, n);
  }
}

