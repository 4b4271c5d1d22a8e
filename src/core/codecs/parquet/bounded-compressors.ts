/**
 * hyparquet's decompressors (hyparquet-compressors) with the decode limit (util/decode-limits.ts) applied
 * per page: a page header claiming an uncompressed size past the limit, or a zstd frame whose headers
 * claim more, is refused before the output buffer is allocated (hyparquet sizes it from the page header;
 * fzstd from the frame). Every hyparquet read in core passes these instead of the bare ones.
 */
import { snappyUncompress, type Compressors } from 'hyparquet';
import { compressors as base } from 'hyparquet-compressors';
import { checkDecompressedSize } from '../../util/decode-limits.ts';
import { zstdBound } from '../zstd-bound.ts';

type Decompress = (input: Uint8Array, outputLength: number) => Uint8Array;

function bounded(codec: string, inner: Decompress): Decompress {
  return (input, outputLength) => {
    checkDecompressedSize(`parquet ${codec} page`, outputLength, { codec });
    if (codec === 'ZSTD') checkDecompressedSize(`parquet ${codec} page`, zstdBound(input), { codec });
    return inner(input, outputLength);
  };
}

const snappy: Decompress = (input, outputLength) => {
  const out = new Uint8Array(outputLength);
  snappyUncompress(input, out);
  return out;
};

/** The decompressors to pass as hyparquet's `compressors` option. */
export const boundedCompressors: Compressors = Object.fromEntries(
  Object.entries({ SNAPPY: snappy, ...base } as Record<string, Decompress>).map(([codec, f]) => [codec, bounded(codec, f)]),
) as Compressors;
