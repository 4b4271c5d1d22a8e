/**
 * Building and reshaping record batches: columns of a constant or null value (Iceberg identity
 * partition values and columns missing from older files), selecting/reordering/renaming columns,
 * and concatenation.
 */
import { Data, Field, makeData, RecordBatch, Schema, Struct, Table, Type, type DataType } from 'apache-arrow';
import { utf8Encode } from '../util/bytes.ts';
import { internalError, messageError } from '../message-error.ts';

type Buffers = [Int32Array | BigInt64Array | undefined, ArrayLike<unknown> | undefined, Uint8Array | undefined, undefined];

function make(type: DataType, length: number, nullCount: number, buffers: Buffers, children: Data[] = []): Data {
  return new Data(type, 0, length, nullCount, buffers as never, children);
}

/**
 * A column of `length` nulls of any type (nested ones included: children are empty or null too).
 */
export function nullData(type: DataType, length: number): Data {
  const validity = new Uint8Array((length + 7) >> 3);
  switch (type.typeId) {
    case Type.Null: return make(type, length, length, [undefined, undefined, undefined, undefined]);
    case Type.Struct: return make(type, length, length, [undefined, undefined, validity, undefined], type.children.map((f) => nullData(f.type, length)));
    case Type.List: case Type.Map:
      return make(type, length, length, [new Int32Array(length + 1), undefined, validity, undefined], [nullData(type.children[0]!.type, 0)]);
    case Type.LargeList:
      return make(type, length, length, [new BigInt64Array(length + 1), undefined, validity, undefined], [nullData(type.children[0]!.type, 0)]);
    case Type.FixedSizeList: {
      const size = (type as unknown as { listSize: number }).listSize;
      return make(type, length, length, [undefined, undefined, validity, undefined], [nullData(type.children[0]!.type, length * size)]);
    }
    case Type.Utf8: case Type.Binary:
      return make(type, length, length, [new Int32Array(length + 1), new Uint8Array(0), validity, undefined]);
    case Type.LargeUtf8: case Type.LargeBinary:
      return make(type, length, length, [new BigInt64Array(length + 1), new Uint8Array(0), validity, undefined]);
    case Type.Bool: return make(type, length, length, [undefined, new Uint8Array((length + 7) >> 3), validity, undefined]);
    default: {
      const probe = makeData({ type, length: 0 } as never) as Data;
      const ArrayType = (probe.values?.constructor ?? type.ArrayType) as new (n: number) => ArrayLike<unknown>;
      return make(type, length, length, [undefined, new ArrayType(length * probe.stride), validity, undefined]);
    }
  }
}

/**
 * A column repeating one value `length` times. `value` is the stored representation: number or
 * bigint for integers (bigint for 64-bit), number for floats and Date32 days, bigint in the type's
 * unit for timestamps/Date64/Time64, bigint unscaled for decimals, boolean, string for Utf8,
 * Uint8Array for binary/fixed. `null`/`undefined` → {@link nullData}. Nested types → Unsupported.
 */
export function constantData(type: DataType, value: unknown, length: number): Data {
  if (value === null || value === undefined) return nullData(type, length);
  switch (type.typeId) {
    case Type.Bool: {
      const bits = new Uint8Array((length + 7) >> 3);
      if (value) bits.fill(0xff);
      return make(type, length, 0, [undefined, bits, undefined, undefined]);
    }
    case Type.Utf8: case Type.LargeUtf8: case Type.Binary: case Type.LargeBinary: {
      const bytes = typeof value === 'string' ? utf8Encode(value) : value as Uint8Array;
      const large = type.typeId === Type.LargeUtf8 || type.typeId === Type.LargeBinary;
      const values = new Uint8Array(bytes.length * length);
      const offsets = large ? new BigInt64Array(length + 1) : new Int32Array(length + 1);
      for (let i = 0; i < length; i++) {
        values.set(bytes, i * bytes.length);
        if (large) (offsets as BigInt64Array)[i + 1] = BigInt((i + 1) * bytes.length);
        else (offsets as Int32Array)[i + 1] = (i + 1) * bytes.length;
      }
      return make(type, length, 0, [offsets, values, undefined, undefined]);
    }
    case Type.FixedSizeBinary: {
      const bytes = value as Uint8Array;
      const values = new Uint8Array(bytes.length * length);
      for (let i = 0; i < length; i++) values.set(bytes, i * bytes.length);
      return make(type, length, 0, [undefined, values, undefined, undefined]);
    }
    case Type.Decimal: {
      const words = (type as unknown as { bitWidth: number }).bitWidth / 32;
      const values = new Uint32Array(words * length);
      let v = BigInt.asUintN(words * 32, BigInt(value as bigint));
      const one = new Uint32Array(words);
      for (let w = 0; w < words; w++, v >>= 32n) one[w] = Number(v & 0xffffffffn);
      for (let i = 0; i < length; i++) values.set(one, i * words);
      return make(type, length, 0, [undefined, values, undefined, undefined]);
    }
    case Type.Int: case Type.Float: case Type.Date: case Type.Time: case Type.Timestamp: case Type.Duration: {
      const data = nullData(type, length);
      const values = data.values as unknown as { fill(v: unknown): void };
      values.fill(data.values instanceof BigInt64Array || data.values instanceof BigUint64Array ? BigInt(value as bigint) : Number(value));
      if (data.stride !== 1) throw messageError('Unsupported', 'error.arrow.constantType', { type: String(type) });
      return make(type, length, 0, [undefined, data.values, undefined, undefined]);
    }
    default:
      throw messageError('Unsupported', 'error.arrow.constantType', { type: String(type) });
  }
}

