/**
 * Byte helpers shared by the codecs: concatenation, hex, UTF-8, and fixed-width integer readers.
 * Readers never read past the end silently: out-of-range offsets throw LakeError DataInvalid.
 */
import { messageError } from '../message-error.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

/** Concatenates chunks into one new array (a single chunk is returned as is, not copied). */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  let size = 0;
  for (const c of chunks) size += c.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Lowercase hex of the bytes (the canonical form of binary values). */
export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += HEX[bytes[i]!];
  return s;
}

/** Parses hex (either case, even length); anything else throws DataInvalid. */
export function fromHex(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) {
    throw messageError('DataInvalid', 'error.bytes.hex', undefined, { length: hex.length });
  }
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** UTF-8 encoding of a string. */
export function utf8Encode(text: string): Uint8Array {
  return encoder.encode(text);
}

/** UTF-8 decoding; invalid sequences become U+FFFD unless `strict`, where they throw DataInvalid. */
export function utf8Decode(bytes: Uint8Array, strict = false): string {
  if (!strict) return decoder.decode(bytes);
  try {
    return strictDecoder.decode(bytes);
  } catch (e) {
    throw messageError('DataInvalid', 'error.bytes.utf8', undefined, { length: bytes.length }, e);
  }
}

/** True when both arrays hold the same bytes. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A DataView over exactly the bytes of `bytes` (respecting its byteOffset). */
function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function checkRange(bytes: Uint8Array, offset: number, width: number): void {
  if (!Number.isInteger(offset) || offset < 0 || offset + width > bytes.length) {
    throw messageError('DataInvalid', 'error.bytes.pastEnd', { width, offset, length: bytes.length }, { offset, length: bytes.length });
  }
}

/** Unsigned 16-bit little-endian integer at `offset`. */
export function readUint16LE(bytes: Uint8Array, offset: number): number {
  checkRange(bytes, offset, 2);
  return bytes[offset]! | (bytes[offset + 1]! << 8);
}

/** Unsigned 32-bit little-endian integer at `offset`. */
export function readUint32LE(bytes: Uint8Array, offset: number): number {
  checkRange(bytes, offset, 4);
  return viewOf(bytes).getUint32(offset, true);
}

/** Signed 32-bit little-endian integer at `offset`. */
export function readInt32LE(bytes: Uint8Array, offset: number): number {
  checkRange(bytes, offset, 4);
  return viewOf(bytes).getInt32(offset, true);
}

/** Unsigned 32-bit big-endian integer at `offset`. */
export function readUint32BE(bytes: Uint8Array, offset: number): number {
  checkRange(bytes, offset, 4);
  return viewOf(bytes).getUint32(offset, false);
}

/** Signed 32-bit big-endian integer at `offset`. */
export function readInt32BE(bytes: Uint8Array, offset: number): number {
  checkRange(bytes, offset, 4);
  return viewOf(bytes).getInt32(offset, false);
}

/** Signed 64-bit little-endian integer at `offset`, as bigint. */
export function readInt64LE(bytes: Uint8Array, offset: number): bigint {
  checkRange(bytes, offset, 8);
  return viewOf(bytes).getBigInt64(offset, true);
}

/** Writes an unsigned 32-bit integer, little-endian. */
export function writeUint32LE(bytes: Uint8Array, offset: number, value: number): void {
  checkRange(bytes, offset, 4);
  viewOf(bytes).setUint32(offset, value >>> 0, true);
}

/** Writes an unsigned 32-bit integer, big-endian. */
export function writeUint32BE(bytes: Uint8Array, offset: number, value: number): void {
  checkRange(bytes, offset, 4);
  viewOf(bytes).setUint32(offset, value >>> 0, false);
}

/** Writes a signed 64-bit integer, little-endian. */
export function writeInt64LE(bytes: Uint8Array, offset: number, value: bigint): void {
  checkRange(bytes, offset, 8);
  viewOf(bytes).setBigInt64(offset, value, true);
}

let crcTable: Uint32Array | undefined;

/** CRC-32 (IEEE 802.3, as zlib/java.util.zip.CRC32), used by Puffin and Avro's snappy codec. */
export function crc32(bytes: Uint8Array): number {
  const table = crcTable ??= makeCrcTable();
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function makeCrcTable(): Uint32Array {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
}
