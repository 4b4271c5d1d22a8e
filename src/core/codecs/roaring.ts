/**
 * 64-bit Roaring bitmaps in the portable serialization used by Iceberg's `deletion-vector-v1`
 * (RoaringFormatSpec, "64-bit extension": an 8-byte little-endian count of 32-bit bitmaps, then for
 * each a 4-byte key holding the high 32 bits and a 32-bit portable Roaring bitmap for the low bits).
 * Written by hand: the roaring npm packages are native Node addons or wasm builds without the 64-bit
 * portable format, and decoding is ~150 lines.
 *
 * Delta Lake's deletion vectors use a "RoaringBitmapArray" that shares this portable layout behind
 * the same magic number (1681511377), but also has a "native" variant (magic 1681511376) whose keys
 * are implicit, and Delta frames DVs differently (a version byte per file, inline z85-encoded DVs).
 * The Delta reader (formats/delta/spec/deletion-vector.ts) strips Delta's framing and reuses {@link parseRoaring64}.
 *
 * Positions are numbers: row positions inside one data file never come near 2^53, and a bitmap
 * holding a larger value is rejected as DataInvalid rather than answered imprecisely.
 */
import type { LakeError } from '../errors.ts';
import { messageError } from '../message-error.ts';
import { errorRef, type ErrorRef } from '../messages/message-parts.ts';
import {
  ARRAY_MAX, bestContainer, cardinality, containerBytes, containerHas, containerValues, type Container,
} from './roaring-container.ts';

const SERIAL_COOKIE_NO_RUNCONTAINER = 12346;
const SERIAL_COOKIE = 12347;
const NO_OFFSET_THRESHOLD = 4;
/** High 32-bit keys above this would put positions beyond 2^53. */
const MAX_HIGH_KEY = 2 ** 21 - 1;

/** DataInvalid `roaring: …` around the catalog message of what is wrong with the bitmap's bytes. */
function invalid(message: ErrorRef): LakeError {
  return messageError('DataInvalid', 'error.roaring', { message });
}

/** An immutable set of non-negative integer positions, answering `has` in O(log n) per container. */
export class RoaringBitmap64 {
  /** Containers by chunk index = floor(position / 65536), in ascending order. */
  private constructor(private readonly chunks: Map<number, Container>, private readonly order: number[]) {}

  /** A bitmap holding exactly the given positions (any order, duplicates allowed). */
  static from(positions: Iterable<number | bigint>): RoaringBitmap64 {
    const sorted = Float64Array.from(positions, (p) => checkPosition(p)).sort();
    const chunks = new Map<number, Container>();
    const order: number[] = [];
    for (let i = 0; i < sorted.length;) {
      const chunk = Math.floor(sorted[i]! / 65536);
      const lows: number[] = [];
      for (; i < sorted.length && Math.floor(sorted[i]! / 65536) === chunk; i++) {
        const low = sorted[i]! % 65536;
        if (lows.length === 0 || lows[lows.length - 1] !== low) lows.push(low);
      }
      chunks.set(chunk, bestContainer(Uint16Array.from(lows)));
      order.push(chunk);
    }
    return new RoaringBitmap64(chunks, order);
  }

  /** @internal used by the parser. */
  static fromContainers(entries: [number, Container][]): RoaringBitmap64 {
    return new RoaringBitmap64(new Map(entries), entries.map(([k]) => k));
  }

  /** Number of positions. */
  get size(): number {
    let n = 0;
    for (const c of this.chunks.values()) n += cardinality(c);
    return n;
  }

  /** True when `pos` is in the set. */
  has(pos: number | bigint): boolean {
    const p = typeof pos === 'bigint' ? Number(pos) : pos;
    if (!(p >= 0) || !Number.isSafeInteger(p)) return false;
    const c = this.chunks.get(Math.floor(p / 65536));
    return c !== undefined && containerHas(c, p % 65536);
  }

  /** Positions in ascending order. */
  *[Symbol.iterator](): IterableIterator<number> {
    for (const chunk of this.order) {
      const base = chunk * 65536;
      for (const low of containerValues(this.chunks.get(chunk)!)) yield base + low;
    }
  }

  /** All positions, ascending. */
  toArray(): number[] {
    return [...this];
  }

  /** Serialises in the 64-bit portable format (run containers where they are smallest). */
  serialize(): Uint8Array {
    return serializeRoaring64(this.order.map((k) => [k, this.chunks.get(k)!]));
  }
}

