/**
 * Decoding one stripe's columns into Arrow data (ORC specification, "Column Encodings"). A column is
 * decoded for `n` slots; `incoming` marks the slots its parent has a value for (a struct's children,
 * and a union's, only have entries for the parent's non-null rows), its own PRESENT stream then marks
 * which of those hold a value, and value streams hold only the non-null values.
 */
import { Data, makeData, Struct, type DataType } from 'apache-arrow';
import type { ByteStream } from './byte-stream.ts';
import { readBooleans, readByteRle } from './byte-rle.ts';
import { orcColumnInvalid } from './errors.ts';
import { readBigInts } from './int-rle-big.ts';
import { readInts, type NumArray } from './int-rle.ts';
import { Kind, StreamKind } from './proto-messages.ts';
import { arrowType, type OrcType } from './schema.ts';
import type { StripeStreams } from './stripe.ts';
import { readDecimals, readStrings, readTimestamps } from './column-values.ts';

/** Slot validity: null when every slot holds a value. */
export interface Presence { valid: Uint8Array | null; count: number }

/** Decodes column `t` for `n` slots. */
export function decodeColumn(stripe: StripeStreams, t: OrcType, n: number, incoming: Uint8Array | null): Data {
  const p = presence(stripe, t, n, incoming);
  const type = arrowType(t);
  const nullCount = n - p.count;
  const nullBitmap = p.valid ? packBits(p.valid) : undefined;
  const base = { type, length: n, nullCount, nullBitmap } as const;
  const m = p.count;
  const enc = stripe.encoding(t);
  const data = (): ByteStream => stripe.required(t.id, StreamKind.DATA);
  switch (t.kind) {
    case Kind.BOOLEAN: {
      const dense = readBooleans(data(), m);
      return makeData({ ...base, data: packBits(scatter(dense, p.valid, n, Uint8Array)) } as never);
    }
    case Kind.BYTE: {
      const dense = new Int8Array(m);
      readByteRle(data(), m, dense);
      return makeData({ ...base, data: scatter(dense, p.valid, n, Int8Array) } as never);
    }
    case Kind.SHORT: case Kind.INT: case Kind.DATE: {
      const Ctor = t.kind === Kind.SHORT ? Int16Array : Int32Array;
      const dense = new Ctor(m);
      readInts(data(), enc.version, true, m, dense);
      return makeData({ ...base, data: scatter(dense, p.valid, n, Ctor) } as never);
    }
    case Kind.LONG: {
      const dense = new BigInt64Array(m);
      readBigInts(data(), enc.version, true, m, dense);
      return makeData({ ...base, data: scatter(dense, p.valid, n, BigInt64Array) } as never);
    }
    case Kind.FLOAT: case Kind.DOUBLE: {
      const width = t.kind === Kind.FLOAT ? 4 : 8;
      const bytes = data().take(m * width).slice();
      const dense = t.kind === Kind.FLOAT ? new Float32Array(bytes.buffer, 0, m) : new Float64Array(bytes.buffer, 0, m);
      return makeData({ ...base, data: scatter(dense, p.valid, n, t.kind === Kind.FLOAT ? Float32Array : Float64Array) } as never);
    }
    case Kind.STRING: case Kind.VARCHAR: case Kind.CHAR: case Kind.BINARY: {
      const { offsets, bytes } = readStrings(stripe, t, enc, p.valid, n, m);
      return makeData({ ...base, valueOffsets: offsets, data: bytes } as never);
    }
    case Kind.TIMESTAMP: case Kind.TIMESTAMP_INSTANT: {
      const dense = readTimestamps(stripe, t, enc.version, m);
      return makeData({ ...base, data: scatter(dense, p.valid, n, BigInt64Array) } as never);
    }
    case Kind.DECIMAL: {
      const words = readDecimals(stripe, t, enc.version, m);
      return makeData({ ...base, data: p.valid ? scatterWide(words, p.valid, n, 4) : words } as never);
    }
    case Kind.LIST: case Kind.MAP: {
      const lengths = new Float64Array(m);
      readInts(stripe.required(t.id, StreamKind.LENGTH), enc.version, false, m, lengths);
      const offsets = new Int32Array(n + 1);
      let k = 0;
      for (let i = 0; i < n; i++) {
        const len = !p.valid || p.valid[i] ? lengths[k++]! : 0;
        const next = offsets[i]! + len;
        if (len < 0 || next > 2 ** 31 - 1) throw orcColumnInvalid(t.id, 'error.orc.value.listLength', { length: len }, stripe.file);
        offsets[i + 1] = next;
      }
      const total = offsets[n]!;
      if (t.kind === Kind.LIST) return makeData({ ...base, valueOffsets: offsets, child: decodeColumn(stripe, t.children[0]!, total, null) } as never);
      const entriesType = (type.children[0]!.type) as Struct;
      const entries = makeData({ type: entriesType, length: total, nullCount: 0, children: t.children.map((c) => decodeColumn(stripe, c, total, null)) });
      return makeData({ ...base, valueOffsets: offsets, child: entries } as never);
    }
    case Kind.STRUCT: {
      const children = t.children.map((c) => decodeColumn(stripe, c, n, p.valid));
      return makeData({ ...base, children } as never);
    }
    case Kind.UNION: {
      const tags = new Uint8Array(m);
      readByteRle(data(), m, tags);
      const full = scatter(tags, p.valid, n, Uint8Array);
      for (let i = 0; i < m; i++) if (tags[i]! >= t.children.length) throw orcColumnInvalid(t.id, 'error.orc.value.unionTag', { tag: tags[i]!, variants: t.children.length }, stripe.file);
      const tagData = makeData({ type: (type as Struct).children[0]!.type as DataType, length: n, nullCount, nullBitmap, data: new Int8Array(full.buffer, 0, n) } as never);
      const children = t.children.map((c, v) => {
        const mask = new Uint8Array(n);
        for (let i = 0; i < n; i++) mask[i] = (!p.valid || p.valid[i]) && full[i] === v ? 1 : 0;
        return decodeColumn(stripe, c, n, mask);
      });
      return makeData({ ...base, children: [tagData, ...children] } as never);
    }
    default:
      throw orcColumnInvalid(t.id, 'error.orc.schema.kind', { kind: t.kind }, stripe.file);
  }
}

