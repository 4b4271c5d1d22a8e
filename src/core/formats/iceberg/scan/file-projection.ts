/**
 * Column projection of one data file onto the read schema, by field id (spec "Column Projection" and
 * "Schema Evolution"): renamed columns are found by id and take the table's names; nested struct fields
 * likewise; promoted types are widened (int→long, float→double, decimal precision, v3 date→timestamp);
 * timestamps are brought to the column's unit. Columns a file lacks are filled by the caller.
 * Files without field ids (imported files) use `schema.name-mapping.default`, or else table names.
 */
import { Data, DataType, Field, List, Map_, Struct, Type, makeData } from 'apache-arrow';
import { PARQUET_FIELD_ID_KEY } from '../../../codecs/parquet/index.ts';
import type { IcebergType, NestedField } from '../spec/types.ts';
import type { JsonSingleValue } from '../spec/single-value.ts';
import { decodeJsonValue } from '../spec/single-value.ts';
import { arrowType, constantData } from './arrow-types.ts';
import { takeData } from '../../../arrow/take.ts';
import { messageError } from '../../../message-error.ts';

export { type NameMapping, parseNameMapping } from './name-mapping.ts';
import type { NameMapping } from './name-mapping.ts';

/** The field id of an Arrow field from a Parquet file, if it carries one. */
export function fieldIdOf(f: Field): number | undefined {
  const v = f.metadata.get(PARQUET_FIELD_ID_KEY);
  return v !== undefined && /^-?\d+$/.test(v) ? Number(v) : undefined;
}

/** How to find the columns of one file's struct (top level or nested) by table field id. */
export type ChildResolver = (fields: readonly Field[], wanted: NestedField, mapping: readonly NameMapping[] | undefined) => number;

/** By field id; files without any ids fall back to the name mapping, then to the table's field name. */
export const resolveChild: ChildResolver = (fields, wanted, mapping) => {
  const hasIds = fields.some((f) => fieldIdOf(f) !== undefined);
  if (hasIds) return fields.findIndex((f) => fieldIdOf(f) === wanted.id);
  const m = mapping?.find((x) => x.fieldId === wanted.id);
  if (m) return fields.findIndex((f) => m.names.includes(f.name));
  return mapping ? -1 : fields.findIndex((f) => f.name === wanted.name);
};

function childMapping(mapping: readonly NameMapping[] | undefined, id: number): readonly NameMapping[] | undefined {
  return mapping?.find((x) => x.fieldId === id)?.fields;
}

/** The value used for a field a file does not contain: its `initial-default` (v3), else null. */
export function missingFieldData(f: NestedField, n: number): Data {
  const def = f.initialDefault === undefined ? null : decodeJsonValue(f.type, f.initialDefault);
  if (def === undefined) throw messageError('DataInvalid', 'error.iceberg.schema.initialDefault', { field: f.name }, { field: f.name });
  return constantData(f.type, def as JsonSingleValue, n);
}

/** Converts one file column (and its children) to the read schema's type of that field. */
export function conformData(d: Data, target: IcebergType, mapping: readonly NameMapping[] | undefined, column: string): Data {
  if (d.typeId === Type.Dictionary) return conformData(decodeDictionary(d), target, mapping, column);
  const t = d.type as DataType;
  switch (target.kind) {
    case 'struct': {
      if (t.typeId !== Type.Struct) return cannotRead(column, t, target);
      const files = t.children as Field[];
      const children = target.fields.map((f) => {
        const j = resolveChild(files, f, mapping);
        return j < 0 ? missingFieldData(f, d.length) : conformData(d.children[j], f.type, childMapping(mapping, f.id), `${column}.${f.name}`);
      });
      return makeData({ type: arrowStruct(target.fields, children), length: d.length, nullCount: d.nullCount, nullBitmap: validity(d), children } as never);
    }
    case 'list': {
      if (t.typeId !== Type.List && t.typeId !== Type.LargeList) return cannotRead(column, t, target);
      const child = conformData(d.children[0], target.element, childMapping(mapping, target.elementId), `${column}.element`);
      const type = new List(new Field('element', child.type, !target.elementRequired));
      return makeData({ type, length: d.length, nullCount: d.nullCount, nullBitmap: validity(d), valueOffsets: int32Offsets(d), child } as never);
    }
    case 'map': {
      if (t.typeId !== Type.Map) return cannotRead(column, t, target);
      const entries = d.children[0];
      const key = conformData(entries.children[0], target.key, childMapping(mapping, target.keyId), `${column}.key`);
      const value = conformData(entries.children[1], target.value, childMapping(mapping, target.valueId), `${column}.value`);
      const structType = new Struct([new Field('key', key.type, false), new Field('value', value.type, !target.valueRequired)]);
      const entriesData = makeData({ type: structType, length: entries.length, nullCount: 0, children: [key, value] } as never);
      const type = new Map_(new Field('entries', structType, false) as never, false);
      return makeData({ type, length: d.length, nullCount: d.nullCount, nullBitmap: validity(d), valueOffsets: int32Offsets(d), child: entriesData } as never);
    }
    default: return conformPrimitive(d, target, column);
  }
}

