/**
 * Paimon BinaryRow (paimon-common `data/BinaryRow`, `memory/MemorySegmentUtils`) as stored in
 * manifests: partitions, min/max keys and column statistics are `SerializationUtils.serializeBinaryRow`
 * bytes = a 4-byte big-endian arity, then the row.
 *
 * Row layout: a null bit set of `((arity + 63 + 8) / 64) * 8` bytes whose first 8 bits are the row-kind
 * header (field i is null when bit i + 8 is set, bits counted LSB-first inside each byte), then one
 * 8-byte little-endian slot per field, then the variable-length part. Slot contents:
 * - fixed types in place (BOOLEAN/TINYINT 1 byte, SMALLINT 2, INT/DATE/TIME/FLOAT 4, BIGINT/DOUBLE 8);
 * - strings/binaries: if the slot's top bit is set the bytes are inline (length in the low 7 bits of
 *   byte 7, data in bytes 0..6), else the slot is `offset << 32 | length` into the row;
 * - DECIMAL: precision ≤ 18 is the unscaled long, else `offset << 32 | length` of big-endian
 *   two's-complement bytes;
 * - TIMESTAMP: precision ≤ 3 is epoch millis, else `offset << 32 | nanoOfMillisecond` with the
 *   millis stored as a long at offset.
 * The Java writer uses the machine's byte order; every Paimon writer in practice is little-endian.
 *
 * Written by hand: no JavaScript library reads Paimon's row format.
 */
import { LakeError } from '../../../errors.ts';
import type { Value } from '../../../expr/index.ts';
import { utf8Decode, utf8Encode } from '../../../util/bytes.ts';
import type { DataType } from './data-type.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef, type ErrorRef } from '../../../messages/message-parts.ts';

/** A decoded field: a value, null, or undefined where the type cannot appear in a BinaryRow we read (nested). */
export type RowValue = Value | null | undefined;

const HEADER_BITS = 8;

/** Bytes of the null bit set (with the 8 header bits) for `arity` fields. */
function nullBitsSize(arity: number): number {
  return Math.floor((arity + 63 + HEADER_BITS) / 64) * 8;
}

/** DataInvalid `paimon binary-row: …` around the catalog message of what is wrong. */
function invalid(message: ErrorRef): LakeError {
  return messageError('DataInvalid', 'error.within', { where: 'paimon binary-row', message });
}

/** The arity prefix of serialized row bytes (0 for an empty byte array, which Paimon writes for "no stats"). */
function binaryRowArity(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0;
  if (bytes.length < 4) throw invalid(errorRef('error.paimon.row.short', { bytes: bytes.length }));
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getInt32(0, false);
}

/**
 * Decodes serialized row bytes with the given field types. Must hold: the arity prefix equals
 * `types.length` (or the row is empty and every field comes back undefined); every offset stays inside
 * the bytes; otherwise DataInvalid `paimon binary-row: …`. Nested types decode to undefined.
 */
export function decodeBinaryRow(bytes: Uint8Array, types: readonly DataType[]): RowValue[] {
  if (bytes.length === 0) return types.map(() => undefined);
  const arity = binaryRowArity(bytes);
  if (arity !== types.length) throw invalid(errorRef('error.paimon.row.arity', { arity, expected: types.length }));
  const row = bytes.subarray(4);
  const fixed = nullBitsSize(arity) + 8 * arity;
  if (row.length < fixed) throw invalid(errorRef('error.paimon.row.fixed', { arity, fixed, bytes: row.length }));
  const view = new DataView(row.buffer, row.byteOffset, row.byteLength);
  return types.map((t, i) => (isNullAt(row, i) ? null : readField(row, view, nullBitsSize(arity) + 8 * i, t)));
}

function isNullAt(row: Uint8Array, pos: number): boolean {
  const bit = pos + HEADER_BITS;
  return (row[bit >>> 3]! & (1 << (bit & 7))) !== 0;
}

