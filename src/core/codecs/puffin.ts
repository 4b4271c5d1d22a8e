/**
 * Puffin files (Iceberg Puffin spec): `Magic Blob* Footer`, Footer = `Magic FooterPayload
 * FooterPayloadSize(int32 LE) Flags(4 bytes) Magic`, Magic = `PFA1`; the payload is UTF-8 JSON
 * `{blobs: BlobMetadata[], properties}`. And the `deletion-vector-v1` blob (Puffin spec, "Blob types"):
 * `length(int32 BE) | magic D1 D3 39 64 | 64-bit portable Roaring bitmap | CRC-32(int32 BE)`, where
 * length and CRC cover magic + bitmap. DV blobs are stored uncompressed.
 */
import { decompress as zstdDecompress } from 'fzstd';
import { toLakeError, type LakeError, type LakeErrorContext } from '../errors.ts';
import { messageError } from '../message-error.ts';
import { errorRef, type ErrorRef } from '../messages/message-parts.ts';
import { bytesEqual, crc32, readInt32LE, readUint32BE, utf8Decode } from '../util/bytes.ts';
import { parseJson } from '../util/json.ts';
import type { ByteSource } from '../util/byte-source.ts';
import { parseRoaring64, type RoaringBitmap64 } from './roaring.ts';

export const PUFFIN_MAGIC = new Uint8Array([0x50, 0x46, 0x41, 0x31]); // "PFA1"
const DV_MAGIC = new Uint8Array([0xd1, 0xd3, 0x39, 0x64]);
/** Footer bytes after the payload: size, flags, magic. */
const FOOTER_TRAILER = 12;
/** First tail read; a larger footer costs one more read. */
const TAIL_BYTES = 16 * 1024;

/** One blob's metadata from the footer (Puffin spec, "BlobMetadata"). */
export interface PuffinBlob {
  readonly type: string;
  readonly fields: readonly number[];
  readonly snapshotId: bigint;
  readonly sequenceNumber: bigint;
  readonly offset: number;
  readonly length: number;
  /** Absent = uncompressed. */
  readonly compressionCodec?: string;
  readonly properties: Readonly<Record<string, string>>;
}

export interface PuffinFooter {
  readonly blobs: PuffinBlob[];
  readonly properties: Readonly<Record<string, string>>;
}

/** DataInvalid `puffin: …` around the catalog message of what is wrong. */
function invalid(message: ErrorRef, context: LakeErrorContext = {}): LakeError {
  return messageError('DataInvalid', 'error.within', { where: 'puffin', message }, context);
}

/**
 * Reads and parses the footer with ranged reads (one for footers under 16 KiB). Must hold: wrong
 * magic, a payload size beyond the file, a compressed (LZ4) footer (Unsupported) or malformed JSON
 * → LakeError `puffin: …` with `{file}`.
 */
export async function readPuffinFooter(source: ByteSource, signal?: AbortSignal): Promise<PuffinFooter> {
  const context = source.name === undefined ? {} : { file: source.name };
  try {
    if (source.size < 4 + 4 + FOOTER_TRAILER) throw invalid(errorRef('error.puffin.short', { bytes: source.size }));
    const tailStart = Math.max(0, source.size - TAIL_BYTES);
    let tail = await source.read(tailStart, source.size - tailStart, signal);
    const payloadSize = footerPayloadSize(tail, source.size);
    const footerStart = source.size - FOOTER_TRAILER - payloadSize - 4;
    if (footerStart < tailStart) {
      const head = await source.read(footerStart, tailStart - footerStart, signal);
      const all = new Uint8Array(source.size - footerStart);
      all.set(head);
      all.set(tail, head.length);
      tail = all;
    } else {
      tail = tail.subarray(footerStart - tailStart);
    }
    return parseFooterBytes(tail);
  } catch (e) {
    throw toLakeError(e, 'puffin: cannot read footer', context, 'DataInvalid');
  }
}

