/**
 * Reading Avro's binary encoding (Avro spec 1.11, "Binary Encoding"): zig-zag varints, IEEE floats,
 * length-prefixed bytes/strings. Every read checks the end of its window, so truncated or garbage
 * input throws LakeError DataInvalid instead of reading past the end or looping.
 */
import { LakeError } from '../../errors.ts';
import { messageError } from '../../message-error.ts';

// `ignoreBOM`: a string that starts with U+FEFF keeps it (Avro strings are data, not documents).
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Decodes `bytes[start, end)` as UTF-8. Must hold: the same string TextDecoder('utf-8', { ignoreBOM: true })
 * gives — invalid sequences each become U+FFFD by the WHATWG rules, a leading BOM is kept.
 */
export type Utf8RangeDecoder = (bytes: Uint8Array, start: number, end: number) => string;

const textDecoderRange: Utf8RangeDecoder = (bytes, start, end) => utf8.decode(bytes.subarray(start, end));
let decodeRange: Utf8RangeDecoder = textDecoderRange;

/**
 * Installs a platform's decoder of UTF-8 ranges for Avro strings (undefined: back to TextDecoder). Why: a
 * manifest has a long string per entry (its file path); TextDecoder needs a view object per call and its
 * call costs ~3x Node's native slice (issue 17: planning 100,000 entries decoded 100,000 paths).
 */
export function setUtf8RangeDecoder(fn: Utf8RangeDecoder | undefined): void {
  decodeRange = fn ?? textDecoderRange;
}

/** The last value {@link AvroCursor.readLongRepeated} read through it: the zig-zag encoding (-1: none yet) and the value. */
export interface RecentLong { zigzag: number; value: bigint }

/** A read position over a window `[pos, end)` of a byte array. Values are views, never copies. */
export class AvroCursor {
  private dataView: DataView | undefined;

  constructor(readonly bytes: Uint8Array, public pos = 0, readonly end = bytes.length) {}

  /** A DataView over `bytes`, made on first use (floats and doubles only: most cursors never need one). */
  get view(): DataView {
    if (this.dataView === undefined) this.dataView = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    return this.dataView;
  }

  /** Bytes left in the window. */
  get remaining(): number {
    return this.end - this.pos;
  }

  /** The DataInvalid error for a read past the end of the window. */
  truncated(what: string): LakeError {
    return messageError('DataInvalid', 'error.avro.truncated', { value: what, at: this.pos, end: this.end }, { offset: this.pos });
  }

  readBoolean(): boolean {
    if (this.pos >= this.end) throw this.truncated('boolean');
    const b = this.bytes[this.pos++]!;
    if (b > 1) throw messageError('DataInvalid', 'error.avro.boolean', { value: b }, { offset: this.pos - 1 });
    return b === 1;
  }

  /** A zig-zag varint of at most 5 bytes (Avro `int`). */
  readInt(): number {
    const b = this.bytes;
    let pos = this.pos;
    let n = 0;
    let shift = 0;
    let byte: number;
    do {
      if (pos >= this.end) throw this.truncated('varint');
      byte = b[pos++]!;
      n |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80 && shift < 35);
    if (byte & 0x80) throw messageError('DataInvalid', 'error.avro.intVarint', undefined, { offset: this.pos });
    this.pos = pos;
    return (n >>> 1) ^ -(n & 1);
  }

  /** Whether the varint read by the last {@link varintPrefix} goes on past the bytes it read. */
  private continues = false;

  /**
   * Reads varint bytes into a double (exact: callers stop before 2^53) until a byte without the
   * continuation bit or until the multiplier reaches `limit`; advances past them and sets {@link continues}.
   */
  private varintPrefix(limit: number): number {
    const b = this.bytes;
    let pos = this.pos;
    let n = 0;
    let mul = 1;
    let byte: number;
    do {
      if (pos >= this.end) throw this.truncated('varint');
      byte = b[pos++]!;
      n += (byte & 0x7f) * mul;
      mul *= 128;
    } while (byte & 0x80 && mul < limit);
    this.pos = pos;
    this.continues = (byte & 0x80) !== 0;
    return n;
  }

