/**
 * LZO1X decompression (the format of Markus Oberhumer's lzo1x_decompress_safe, which ORC's LZO codec
 * writes through aircompressor/liblzo2). Written here because no maintained JavaScript LZO decoder
 * exists (`lzo-wasm` ships a wasm blob with no bounds guarantees we could test). Every input and
 * back-reference bound is checked: corrupt input throws, it never reads or writes out of range.
 */
import { orcInvalid } from './errors.ts';

/** Decompresses one LZO1X block; `capacity` is the most it may produce (ORC's compression block size). */
export function lzoDecompress(input: Uint8Array, capacity: number): Uint8Array {
  const out = new Uint8Array(capacity);
  const n = input.length;
  let ip = 0;
  let op = 0;
  let t = 0;
  const need = (k: number): void => {
    if (ip + k > n) throw orcInvalid('error.orc.codec.input', { codec: 'lzo' });
    if (op + k > capacity) throw orcInvalid('error.orc.codec.output', { codec: 'lzo' });
  };
  const literals = (k: number): void => {
    need(k);
    out.set(input.subarray(ip, ip + k), op);
    ip += k;
    op += k;
  };
  const byte = (): number => {
    if (ip >= n) throw orcInvalid('error.orc.codec.input', { codec: 'lzo' });
    return input[ip++]!;
  };
  const copyMatch = (from: number, len: number): void => {
    if (from < 0 || from >= op) throw orcInvalid('error.orc.codec.lookbehind', { codec: 'lzo' });
    if (op + len > capacity) throw orcInvalid('error.orc.codec.output', { codec: 'lzo' });
    for (let i = 0; i < len; i++) out[op++] = out[from++]!;
  };
  const longLength = (base: number): number => {
    let len = 0;
    while (byte() === 0) len += 255;
    return len + base + input[ip - 1]!;
  };
  // State machine over the labels of lzo1x_d.ch: 0 = outer loop, 1 = first_literal_run, 2 = match, 3 = match_next.
  let state = 0;
  if (n > 0 && input[0]! > 17) {
    t = byte() - 17;
    if (t < 4) state = 3;
    else { literals(t); state = 1; }
  }
  for (;;) {
    if (state === 0) {
      t = byte();
      if (t >= 16) { state = 2; continue; }
      if (t === 0) t = longLength(15);
      literals(t + 3);
      state = 1;
      continue;
    }
    if (state === 1) {
      t = byte();
      if (t >= 16) { state = 2; continue; }
      const from = op - (1 + 0x0800) - (t >> 2) - (byte() << 2);
      copyMatch(from, 3);
    } else if (state === 2) {
      let from: number;
      let len: number;
      if (t >= 64) {
        from = op - 1 - ((t >> 2) & 7) - (byte() << 3);
        len = (t >> 5) + 1;
      } else if (t >= 32) {
        t &= 31;
        if (t === 0) t = longLength(31);
        need(2);
        from = op - 1 - ((input[ip]! >> 2) + (input[ip + 1]! << 6));
        ip += 2;
        len = t + 2;
      } else if (t >= 16) {
        from = op - ((t & 8) << 11);
        t &= 7;
        if (t === 0) t = longLength(7);
        need(2);
        from -= (input[ip]! >> 2) + (input[ip + 1]! << 6);
        ip += 2;
        if (from === op) return out.subarray(0, op); // end-of-stream marker
        from -= 0x4000;
        len = t + 2;
      } else {
        from = op - 1 - (t >> 2) - (byte() << 2);
        len = 2;
      }
      copyMatch(from, len);
    }
    // match_done: the low two bits of the byte before the last two say how many literals follow.
    if (state !== 3) {
      if (ip < 2) throw orcInvalid('error.orc.codec.input', { codec: 'lzo' });
      t = input[ip - 2]! & 3;
      if (t === 0) { state = 0; continue; }
    }
    // match_next
    literals(t);
    t = byte();
    state = 2;
  }
}
