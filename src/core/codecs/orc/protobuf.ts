/**
 * A minimal protocol-buffers wire-format reader (protobuf "Encoding" guide: varints, zigzag, the four
 * wire types ORC uses). ORC's tail, stripe footers and indexes are protobuf messages (orc_proto.proto);
 * the few messages ORC needs are decoded by hand in proto-messages.ts, so no protobuf dependency and no
 * generated code. Every read is bounds-checked: truncated or garbled bytes throw DataInvalid, never hang.
 */
import { orcInvalid } from './errors.ts';

/** Wire types (protobuf encoding guide, "Message Structure"). */
const WIRE_VARINT = 0;
const WIRE_I64 = 1;
const WIRE_LEN = 2;
const WIRE_I32 = 5;

/** A cursor over one message's bytes. */
export class ProtoReader {
  pos: number;
  readonly end: number;

  constructor(readonly bytes: Uint8Array, start = 0, end = bytes.length) {
    this.pos = start;
    this.end = end;
  }

  get done(): boolean {
    return this.pos >= this.end;
  }

  /** A varint as a number (exact below 2^53; ORC lengths, counts and enums are far below). */
  varint(): number {
    let result = 0;
    let mul = 1;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw orcInvalid('error.orc.protobuf.truncated', { wireType: 'varint' });
      const b = this.bytes[this.pos++]!;
      result += (b & 0x7f) * mul;
      if (b < 0x80) return result;
      mul *= 128;
    }
    throw orcInvalid('error.orc.protobuf.varint', undefined);
  }

  /** A varint as an unsigned 64-bit bigint. */
  varintBig(): bigint {
    let result = 0n;
    let shift = 0n;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw orcInvalid('error.orc.protobuf.truncated', { wireType: 'varint' });
      const b = this.bytes[this.pos++]!;
      result |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return BigInt.asUintN(64, result);
      shift += 7n;
    }
    throw orcInvalid('error.orc.protobuf.varint', undefined);
  }

  /** sint64 (zigzag) as bigint. */
  sint64(): bigint {
    const u = this.varintBig();
    return (u >> 1n) ^ -(u & 1n);
  }

  /** sint32 (zigzag) as number. */
  sint32(): number {
    const u = this.varint();
    return u % 2 === 0 ? u / 2 : -(u + 1) / 2;
  }

  /** int32 (two's complement in up to 10 bytes). */
  int32(): number {
    return Number(BigInt.asIntN(32, this.varintBig()));
  }

  double(): number {
    if (this.pos + 8 > this.end) throw orcInvalid('error.orc.protobuf.truncated', { wireType: 'double' });
    const v = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.pos, 8).getFloat64(0, true);
    this.pos += 8;
    return v;
  }

  fixed64(): bigint {
    if (this.pos + 8 > this.end) throw orcInvalid('error.orc.protobuf.truncated', { wireType: 'fixed64' });
    const v = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.pos, 8).getBigUint64(0, true);
    this.pos += 8;
    return v;
  }

  /** A length-delimited field's bytes (a view). */
  bytesField(): Uint8Array {
    const len = this.varint();
    if (len > this.end - this.pos) throw orcInvalid('error.orc.protobuf.length', undefined);
    const out = this.bytes.subarray(this.pos, this.pos + len);
    this.pos += len;
    return out;
  }

  string(): string {
    return new TextDecoder().decode(this.bytesField());
  }

  /** A nested message: a reader over its bytes. */
  message(): ProtoReader {
    const b = this.bytesField();
    return new ProtoReader(b);
  }

  /** The next field key as [fieldNumber, wireType]. */
  key(): [number, number] {
    const k = this.varint();
    return [Math.floor(k / 8), k & 7];
  }

  /** Skips a field of the given wire type. */
  skip(wire: number): void {
    switch (wire) {
      case WIRE_VARINT: this.varint(); return;
      case WIRE_I64: this.advance(8); return;
      case WIRE_LEN: this.bytesField(); return;
      case WIRE_I32: this.advance(4); return;
      default: throw orcInvalid('error.orc.protobuf.wireType', { wireType: wire });
    }
  }

  /** Repeated scalar varints, packed (one LEN field) or not (one varint). */
  repeatedVarint(wire: number, into: number[]): void {
    if (wire === WIRE_LEN) {
      const r = this.message();
      while (!r.done) into.push(r.varint());
    } else into.push(this.varint());
  }

  /** Repeated uint64 as bigint, packed or not. */
  repeatedVarintBig(wire: number, into: bigint[]): void {
    if (wire === WIRE_LEN) {
      const r = this.message();
      while (!r.done) into.push(r.varintBig());
    } else into.push(this.varintBig());
  }

  /** Repeated fixed64, packed or not. */
  repeatedFixed64(wire: number, into: bigint[]): void {
    if (wire === WIRE_LEN) {
      const r = this.message();
      while (!r.done) into.push(r.fixed64());
    } else into.push(this.fixed64());
  }

  private advance(n: number): void {
    if (n > this.end - this.pos) throw orcInvalid('error.orc.protobuf.field', undefined);
    this.pos += n;
  }
}

/** Decodes every field of a message, calling `onField` (which must consume the field or call skip). */
export function readFields(r: ProtoReader, onField: (field: number, wire: number) => boolean): void {
  while (!r.done) {
    const [field, wire] = r.key();
    if (!onField(field, wire)) r.skip(wire);
  }
}
