/**
 * Where the length fields of the fixture file formats sit, found independently of the engine's own
 * decoders (so a decoder bug cannot hide a mutation site): Avro object container blocks (Avro spec
 * "Object Container Files"), the Parquet footer length ("File Format"), the Puffin footer payload size
 * and blob offsets (Puffin spec "File structure"), deletion-vector length prefixes.
 */

/** A varint-encoded or fixed-width length field inside a file. */
export interface LengthField {
  readonly offset: number;
  /** Bytes the field occupies now. */
  readonly width: number;
  readonly value: number;
  readonly encoding: 'avro-long' | 'u32le' | 'i32be' | 'i64be';
  readonly what: string;
}

/** One Avro block: its count and size fields and the byte span of the whole block (incl. sync). */
export interface AvroBlock {
  readonly start: number;
  readonly end: number;
  readonly count: LengthField;
  readonly size: LengthField;
}

function readLong(b: Uint8Array, pos: number): { value: number; next: number } | undefined {
  let n = 0;
  let shift = 1;
  let i = pos;
  for (; i < b.length && i < pos + 10; i++) {
    n += (b[i]! & 0x7f) * shift;
    shift *= 128;
    if ((b[i]! & 0x80) === 0) {
      const value = n % 2 === 0 ? n / 2 : -(n + 1) / 2;
      return { value, next: i + 1 };
    }
  }
  return undefined;
}

/** Encodes an Avro long (zig-zag varint); exact for |v| < 2^52. */
function encodeAvroLong(v: number): Uint8Array {
  let n = v >= 0 ? v * 2 : -v * 2 - 1;
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return Uint8Array.from(out);
}

/** The end of an Avro container header (after its sync marker) and its blocks; undefined when not Avro. */
export function avroLayout(b: Uint8Array): { headerEnd: number; blocks: AvroBlock[] } | undefined {
  if (b.length < 4 || b[0] !== 0x4f || b[1] !== 0x62 || b[2] !== 0x6a || b[3] !== 1) return undefined;
  let pos = 4;
  // Metadata map: blocks of (count, [size,] entries of key string, value bytes), ending with count 0.
  for (;;) {
    const c = readLong(b, pos);
    if (!c) return undefined;
    pos = c.next;
    if (c.value === 0) break;
    let count = c.value;
    if (count < 0) {
      count = -count;
      const s = readLong(b, pos);
      if (!s) return undefined;
      pos = s.next;
    }
    for (let i = 0; i < count; i++) {
      for (let k = 0; k < 2; k++) {
        const l = readLong(b, pos);
        if (!l || l.value < 0) return undefined;
        pos = l.next + l.value;
      }
    }
  }
  const headerEnd = pos + 16;
  if (headerEnd > b.length) return undefined;
  const blocks: AvroBlock[] = [];
  pos = headerEnd;
  while (pos < b.length) {
    const c = readLong(b, pos);
    const s = c && readLong(b, c.next);
    if (!c || !s) break;
    const end = s.next + s.value + 16;
    if (s.value < 0 || end > b.length) break;
    blocks.push({
      start: pos, end,
      count: { offset: pos, width: c.next - pos, value: c.value, encoding: 'avro-long', what: 'avro block count' },
      size: { offset: c.next, width: s.next - c.next, value: s.value, encoding: 'avro-long', what: 'avro block size' },
    });
    pos = end;
  }
  return { headerEnd, blocks };
}

/** The Parquet footer length field (4 bytes LE before the trailing PAR1). */
export function parquetFooterLength(b: Uint8Array): LengthField | undefined {
  const n = b.length;
  if (n < 12 || String.fromCharCode(b[n - 4]!, b[n - 3]!, b[n - 2]!, b[n - 1]!) !== 'PAR1') return undefined;
  const value = new DataView(b.buffer, b.byteOffset, n).getUint32(n - 8, true);
  return { offset: n - 8, width: 4, value, encoding: 'u32le', what: 'parquet footer length' };
}

