/**
 * Reading one cell of an Arrow column as a core/expr internal value (spec/value-type.ts), for the
 * residual row filter. Values come from the raw buffers: `Vector.get` turns timestamps into lossy
 * millisecond numbers.
 */
import { Type, type Data } from 'apache-arrow';
import type { Value } from '../../../expr/index.ts';
import { utf8Decode } from '../../../util/bytes.ts';

/** A reader of cell i of `data`, or undefined when the type has no predicate value (nested types). */
export function cellReader(type: Data['type']): ((d: Data, i: number) => Value | null) | undefined {
  const valid = (f: (d: Data, i: number) => Value | null) => (d: Data, i: number) => (d.getValid(i) ? f(d, i) : null);
  switch (type.typeId) {
    case Type.Int: {
      const bits = (type as unknown as { bitWidth: number }).bitWidth;
      return valid((d, i) => {
        const v = (d.values as unknown as ArrayLike<number | bigint>)[i]!;
        return bits === 64 ? BigInt(v) : Number(v);
      });
    }
    case Type.Float: return valid((d, i) => Number((d.values as unknown as ArrayLike<number>)[i]!));
    case Type.Bool: return valid((d, i) => ((d.values as Uint8Array)[(d.offset + i) >> 3]! & (1 << ((d.offset + i) & 7))) !== 0);
    case Type.Utf8: case Type.LargeUtf8: return valid((d, i) => utf8Decode(bytesAt(d, i)));
    case Type.Binary: case Type.LargeBinary: return valid((d, i) => bytesAt(d, i).slice());
    case Type.Date: {
      const days = (type as unknown as { unit: number }).unit === 0;
      return valid((d, i) => {
        const v = Number((d.values as unknown as ArrayLike<number | bigint>)[i]!);
        return days ? v : Math.floor(v / 86_400_000);
      });
    }
    case Type.Timestamp: {
      const unit = (type as unknown as { unit: number }).unit; // 0 s, 1 ms, 2 µs, 3 ns
      return valid((d, i) => {
        const v = BigInt((d.values as unknown as ArrayLike<number | bigint>)[i]!);
        return unit === 0 ? v * 1_000_000n : unit === 1 ? v * 1000n : unit === 2 ? v : floorDiv(v, 1000n);
      });
    }
    case Type.Decimal: {
      const words = (type as unknown as { bitWidth: number }).bitWidth / 32;
      return valid((d, i) => {
        const w = d.values as unknown as Uint32Array;
        let v = 0n;
        for (let k = words - 1; k >= 0; k--) v = (v << 32n) | BigInt(w[i * words + k]!);
        return BigInt.asIntN(words * 32, v);
      });
    }
    case Type.Dictionary: {
      const inner = cellReader((type as unknown as { dictionary: Data['type'] }).dictionary);
      if (!inner) return undefined;
      return valid((d, i) => {
        const idx = Number((d.values as unknown as ArrayLike<number | bigint>)[i]!);
        return inner(d.dictionary!.data[0]!, idx);
      });
    }
    default: return undefined;
  }
}

function bytesAt(d: Data, i: number): Uint8Array {
  const o = d.valueOffsets as unknown as ArrayLike<number | bigint>;
  return (d.values as Uint8Array).subarray(Number(o[i]!), Number(o[i + 1]!));
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}
