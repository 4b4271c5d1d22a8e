/**
 * The integer run-length encodings of int-rle.ts on 64-bit values (bigint column data): the same
 * algorithms, with exact arithmetic wrapping to signed 64 bits as the Java reader's `long` does.
 * Bit-packed values up to 52 bits are unpacked as numbers (fast) and converted.
 */
import type { ByteStream } from './byte-stream.ts';
import { orcInvalid } from './errors.ts';
import { closestFixedBits, unpack, WIDTHS } from './int-rle.ts';

const wrap = (v: bigint): bigint => BigInt.asIntN(64, v);
const unzigzag = (u: bigint): bigint => (u >> 1n) ^ -(u & 1n);

let nums = new Float64Array(512);

function unpackBig(s: ByteStream, width: number, n: number): bigint[] {
  const out = new Array<bigint>(n);
  if (width <= 52) {
    if (nums.length < n) nums = new Float64Array(Math.max(n, nums.length * 2));
    unpack(s, width, n, nums, 0);
    for (let i = 0; i < n; i++) out[i] = BigInt(nums[i]!);
    return out;
  }
  const bytes = s.take(Math.ceil((width * n) / 8));
  let bit = 0;
  for (let i = 0; i < n; i++) {
    let v = 0n;
    for (let k = 0; k < width; k++, bit++) v = (v << 1n) | BigInt((bytes[bit >> 3]! >> (7 - (bit & 7))) & 1);
    out[i] = v;
  }
  return out;
}

/** Decodes `count` 64-bit integers of a v1 or v2 stream into `out` from `offset`. */
export function readBigInts(s: ByteStream, version: 1 | 2, signed: boolean, count: number, out: BigInt64Array, offset = 0): void {
  let i = offset;
  const end = offset + count;
  const put = (v: bigint): void => {
    if (i < end) out[i++] = wrap(v);
  };
  while (i < end) {
    const first = s.byte();
    if (version === 1) {
      if (first < 128) {
        const delta = BigInt((s.byte() << 24) >> 24);
        let v = signed ? s.svarintBig() : s.uvarintBig();
        for (let k = 0; k < first + 3; k++, v += delta) put(v);
      } else for (let k = 0; k < 256 - first; k++) put(signed ? s.svarintBig() : s.uvarintBig());
      continue;
    }
    const enc = first >>> 6;
    if (enc === 0) {
      const width = ((first >>> 3) & 7) + 1;
      let v = 0n;
      for (let k = 0; k < width; k++) v = (v << 8n) | BigInt(s.byte());
      if (signed) v = unzigzag(v);
      for (let k = 0; k < (first & 7) + 3; k++) put(v);
      continue;
    }
    const len = (((first & 1) << 8) | s.byte()) + 1;
    if (enc === 1) {
      for (const u of unpackBig(s, WIDTHS[(first >>> 1) & 31]!, len)) put(signed ? unzigzag(u) : u);
    } else if (enc === 2) {
      const width = WIDTHS[(first >>> 1) & 31]!;
      const third = s.byte();
      const fourth = s.byte();
      const baseBytes = ((third >>> 5) & 7) + 1;
      const patchWidth = WIDTHS[third & 31]!;
      const gapWidth = ((fourth >>> 5) & 7) + 1;
      const patchCount = fourth & 31;
      let base = 0n;
      for (let k = 0; k < baseBytes; k++) base = (base << 8n) | BigInt(s.byte());
      const signBit = 1n << BigInt(baseBytes * 8 - 1);
      if (base & signBit) base = -(base & ~signBit);
      const values = unpackBig(s, width, len);
      const patches = unpackBig(s, closestFixedBits(patchWidth + gapWidth), patchCount);
      const pw = BigInt(patchWidth);
      let pos = 0;
      for (const entry of patches) {
        pos += Number(entry >> pw);
        const patch = entry & ((1n << pw) - 1n);
        if (patch === 0n) continue;
        if (pos >= len) throw orcInvalid('error.orc.stream.patch', { stream: s.name });
        values[pos] = values[pos]! | (patch << BigInt(width));
      }
      for (const v of values) put(base + v);
    } else {
      const code = (first >>> 1) & 31;
      const base = signed ? s.svarintBig() : s.uvarintBig();
      const deltaBase = s.svarintBig();
      put(base);
      if (code === 0) {
        let v = base;
        for (let k = 1; k < len; k++) put((v = wrap(v + deltaBase)));
      } else {
        if (len < 2) throw orcInvalid('error.orc.stream.delta', { stream: s.name });
        let v = wrap(base + deltaBase);
        put(v);
        for (const d of unpackBig(s, WIDTHS[code]!, len - 2)) put((v = wrap(deltaBase < 0n ? v - d : v + d)));
      }
    }
  }
}
