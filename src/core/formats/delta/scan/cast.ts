/**
 * Widening a file's column to the table's type (PROTOCOL.md "Type Widening": byte→short→int→long,
 * float→double, byte/short/int→double, date→timestamp_ntz, decimal(p,s)→decimal(p+k1,s+k2), integers→
 * decimal). Values are rebuilt from the raw Arrow buffers; nulls keep their validity bitmap.
 */
import { Data, Type, type DataType } from 'apache-arrow';
import { messageError } from '../../../message-error.ts';

type Values = ArrayLike<number | bigint> & { length: number };

function withValues(d: Data, type: DataType, values: ArrayLike<unknown>): Data {
  const validity = d.nullCount > 0 ? d.nullBitmap : undefined;
  // The new values are compacted (index i = row i), so the offset must be moved into the bitmap: copy bits.
  let bitmap: Uint8Array | undefined;
  if (validity && validity.length) {
    bitmap = new Uint8Array((d.length + 7) >> 3);
    for (let i = 0; i < d.length; i++) if (d.getValid(i)) bitmap[i >> 3]! |= 1 << (i & 7);
  }
  return new Data(type, 0, d.length, bitmap ? d.nullCount : 0, [undefined, values, bitmap, undefined] as never);
}

function intAt(d: Data, i: number): bigint {
  const v = (d.values as unknown as Values)[i]!;
  return typeof v === 'bigint' ? v : BigInt(v);
}

function decimalAt(d: Data, i: number): bigint {
  const w = d.values as unknown as Uint32Array;
  const words = (d.type as unknown as { bitWidth: number }).bitWidth / 32;
  let v = 0n;
  for (let k = words - 1; k >= 0; k--) v = (v << 32n) | BigInt(w[i * words + k]!);
  return BigInt.asIntN(words * 32, v);
}

function decimalValues(values: bigint[]): Uint32Array {
  const out = new Uint32Array(values.length * 4);
  values.forEach((x, i) => {
    let v = BigInt.asUintN(128, x);
    for (let k = 0; k < 4; k++, v >>= 32n) out[i * 4 + k] = Number(v & 0xffffffffn);
  });
  return out;
}

/**
 * Casts `d` to `target` when the types differ and the change is a widening; identical types (and
 * representation-only differences such as timestamp units or dictionary encoding) pass unchanged.
 * Must hold: any other change → DataInvalid naming the column.
 */
export function widen(d: Data, target: DataType, column: string): Data {
  const src = d.type;
  if (src.typeId === target.typeId && String(src) === String(target)) return d;
  const n = d.length;
  const fail = (): never => {
    throw messageError('DataInvalid', 'error.delta.widening', { column, from: String(src), to: String(target) }, { column });
  };
  switch (target.typeId) {
    case Type.Int: {
      if (src.typeId !== Type.Int) return fail();
      const bits = (target as unknown as { bitWidth: number }).bitWidth;
      if (bits === 64) return withValues(d, target, BigInt64Array.from({ length: n }, (_, i) => intAt(d, i)));
      const out = bits === 32 ? new Int32Array(n) : bits === 16 ? new Int16Array(n) : new Int8Array(n);
      for (let i = 0; i < n; i++) out[i] = Number(intAt(d, i));
      return withValues(d, target, out);
    }
    case Type.Float: {
      if (src.typeId !== Type.Float && src.typeId !== Type.Int) return fail();
      const v = d.values as unknown as Values;
      const out = Float64Array.from({ length: n }, (_, i) => Number(v[i]!));
      return (target as unknown as { precision: number }).precision === 2 ? withValues(d, target, out) : withValues(d, target, Float32Array.from(out));
    }
    case Type.Decimal: {
      const scale = (target as unknown as { scale: number }).scale;
      if (src.typeId === Type.Int) return withValues(d, target, decimalValues(Array.from({ length: n }, (_, i) => intAt(d, i) * 10n ** BigInt(scale))));
      if (src.typeId !== Type.Decimal) return fail();
      const up = scale - (src as unknown as { scale: number }).scale;
      if (up < 0) return fail();
      return withValues(d, target, decimalValues(Array.from({ length: n }, (_, i) => decimalAt(d, i) * 10n ** BigInt(up))));
    }
    case Type.Timestamp: {
      if (src.typeId === Type.Timestamp) return d; // unit/zone representation: canonical form reads any unit
      if (src.typeId !== Type.Date) return fail();
      const days = (src as unknown as { unit: number }).unit === 0;
      const v = d.values as unknown as Values;
      return withValues(d, target, BigInt64Array.from({ length: n }, (_, i) => (days ? BigInt(v[i]!) * 86_400_000_000n : BigInt(v[i]!) * 1000n)));
    }
    default:
      return src.typeId === target.typeId || family(src.typeId) === family(target.typeId) ? d : fail();
  }
}

/** Representation families whose members read the same in canonical form (string, binary). */
function family(t: Type): string {
  if (t === Type.Utf8 || t === Type.LargeUtf8 || t === Type.Dictionary) return 'string';
  if (t === Type.Binary || t === Type.LargeBinary || t === Type.FixedSizeBinary) return 'binary';
  return String(t);
}
