/**
 * Deletion vectors (PROTOCOL.md "Deletion Vectors", Appendix "Deletion Vector Format" and "Deletion Vector
 * File Storage Format"):
 * - the descriptor's unique id (`<storageType><pathOrInlineDv>[@offset]`) keys logical files in replay;
 * - `u`: `<random prefix><20-char Z85 UUID>` → `<prefix>/deletion_vector_<uuid>.bin` under the table root;
 *   `p`: an absolute path; `i`: the bitmap itself, Z85-encoded in the log;
 * - a DV file is a version byte (1), then per DV: 4-byte big-endian size, the bitmap, 4-byte big-endian
 *   CRC-32 of the bitmap; `offset` points at the size field;
 * - the bitmap is a 4-byte little-endian magic (1681511377) + a 64-bit portable Roaring bitmap.
 */
import { parseRoaring64, type RoaringBitmap64 } from '../../../codecs/roaring.ts';
import { isLakeError } from '../../../errors.ts';
import { crc32, readUint32BE, readUint32LE } from '../../../util/bytes.ts';
import type { DeletionVectorDescriptor } from './actions.ts';
import { z85Decode } from './z85.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef, type ErrorRef } from '../../../messages/message-parts.ts';

export const PORTABLE_MAGIC = 1681511377;
const NATIVE_MAGIC = 1681511376;

/** The descriptor's unique id (PROTOCOL.md "Derived Fields"). */
export function deletionVectorId(dv: DeletionVectorDescriptor | undefined): string | undefined {
  if (!dv) return undefined;
  return dv.offset === undefined ? `${dv.storageType}${dv.pathOrInlineDv}` : `${dv.storageType}${dv.pathOrInlineDv}@${dv.offset}`;
}

/** Canonical UUID text of 16 bytes. */
function uuidText(b: Uint8Array): string {
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Where an on-disk DV lives: the table-relative path for `u`, the absolute path as written for `p`;
 * undefined for inline DVs.
 */
export function deletionVectorPath(dv: DeletionVectorDescriptor): { relative?: string; absolute?: string } | undefined {
  if (dv.storageType === 'i') return undefined;
  if (dv.storageType === 'p') return { absolute: dv.pathOrInlineDv };
  if (dv.storageType !== 'u') throw messageError('Unsupported', 'error.delta.dv.storageType', { type: dv.storageType });
  const s = dv.pathOrInlineDv;
  if (s.length < 20) throw messageError('DataInvalid', 'error.delta.dv.z85Short', { text: s });
  const prefix = s.slice(0, s.length - 20);
  const name = `deletion_vector_${uuidText(z85Decode(s.slice(-20)))}.bin`;
  return { relative: prefix ? `${prefix}/${name}` : name };
}

/** Parses the serialized bitmap (magic + portable 64-bit Roaring). */
function parseDeletionVectorBitmap(bytes: Uint8Array, where: string | ErrorRef): RoaringBitmap64 {
  if (bytes.length < 4) throw messageError('DataInvalid', 'error.delta.dv.bitmapShort', { where, bytes: bytes.length });
  const magic = readUint32LE(bytes, 0);
  if (magic === NATIVE_MAGIC) {
    throw messageError('Unsupported', 'error.delta.dv.native', { where });
  }
  if (magic !== PORTABLE_MAGIC) {
    // PROTOCOL.md's inline example holds the native layout written big-endian; delta-spark refuses it too.
    const bigEndian = readUint32BE(bytes, 0);
    const bigEndianHeader = bigEndian === NATIVE_MAGIC || bigEndian === PORTABLE_MAGIC;
    throw messageError('DataInvalid', bigEndianHeader ? 'error.delta.dv.magicBigEndian' : 'error.delta.dv.magic', { where, magic });
  }
  try {
    return parseRoaring64(bytes.subarray(4));
  } catch (e) {
    throw messageError('DataInvalid', 'error.delta.dv.bitmap', { where, detail: (isLakeError(e) && e.ref) || (e as Error).message }, {}, e);
  }
}

/** An inline (`i`) DV: the Z85 text decodes to the bitmap, cut to `sizeInBytes`. */
export function parseInlineDeletionVector(dv: DeletionVectorDescriptor): RoaringBitmap64 {
  const bytes = z85Decode(dv.pathOrInlineDv);
  return parseDeletionVectorBitmap(bytes.subarray(0, dv.sizeInBytes || bytes.length), errorRef('error.delta.dv.inline', undefined));
}

/** Bytes to read from a DV file for a descriptor: from `offset` the size, bitmap and checksum. */
export function deletionVectorRange(dv: DeletionVectorDescriptor): { offset: number; length: number } {
  return { offset: dv.offset ?? 0, length: dv.sizeInBytes + 8 };
}

/**
 * Parses the `[size][bitmap][crc]` record read at the descriptor's range. Must hold: size differing from
 * `sizeInBytes`, a CRC mismatch or a bad bitmap → DataInvalid naming the file.
 */
export function parseDeletionVectorRecord(record: Uint8Array, dv: DeletionVectorDescriptor, file: string): RoaringBitmap64 {
  const ctx = { file };
  if (record.length < 8) throw messageError('DataInvalid', 'error.delta.dv.truncated', { file, offset: String(dv.offset ?? 0) }, ctx);
  const size = readUint32BE(record, 0);
  if (size !== dv.sizeInBytes || record.length < size + 8) {
    throw messageError('DataInvalid', 'error.delta.dv.size', { file, offset: String(dv.offset ?? 0), size, recorded: String(dv.sizeInBytes) }, ctx);
  }
  const bitmap = record.subarray(4, 4 + size);
  const crc = readUint32BE(record, 4 + size);
  if (crc32(bitmap) !== crc) throw messageError('DataInvalid', 'error.delta.dv.crc', { file, offset: String(dv.offset ?? 0) }, ctx);
  const parsed = parseDeletionVectorBitmap(bitmap, file);
  if (BigInt(parsed.size) !== dv.cardinality && dv.cardinality !== 0n) {
    throw messageError('DataInvalid', 'error.delta.dv.cardinality', { file, rows: parsed.size, recorded: String(dv.cardinality) }, ctx);
  }
  return parsed;
}