/**
 * A batch from fields and their column data; every column must have `numRows` rows. Must hold: the batch
 * equals `new RecordBatch(schema, makeData({ type: new Struct(fields), length: numRows, nullCount: 0, children }))`
 * (columns.test.ts compares their IPC bytes). Built without that constructor: it re-checks the lengths
 * checked here (`ensureSameLengthData`), builds a second Schema (`schema.assign`, merging metadata maps)
 * and a second struct Data through makeData's visitor — ~6.5 µs a batch, twice per one-row file on the
 * read path (issue 17: time travel over 1,000 one-row files builds 2,000 batches).
 */
export function batchFromColumns(fields: readonly Field[], columns: readonly Data[], numRows: number, metadata?: Map<string, string>): RecordBatch {
  if (fields.length !== columns.length) throw internalError('arrow batch: fields and columns differ in number');
  for (let i = 0; i < columns.length; i++) {
    if (columns[i]!.length !== numRows) throw internalError(`arrow batch: column ${fields[i]!.name} has ${columns[i]!.length} rows, not ${numRows}`);
  }
  const schema = new Schema([...fields], metadata);
  const data = new Data(new Struct(schema.fields), 0, numRows, 0, [undefined, undefined, NO_NULLS] as never, [...columns]);
  // apache-arrow 21 (pinned) keeps a batch's state in `schema`, `data` and `_metadata`.
  return Object.assign(Object.create(RecordBatch.prototype) as RecordBatch, { schema, data, _metadata: new Map<string, string>() });
}

/** The validity buffer of a struct without null rows (what makeData gives it). */
const NO_NULLS = new Uint8Array(0);

/**
 * The named columns in the given order. A name missing from the batch throws LakeError Internal
 * (callers decide first what to fill with {@link nullData}).
 */
export function selectColumns(batch: RecordBatch, names: readonly string[]): RecordBatch {
  const fields: Field[] = [];
  const columns: Data[] = [];
  for (const name of names) {
    const k = batch.schema.fields.findIndex((f) => f.name === name);
    if (k < 0) throw internalError(`arrow select: column ${name} is not in the batch`, { column: name });
    fields.push(batch.schema.fields[k]!);
    columns.push(batch.data.children[k]!);
  }
  return batchFromColumns(fields, columns, batch.numRows, batch.schema.metadata);
}

/** Same columns under new names (e.g. file names → current schema names, mapped by field id). */
export function renameColumns(batch: RecordBatch, names: readonly string[]): RecordBatch {
  if (names.length !== batch.numCols) throw internalError('arrow rename: wrong number of names');
  const fields = batch.schema.fields.map((f, i) => new Field(names[i]!, f.type, f.nullable, f.metadata));
  return batchFromColumns(fields, batch.data.children, batch.numRows, batch.schema.metadata);
}

/**
 * One Table from batches of the same schema (field names and types compared). Mismatching schemas
 * throw LakeError Internal: align them first with {@link selectColumns} / {@link nullData}.
 */
export function concatBatches(batches: readonly RecordBatch[], schema?: Schema): Table {
  const first = schema ?? batches[0]?.schema;
  if (!first) return new Table();
  const key = (s: Schema) => s.fields.map((f) => `${f.name}:${String(f.type)}`).join(',');
  for (const b of batches) {
    if (key(b.schema) !== key(first)) throw internalError('arrow concat: batches have different schemas');
  }
  return new Table(first, [...batches]);
}