function presence(stripe: StripeStreams, t: OrcType, n: number, incoming: Uint8Array | null): Presence {
  const present = stripe.stream(t.id, StreamKind.PRESENT);
  const slots = incoming ? countOnes(incoming) : n;
  if (!present) return { valid: incoming && slots < n ? incoming : null, count: slots };
  const bits = readBooleans(present, slots);
  if (!incoming) {
    const count = countOnes(bits);
    return { valid: count === n ? null : bits, count };
  }
  const valid = new Uint8Array(n);
  let k = 0;
  let count = 0;
  for (let i = 0; i < n; i++) if (incoming[i]) count += valid[i] = bits[k++]!;
  return { valid, count };
}

function countOnes(a: Uint8Array): number {
  let c = 0;
  for (let i = 0; i < a.length; i++) c += a[i]!;
  return c;
}

/** Arrow validity/boolean bits (least significant bit first) from one byte per value. */
function packBits(v: Uint8Array): Uint8Array {
  const out = new Uint8Array((v.length + 7) >> 3);
  for (let i = 0; i < v.length; i++) if (v[i]) out[i >> 3]! |= 1 << (i & 7);
  return out;
}

type Typed = NumArray | Uint8Array | Float32Array | BigInt64Array;

/** Spreads dense values over the valid slots (null slots get zero). */
function scatter<T extends Typed>(dense: T, valid: Uint8Array | null, n: number, Ctor: new (n: number) => T): T {
  if (!valid) return dense;
  const out = new Ctor(n);
  let k = 0;
  for (let i = 0; i < n; i++) if (valid[i]) out[i] = dense[k++]!;
  return out;
}

function scatterWide(dense: Uint32Array, valid: Uint8Array, n: number, stride: number): Uint32Array {
  const out = new Uint32Array(n * stride);
  let k = 0;
  for (let i = 0; i < n; i++) {
    if (valid[i]) {
      out.set(dense.subarray(k * stride, k * stride + stride), i * stride);
      k++;
    }
  }
  return out;
}
