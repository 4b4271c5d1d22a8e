/**
 * ORC stream compression (ORC specification, "Compression"): a compressed stream is a sequence of
 * chunks, each with a 3-byte little-endian header `length << 1 | isOriginal`; an original chunk is
 * stored as is, the others are compressed with the file's codec (zlib = raw deflate, snappy, LZO, LZ4
 * block, zstd). A chunk never decompresses to more than the postscript's compressionBlockSize.
 */
import { inflateSync } from 'fflate';
import { decompress as zstdDecompress } from 'fzstd';
import { snappyUncompress } from 'hyparquet';
import { lz4Decompress } from './lz4.ts';
import { lzoDecompress } from './lzo.ts';
import { orcInvalid, orcUnsupported } from './errors.ts';
import { COMPRESSION_NAMES } from './proto-messages.ts';

/** A file's codec: kind (CompressionKind) and block size. */
export interface OrcCodec {
  readonly kind: number;
  readonly blockSize: number;
}

/** Throws Unsupported for a CompressionKind this reader does not know. */
export function checkCompressionKind(kind: number, file?: string): void {
  if (kind < 0 || kind >= COMPRESSION_NAMES.length) throw orcUnsupported('error.orc.compression.kind', { kind }, file);
}

/**
 * The decompressed bytes of one stream (or of the footer/metadata). Must hold: output is the
 * concatenation of every chunk's content; a chunk header running past the input, or a chunk that does
 * not decode, throws DataInvalid.
 */
export function decompressStream(codec: OrcCodec, input: Uint8Array): Uint8Array {
  if (codec.kind === 0) return input;
  const parts: Uint8Array[] = [];
  let total = 0;
  let pos = 0;
  while (pos < input.length) {
    if (pos + 3 > input.length) throw orcInvalid('error.orc.compression.header', undefined);
    const header = input[pos]! | (input[pos + 1]! << 8) | (input[pos + 2]! << 16);
    pos += 3;
    const len = header >>> 1;
    if (pos + len > input.length) throw orcInvalid('error.orc.compression.chunk', { length: len });
    const chunk = input.subarray(pos, pos + len);
    pos += len;
    const out = (header & 1) === 1 ? chunk : decompressChunk(codec, chunk);
    parts.push(out);
    total += out.length;
  }
  if (parts.length === 1) return parts[0]!;
  const all = new Uint8Array(total);
  let o = 0;
  for (const p of parts) {
    all.set(p, o);
    o += p.length;
  }
  return all;
}

let inflateScratch = new Uint8Array(0);

function decompressChunk(codec: OrcCodec, chunk: Uint8Array): Uint8Array {
  // Some writers (old Hive) use a block size above the one in the postscript; leave headroom.
  const capacity = Math.max(codec.blockSize, 256 * 1024) * 2;
  switch (codec.kind) {
    case 1: {
      // fflate grows its output buffer step by step when it does not know the size (most of the time
      // went there); inflate into a scratch buffer of the block size and copy out.
      if (inflateScratch.length < capacity) inflateScratch = new Uint8Array(capacity);
      return inflateSync(chunk, { out: inflateScratch }).slice();
    }
    case 2: {
      let len = 0;
      let mul = 1;
      for (let i = 0; i < 5 && i < chunk.length; i++) {
        len += (chunk[i]! & 0x7f) * mul;
        if (chunk[i]! < 0x80) break;
        mul *= 128;
      }
      if (len > capacity) throw orcInvalid('error.orc.codec.claims', { codec: 'snappy', length: len });
      const out = new Uint8Array(len);
      snappyUncompress(chunk, out);
      return out;
    }
    case 3: return lzoDecompress(chunk, capacity);
    case 4: return lz4Decompress(chunk, capacity);
    case 5: return zstdDecompress(chunk);
    default: throw orcUnsupported('error.orc.compression.kind', { kind: codec.kind });
  }
}
