/**
 * Node side of Avro block inflation: Node's zlib (native) instead of fflate for deflate-compressed
 * blocks — manifests and manifest lists — about 3x less CPU per block (issue 17, measured on the
 * benchmark's 200 manifests: ~45 vs ~130 ms).
 */
import { inflateRawSync } from 'node:zlib';
import { setRawInflate } from '../../core/codecs/avro/index.ts';
import { tooLarge } from '../../core/util/decode-limits.ts';

/**
 * Raw DEFLATE with zlib, stopping once the output would pass `maxBytes` (zlib's `maxOutputLength`: a
 * bomb is refused before it lands in memory whole). Returns a plain Uint8Array (a Buffer's `slice` is a
 * view, not a copy: callers that copy values out of a block rely on Uint8Array semantics).
 */
export function zlibInflateRaw(data: Uint8Array, maxBytes: number): Uint8Array {
  let out: Buffer;
  try {
    out = inflateRawSync(data, { maxOutputLength: maxBytes + 1 });
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge('avro: deflate block', maxBytes + 1, { codec: 'deflate' });
    throw e;
  }
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** Makes core's Avro reader inflate deflate blocks with Node's zlib. Idempotent. */
export function installNodeInflate(): void {
  setRawInflate(zlibInflateRaw);
}
