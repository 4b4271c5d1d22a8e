/**
 * The bucket transform's hash (spec "Bucket Transform Details" and Appendix B): 32-bit Murmur3, x86
 * variant, seed 0, over a per-type byte encoding; `bucket_N(x) = (hash(x) & Integer.MAX_VALUE) % N`.
 * Written by hand because it is ~30 lines and must match Java bit for bit (checked against the spec's
 * test values in bucket.test.ts); no package offers the Iceberg per-type encodings.
 */
import type { Value } from '../../../expr/types.ts';
import type { PrimitiveType } from './types.ts';

const C1 = 0xcc9e2d51; const C2 = 0x1b873593;

/** Murmur3 x86 32-bit hash of bytes with seed 0, as a signed 32-bit int (Java's `int`). */
export function murmur3x86_32(bytes: Uint8Array): number {
  let h1 = 0;
  const n = bytes.length;
  const blocks = n - (n % 4);
  for (let i = 0; i < blocks; i += 4) {
    let k1 = bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
    k1 = Math.imul(k1, C1); k1 = (k1 << 15) | (k1 >>> 17); k1 = Math.imul(k1, C2);
    h1 ^= k1; h1 = (h1 << 13) | (h1 >>> 19); h1 = (Math.imul(h1, 5) + 0xe6546b64) | 0;
  }
  const rest = n % 4;
  if (rest > 0) {
    let k1 = 0;
    if (rest === 3) k1 ^= bytes[blocks + 2] << 16;
    if (rest >= 2) k1 ^= bytes[blocks + 1] << 8;
    k1 ^= bytes[blocks];
    k1 = Math.imul(k1, C1); k1 = (k1 << 15) | (k1 >>> 17); k1 = Math.imul(k1, C2);
    h1 ^= k1;
  }
  h1 ^= n;
  h1 ^= h1 >>> 16; h1 = Math.imul(h1, 0x85ebca6b);
  h1 ^= h1 >>> 13; h1 = Math.imul(h1, 0xc2b2ae35);
  h1 ^= h1 >>> 16;
  return h1 | 0;
}

/** hashLong: Murmur3 of the 8 little-endian bytes of a long (ints hash as longs, Appendix B note 1). */
function hashLong(v: bigint): number {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigInt64(0, BigInt.asIntN(64, v), true);
  return murmur3x86_32(b);
}

/** Minimal two's-complement big-endian bytes of an integer (Java BigInteger.toByteArray). */
export function minBigEndian(v: bigint): Uint8Array {
  const out: number[] = [];
  let x = v;
  for (;;) {
    out.unshift(Number(BigInt.asUintN(8, x)));
    const rest = x >> 8n;
    // Stop once the remaining value is pure sign extension of the byte just written.
    if ((rest === 0n && (out[0] & 0x80) === 0) || (rest === -1n && (out[0] & 0x80) !== 0)) break;
    x = rest;
  }
  return Uint8Array.from(out);
}

/** 16 big-endian bytes of a UUID string. */
export function uuidBytes(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, '');
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** The 32-bit hash of a value of a type per Appendix B; undefined for types that cannot be bucketed. */
export function hashValue(type: PrimitiveType, v: Value): number | undefined {
  switch (type.kind) {
    case 'int': case 'date': return hashLong(BigInt(v as number));
    case 'long': case 'time': case 'timestamp': case 'timestamptz': return hashLong(v as bigint);
    // Nanosecond timestamps hash as microseconds (floor), so promotion keeps bucket values (note 3).
    case 'timestamp_ns': case 'timestamptz_ns': {
      const ns = v as bigint; let us = ns / 1000n;
      if (ns % 1000n < 0n) us -= 1n;
      return hashLong(us);
    }
    case 'decimal': return murmur3x86_32(minBigEndian(v as bigint));
    case 'string': return murmur3x86_32(new TextEncoder().encode(v as string));
    case 'uuid': return murmur3x86_32(uuidBytes(v as string));
    case 'fixed': case 'binary': return murmur3x86_32(v as Uint8Array);
    default: return undefined;
  }
}

/** `(hash & Integer.MAX_VALUE) % n`, or undefined when the type cannot be bucketed. */
export function bucketValue(type: PrimitiveType, v: Value, n: number): number | undefined {
  const h = hashValue(type, v);
  return h === undefined ? undefined : (h & 0x7fffffff) % n;
}
