/**
 * Object Container File block codecs (Avro spec 1.11, "Required Codecs" / "Optional Codecs"):
 * null, deflate (RFC 1951 raw, no zlib header), snappy (block + 4-byte big-endian CRC-32 of the
 * uncompressed data), zstandard. bzip2 and xz are reported as Unsupported.
 *
 * Libraries: fflate for deflate both ways (synchronous, so reading a manifest needs no async hop per
 * block; DecompressionStream would make every block a stream round-trip), hyparquet's snappy decoder,
 * hyparquet-writer's snappy encoder and fzstd for zstd decoding. No small JS zstd *encoder* exists, so
 * {@link compressBlock} writes zstd frames made of Raw blocks — valid per RFC 8878 §3.1.1.2 and read
 * by every decoder, just not smaller; Iceberg writers default to deflate anyway.
 */
import { deflateSync, inflateSync } from 'fflate';
import { decompress as zstdDecompress } from 'fzstd';
import { snappyUncompress } from 'hyparquet';
import { snappyCompress } from 'hyparquet-writer/src/snappy.js';
import { LakeError } from '../../errors.ts';
import { crc32, readUint32BE } from '../../util/bytes.ts';
import { checkDecompressedSize, decodeLimits, tooLarge } from '../../util/decode-limits.ts';
import { zstdBound } from '../zstd-bound.ts';
import { messageError } from '../../message-error.ts';

/** The codec names this build reads and writes. */
export type AvroCodec = 'null' | 'deflate' | 'snappy' | 'zstandard';

const CODECS = new Set<string>(['null', 'deflate', 'snappy', 'zstandard']);

/** Throws Unsupported for codec names other than {@link AvroCodec}. */
export function checkCodec(name: string): AvroCodec {
  if (!CODECS.has(name)) throw messageError('Unsupported', 'error.avro.codec', { codec: JSON.stringify(name) }, { codec: name });
  return name as AvroCodec;
}

/**
 * Decompresses one block's data. Corrupt data throws DataInvalid `avro: …`; a block that decompresses (or
 * whose header claims to) past the decode limit (util/decode-limits.ts) too, before the memory is taken.
 */
export function decompressBlock(codec: AvroCodec, data: Uint8Array): Uint8Array {
  try {
    switch (codec) {
      case 'null': return data;
      case 'deflate': return inflate(data);
      case 'snappy': return snappyBlock(data);
      case 'zstandard': checkDecompressedSize('avro: zstandard block', zstdBound(data), { codec }); return zstdDecompress(data);
    }
  } catch (e) {
    if (e instanceof LakeError) throw e;
    throw messageError('DataInvalid', 'error.avro.decompress', { codec, detail: e instanceof Error ? e.message : String(e) }, { codec }, e);
  }
}

// Inflating into a reused buffer, then copying out exactly the result: fflate alone starts at 3x the input
// and doubles (allocating and copying each time) — manifests inflate ~8x, so every block paid three
// growths, and the large short-lived buffers drove garbage collection while planning.
const SCRATCH_START = 1 << 20;
const SCRATCH_KEEP = 16 << 20;
let scratch = new Uint8Array(SCRATCH_START);

/**
 * A platform's own raw-DEFLATE decoder (RFC 1951, no zlib header). Must hold: returns exactly the
 * inflated bytes as a plain Uint8Array, throws on corrupt or truncated input, and throws {@link tooLarge}
 * (or returns more than `maxBytes` bytes, which the caller refuses) rather than inflate far past `maxBytes`.
 */
export type RawInflate = (data: Uint8Array, maxBytes: number) => Uint8Array;

let nativeInflate: RawInflate | undefined;

/**
 * Installs a native raw-DEFLATE decoder for Avro blocks (undefined: back to fflate). Why: the CLI has
 * Node's zlib, which inflates manifests ~3x faster than fflate (issue 17: fflate was 6–7% of planning
 * 100,000 entries); the browser keeps fflate (its DecompressionStream costs more per block, measured).
 */
export function setRawInflate(fn: RawInflate | undefined): void {
  nativeInflate = fn;
}

/**
 * Raw DEFLATE. Must hold: the output is exact whatever its size. fflate writes past the end of a given
 * buffer silently (it clips), so an output that fills the buffer is retried in one twice as large.
 */