function checkPosition(p: number | bigint): number {
  const n = typeof p === 'bigint' ? Number(p) : p;
  if (!Number.isSafeInteger(n) || n < 0 || (typeof p === 'bigint' && BigInt(n) !== p)) {
    throw messageError('DataInvalid', 'error.roaring.position', { position: String(p) });
  }
  return n;
}

/** A bounds-checked little-endian reader. */
class Reader {
  pos = 0;
  private readonly view: DataView;
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  need(n: number, what: string): void {
    if (this.pos + n > this.bytes.length) throw invalid(errorRef('error.roaring.truncated', { part: what, at: this.pos, length: this.bytes.length }));
  }
  u8s(n: number, what: string): Uint8Array {
    this.need(n, what);
    const out = this.bytes.slice(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  u16(): number { this.need(2, 'uint16'); const v = this.view.getUint16(this.pos, true); this.pos += 2; return v; }
  u32(): number { this.need(4, 'uint32'); const v = this.view.getUint32(this.pos, true); this.pos += 4; return v; }
  u16s(n: number, what: string): Uint16Array {
    this.need(2 * n, what);
    const out = new Uint16Array(n);
    for (let i = 0; i < n; i++) out[i] = this.view.getUint16(this.pos + 2 * i, true);
    this.pos += 2 * n;
    return out;
  }
  u32s(n: number, what: string): Uint32Array {
    this.need(4 * n, what);
    const out = new Uint32Array(n);
    for (let i = 0; i < n; i++) out[i] = this.view.getUint32(this.pos + 4 * i, true);
    this.pos += 4 * n;
    return out;
  }
}

/**
 * Parses a 64-bit portable Roaring bitmap. Must hold: the whole input is consumed; keys strictly
 * ascend; array containers are sorted; cardinalities match; anything else → DataInvalid `roaring: …`.
 */
export function parseRoaring64(bytes: Uint8Array): RoaringBitmap64 {
  const r = new Reader(bytes);
  r.need(8, 'bitmap count');
  const countLo = r.u32();
  const countHi = r.u32();
  if (countHi !== 0 || countLo > bytes.length / 8) throw invalid(errorRef('error.roaring.count', { count: countHi * 2 ** 32 + countLo }));
  const entries: [number, Container][] = [];
  let lastHigh = -1;
  for (let i = 0; i < countLo; i++) {
    const high = r.u32();
    if (high <= lastHigh) throw invalid(errorRef('error.roaring.keyOrder', undefined));
    if (high > MAX_HIGH_KEY) throw invalid(errorRef('error.roaring.beyond53', { key: high }));
    lastHigh = high;
    for (const [key, c] of parseRoaring32(r)) entries.push([high * 65536 + key, c]);
  }
  if (r.pos !== bytes.length) throw invalid(errorRef('error.roaring.trailing', { bytes: bytes.length - r.pos }));
  return RoaringBitmap64.fromContainers(entries);
}

/** One 32-bit portable bitmap at the reader's position (RoaringFormatSpec). */
function parseRoaring32(r: Reader): [number, Container][] {
  const start = r.pos;
  const cookie = r.u32();
  let size: number;
  let runFlags: Uint8Array | undefined;
  if ((cookie & 0xffff) === SERIAL_COOKIE) {
    size = (cookie >>> 16) + 1;
    runFlags = r.u8s(Math.ceil(size / 8), 'run flags');
  } else if (cookie === SERIAL_COOKIE_NO_RUNCONTAINER) {
    size = r.u32();
  } else {
    throw invalid(errorRef('error.roaring.cookie', { cookie }));
  }
  if (size > 65536) throw invalid(errorRef('error.roaring.containers', { count: size }));
  const header = r.u16s(2 * size, 'container headers');
  const hasOffsets = !runFlags || size >= NO_OFFSET_THRESHOLD;
  const offsets = hasOffsets ? r.u32s(size, 'container offsets') : undefined;
  const out: [number, Container][] = [];
  let lastKey = -1;
  for (let i = 0; i < size; i++) {
    const key = header[2 * i]!;
    const card = header[2 * i + 1]! + 1;
    if (key <= lastKey) throw invalid(errorRef('error.roaring.containerOrder', undefined));
    lastKey = key;
    if (offsets && offsets[i] !== r.pos - start) throw invalid(errorRef('error.roaring.offset', { container: i, offset: offsets[i]!, position: r.pos - start }));
    const isRun = runFlags !== undefined && (runFlags[i >>> 3]! & (1 << (i & 7))) !== 0;
    out.push([key, parseContainer(r, card, isRun)]);
  }
  return out;
}

function parseContainer(r: Reader, card: number, isRun: boolean): Container {
  if (isRun) {
    const n = r.u16();
    const runs = r.u16s(2 * n, 'runs');
    let total = 0;
    let prevEnd = -1;
    for (let i = 0; i < n; i++) {
      const s = runs[2 * i]!;
      const end = s + runs[2 * i + 1]!;
      if (s <= prevEnd || end > 65535) throw invalid(errorRef('error.roaring.runs', undefined));
      prevEnd = end;
      total += runs[2 * i + 1]! + 1;
    }
    if (total !== card) throw invalid(errorRef('error.roaring.runCardinality', { total, header: card }));
    return { kind: 'run', runs, card };
  }
  if (card <= ARRAY_MAX) {
    const values = r.u16s(card, 'array container');
    for (let i = 1; i < card; i++) if (values[i]! <= values[i - 1]!) throw invalid(errorRef('error.roaring.arrayOrder', undefined));
    return { kind: 'array', values };
  }
  const words = r.u32s(2048, 'bitmap container');
  let total = 0;
  for (const w of words) total += popcount(w);
  if (total !== card) throw invalid(errorRef('error.roaring.bitmapCardinality', { total, header: card }));
  return { kind: 'bitmap', words, card };
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Writes containers (by chunk index, ascending) in the 64-bit portable format. */
function serializeRoaring64(entries: [number, Container][]): Uint8Array {
  const groups = new Map<number, [number, Container][]>();
  for (const [chunk, c] of entries) {
    const high = Math.floor(chunk / 65536);
    if (!groups.has(high)) groups.set(high, []);
    groups.get(high)!.push([chunk % 65536, c]);
  }
  const parts: Uint8Array[] = [];
  const head = new Uint8Array(8);
  new DataView(head.buffer).setUint32(0, groups.size, true);
  parts.push(head);
  for (const [high, cs] of groups) {
    const key = new Uint8Array(4);
    new DataView(key.buffer).setUint32(0, high, true);
    parts.push(key, serializeRoaring32(cs));
  }
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

function serializeRoaring32(cs: [number, Container][]): Uint8Array {
  const size = cs.length;
  const hasRuns = cs.some(([, c]) => c.kind === 'run');
  const flagBytes = hasRuns ? Math.ceil(size / 8) : 0;
  const hasOffsets = !hasRuns || size >= NO_OFFSET_THRESHOLD;
  const headerBytes = (hasRuns ? 4 + flagBytes : 8) + 4 * size + (hasOffsets ? 4 * size : 0);
  const total = headerBytes + cs.reduce((n, [, c]) => n + containerBytes(c), 0);
  const out = new Uint8Array(total);
  const v = new DataView(out.buffer);
  let at = 0;
  if (hasRuns) {
    v.setUint32(0, SERIAL_COOKIE | ((size - 1) << 16), true);
    at = 4;
    cs.forEach(([, c], i) => { if (c.kind === 'run') out[at + (i >>> 3)]! |= 1 << (i & 7); });
    at += flagBytes;
  } else {
    v.setUint32(0, SERIAL_COOKIE_NO_RUNCONTAINER, true);
    v.setUint32(4, size, true);
    at = 8;
  }
  for (const [key, c] of cs) {
    v.setUint16(at, key, true);
    v.setUint16(at + 2, cardinality(c) - 1, true);
    at += 4;
  }
  let offset = headerBytes;
  if (hasOffsets) {
    for (const [, c] of cs) {
      v.setUint32(at, offset, true);
      at += 4;
      offset += containerBytes(c);
    }
  }
  for (const [, c] of cs) {
    if (c.kind === 'array') c.values.forEach((x) => { v.setUint16(at, x, true); at += 2; });
    else if (c.kind === 'bitmap') c.words.forEach((w) => { v.setUint32(at, w, true); at += 4; });
    else {
      v.setUint16(at, c.runs.length / 2, true);
      at += 2;
      c.runs.forEach((x) => { v.setUint16(at, x, true); at += 2; });
    }
  }
  return out;
}
