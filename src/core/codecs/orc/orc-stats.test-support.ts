/**
 * Column statistics computed from decoded Arrow data, in the ORC writers' terms (ORC specification,
 * "Column Statistics"): per column id, the count of non-null values, min/max, and sum (integers,
 * floating point, decimals) or total byte length (strings, binary), and true count (booleans).
 */
import type { Data } from 'apache-arrow';
import { Kind } from './proto-messages.ts';
import type { OrcType } from './schema.ts';

export interface ComputedStats {
  count: bigint;
  hasNull: boolean;
  min?: number | bigint | string;
  max?: number | bigint | string;
  sum?: number | bigint;
  trueCount?: bigint;
}

const decoder = new TextDecoder();

function valid(d: Data, i: number): boolean {
  const bm = d.nullBitmap;
  if (!bm || bm.length === 0 || d.nullCount === 0) return true;
  return ((bm[i >> 3]! >> (i & 7)) & 1) === 1;
}

function decimalBig(words: Uint32Array, i: number): bigint {
  let v = 0n;
  for (let k = 3; k >= 0; k--) v = (v << 32n) | BigInt(words[i * 4 + k]!);
  return BigInt.asIntN(128, v);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/**
 * Adds the statistics of `d` (column `t` and its descendants) into `out`, by column id. Strings are
 * ordered by their UTF-8 bytes (= code point order; Java orders by UTF-16 units, which differs only
 * between supplementary characters and U+E000–U+FFFF, absent from the reference files).
 */
export function accumulate(t: OrcType, d: Data, out: Map<number, ComputedStats>): void {
  let s = out.get(t.id);
  if (!s) out.set(t.id, (s = { count: 0n, hasNull: false }));
  const n = d.length;
  const ok = new Uint8Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) count += ok[i] = valid(d, i) ? 1 : 0;
  s.count += BigInt(count);
  if (count < n) s.hasNull = true;
  const upd = (v: number | bigint | string): void => {
    if (s.min === undefined || v < s.min) s.min = v;
    if (s.max === undefined || v > s.max) s.max = v;
  };
  switch (t.kind) {
    case Kind.BOOLEAN: {
      let trues = 0;
      for (let i = 0; i < n; i++) if (ok[i] && ((d.values as Uint8Array)[i >> 3]! >> (i & 7)) & 1) trues++;
      s.trueCount = (s.trueCount ?? 0n) + BigInt(trues);
      break;
    }
    case Kind.BYTE: case Kind.SHORT: case Kind.INT: case Kind.DATE: {
      const vals = d.values as Int32Array;
      let min = Infinity; let max = -Infinity; let sum = 0;
      for (let i = 0; i < n; i++) {
        if (!ok[i]) continue;
        const v = vals[i]!;
        if (v < min) min = v;
        if (v > max) max = v;
        sum += v;
      }
      if (count) {
        if (t.kind === Kind.DATE) { upd(min); upd(max); } else { upd(BigInt(min)); upd(BigInt(max)); s.sum = ((s.sum as bigint | undefined) ?? 0n) + BigInt(sum); }
      }
      break;
    }
    case Kind.LONG: {
      const vals = d.values as BigInt64Array;
      let sum = (s.sum as bigint | undefined) ?? 0n;
      for (let i = 0; i < n; i++) if (ok[i]) { upd(vals[i]!); sum += vals[i]!; }
      s.sum = sum;
      break;
    }
    case Kind.FLOAT: case Kind.DOUBLE: {
      const vals = d.values as Float64Array;
      let sum = (s.sum as number | undefined) ?? 0;
      for (let i = 0; i < n; i++) if (ok[i]) { upd(vals[i]!); sum += vals[i]!; }
      s.sum = sum;
      break;
    }
    case Kind.STRING: case Kind.VARCHAR: case Kind.CHAR: case Kind.BINARY: {
      const bytes = d.values as Uint8Array;
      const off = d.valueOffsets;
      s.sum = ((s.sum as bigint | undefined) ?? 0n) + BigInt(off[n]! - off[0]!);
      if (t.kind === Kind.BINARY || !count) break;
      let min: Uint8Array | undefined; let max: Uint8Array | undefined;
      for (let i = 0; i < n; i++) {
        if (!ok[i]) continue;
        const v = bytes.subarray(off[i]!, off[i + 1]!);
        if (!min || compareBytes(v, min) < 0) min = v;
        if (!max || compareBytes(v, max) > 0) max = v;
      }
      upd(decoder.decode(min)); upd(decoder.decode(max));
      break;
    }
    case Kind.TIMESTAMP: case Kind.TIMESTAMP_INSTANT: {
      const vals = d.values as BigInt64Array;
      for (let i = 0; i < n; i++) if (ok[i]) upd(vals[i]!);
      break;
    }
    case Kind.DECIMAL: {
      let sum = (s.sum as bigint | undefined) ?? 0n;
      for (let i = 0; i < n; i++) if (ok[i]) { const v = decimalBig(d.values as Uint32Array, i); upd(v); sum += v; }
      s.sum = sum;
      break;
    }
    default: break;
  }
  switch (t.kind) {
    case Kind.LIST: accumulate(t.children[0]!, d.children[0]!, out); break;
    case Kind.MAP: t.children.forEach((c, k) => accumulate(c, d.children[0]!.children[k]!, out)); break;
    case Kind.STRUCT: t.children.forEach((c, k) => accumulate(c, d.children[k]!, out)); break;
    case Kind.UNION: t.children.forEach((c, k) => accumulate(c, d.children[k + 1]!, out)); break;
    default: break;
  }
}