/** Parses the footer of a whole Puffin file in memory (also checks the leading magic). */
export function parsePuffinFooter(file: Uint8Array, name?: string): PuffinFooter {
  try {
    if (file.length < 4 + 4 + FOOTER_TRAILER || !bytesEqual(file.subarray(0, 4), PUFFIN_MAGIC)) throw invalid(errorRef('error.puffin.magicStart', undefined));
    const payloadSize = footerPayloadSize(file, file.length);
    return parseFooterBytes(file.subarray(file.length - FOOTER_TRAILER - payloadSize - 4));
  } catch (e) {
    throw toLakeError(e, 'puffin: cannot read footer', name === undefined ? {} : { file: name }, 'DataInvalid');
  }
}

/** Validates the trailer (last 12 bytes of `tail`, which ends at the end of a file of `fileSize` bytes). */
function footerPayloadSize(tail: Uint8Array, fileSize: number): number {
  if (tail.length < FOOTER_TRAILER || !bytesEqual(tail.subarray(tail.length - 4), PUFFIN_MAGIC)) throw invalid(errorRef('error.puffin.magicEnd', undefined));
  const size = readInt32LE(tail, tail.length - FOOTER_TRAILER);
  const flags = tail[tail.length - 8]!;
  if (size < 0 || size > fileSize - 4 - 4 - FOOTER_TRAILER) throw invalid(errorRef('error.puffin.payloadSize', { size }));
  // Flags byte 0, bit 0: FooterPayloadCompressed (LZ4 frame). Not produced by Iceberg's writers by default.
  if (flags & 1) throw messageError('Unsupported', 'error.puffin.lz4', undefined);
  return size;
}

/** `bytes` = footer magic + payload + trailer. */
function parseFooterBytes(bytes: Uint8Array): PuffinFooter {
  if (!bytesEqual(bytes.subarray(0, 4), PUFFIN_MAGIC)) throw invalid(errorRef('error.puffin.magicFooter', undefined));
  let json: Record<string, unknown>;
  try {
    json = parseJson(utf8Decode(bytes.subarray(4, bytes.length - FOOTER_TRAILER), true)) as Record<string, unknown>;
  } catch (e) {
    throw messageError('DataInvalid', 'error.puffin.notJson', { detail: (e as Error).message }, {}, e);
  }
  if (typeof json !== 'object' || json === null || !Array.isArray(json.blobs)) throw invalid(errorRef('error.puffin.noBlobs', undefined));
  return { blobs: json.blobs.map(blobOf), properties: stringRecord(json.properties) };
}

function blobOf(b: unknown, i: number): PuffinBlob {
  const o = b as Record<string, unknown>;
  const num = (k: string): number => {
    const v = o[k];
    const n = typeof v === 'bigint' ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw invalid(errorRef('error.puffin.blobField', { blob: i, field: k }));
    return n;
  };
  const long = (k: string): bigint => {
    const v = o[k];
    if (typeof v !== 'number' && typeof v !== 'bigint') throw invalid(errorRef('error.puffin.blobField', { blob: i, field: k }));
    return BigInt(v);
  };
  if (typeof o?.type !== 'string') throw invalid(errorRef('error.puffin.blobNo', { blob: i, field: 'type' }));
  if (!Array.isArray(o.fields)) throw invalid(errorRef('error.puffin.blobNo', { blob: i, field: 'fields' }));
  return {
    type: o.type,
    fields: o.fields.map(Number),
    snapshotId: long('snapshot-id'),
    sequenceNumber: long('sequence-number'),
    offset: num('offset'),
    length: num('length'),
    compressionCodec: typeof o['compression-codec'] === 'string' ? o['compression-codec'] : undefined,
    properties: stringRecord(o.properties),
  };
}

function stringRecord(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) out[k] = String(x);
  return out;
}

/** A blob's bytes, decompressed (zstd supported; lz4 → Unsupported). One ranged read. */
export async function readPuffinBlob(source: ByteSource, blob: PuffinBlob, signal?: AbortSignal): Promise<Uint8Array> {
  const context = source.name === undefined ? {} : { file: source.name };
  if (blob.offset + blob.length > source.size) throw invalid(errorRef('error.puffin.blobBeyond', { offset: blob.offset, length: blob.length }), context);
  const raw = await source.read(blob.offset, blob.length, signal);
  switch (blob.compressionCodec) {
    case undefined: return raw;
    case 'zstd':
      try {
        return zstdDecompress(raw);
      } catch (e) {
        throw toLakeError(e, 'puffin: zstd blob does not decompress', context, 'DataInvalid');
      }
    default:
      throw messageError('Unsupported', 'error.puffin.codec', { codec: String(blob.compressionCodec) }, context);
  }
}

