/**
 * A type-preserving Thrift compact protocol reader and writer (Thrift "Compact Protocol" spec), for
 * editing a Parquet footer without knowing all of it: every field keeps its wire type and bytes, so a
 * footer read and written back is the same footer — fields this code does not know (newer logical
 * types, encryption, statistics) pass through untouched. Only the fields an edit sets change.
 */
import { messageError } from '../../message-error.ts';
import { errorRef, type ErrorRef } from '../../messages/message-parts.ts';

/** Compact-protocol type ids. */
export const T = { TRUE: 1, FALSE: 2, BYTE: 3, I16: 4, I32: 5, I64: 6, DOUBLE: 7, BINARY: 8, LIST: 9, SET: 10, MAP: 11, STRUCT: 12 } as const;

/** A struct: its fields in wire order. */
export interface TStruct { fields: TField[] }
/** One field: id, wire type, value (none for booleans, whose type is their value). */
export interface TField { readonly id: number; readonly type: number; value: TValue }
/** A list or set. */
export interface TList { readonly elemType: number; items: TValue[] }
/** A map. */
export interface TMap { readonly keyType: number; readonly valType: number; entries: [TValue, TValue][] }
export type TValue = undefined | boolean | number | bigint | Uint8Array | TStruct | TList | TMap;

/** Reads one struct from `bytes` at `pos`; returns it and the position after its stop byte. */
export function readStruct(bytes: Uint8Array, pos = 0): { struct: TStruct; end: number } {
  const r = { pos };
  const struct = readStructAt(bytes, r);
  return { struct, end: r.pos };
}

/**
 * Reads the fields of the struct at `pos` whose ids come before the first field with id ≥ `stopId`,
 * without reading that field or anything after it (a Parquet footer's row groups, field 4, come before
 * its key/value metadata, field 5, which Hudi fills with a large bloom filter). Must hold: input cut off
 * before the stop throws DataInvalid `parquet footer: truncated …`.
 */
export function readStructUntil(bytes: Uint8Array, pos: number, stopId: number): TStruct {
  const r = { pos };
  const fields: TField[] = [];
  let last = 0;
  for (;;) {
    if (r.pos >= bytes.length) fail(errorRef('error.parquet.thrift.truncated', { part: 'struct' }));
    const h = bytes[r.pos++]!;
    if (h === 0) return { fields };
    const type = h & 0x0f; const delta = h >> 4;
    const id = delta ? last + delta : Number(unzig(varint(bytes, r)));
    if (id >= stopId) return { fields };
    last = id;
    fields.push({ id, type, value: type === T.TRUE || type === T.FALSE ? undefined : readValue(bytes, r, type) });
  }
}

/** DataInvalid `parquet footer: …` around the catalog message of what is wrong with the Thrift bytes. */
function fail(message: ErrorRef): never {
  throw messageError('DataInvalid', 'error.parquet.thrift', { message });
}

function varint(b: Uint8Array, r: { pos: number }): bigint {
  let out = 0n; let shift = 0n;
  for (;;) {
    if (r.pos >= b.length) fail(errorRef('error.parquet.thrift.truncated', { part: 'varint' }));
    const x = b[r.pos++]!;
    out |= BigInt(x & 0x7f) << shift;
    if (!(x & 0x80)) return out;
    shift += 7n;
    if (shift > 70n) fail(errorRef('error.parquet.thrift.varintLong', undefined));
  }
}
const unzig = (v: bigint) => (v >> 1n) ^ -(v & 1n);

function readStructAt(b: Uint8Array, r: { pos: number }): TStruct {
  const fields: TField[] = [];
  let last = 0;
  for (;;) {
    if (r.pos >= b.length) fail(errorRef('error.parquet.thrift.truncated', { part: 'struct' }));
    const h = b[r.pos++]!;
    if (h === 0) return { fields };
    const type = h & 0x0f; const delta = h >> 4;
    const id = delta ? last + delta : Number(unzig(varint(b, r)));
    last = id;
    fields.push({ id, type, value: type === T.TRUE || type === T.FALSE ? undefined : readValue(b, r, type) });
  }
}