function inflate(data: Uint8Array): Uint8Array {
  const max = decodeLimits().maxDecompressedBytes;
  if (nativeInflate) {
    const out = nativeInflate(data, max);
    checkDecompressedSize('avro: deflate block', out.length, { codec: 'deflate' });
    return out;
  }
  for (;;) {
    const out = inflateSync(data, { out: scratch });
    if (out.length < scratch.length) {
      checkDecompressedSize('avro: deflate block', out.length, { codec: 'deflate' });
      const exact = out.slice();
      if (scratch.length > SCRATCH_KEEP) scratch = new Uint8Array(SCRATCH_START); // do not keep a huge one
      return exact;
    }
    if (scratch.length > max) {
      scratch = new Uint8Array(SCRATCH_START);
      throw tooLarge('avro: deflate block', max + 1, { codec: 'deflate' });
    }
    scratch = new Uint8Array(Math.min(scratch.length * 2, max + 1));
  }
}

/** Snappy block: raw snappy then the CRC-32 (big-endian) of the uncompressed bytes. */
function snappyBlock(data: Uint8Array): Uint8Array {
  if (data.length < 5) throw messageError('DataInvalid', 'error.avro.snappyShort', undefined, { codec: 'snappy' });
  const body = data.subarray(0, data.length - 4);
  const out = new Uint8Array(snappyLength(body));
  snappyUncompress(body, out);
  const expected = readUint32BE(data, data.length - 4);
  if (crc32(out) !== expected) throw messageError('DataInvalid', 'error.avro.snappyChecksum', undefined, { codec: 'snappy' });
  return out;
}

/** The uncompressed length from snappy's varint preamble; bounded so garbage cannot allocate gigabytes. */
function snappyLength(body: Uint8Array): number {
  let n = 0;
  for (let i = 0, mul = 1; i < 5; i++, mul *= 128) {
    const b = body[i];
    if (b === undefined) break;
    n += (b & 0x7f) * mul;
    if (!(b & 0x80)) {
      // A snappy stream expands at most ~6x per literal/copy tag byte pair; 256x is a generous bound.
      if (n > body.length * 256 + 64) break;
      checkDecompressedSize('avro: snappy block', n, { codec: 'snappy' });
      return n;
    }
  }
  throw messageError('DataInvalid', 'error.avro.snappyPreamble', undefined, { codec: 'snappy' });
}

/** Compresses one block's data for writing. */
export function compressBlock(codec: AvroCodec, data: Uint8Array): Uint8Array {
  switch (codec) {
    case 'null': return data;
    case 'deflate': return deflateSync(data, { level: 6 });
    case 'snappy': {
      const body = snappyCompress(data);
      const out = new Uint8Array(body.length + 4);
      out.set(body);
      new DataView(out.buffer).setUint32(body.length, crc32(data), false);
      return out;
    }
    case 'zstandard': return zstdRawFrame(data);
  }
}

const ZSTD_MAX_BLOCK = 128 * 1024;

/**
 * A zstd frame (RFC 8878 §3.1.1) holding `data` in Raw blocks: magic, a frame header with
 * Single_Segment_Flag and an 8-byte Frame_Content_Size, then blocks of at most 128 KiB.
 */
function zstdRawFrame(data: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(data.length / ZSTD_MAX_BLOCK));
  const out = new Uint8Array(4 + 1 + 8 + blocks * 3 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0xfd2fb528, true);
  out[4] = (3 << 6) | (1 << 5); // FCS_Field_Size = 8 bytes, Single_Segment_Flag; no checksum, no dictionary
  view.setBigUint64(5, BigInt(data.length), true);
  let at = 13;
  for (let i = 0; i < blocks; i++) {
    const chunk = data.subarray(i * ZSTD_MAX_BLOCK, (i + 1) * ZSTD_MAX_BLOCK);
    const last = i === blocks - 1 ? 1 : 0;
    const header = last | (0 << 1) | (chunk.length << 3); // Last_Block, Block_Type = Raw, Block_Size
    out[at] = header & 0xff;
    out[at + 1] = (header >>> 8) & 0xff;
    out[at + 2] = (header >>> 16) & 0xff;
    out.set(chunk, at + 3);
    at += 3 + chunk.length;
  }
  return out;
}
