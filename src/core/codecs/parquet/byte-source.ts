/**
 * hyparquet reads through an AsyncBuffer; this adapts a {@link ByteSource} (util/byte-source.ts) to it.
 */
import type { AsyncBuffer } from 'hyparquet';
import type { ByteSource } from '../../util/byte-source.ts';

export { bytesSource, readAllBytes, storageSource, type ByteSource } from '../../util/byte-source.ts';

/** hyparquet's AsyncBuffer over a source; every slice becomes one ranged read. */
export function asyncBufferOf(source: ByteSource, signal?: AbortSignal): AsyncBuffer {
  return {
    byteLength: source.size,
    slice: async (start: number, end?: number) => {
      const stop = end ?? source.size;
      const b = await source.read(start, stop - start, signal);
      // hyparquet wants an ArrayBuffer of exactly the range.
      return b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer
        ? b.buffer
        : b.slice().buffer as ArrayBuffer;
    },
  };
}
