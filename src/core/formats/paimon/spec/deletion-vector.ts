/**
 * Deletion-vector index files (`index/index-…`, paimon-core `deletionvectors/DeletionVectorsIndexFile`):
 * one version byte (1), then per data file: a 4-byte big-endian length, the vector, a 4-byte CRC-32.
 * Two vector encodings exist (`DeletionVector.read`):
 * - v1 `BitmapDeletionVector`: big-endian magic 1581511376, then a 32-bit portable Roaring bitmap
 *   (Java RoaringBitmap `serialize`); the length counts magic + bitmap;
 * - v2 `Bitmap64DeletionVector` (`deletion-vectors.bitmap64`): little-endian magic 1681511377 and a
 *   64-bit portable Roaring bitmap — the same bytes as Iceberg's `deletion-vector-v1` blob.
 * A set bit is the 0-based position of a deleted row in the data file.
 */
import { parseDeletionVector } from '../../../codecs/puffin.ts';
import { parseRoaring64, type RoaringBitmap64 } from '../../../codecs/roaring.ts';
import { isLakeError, LakeError, type LakeErrorContext } from '../../../errors.ts';
import { crc32 } from '../../../util/bytes.ts';
import type { DeletionVectorRange } from './index-manifest.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef, type ErrorRef } from '../../../messages/message-parts.ts';

const DV_INDEX_VERSION = 1;
const V1_MAGIC = 1581511376;
const V2_MAGIC_LE = 1681511377;

/** `paimon deletion-vector: <what> (<index file>)`: the index file named after the finding, when known. */
function invalid(message: ErrorRef, context: LakeErrorContext): LakeError {
  const within = errorRef('error.within', { where: 'paimon deletion-vector', message });
  const file = typeof context.file === 'string' ? context.file : undefined;
  return file === undefined ? messageError('DataInvalid', 'error.within', { where: 'paimon deletion-vector', message }, context)
    : messageError('DataInvalid', 'error.inFile', { message: within, file }, context);
}

/**
 * Parses the vector at `range` of an index file's bytes. Must hold: the version byte is 1, the length
 * prefix equals `range.length` (v1) or `range.length - 8` (v2), the magic is known, the CRC matches;
 * otherwise DataInvalid `paimon deletion-vector: …` naming the file and the data file.
 */
export function parseDeletionVectorAt(file: Uint8Array, range: DeletionVectorRange, indexFile?: string): RoaringBitmap64 {
  const context: LakeErrorContext = { ...(indexFile ? { file: indexFile } : {}), dataFile: range.dataFileName };
  if (file.length < 1 || file[0] !== DV_INDEX_VERSION) throw invalid(errorRef('error.paimon.dv.version', { version: String(file[0]) }), context);
  if (range.offset < 1 || range.offset + 8 > file.length) throw invalid(errorRef('error.paimon.dv.offset', { offset: range.offset, bytes: file.length }), context);
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const size = view.getInt32(range.offset, false);
  const magicBE = view.getInt32(range.offset + 4, false);
  if (magicBE === V1_MAGIC) {
    if (size !== range.length) throw invalid(errorRef('error.paimon.dv.length', { size, recorded: range.length }), context);
    const end = range.offset + 4 + size;
    if (end + 4 > file.length) throw invalid(errorRef('error.paimon.dv.pastEnd', { size }), context);
    const body = file.subarray(range.offset + 4, end);
    if ((crc32(body) | 0) !== view.getInt32(end, false)) throw invalid(errorRef('error.paimon.dv.crc', undefined), context);
    return parseRoaring32(body.subarray(4), context);
  }
  if (view.getInt32(range.offset + 4, true) === V2_MAGIC_LE) {
    // v2 is length + (magic + 64-bit bitmap) + CRC, exactly Iceberg's deletion-vector-v1 blob.
    const total = 4 + size + 4;
    if (range.offset + total > file.length) throw invalid(errorRef('error.paimon.dv.pastEnd', { size }), context);
    return parseDeletionVector(file.subarray(range.offset, range.offset + total), context);
  }
  throw invalid(errorRef('error.paimon.dv.magic', { value: magicBE }), context);
}

/**
 * A 32-bit portable Roaring bitmap as a 64-bit one: the 64-bit portable format is a bitmap count and,
 * per bitmap, a 4-byte high key before the 32-bit bitmap — so one bitmap under key 0 is these bytes.
 */
function parseRoaring32(bitmap: Uint8Array, context: LakeErrorContext): RoaringBitmap64 {
  const wrapped = new Uint8Array(12 + bitmap.length);
  wrapped[0] = 1; // count = 1 (u64 LE), high key = 0 (u32 LE)
  wrapped.set(bitmap, 12);
  try {
    return parseRoaring64(wrapped);
  } catch (e) {
    // The Roaring parser's own message, quoted in the reader's language (its text when it has none).
    throw invalid(errorRef('error.paimon.dv.roaring', { detail: (isLakeError(e) && e.ref) || (e as Error).message }), context);
  }
}

/** Serialises a v1 vector (length, magic, 32-bit portable bitmap, CRC), for tests and writers. */
export function serializeDeletionVectorV1(bitmap: RoaringBitmap64): Uint8Array {
  const b64 = bitmap.serialize();
  // Strip the 64-bit wrapper (count + high key); positions must be < 2^32 for v1.
  const count = new DataView(b64.buffer, b64.byteOffset).getUint32(0, true);
  const bitmap32 = count === 0 ? EMPTY_ROARING32 : b64.subarray(12);
  if (count > 1) throw messageError('Unsupported', 'error.paimon.dv.v1', undefined);
  const out = new Uint8Array(4 + 4 + bitmap32.length + 4);
  const view = new DataView(out.buffer);
  view.setInt32(0, 4 + bitmap32.length, false);
  view.setInt32(4, V1_MAGIC, false);
  out.set(bitmap32, 8);
  view.setInt32(8 + bitmap32.length, crc32(out.subarray(4, 8 + bitmap32.length)) | 0, false);
  return out;
}

/** An empty 32-bit portable bitmap: cookie 12346 with zero containers. */
const EMPTY_ROARING32 = new Uint8Array([0x3a, 0x30, 0, 0, 0, 0, 0, 0]);
