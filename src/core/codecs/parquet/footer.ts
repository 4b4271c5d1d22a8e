/**
 * Reading a Parquet footer with ranged reads (Parquet format, "File Format": `<footer> <4-byte length>
 * PAR1` at the end). One read of the file's tail (64 KiB by default) covers almost every footer;
 * a larger footer costs exactly one more read. Row-group statistics come with it.
 */
import { parquetMetadata, parquetMetadataAsync, type FileMetaData } from 'hyparquet';
import { asyncBufferOf, type ByteSource } from './byte-source.ts';
import { readFooterForDecoding } from './read-footer.ts';
import { parquetFields, type ParquetField } from './schema.ts';
import { causedError } from '../../message-error.ts';

/** A parsed footer. */
export interface ParquetFooter {
  /** hyparquet's decoded FileMetaData (row groups, column chunks, statistics, key/value metadata). */
  readonly metadata: FileMetaData;
  readonly numRows: bigint;
  readonly numRowGroups: number;
  /** Top-level fields with field ids. */
  readonly fields: ParquetField[];
  /** The footer's Thrift bytes as stored (for editing it without loss: row-group-ranges.ts), when read by {@link readParquetFooter}. */
  readonly raw?: Uint8Array;
}

/** Size of the first tail read. */
export const FOOTER_TAIL_BYTES = 64 * 1024;

/**
 * Reads and parses the footer. Must hold: at most 2 reads; a file without the PAR1 trailer, a footer
 * length beyond the file or undecodable thrift → LakeError DataInvalid `parquet: …` with `{file}`.
 */
export async function readParquetFooter(source: ByteSource, signal?: AbortSignal): Promise<ParquetFooter> {
  try {
    // Keep what was read, to cut the footer's own bytes out of it afterwards.
    const buffer = asyncBufferOf(source, signal);
    const slices: { start: number; bytes: Uint8Array }[] = [];
    const metadata = await parquetMetadataAsync({
      byteLength: buffer.byteLength,
      slice: async (start, end) => { const b = await buffer.slice(start, end); slices.push({ start, bytes: new Uint8Array(b) }); return b; },
    }, { initialFetchSize: FOOTER_TAIL_BYTES });
    return { ...footerOf(metadata), raw: cut(slices, source.size - 8 - metadata.metadata_length, source.size - 8) };
  } catch (e) {
    throw causedError(e, 'parquet: invalid footer', source.name === undefined ? {} : { file: source.name }, 'DataInvalid', 'error.parquet.invalidFooter', (detail) => ({ detail }));
  }
}

/**
 * The footer of a whole file already in memory, parsed at once (no ranged reads, no promises: per
 * small file the async path's wrappers cost more than the parse). Must hold: the same footer as
 * {@link readParquetFooter} gives for these bytes, and the same DataInvalid errors, naming `name`.
 */
export function parquetFooterOfFile(bytes: Uint8Array, name?: string): ParquetFooter {
  try {
    const exact = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
    const metadata = parquetMetadata(exact ? bytes.buffer as ArrayBuffer : bytes.slice().buffer);
    const end = bytes.byteLength - 8;
    return { ...footerOf(metadata), raw: bytes.subarray(end - metadata.metadata_length, end) };
  } catch (e) {
    throw causedError(e, 'parquet: invalid footer', name === undefined ? {} : { file: name }, 'DataInvalid', 'error.parquet.invalidFooter', (detail) => ({ detail }));
  }
}

/**
 * The footer of a whole file in memory, for decoding its rows: the schema, row groups and column chunk
 * locations by read-footer.ts (no column statistics, encoding stats, page-index or bloom-filter fields —
 * ~6× less CPU than hyparquet's full parse of a small footer), else, for a footer outside that reader's
 * common case, {@link parquetFooterOfFile}'s. Must hold: the same errors as parquetFooterOfFile, naming `name`.
 */
export function parquetFooterForDecoding(bytes: Uint8Array, name?: string): ParquetFooter {
  const metadata = readFooterForDecoding(bytes);
  if (!metadata) return parquetFooterOfFile(bytes, name);
  const end = bytes.byteLength - 8;
  return { ...footerOf(metadata), raw: bytes.subarray(end - metadata.metadata_length, end) };
}

/** Wraps already-parsed metadata. */
export function footerOf(metadata: FileMetaData): ParquetFooter {
  return {
    metadata,
    numRows: BigInt(metadata.num_rows),
    numRowGroups: metadata.row_groups.length,
    fields: parquetFields(metadata),
  };
}

/** Bytes [from, to) of a file out of the slices read from it (a footer over 64 KiB comes in two). */
function cut(slices: readonly { start: number; bytes: Uint8Array }[], from: number, to: number): Uint8Array | undefined {
  const out = new Uint8Array(to - from);
  let covered = 0;
  for (const s of slices) {
    const a = Math.max(from, s.start); const b = Math.min(to, s.start + s.bytes.length);
    if (b > a) { out.set(s.bytes.subarray(a - s.start, b - s.start), a - from); covered += b - a; }
  }
  return covered >= out.length ? out : undefined;
}