function readField(row: Uint8Array, view: DataView, slot: number, t: DataType): RowValue {
  switch (t.root) {
    case 'BOOLEAN': return row[slot] !== 0;
    case 'TINYINT': return view.getInt8(slot);
    case 'SMALLINT': return view.getInt16(slot, true);
    case 'INT': case 'DATE': return view.getInt32(slot, true);
    case 'TIME': return BigInt(view.getInt32(slot, true)) * 1000n; // millis of day → µs
    case 'BIGINT': return view.getBigInt64(slot, true);
    case 'FLOAT': return view.getFloat32(slot, true);
    case 'DOUBLE': return view.getFloat64(slot, true);
    case 'CHAR': case 'VARCHAR': return utf8Decode(readVarBytes(row, view, slot));
    case 'BINARY': case 'VARBINARY': return readVarBytes(row, view, slot).slice();
    case 'DECIMAL': return readDecimal(row, view, slot, t.precision ?? 10);
    case 'TIMESTAMP': case 'TIMESTAMP_LTZ': return readTimestamp(view, slot, t.precision ?? 6);
    default: return undefined; // nested, VARIANT, BLOB: never in partitions, keys or stats we decode
  }
}

function offsetAndLength(view: DataView, slot: number): [number, number] {
  return [view.getUint32(slot + 4, true), view.getUint32(slot, true)];
}

function readVarBytes(row: Uint8Array, view: DataView, slot: number): Uint8Array {
  const mark = row[slot + 7]!;
  if (mark & 0x80) {
    const len = mark & 0x7f;
    if (len > 7) throw invalid(errorRef('error.paimon.row.inline', { bytes: len }));
    return row.subarray(slot, slot + len);
  }
  const [offset, len] = offsetAndLength(view, slot);
  return slice(row, offset, len);
}

function slice(row: Uint8Array, offset: number, len: number): Uint8Array {
  if (offset + len > row.length) throw invalid(errorRef('error.paimon.row.pastEnd', { offset, length: len, end: row.length }));
  return row.subarray(offset, offset + len);
}

function readDecimal(row: Uint8Array, view: DataView, slot: number, precision: number): bigint {
  if (precision <= 18) return view.getBigInt64(slot, true);
  const [offset, len] = offsetAndLength(view, slot);
  return bigEndianSigned(slice(row, offset, len));
}

function readTimestamp(view: DataView, slot: number, precision: number): bigint {
  let millis: bigint;
  let nanoOfMilli = 0;
  if (precision <= 3) millis = view.getBigInt64(slot, true);
  else {
    const offset = view.getUint32(slot + 4, true);
    nanoOfMilli = view.getInt32(slot, true);
    if (offset + 8 > view.byteLength) throw invalid(errorRef('error.paimon.row.timestamp', { offset }));
    millis = view.getBigInt64(offset, true);
  }
  return precision > 6
    ? millis * 1_000_000n + BigInt(nanoOfMilli)
    : millis * 1000n + BigInt(Math.floor(nanoOfMilli / 1000));
}

/** Big-endian two's complement bytes → bigint (Java `BigInteger(byte[])`). */
export function bigEndianSigned(bytes: Uint8Array): bigint {
  if (bytes.length === 0) return 0n;
  let v = 0n;
  for (const b of bytes) v = (v << 8n) | BigInt(b);
  return bytes[0]! & 0x80 ? v - (1n << BigInt(8 * bytes.length)) : v;
}

/**
 * Encodes values as serialized row bytes, the inverse of {@link decodeBinaryRow} for the types it
 * supports (BinaryRowWriter layout; used for tests and for writing partitions/keys of new entries).
 */
