/**
 * Paging a few rows out of a (remote) Parquet file with hyparquet: only the selected columns' chunks
 * of the row groups that overlap the requested row range are read. Values are hyparquet's JS values
 * (bigint for INT64, Date for timestamps, …); use {@link readParquetToArrow} for typed Arrow data.
 */
import { parquetReadObjects, type FileMetaData } from 'hyparquet';
import { boundedCompressors as compressors } from './bounded-compressors.ts';
import { throwIfAborted } from '../../errors.ts';
import { asyncBufferOf, type ByteSource } from './byte-source.ts';
import { causedError } from '../../message-error.ts';

export interface ReadParquetRowsOptions {
  /** Top-level column names; all columns when absent. */
  readonly columns?: string[];
  /** First row (inclusive, 0-based over the whole file). */
  readonly rowStart?: number;
  /** Last row (exclusive). */
  readonly rowEnd?: number;
  /** Footer already read (saves its range reads). */
  readonly metadata?: FileMetaData;
  readonly signal?: AbortSignal;
}

/** Rows `[rowStart, rowEnd)` as objects keyed by column name. Corrupt data → DataInvalid `parquet: …`. */
export async function readParquetRows(source: ByteSource, opts: ReadParquetRowsOptions = {}): Promise<Record<string, unknown>[]> {
  throwIfAborted(opts.signal, 'parquet read');
  try {
    const rows = await parquetReadObjects({
      file: asyncBufferOf(source, opts.signal),
      metadata: opts.metadata,
      columns: opts.columns,
      rowStart: opts.rowStart,
      rowEnd: opts.rowEnd,
      compressors,
    });
    throwIfAborted(opts.signal, 'parquet read');
    return rows;
  } catch (e) {
    throw causedError(e, 'parquet: cannot read rows', source.name === undefined ? {} : { file: source.name }, 'DataInvalid', 'error.parquet.cannotReadRows', (detail) => ({ detail }));
  }
}