  /**
   * A zig-zag varint of at most 10 bytes (Avro `long`), as bigint. Fast path: the first 7 bytes
   * (49 bits) are accumulated in a double, which is exact; only wider values take the bigint path.
   */
  readLong(): bigint {
    const start = this.pos;
    const n = this.varintPrefix(0x2000000000000 /* 2^49 */);
    if (!this.continues) return BigInt(n % 2 === 0 ? n / 2 : -(n + 1) / 2);
    const b = this.bytes;
    let pos = this.pos;
    let u = BigInt(n);
    let shift = 49n;
    let byte: number;
    do {
      if (pos >= this.end) throw this.truncated('varint');
      if (shift > 63n) throw messageError('DataInvalid', 'error.avro.longVarint', undefined, { offset: start });
      byte = b[pos++]!;
      u |= BigInt(byte & 0x7f) << shift;
      shift += 7n;
    } while (byte & 0x80);
    this.pos = pos;
    u = BigInt.asUintN(64, u);
    return BigInt.asIntN(64, (u >> 1n) ^ -(u & 1n));
  }

  /**
   * Avro `long` as {@link readLong} gives it, but `recent.value` itself when the encoding equals the last one
   * `recent` saw: consecutive manifest entries repeat their snapshot id and sequence numbers, and a bigint
   * made per entry only to be dropped for an equal shared one was garbage (issue 17). Same errors as readLong.
   */
  readLongRepeated(recent: RecentLong): bigint {
    const start = this.pos;
    const n = this.varintPrefix(0x2000000000000 /* 2^49 */);
    if (this.continues) { this.pos = start; return this.readLong(); }
    if (n === recent.zigzag) return recent.value;
    const v = BigInt(n % 2 === 0 ? n / 2 : -(n + 1) / 2);
    recent.zigzag = n; recent.value = v;
    return v;
  }

  /** Steps over a zig-zag varint of at most 10 bytes (an `int` or `long` whose value is not needed). */
  skipVarint(): void {
    const b = this.bytes;
    let pos = this.pos;
    const limit = Math.min(this.end, pos + 10);
    while (pos < limit && b[pos]! & 0x80) pos++;
    if (pos >= limit) throw pos >= this.end ? this.truncated('varint') : messageError('DataInvalid', 'error.avro.longVarint', undefined, { offset: this.pos });
    this.pos = pos + 1;
  }

  /** Steps over `n` bytes (a fixed, or a bytes/string body). */
  skip(n: number): void {
    if (n > this.end - this.pos) throw this.truncated(`${n} bytes`);
    this.pos += n;
  }

  /** An Avro `long` that must be a non-negative safe integer (lengths, counts, sizes). */
  readLength(what: string): number {
    const v = this.readLongNumber();
    if (v < 0) throw messageError('DataInvalid', 'error.avro.negative', { what, value: v }, { offset: this.pos });
    return v;
  }

  /** An Avro `long` as a number; throws DataInvalid when it is not a safe integer. */
  readLongNumber(): number {
    const start = this.pos;
    // Lengths never legitimately exceed 2^53: anything still continuing there, or wider (where the double
    // sum may be inexact), is out of range.
    const n = this.varintPrefix(0x20000000000000 /* 2^53 */);
    if (this.continues || n > Number.MAX_SAFE_INTEGER) {
      throw messageError('DataInvalid', 'error.avro.lengthRange', undefined, { offset: start });
    }
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  }

  readFloat(): number {
    if (this.pos + 4 > this.end) throw this.truncated('float');
    const v = this.view.getFloat32(this.pos, true);
    this.pos += 4;
    return v;
  }

  readDouble(): number {
    if (this.pos + 8 > this.end) throw this.truncated('double');
    const v = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return v;
  }

  /** `n` raw bytes as a view into the underlying buffer (zero-copy). */
  readFixed(n: number): Uint8Array {
    if (n > this.end - this.pos) throw this.truncated(`${n} bytes`);
    const v = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return v;
  }

  /** Avro `bytes`: a length then the bytes, as a view (zero-copy). */
  readBytes(): Uint8Array {
    return this.readFixed(this.readLength('bytes length'));
  }

  /** Avro `string`: UTF-8 with a length prefix. Short ASCII strings skip TextDecoder (its call cost dominates). */
  readString(): string {
    const len = this.readLength('string length');
    if (len > this.end - this.pos) throw this.truncated(`string of ${len} bytes`);
    const b = this.bytes;
    const start = this.pos;
    this.pos += len;
    if (len < 40) {
      let s = '';
      for (let i = start; i < start + len; i++) {
        const c = b[i]!;
        if (c > 127) return decodeRange(b, start, start + len);
        s += String.fromCharCode(c);
      }
      return s;
    }
    return decodeRange(b, start, start + len);
  }
}
