/**
 * Row selection on Arrow data: `take` (gather rows by index) for every type the readers produce,
 * and the filters built on it (boolean mask, deleted row positions). Arrow JS has no take/filter
 * kernel, so this gathers raw buffers by hand (layout conventions: see canonical.ts).
 */
import { Data, makeData, RecordBatch, Struct, Type, type DataType } from 'apache-arrow';
import { internalError, messageError } from '../message-error.ts';

type Buffers = [offsets: Int32Array | BigInt64Array | undefined, values: ArrayLike<unknown> | undefined, validity: Uint8Array | undefined, typeIds: undefined];

/** Validity bitmap of the taken rows, or undefined when there are no nulls. */
function takeValidity(d: Data, idx: Int32Array): { bitmap?: Uint8Array; nullCount: number } {
  if (d.nullCount === 0 || !d.nullBitmap || d.nullBitmap.length === 0) return { nullCount: 0 };
  const bitmap = new Uint8Array((idx.length + 7) >> 3);
  let nulls = 0;
  for (let i = 0; i < idx.length; i++) {
    if (d.getValid(idx[i]!)) bitmap[i >> 3]! |= 1 << (i & 7);
    else nulls++;
  }
  return nulls === 0 ? { nullCount: 0 } : { bitmap, nullCount: nulls };
}

function make(type: DataType, length: number, nullCount: number, buffers: Buffers, children: Data[] = [], dictionary?: Data['dictionary']): Data {
  return new Data(type, 0, length, nullCount, buffers as never, children, dictionary);
}

/**
 * The rows `idx` of `d`, in that order (indices may repeat). Must hold for every supported type:
 * row i of the result equals row idx[i] of the input, nulls included. Unions and view types → Unsupported.
 */
export function takeData(d: Data, idx: Int32Array): Data {
  const { bitmap, nullCount } = takeValidity(d, idx);
  const n = idx.length;
  const type = d.type;
  switch (type.typeId) {
    case Type.Null: return make(type, n, n, [undefined, undefined, undefined, undefined]);
    case Type.Bool: {
      const out = new Uint8Array((n + 7) >> 3);
      const v = d.values as Uint8Array;
      for (let i = 0; i < n; i++) {
        const b = d.offset + idx[i]!;
        if (v[b >> 3]! & (1 << (b & 7))) out[i >> 3]! |= 1 << (i & 7);
      }
      return make(type, n, nullCount, [undefined, out, bitmap, undefined]);
    }
    case Type.Int: case Type.Float: case Type.Decimal: case Type.Date: case Type.Time: case Type.Timestamp:
    case Type.Duration: case Type.Interval: case Type.FixedSizeBinary: case Type.Dictionary: {
      const values = d.values as unknown as { length: number; constructor: new (n: number) => Int32Array; [i: number]: unknown };
      const stride = d.stride;
      const out = new values.constructor(n * stride) as unknown as { [i: number]: unknown };
      for (let i = 0; i < n; i++) for (let s = 0; s < stride; s++) out[i * stride + s] = values[idx[i]! * stride + s];
      return make(type, n, nullCount, [undefined, out as ArrayLike<unknown>, bitmap, undefined], [], d.dictionary);
    }
    case Type.Binary: case Type.Utf8: case Type.LargeBinary: case Type.LargeUtf8: return takeVarBinary(d, idx, bitmap, nullCount);
    case Type.List: case Type.LargeList: case Type.Map: return takeList(d, idx, bitmap, nullCount);
    case Type.FixedSizeList: {
      const size = (type as unknown as { listSize: number }).listSize;
      const childIdx = new Int32Array(n * size);
      for (let i = 0; i < n; i++) for (let k = 0; k < size; k++) childIdx[i * size + k] = idx[i]! * size + k;
      return make(type, n, nullCount, [undefined, undefined, bitmap, undefined], [takeData(d.children[0]!, childIdx)]);
    }
    case Type.Struct:
      return make(type, n, nullCount, [undefined, undefined, bitmap, undefined], d.children.map((c) => takeData(c, idx)));
    default:
      throw messageError('Unsupported', 'error.arrow.takeType', { type: String(type) });
  }
}