/** Puffin footer payload size and the deletion-vector length prefixes of its blobs. */
export function puffinLengthFields(b: Uint8Array): LengthField[] {
  const n = b.length;
  const out: LengthField[] = [];
  if (n < 28 || String.fromCharCode(b[n - 4]!, b[n - 3]!, b[n - 2]!, b[n - 1]!) !== 'PFA1') return out;
  const view = new DataView(b.buffer, b.byteOffset, n);
  const payload = view.getUint32(n - 12, true);
  out.push({ offset: n - 12, width: 4, value: payload, encoding: 'u32le', what: 'puffin footer payload size' });
  try {
    const json = JSON.parse(new TextDecoder().decode(b.subarray(n - 12 - payload, n - 12))) as { blobs?: { offset: number; length: number }[] };
    for (const blob of json.blobs ?? []) {
      if (blob.offset + 4 <= n) out.push({ offset: blob.offset, width: 4, value: view.getUint32(blob.offset, false), encoding: 'i32be', what: 'deletion vector length prefix' });
    }
  } catch {
    // not a footer we can read: only the payload size field then
  }
  return out;
}

/** Paimon deletion-vector index file: a version byte, then (length i32 BE, vector, CRC) per data file. */
export function paimonDvLengthFields(b: Uint8Array): LengthField[] {
  const out: LengthField[] = [];
  if (b.length < 1 || b[0] !== 1) return out;
  const view = new DataView(b.buffer, b.byteOffset, b.length);
  let pos = 1;
  while (pos + 4 <= b.length) {
    const len = view.getInt32(pos, false);
    out.push({ offset: pos, width: 4, value: len, encoding: 'i32be', what: 'paimon deletion vector length' });
    if (len < 0) break;
    // v2 vectors' length excludes nothing extra either way: skip length, body, CRC.
    pos += 4 + len + 4;
  }
  return out;
}

/**
 * Hudi log blocks (tech spec "Log file format"): `#HUDI#`, block size (int64 BE, bytes after it), format
 * version, type, header, content length (int64 BE), content, footer, total block length (int64 BE). Walks
 * blocks by their size field, independently of the engine's framing.
 */
export function hudiLogLengthFields(b: Uint8Array): LengthField[] {
  const out: LengthField[] = [];
  const view = new DataView(b.buffer, b.byteOffset, b.length);
  const magic = [0x23, 0x48, 0x55, 0x44, 0x49, 0x23];
  let pos = 0;
  while (pos + 14 <= b.length && magic.every((m, i) => b[pos + i] === m)) {
    const size = Number(view.getBigInt64(pos + 6, false));
    out.push({ offset: pos + 6, width: 8, value: size, encoding: 'i64be', what: 'hudi log block size' });
    const end = pos + 14 + size;
    if (size < 8 || end > b.length) break;
    out.push({ offset: end - 8, width: 8, value: Number(view.getBigInt64(end - 8, false)), encoding: 'i64be', what: 'hudi log block total length' });
    // The content length sits after version, type and the header (count, then key, length, value per entry).
    let p = pos + 14 + 8;
    if (p + 4 <= end) {
      const n = view.getInt32(p, false);
      p += 4;
      for (let i = 0; i < n && p + 8 <= end; i++) p += 8 + Math.max(0, view.getInt32(p + 4, false));
      if (p + 8 <= end) out.push({ offset: p, width: 8, value: Number(view.getBigInt64(p, false)), encoding: 'i64be', what: 'hudi log block content length' });
    }
    pos = end;
  }
  return out;
}

/** The bytes of a length field set to `value` (Avro longs may change width: the file length changes). */
export function encodeLength(field: LengthField, value: number): Uint8Array {
  if (field.encoding === 'avro-long') return encodeAvroLong(value);
  if (field.encoding === 'i64be') {
    const wide = new Uint8Array(8);
    new DataView(wide.buffer).setBigInt64(0, BigInt(Math.trunc(value)), false);
    return wide;
  }
  const out = new Uint8Array(4);
  const view = new DataView(out.buffer);
  if (field.encoding === 'u32le') view.setUint32(0, value >>> 0, true);
  else view.setInt32(0, value | 0, false);
  return out;
}