/** The error for a file column whose type the read schema's cannot take. */
function cannotRead(column: string, t: DataType, target: IcebergType): never {
  throw messageError('DataInvalid', 'error.iceberg.read.type', { column, type: String(t), target: target.kind }, { column });
}

/**
 * A primitive column in the read schema's type. Per call on the read path of every file: no closures
 * (the CLI runs through tsx, whose keep-names wrapper costs a defineProperty per named closure made).
 */
function conformPrimitive(d: Data, target: IcebergType, column: string): Data {
  const t = d.type as DataType & { unit?: number; scale?: number; bitWidth?: number; isSigned?: boolean };
  const n = d.length;
  if (t.typeId === Type.Null) return constantData(target, null, n);
  switch (target.kind) {
    case 'boolean': return t.typeId === Type.Bool && d.offset === 0 ? d : t.typeId === Type.Bool ? takeAll(d) : cannotRead(column, t, target);
    case 'int': case 'date':
      if (t.typeId === Type.Int && t.bitWidth === 32) return retyped(d, target);
      if (t.typeId === Type.Date && t.unit === 0) return retyped(d, target);
      return cannotRead(column, t, target);
    case 'long':
      if (t.typeId === Type.Int && t.bitWidth === 64) return retyped(d, target);
      if (t.typeId === Type.Int && t.bitWidth === 32) return retyped(d, target, BigInt64Array.from(d.values as Int32Array, toBigInt));
      return cannotRead(column, t, target);
    case 'float': return t.typeId === Type.Float && (t as unknown as { precision: number }).precision === 1 ? retyped(d, target) : cannotRead(column, t, target);
    case 'double':
      if (t.typeId === Type.Float && (t as unknown as { precision: number }).precision === 2) return retyped(d, target);
      if (t.typeId === Type.Float && (t as unknown as { precision: number }).precision === 1) return retyped(d, target, Float64Array.from(d.values as Float32Array));
      return cannotRead(column, t, target);
    case 'decimal':
      if (t.typeId === Type.Decimal && t.scale === target.scale && t.bitWidth === 128) return retyped(d, target);
      return cannotRead(column, t, target);
    case 'time':
      if (t.typeId === Type.Time) return retyped(d, target, rescale(d.values as BigInt64Array | Int32Array, unitPerSecond(t.unit!), 1_000_000n));
      return cannotRead(column, t, target);
    case 'timestamp': case 'timestamptz': case 'timestamp_ns': case 'timestamptz_ns': {
      const to = target.kind.endsWith('_ns') ? 1_000_000_000n : 1_000_000n;
      if (t.typeId === Type.Timestamp) return retyped(d, target, rescale(d.values as BigInt64Array, unitPerSecond(t.unit!), to));
      if (t.typeId === Type.Date && t.unit === 0) return retyped(d, target, BigInt64Array.from(d.values as Int32Array, (x) => BigInt(x) * 86_400n * to));
      return cannotRead(column, t, target);
    }
    case 'string': return t.typeId === Type.Utf8 || t.typeId === Type.LargeUtf8 ? d : cannotRead(column, t, target);
    case 'binary': case 'geometry': case 'geography':
      return t.typeId === Type.Binary || t.typeId === Type.LargeBinary || t.typeId === Type.Utf8 || t.typeId === Type.LargeUtf8 ? d : cannotRead(column, t, target);
    case 'uuid': case 'fixed': return t.typeId === Type.FixedSizeBinary ? d : cannotRead(column, t, target);
    case 'unknown': return constantData(target, null, n);
    case 'variant': return d;
    default: return cannotRead(column, t, target);
  }
}