/**
 * Parses a `deletion-vector-v1` blob into the set of deleted row positions. Must hold: the length
 * prefix equals the bytes present, the magic matches, the CRC-32 matches; otherwise DataInvalid.
 */
export function parseDeletionVector(blob: Uint8Array, context: LakeErrorContext = {}): RoaringBitmap64 {
  try {
    if (blob.length < 12) throw invalid(errorRef('error.puffin.dvShort', { bytes: blob.length }));
    const length = readUint32BE(blob, 0);
    if (length !== blob.length - 8) throw invalid(errorRef('error.puffin.dvLength', { length, size: blob.length }));
    const body = blob.subarray(4, 4 + length);
    if (!bytesEqual(body.subarray(0, 4), DV_MAGIC)) throw invalid(errorRef('error.puffin.dvMagic', undefined));
    if (crc32(body) !== readUint32BE(blob, 4 + length)) throw invalid(errorRef('error.puffin.dvCrc', undefined));
    return parseRoaring64(body.subarray(4));
  } catch (e) {
    throw toLakeError(e, 'puffin: invalid deletion vector', context, 'DataInvalid');
  }
}

/** Serialises a bitmap as a `deletion-vector-v1` blob (for writing DVs). */
export function serializeDeletionVector(bitmap: RoaringBitmap64): Uint8Array {
  const vector = bitmap.serialize();
  const out = new Uint8Array(4 + 4 + vector.length + 4);
  const v = new DataView(out.buffer);
  v.setUint32(0, 4 + vector.length, false);
  out.set(DV_MAGIC, 4);
  out.set(vector, 8);
  v.setUint32(8 + vector.length, crc32(out.subarray(4, 8 + vector.length)), false);
  return out;
}

/** A blob this close to the end of its file is read through to the end (see {@link readDeletionVector}). */
const DV_READ_THROUGH_BYTES = 16 * 1024;

/**
 * Reads one DV straight from a manifest entry's `content_offset` / `content_size_in_bytes` (Iceberg
 * spec v3, "Deletion Vectors": no footer read needed). One ranged read. When the blob sits within
 * {@link DV_READ_THROUGH_BYTES} of the end (the usual Puffin file: a few blobs, then the footer), the
 * read runs through to the end, so a source that checks recorded sizes (util/byte-source.ts) notices
 * a truncated or appended-to file in the same request.
 */
export async function readDeletionVector(source: ByteSource, offset: number, length: number, signal?: AbortSignal): Promise<RoaringBitmap64> {
  const context = source.name === undefined ? {} : { file: source.name };
  if (offset < 0 || length < 0 || offset + length > source.size) throw invalid(errorRef('error.puffin.dvBeyond', { offset, length }), context);
  const through = source.size - offset - length <= DV_READ_THROUGH_BYTES;
  const bytes = await source.read(offset, through ? source.size - offset : length, signal);
  if (through) checkFooterListsBlob(bytes, offset, length, source.size, context);
  return parseDeletionVector(bytes.subarray(0, length), { ...context, offset });
}

/**
 * With the file's tail in hand (a read-through), its footer must be whole and list the blob being read
 * at that offset and length: a damaged trailer or footer means a damaged file, even where the blob
 * bytes themselves still check out.
 */
function checkFooterListsBlob(bytes: Uint8Array, offset: number, length: number, size: number, context: LakeErrorContext): void {
  try {
    const payloadSize = footerPayloadSize(bytes, size);
    const footerStart = size - FOOTER_TRAILER - payloadSize - 4;
    if (footerStart < offset + length) throw invalid(errorRef('error.puffin.overlap', { size: payloadSize, offset, length }));
    const footer = parseFooterBytes(bytes.subarray(footerStart - offset));
    if (!footer.blobs.some((b) => b.offset === offset && b.length === length)) throw invalid(errorRef('error.puffin.noBlobAt', { offset, length }));
  } catch (e) {
    throw toLakeError(e, 'puffin: cannot read footer', context, 'DataInvalid').withContext(context);
  }
}