export function encodeBinaryRow(values: readonly (Value | null)[], types: readonly DataType[]): Uint8Array {
  const arity = types.length;
  const head = nullBitsSize(arity);
  const fixed = new Uint8Array(head + 8 * arity);
  const fv = new DataView(fixed.buffer);
  const vars: Uint8Array[] = [];
  let varLen = 0;
  const appendVar = (b: Uint8Array): number => {
    const offset = fixed.length + varLen;
    const padded = new Uint8Array(Math.ceil(b.length / 8) * 8);
    padded.set(b);
    vars.push(padded);
    varLen += padded.length;
    return offset;
  };
  types.forEach((t, i) => {
    const v = values[i];
    const slot = head + 8 * i;
    if (v === null || v === undefined) {
      const bit = i + HEADER_BITS;
      fixed[bit >>> 3]! |= 1 << (bit & 7);
      return;
    }
    writeField(fv, slot, t, v, appendVar);
  });
  const out = new Uint8Array(4 + fixed.length + varLen);
  new DataView(out.buffer).setInt32(0, arity, false);
  out.set(fixed, 4);
  let pos = 4 + fixed.length;
  for (const b of vars) { out.set(b, pos); pos += b.length; }
  return out;
}

function writeField(fv: DataView, slot: number, t: DataType, v: Value, appendVar: (b: Uint8Array) => number): void {
  switch (t.root) {
    case 'BOOLEAN': fv.setUint8(slot, v ? 1 : 0); return;
    case 'TINYINT': fv.setInt8(slot, Number(v)); return;
    case 'SMALLINT': fv.setInt16(slot, Number(v), true); return;
    case 'INT': case 'DATE': fv.setInt32(slot, Number(v), true); return;
    case 'TIME': fv.setInt32(slot, Number(BigInt(v as bigint) / 1000n), true); return;
    case 'BIGINT': fv.setBigInt64(slot, BigInt(v as bigint), true); return;
    case 'FLOAT': fv.setFloat32(slot, Number(v), true); return;
    case 'DOUBLE': fv.setFloat64(slot, Number(v), true); return;
    case 'CHAR': case 'VARCHAR': case 'BINARY': case 'VARBINARY': {
      const b = typeof v === 'string' ? utf8Encode(v) : (v as Uint8Array);
      if (b.length <= 7) {
        for (let k = 0; k < b.length; k++) fv.setUint8(slot + k, b[k]!);
        fv.setUint8(slot + 7, 0x80 | b.length);
      } else setOffsetAndLength(fv, slot, appendVar(b), b.length);
      return;
    }
    case 'DECIMAL': {
      if ((t.precision ?? 10) <= 18) fv.setBigInt64(slot, BigInt(v as bigint), true);
      else {
        // BinaryRowWriter.writeDecimal reserves 16 bytes (the widest unscaled value) whatever the
        // length; the padding is part of the row's bytes and so of its hash (bucket.ts).
        const b = toBigEndianSigned(BigInt(v as bigint));
        const reserved = new Uint8Array(16);
        reserved.set(b);
        setOffsetAndLength(fv, slot, appendVar(reserved), b.length);
      }
      return;
    }
    case 'TIMESTAMP': case 'TIMESTAMP_LTZ': {
      const p = t.precision ?? 6;
      const perMilli = p > 6 ? 1_000_000n : 1000n;
      const x = BigInt(v as bigint);
      const millis = x >= 0n ? x / perMilli : -((-x + perMilli - 1n) / perMilli);
      const sub = Number(x - millis * perMilli) * (p > 6 ? 1 : 1000);
      if (p <= 3) fv.setBigInt64(slot, millis, true);
      else {
        const m = new Uint8Array(8);
        new DataView(m.buffer).setBigInt64(0, millis, true);
        setOffsetAndLength(fv, slot, appendVar(m), sub);
      }
      return;
    }
    default:
      throw messageError('Unsupported', 'error.paimon.row.encode', { type: t.root });
  }
}

function setOffsetAndLength(fv: DataView, slot: number, offset: number, len: number): void {
  fv.setUint32(slot, len, true);
  fv.setUint32(slot + 4, offset, true);
}

function toBigEndianSigned(v: bigint): Uint8Array {
  const out: number[] = [];
  let x = v;
  do {
    out.unshift(Number(x & 0xffn));
    x >>= 8n;
  } while (!((x === 0n && (out[0]! & 0x80) === 0) || (x === -1n && (out[0]! & 0x80) !== 0)));
  return Uint8Array.from(out);
}
