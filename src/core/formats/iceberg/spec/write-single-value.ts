/**
 * Writing single values (spec Appendix D "Single-value serialization", binary form) for column bounds and
 * partition summaries — the inverse of single-value.ts's decodeBinaryValue — and the truncation of string
 * and binary bounds (Java `write.metadata.metrics.default` = `truncate(16)`; a truncated upper bound is
 * incremented so it stays ≥ every value, spec "Manifests": "Each value must be greater than or equal").
 */
import { truncateCodePoints } from '../../../expr/compare.ts';
import type { Value } from '../../../expr/types.ts';
import { utf8Encode } from '../../../util/bytes.ts';
import type { PrimitiveType } from './types.ts';

/** Default truncation length of string/binary bounds (Java MetricsModes.Truncate(16)). */
export const DEFAULT_BOUND_TRUNCATE = 16;

/**
 * The Appendix D binary form of an internal value (expr/types.ts) of `type`. Returns undefined for types
 * that have no binary bound form (variant, geometry, geography, unknown). Must hold:
 * `decodeBinaryValue(type, encodeBinaryValue(type, v)) == v`.
 */
export function encodeBinaryValue(type: PrimitiveType, v: Value): Uint8Array | undefined {
  switch (type.kind) {
    case 'boolean': return new Uint8Array([v ? 1 : 0]);
    case 'int': case 'date': {
      const b = new Uint8Array(4);
      new DataView(b.buffer).setInt32(0, Number(v), true);
      return b;
    }
    case 'long': case 'time': case 'timestamp': case 'timestamptz': case 'timestamp_ns': case 'timestamptz_ns': {
      const b = new Uint8Array(8);
      new DataView(b.buffer).setBigInt64(0, BigInt(v as bigint | number), true);
      return b;
    }
    case 'float': {
      const b = new Uint8Array(4);
      new DataView(b.buffer).setFloat32(0, v as number, true);
      return b;
    }
    case 'double': {
      const b = new Uint8Array(8);
      new DataView(b.buffer).setFloat64(0, v as number, true);
      return b;
    }
    case 'string': return utf8Encode(v as string);
    case 'uuid': return uuidBytes(v as string);
    case 'fixed': case 'binary': return (v as Uint8Array).slice();
    case 'decimal': return encodeBigEndianTwos(BigInt(v as bigint));
    default: return undefined;
  }
}

/** Minimal two's-complement big-endian bytes of an unscaled decimal (Appendix D: "minimum number of bytes"). */
export function encodeBigEndianTwos(v: bigint): Uint8Array {
  const bytes: number[] = [];
  let x = v;
  for (;;) {
    bytes.unshift(Number(x & 0xffn));
    const rest = x >> 8n; // arithmetic shift keeps the sign
    const signBit = (bytes[0] & 0x80) !== 0;
    if ((rest === 0n && !signBit) || (rest === -1n && signBit)) break;
    x = rest;
  }
  return new Uint8Array(bytes);
}

/** Bytes of size `n` holding an unscaled decimal sign-extended (Parquet FIXED_LEN_BYTE_ARRAY, Avro fixed). */
export function encodeFixedTwos(v: bigint, n: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = v;
  for (let i = n - 1; i >= 0; i--) {
    out[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  return out;
}

function uuidBytes(s: string): Uint8Array {
  const hex = s.replace(/-/g, '');
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** A lower bound for strings: the first `n` code points (a prefix sorts before every value it prefixes). */
export function truncateLowerString(s: string, n = DEFAULT_BOUND_TRUNCATE): string {
  return truncateCodePoints(s, n);
}

/**
 * An upper bound for strings of at most `n` code points: the prefix with its last code point incremented
 * (skipping surrogates), or undefined when no such bound exists (every code point is the maximum) — then
 * the caller writes no upper bound, which costs pruning but never correctness.
 */
export function truncateUpperString(s: string, n = DEFAULT_BOUND_TRUNCATE): string | undefined {
  const cps = Array.from(s);
  if (cps.length <= n) return s;
  const prefix = cps.slice(0, n);
  for (let i = prefix.length - 1; i >= 0; i--) {
    let cp = prefix[i].codePointAt(0)! + 1;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xe000;
    if (cp <= 0x10ffff) return prefix.slice(0, i).join('') + String.fromCodePoint(cp);
  }
  return undefined;
}

/** A lower bound for binary values: the first `n` bytes. */
export function truncateLowerBinary(b: Uint8Array, n = DEFAULT_BOUND_TRUNCATE): Uint8Array {
  return b.length <= n ? b : b.slice(0, n);
}

/** An upper bound for binary values: first `n` bytes with the last non-0xFF byte incremented; undefined if impossible. */
export function truncateUpperBinary(b: Uint8Array, n = DEFAULT_BOUND_TRUNCATE): Uint8Array | undefined {
  if (b.length <= n) return b;
  const out = b.slice(0, n);
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== 0xff) {
      out[i]++;
      return out.slice(0, i + 1);
    }
  }
  return undefined;
}
