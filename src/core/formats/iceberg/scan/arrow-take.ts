/**
 * Selecting rows of Arrow data by index, for every layout the readers produce (fixed width, bits,
 * variable width with 32/64-bit offsets, lists, maps, structs). Arrow JS has no compute kernels, so this
 * is written by hand; it copies buffers instead of converting values (no lossy `get()` round trip).
 * Layout conventions (as in arrow/canonical.ts): fixed-width `values` and `valueOffsets` are already
 * sliced to the Data; validity and boolean bits are addressed at `data.offset + i`.
 */
import { type Data, type DataType, Type, makeData } from 'apache-arrow';
import { LakeError } from '../../../errors.ts';

/** The rows of `d` at `idx` (in that order) as new Data of the same type. */
export function takeData(d: Data, idx: ArrayLike<number>): Data {
  const n = idx.length;
  const type = d.type as DataType;
  const nullBitmap = d.nullCount === 0 ? undefined : takeValidity(d, idx);
  const nullCount = nullBitmap ? n - countBits(nullBitmap, n) : 0;
  switch (type.typeId) {
    case Type.Null: return makeData({ type, length: n } as never);
    case Type.Bool: {
      const bits = new Uint8Array((n + 7) >> 3);
      const src = d.values as Uint8Array;
      for (let k = 0; k < n; k++) {
        const j = d.offset + idx[k];
        if (src[j >> 3] & (1 << (j & 7))) bits[k >> 3] |= 1 << (k & 7);
      }
      return makeData({ type, length: n, nullCount, nullBitmap, data: bits } as never);
    }
    case Type.Int: case Type.Float: case Type.Date: case Type.Time: case Type.Timestamp: case Type.Decimal:
    case Type.FixedSizeBinary: case Type.Duration: case Type.Interval: {
      const stride = d.stride;
      const src = d.values as unknown as { length: number; constructor: new (n: number) => Record<number, unknown> } & Record<number, unknown>;
      const out = new src.constructor(n * stride);
      for (let k = 0; k < n; k++) for (let s = 0; s < stride; s++) out[k * stride + s] = src[idx[k] * stride + s];
      return makeData({ type, length: n, nullCount, nullBitmap, data: out } as never);
    }
    case Type.Utf8: case Type.Binary: case Type.LargeUtf8: case Type.LargeBinary: {
      const offsets = d.valueOffsets as Int32Array | BigInt64Array;
      const values = d.values as Uint8Array;
      let total = 0;
      for (let k = 0; k < n; k++) total += Number(offsets[idx[k] + 1]) - Number(offsets[idx[k]]);
      const big = offsets instanceof BigInt64Array;
      const outOffsets = big ? new BigInt64Array(n + 1) : new Int32Array(n + 1);
      const out = new Uint8Array(total);
      let pos = 0;
      for (let k = 0; k < n; k++) {
        const a = Number(offsets[idx[k]]); const b = Number(offsets[idx[k] + 1]);
        out.set(values.subarray(a, b), pos);
        pos += b - a;
        if (big) (outOffsets as BigInt64Array)[k + 1] = BigInt(pos); else (outOffsets as Int32Array)[k + 1] = pos;
      }
      return makeData({ type, length: n, nullCount, nullBitmap, valueOffsets: outOffsets, data: out } as never);
    }
    case Type.List: case Type.LargeList: case Type.Map: {
      const offsets = d.valueOffsets as Int32Array | BigInt64Array;
      const childIdx: number[] = [];
      const big = offsets instanceof BigInt64Array;
      const outOffsets = big ? new BigInt64Array(n + 1) : new Int32Array(n + 1);
      for (let k = 0; k < n; k++) {
        for (let c = Number(offsets[idx[k]]); c < Number(offsets[idx[k] + 1]); c++) childIdx.push(c);
        if (big) (outOffsets as BigInt64Array)[k + 1] = BigInt(childIdx.length); else (outOffsets as Int32Array)[k + 1] = childIdx.length;
      }
      return makeData({ type, length: n, nullCount, nullBitmap, valueOffsets: outOffsets, child: takeData(d.children[0], childIdx) } as never);
    }
    case Type.FixedSizeList: {
      const size = (type as unknown as { listSize: number }).listSize;
      const childIdx: number[] = [];
      for (let k = 0; k < n; k++) for (let s = 0; s < size; s++) childIdx.push(idx[k] * size + s);
      return makeData({ type, length: n, nullCount, nullBitmap, child: takeData(d.children[0], childIdx) } as never);
    }
    case Type.Struct:
      return makeData({ type, length: n, nullCount, nullBitmap, children: d.children.map((c) => takeData(c, idx)) } as never);
    default:
      throw new LakeError('Unsupported', `iceberg read: cannot select rows of Arrow type ${String(type)}`);
  }
}

function takeValidity(d: Data, idx: ArrayLike<number>): Uint8Array {
  const n = idx.length;
  const bits = new Uint8Array((n + 7) >> 3);
  for (let k = 0; k < n; k++) if (d.getValid(idx[k])) bits[k >> 3] |= 1 << (k & 7);
  return bits;
}

function countBits(bits: Uint8Array, n: number): number {
  let c = 0;
  for (let k = 0; k < n; k++) if (bits[k >> 3] & (1 << (k & 7))) c++;
  return c;
}

/** Indices 0..n-1 where `keep` is set. */
export function maskToIndices(keep: Uint8Array): Int32Array {
  let count = 0;
  for (let i = 0; i < keep.length; i++) if (keep[i]) count++;
  const out = new Int32Array(count);
  for (let i = 0, k = 0; i < keep.length; i++) if (keep[i]) out[k++] = i;
  return out;
}
