/**
 * A cursor over one decompressed ORC stream, with the base-128 varints of the ORC specification
 * ("Base 128 Varint", zigzag for signed). Reading past the end throws DataInvalid (never loops).
 */
import type { ErrorRef } from '../../messages/message-parts.ts';
import { orcInvalid } from './errors.ts';

export class ByteStream {
  pos = 0;
  /** `name` says which stream this is in errors: `error.orc.stream.name` (or a plain label, in tests). */
  constructor(readonly bytes: Uint8Array, readonly name: string | ErrorRef) {}

  get remaining(): number {
    return this.bytes.length - this.pos;
  }

  byte(): number {
    if (this.pos >= this.bytes.length) throw this.eof();
    return this.bytes[this.pos++]!;
  }

  /** `n` bytes as a view. */
  take(n: number): Uint8Array {
    if (n < 0 || this.pos + n > this.bytes.length) throw this.eof();
    const out = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  /** Unsigned varint as a number (exact below 2^53). */
  uvarint(): number {
    let result = 0;
    let mul = 1;
    for (;;) {
      const b = this.byte();
      result += (b & 0x7f) * mul;
      if (b < 0x80) return result;
      mul *= 128;
      if (mul > 2 ** 70) throw orcInvalid('error.orc.stream.varint', { stream: this.name });
    }
  }

  /** Signed (zigzag) varint as a number. */
  svarint(): number {
    const u = this.uvarint();
    return u % 2 === 0 ? u / 2 : -(u + 1) / 2;
  }

  /** Unsigned varint as a bigint of any size (decimals are unbounded). */
  uvarintBig(): bigint {
    // Fast path: up to 7 bytes fit a double exactly.
    const start = this.pos;
    let result = 0;
    let mul = 1;
    for (let i = 0; i < 7; i++) {
      const b = this.byte();
      result += (b & 0x7f) * mul;
      if (b < 0x80) return BigInt(result);
      mul *= 128;
    }
    this.pos = start;
    let big = 0n;
    let shift = 0n;
    for (;;) {
      const b = this.byte();
      big |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return big;
      shift += 7n;
      if (shift > 1024n) throw orcInvalid('error.orc.stream.varint', { stream: this.name });
    }
  }

  svarintBig(): bigint {
    const u = this.uvarintBig();
    return (u >> 1n) ^ -(u & 1n);
  }

  eof(): Error {
    return orcInvalid('error.orc.stream.end', { stream: this.name, byte: this.pos });
  }
}