const toBigInt = (x: number): bigint => BigInt(x);

/**
 * A fixed-width column as `target`'s Arrow type, over `values` (default: its own). What makeData builds
 * for these types, without its visitor: the values already are the type's array (makeData converts others).
 */
function retyped(d: Data, target: IcebergType, values: ArrayBufferView = d.values as ArrayBufferView): Data {
  const type = arrowType(target);
  const bitmap = validity(d);
  if (!(values instanceof (type.ArrayType as unknown as typeof Int8Array))) {
    return makeData({ type, length: d.length, nullCount: d.nullCount, nullBitmap: bitmap, data: values } as never);
  }
  return new Data(type, 0, d.length, d.nullCount, [undefined, values, bitmap ?? NO_NULLS] as never);
}

/** The validity buffer of a column without nulls (what makeData gives it). */
const NO_NULLS = new Uint8Array(0);

const unitPerSecond = (unit: number): bigint => [1n, 1000n, 1_000_000n, 1_000_000_000n][unit];

/** Converts between second/ms/µs/ns, flooring when the target is coarser (the canonical rule). */
function rescale(values: BigInt64Array | Int32Array, from: bigint, to: bigint): BigInt64Array {
  if (from === to && values instanceof BigInt64Array) return values; // already in the unit: shared, as retype shares other buffers
  const out = new BigInt64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = BigInt(values[i]);
    if (from === to) out[i] = v;
    else if (to > from) out[i] = v * (to / from);
    else { const q = from / to; const r = v % q; out[i] = (v - r) / q - (r < 0n ? 1n : 0n); }
  }
  return out;
}

function validity(d: Data): Uint8Array | undefined {
  if (d.nullCount === 0) return undefined;
  // Validity bits are addressed at `offset + i`: at a byte boundary, the Data's own bits serve as they are.
  if (d.nullBitmap && d.offset % 8 === 0 && d.nullBitmap.length >= ((d.offset + d.length + 7) >> 3)) {
    return d.nullBitmap.subarray(d.offset >> 3, (d.offset + d.length + 7) >> 3);
  }
  const bits = new Uint8Array((d.length + 7) >> 3);
  for (let i = 0; i < d.length; i++) if (d.getValid(i)) bits[i >> 3] |= 1 << (i & 7);
  return bits;
}

function int32Offsets(d: Data): Int32Array {
  const o = d.valueOffsets as Int32Array | BigInt64Array;
  if (o instanceof Int32Array && o[0] === 0) return o;
  const base = Number(o[0]);
  return Int32Array.from(o as ArrayLike<number | bigint>, (x) => Number(x) - base);
}

function takeAll(d: Data): Data {
  return takeData(d, Int32Array.from({ length: d.length }, (_, i) => i));
}

function decodeDictionary(d: Data): Data {
  const dict = d.dictionary?.data[0];
  if (!dict) throw messageError('DataInvalid', 'error.iceberg.read.dictionary', undefined);
  const idx = Int32Array.from(d.values as ArrayLike<number | bigint>, (x) => Number(x));
  const out = takeData(dict, idx);
  // Nulls come from the indices' validity (a null slot's index may point at any dictionary entry).
  return d.nullCount === 0 ? out : out.clone(out.type, 0, out.length, d.nullCount, [out.valueOffsets, out.values, validity(d), undefined] as never, out.children);
}

function arrowStruct(fields: readonly NestedField[], children: Data[]): DataType {
  return new Struct(fields.map((f, i) => new Field(f.name, children[i].type, !f.required)));
}