/** Offsets of the taken rows' spans laid end to end, and their total length (both variable-width layouts). */
function takenOffsets(o: Int32Array | BigInt64Array, idx: Int32Array, large: boolean): { offsets: Int32Array | BigInt64Array; total: number } {
  const offsets = large ? new BigInt64Array(idx.length + 1) : new Int32Array(idx.length + 1);
  let at = 0;
  for (let i = 0; i < idx.length; i++) {
    at += Number(o[idx[i]! + 1]!) - Number(o[idx[i]!]!);
    if (large) (offsets as BigInt64Array)[i + 1] = BigInt(at);
    else (offsets as Int32Array)[i + 1] = at;
  }
  return { offsets, total: at };
}

function takeVarBinary(d: Data, idx: Int32Array, bitmap: Uint8Array | undefined, nullCount: number): Data {
  const o = d.valueOffsets as Int32Array | BigInt64Array;
  const v = d.values as Uint8Array;
  const { offsets, total } = takenOffsets(o, idx, d.type.typeId === Type.LargeBinary || d.type.typeId === Type.LargeUtf8);
  const values = new Uint8Array(total);
  for (let i = 0; i < idx.length; i++) values.set(v.subarray(Number(o[idx[i]!]!), Number(o[idx[i]! + 1]!)), Number(offsets[i]!));
  return make(d.type, idx.length, nullCount, [offsets, values, bitmap, undefined]);
}

function takeList(d: Data, idx: Int32Array, bitmap: Uint8Array | undefined, nullCount: number): Data {
  const o = d.valueOffsets as Int32Array | BigInt64Array;
  const { offsets, total } = takenOffsets(o, idx, d.type.typeId === Type.LargeList);
  const childIdx = new Int32Array(total);
  let at = 0;
  for (let i = 0; i < idx.length; i++) {
    for (let k = Number(o[idx[i]!]!); k < Number(o[idx[i]! + 1]!); k++) childIdx[at++] = k;
  }
  return make(d.type, idx.length, nullCount, [offsets, undefined, bitmap, undefined], [takeData(d.children[0]!, childIdx)]);
}

/** The rows `idx` of a batch (same schema). */
export function takeRows(batch: RecordBatch, idx: Int32Array): RecordBatch {
  const children = batch.data.children.map((c) => takeData(c, idx));
  return new RecordBatch(batch.schema, makeData({ type: new Struct(batch.schema.fields), length: idx.length, nullCount: 0, children }));
}

/**
 * Keeps the rows where `keep` is true / non-zero. Must hold: row order is preserved; an all-true
 * mask returns the batch itself (no copy); the mask length must equal the row count.
 */
export function filterRows(batch: RecordBatch, keep: ArrayLike<boolean | number>): RecordBatch {
  if (keep.length !== batch.numRows) {
    throw internalError(`arrow filter: mask of ${keep.length} for ${batch.numRows} rows`);
  }
  const idx = maskToIndices(keep);
  return idx.length === batch.numRows ? batch : takeRows(batch, idx);
}

/** The positions 0..n-1 where `keep` is true / non-zero, ascending. */
export function maskToIndices(keep: ArrayLike<boolean | number>): Int32Array {
  let count = 0;
  for (let i = 0; i < keep.length; i++) if (keep[i]) count++;
  const out = new Int32Array(count);
  for (let i = 0, k = 0; i < keep.length; i++) if (keep[i]) out[k++] = i;
  return out;
}

/**
 * Drops the rows whose file position is in `deleted` — the batch's first row being at file position
 * `firstPosition` (Iceberg position deletes and deletion vectors count rows from 0 per data file).
 */
export function dropPositions(batch: RecordBatch, deleted: { has(pos: number): boolean }, firstPosition: number): RecordBatch {
  const keep = new Uint8Array(batch.numRows);
  for (let i = 0; i < keep.length; i++) keep[i] = deleted.has(firstPosition + i) ? 0 : 1;
  return filterRows(batch, keep);
}
