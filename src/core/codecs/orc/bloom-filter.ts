/**
 * ORC bloom filters (ORC specification, "Bloom Filter Index"): per row group, a bit set of `numBits`
 * bits tested at `numHashFunctions` positions derived from one 64-bit hash: Thomas Wang's 64-bit
 * integer hash for integers (and for doubles' IEEE bits), Murmur3 hash64 (seed 104729) of the UTF-8
 * bytes for strings. Only BLOOM_FILTER_UTF8 streams are used for strings: the older BLOOM_FILTER
 * hashed strings in the writer's default charset.
 */
import type { BloomFilterProto } from './proto-messages.ts';

const M64 = (1n << 64n) - 1n;
const u64 = (v: bigint): bigint => v & M64;
const rotl = (v: bigint, r: bigint): bigint => u64((v << r) | (v >> (64n - r)));

/** Thomas Wang's 64-bit hash (Java `BloomFilter.getLongHash`, arithmetic shifts on a signed long). */
export function longHash(key: bigint): bigint {
  let k = BigInt.asIntN(64, key);
  const sar = (v: bigint, s: bigint): bigint => BigInt.asIntN(64, v) >> s;
  k = BigInt.asIntN(64, ~k + (k << 21n));
  k = BigInt.asIntN(64, k ^ sar(k, 24n));
  k = BigInt.asIntN(64, k + (k << 3n) + (k << 8n));
  k = BigInt.asIntN(64, k ^ sar(k, 14n));
  k = BigInt.asIntN(64, k + (k << 2n) + (k << 4n));
  k = BigInt.asIntN(64, k ^ sar(k, 28n));
  k = BigInt.asIntN(64, k + (k << 31n));
  return u64(k);
}

const C1 = 0x87c37b91114253d5n;
const C2 = 0x4cf5ad432745937fn;

function fmix64(h: bigint): bigint {
  h ^= h >> 33n;
  h = u64(h * 0xff51afd7ed558ccdn);
  h ^= h >> 33n;
  h = u64(h * 0xc4ceb9fe1a85ec53n);
  h ^= h >> 33n;
  return h;
}

/** Murmur3 hash64 as ORC's Java `Murmur3.hash64(byte[])` computes it (seed 104729). */
export function murmur3Hash64(data: Uint8Array): bigint {
  let hash = 104729n;
  const blocks = data.length >> 3;
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let i = 0; i < blocks; i++) {
    let k = dv.getBigUint64(i * 8, true);
    k = u64(k * C1);
    k = rotl(k, 31n);
    k = u64(k * C2);
    hash ^= k;
    hash = u64(rotl(hash, 27n) * 5n + 0x52dce729n);
  }
  let k1 = 0n;
  const tail = blocks << 3;
  for (let j = data.length - tail - 1; j >= 0; j--) k1 ^= BigInt(data[tail + j]!) << BigInt(8 * j);
  if (data.length > tail) {
    k1 = u64(k1 * C1);
    k1 = rotl(k1, 31n);
    k1 = u64(k1 * C2);
    hash ^= k1;
  }
  hash ^= BigInt(data.length);
  return fmix64(hash);
}

/** A value as the writer hashed it: integers (and dates) as longs, doubles by bits, strings as UTF-8. */
export function bloomHash(value: bigint | number | string | Uint8Array, asDouble = false): bigint {
  if (typeof value === 'string') return murmur3Hash64(new TextEncoder().encode(value));
  if (value instanceof Uint8Array) return murmur3Hash64(value);
  if (asDouble) {
    const dv = new DataView(new ArrayBuffer(8));
    dv.setFloat64(0, Number(value));
    return longHash(dv.getBigInt64(0));
  }
  return longHash(BigInt(value));
}

/** False only when the value is certainly absent from the row group (Java `BloomFilter.testHash`). */
export function bloomMightContain(filter: BloomFilterProto, hash: bigint): boolean {
  const numBits = filter.bitset.length * 64;
  if (numBits === 0 || filter.numHashFunctions === 0) return true;
  const h1 = Number(BigInt.asIntN(32, hash));
  const h2 = Number(BigInt.asIntN(32, hash >> 32n));
  for (let i = 1; i <= filter.numHashFunctions; i++) {
    let combined = (h1 + Math.imul(i, h2)) | 0;
    if (combined < 0) combined = ~combined;
    const pos = combined % numBits;
    if (((filter.bitset[pos >>> 6]! >> BigInt(pos & 63)) & 1n) === 0n) return false;
  }
  return true;
}
