/**
 * LZ4 block decompression (lz4 "Block format" description: sequences of token, literals, 2-byte offset,
 * match length). ORC's LZ4 codec writes bare blocks (no frame), and the block does not carry its
 * decompressed size, so the caller gives the capacity (ORC's compression block size). Bounds are
 * checked on every step; hyparquet-compressors' decoder does not report the produced length.
 */
import { orcInvalid } from './errors.ts';

export function lz4Decompress(input: Uint8Array, capacity: number): Uint8Array {
  const out = new Uint8Array(capacity);
  const n = input.length;
  let ip = 0;
  let op = 0;
  while (ip < n) {
    const token = input[ip++]!;
    let lit = token >> 4;
    if (lit === 15) {
      let b = 255;
      while (b === 255) {
        if (ip >= n) throw orcInvalid('error.orc.codec.input', { codec: 'lz4' });
        b = input[ip++]!;
        lit += b;
      }
    }
    if (ip + lit > n || op + lit > capacity) throw orcInvalid('error.orc.codec.literal', { codec: 'lz4' });
    out.set(input.subarray(ip, ip + lit), op);
    ip += lit;
    op += lit;
    if (ip >= n) break; // the last sequence has literals only
    if (ip + 2 > n) throw orcInvalid('error.orc.codec.input', { codec: 'lz4' });
    const offset = input[ip]! | (input[ip + 1]! << 8);
    ip += 2;
    if (offset === 0 || offset > op) throw orcInvalid('error.orc.codec.offset', { codec: 'lz4', offset });
    let len = token & 15;
    if (len === 15) {
      let b = 255;
      while (b === 255) {
        if (ip >= n) throw orcInvalid('error.orc.codec.input', { codec: 'lz4' });
        b = input[ip++]!;
        len += b;
      }
    }
    len += 4;
    if (op + len > capacity) throw orcInvalid('error.orc.codec.output', { codec: 'lz4' });
    let from = op - offset;
    if (offset >= len) {
      out.copyWithin(op, from, from + len);
      op += len;
    } else for (let i = 0; i < len; i++) out[op++] = out[from++]!;
  }
  return out.subarray(0, op);
}