function readValue(b: Uint8Array, r: { pos: number }, type: number): TValue {
  switch (type) {
    case T.BYTE: return b[r.pos++];
    case T.I16: case T.I32: return Number(unzig(varint(b, r)));
    case T.I64: return unzig(varint(b, r));
    case T.DOUBLE: { const v = b.slice(r.pos, r.pos + 8); r.pos += 8; return v; }
    case T.BINARY: { const n = Number(varint(b, r)); if (r.pos + n > b.length) fail(errorRef('error.parquet.thrift.truncated', { part: 'binary' })); const v = b.subarray(r.pos, r.pos + n); r.pos += n; return v; }
    case T.LIST: case T.SET: {
      const h = b[r.pos++]!;
      const n = (h >> 4) === 15 ? Number(varint(b, r)) : h >> 4;
      const elemType = h & 0x0f;
      const items: TValue[] = [];
      // Booleans inside containers are one byte each (no type-as-value there).
      for (let i = 0; i < n; i++) items.push(elemType === T.TRUE || elemType === T.FALSE ? b[r.pos++] : readValue(b, r, elemType));
      return { elemType, items };
    }
    case T.MAP: {
      const n = Number(varint(b, r));
      if (n === 0) return { keyType: 0, valType: 0, entries: [] };
      const kv = b[r.pos++]!;
      const entries: [TValue, TValue][] = [];
      for (let i = 0; i < n; i++) entries.push([readValue(b, r, kv >> 4), readValue(b, r, kv & 0x0f)]);
      return { keyType: kv >> 4, valType: kv & 0x0f, entries };
    }
    case T.STRUCT: return readStructAt(b, r);
    default: return fail(errorRef('error.parquet.thrift.type', { type }));
  }
}

/** Writes a struct in compact protocol. */
export function writeStruct(s: TStruct): Uint8Array {
  const out: number[] = [];
  writeStructTo(out, s);
  return Uint8Array.from(out);
}

function putVarint(out: number[], v: bigint): void {
  let x = BigInt.asUintN(64, v);
  while (x >= 0x80n) { out.push(Number(x & 0x7fn) | 0x80); x >>= 7n; }
  out.push(Number(x));
}
const zig = (v: bigint) => BigInt.asUintN(64, (v << 1n) ^ (v >> 63n));

function writeStructTo(out: number[], s: TStruct): void {
  let last = 0;
  for (const f of s.fields) {
    const delta = f.id - last;
    if (delta > 0 && delta <= 15) out.push((delta << 4) | f.type);
    else { out.push(f.type); putVarint(out, zig(BigInt(f.id))); }
    last = f.id;
    if (f.type !== T.TRUE && f.type !== T.FALSE) writeValue(out, f.type, f.value);
  }
  out.push(0);
}

function writeValue(out: number[], type: number, v: TValue): void {
  switch (type) {
    case T.BYTE: out.push(v as number); return;
    case T.I16: case T.I32: putVarint(out, zig(BigInt(v as number))); return;
    case T.I64: putVarint(out, zig(v as bigint)); return;
    case T.DOUBLE: out.push(...(v as Uint8Array)); return;
    case T.BINARY: { const b = v as Uint8Array; putVarint(out, BigInt(b.length)); for (const x of b) out.push(x); return; }
    case T.LIST: case T.SET: {
      const l = v as TList;
      if (l.items.length < 15) out.push((l.items.length << 4) | l.elemType); else { out.push(0xf0 | l.elemType); putVarint(out, BigInt(l.items.length)); }
      for (const item of l.items) { if (l.elemType === T.TRUE || l.elemType === T.FALSE) out.push(item as number); else writeValue(out, l.elemType, item); }
      return;
    }
    case T.MAP: {
      const m = v as TMap;
      putVarint(out, BigInt(m.entries.length));
      if (m.entries.length === 0) return;
      out.push((m.keyType << 4) | m.valType);
      for (const [k, val] of m.entries) { writeValue(out, m.keyType, k); writeValue(out, m.valType, val); }
      return;
    }
    case T.STRUCT: writeStructTo(out, v as TStruct); return;
    default: fail(errorRef('error.parquet.thrift.type', { type }));
  }
}

/** The field `id` of a struct, if present. */
export function field(s: TStruct, id: number): TField | undefined {
  return s.fields.find((f) => f.id === id);
}

/** Drops the fields with these ids. */
export function dropFields(s: TStruct, ids: readonly number[]): void {
  s.fields = s.fields.filter((f) => !ids.includes(f.id));
}
