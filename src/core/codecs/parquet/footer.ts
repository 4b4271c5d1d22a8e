/**
 * Reading a Parquet footer with ranged reads (Parquet format, "File Format": `<footer> <4-byte length>
 * PAR1` at the end). One read of the file's tail (64 KiB by default) covers almost every footer;
 * a larger footer costs exactly one more read. Row-group statistics come with it.
 */
import { parquetMetadataAsync, type FileMetaData } from 'hyparquet';
import { toLakeError } from '../../errors.ts';
import { asyncBufferOf, type ByteSource } from './byte-source.ts';
import { parquetFields, type ParquetField } from './schema.ts';

/** A parsed footer. */
export interface ParquetFooter {
  /** hyparquet's decoded FileMetaData (row groups, column chunks, statistics, key/value metadata). */
  readonly metadata: FileMetaData;
  readonly numRows: bigint;
  readonly numRowGroups: number;
  /** Top-level fields with field ids. */
  readonly fields: ParquetField[];
}

/** Size of the first tail read. */
export const FOOTER_TAIL_BYTES = 64 * 1024;

/**
 * Reads and parses the footer. Must hold: at most 2 reads; a file without the PAR1 trailer, a footer
 * length beyond the file or undecodable thrift → LakeError DataInvalid `parquet: …` with `{file}`.
 */
export async function readParquetFooter(source: ByteSource, signal?: AbortSignal): Promise<ParquetFooter> {
  try {
    const metadata = await parquetMetadataAsync(asyncBufferOf(source, signal), { initialFetchSize: FOOTER_TAIL_BYTES });
    return footerOf(metadata);
  } catch (e) {
    throw toLakeError(e, 'parquet: invalid footer', source.name === undefined ? {} : { file: source.name }, 'DataInvalid');
  }
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
