/**
 * "What did this delete?": the (data file, position) pairs a delete file or deletion vector of the
 * metadata tree deletes (the format's `deletedPositions`), and — on request — the rows at those
 * positions, read from the data file itself. The rows are the file's own columns as written (system
 * columns such as Paimon's `_SEQUENCE_NUMBER` included): what the delete removed, before any merge or
 * schema evolution is applied.
 */
import type { RecordBatch } from 'apache-arrow';
import { canonicalRows, type CanonicalRow } from '../arrow/canonical.ts';
import { bytesSource, readParquetFooter, readParquetToArrow } from '../codecs/parquet/index.ts';
import { readOrcToArrow } from '../codecs/orc/index.ts';
import { isLakeError, throwIfAborted } from '../errors.ts';
import { messageError } from '../message-error.ts';
import type { DeletedPositionsOfFileDto, LakeTable, TreeNode, VersionSelector } from '../formats/table-format.ts';
import type { Storage } from '../io/storage.ts';
import { gridColumn } from './row-cursor.ts';
import type { GridColumnDto } from './table-dto.ts';

/** One data file's deleted positions and, when asked for, the rows at them. */
export interface DeletedRowsOfFileDto extends DeletedPositionsOfFileDto {
  /** Storage key of the data file relative to the warehouse (for the Raw view), where known. */
  readonly key?: string;
  /** The rows at the first positions (canonical form, like the Data tab's), in position order. */
  readonly rows?: readonly { readonly position: number; readonly values: CanonicalRow }[];
  readonly columns?: readonly GridColumnDto[];
  /** Why the rows could not be read (the positions still stand). */
  readonly rowsError?: string;
}

export interface DeletedRowsDto {
  readonly kind: 'position-deletes' | 'deletion-vector';
  readonly files: readonly DeletedRowsOfFileDto[];
}

export interface DeletedRowsOptions extends VersionSelector {
  /** Read the rows at the positions too (one data file read per file listed). */
  readonly withRows?: boolean;
  /** At most this many positions listed per data file (default 10,000). */
  readonly limit?: number;
  /** At most this many rows read per data file (default 200). */
  readonly maxRows?: number;
  readonly signal?: AbortSignal;
}

/**
 * The positions (and rows) a `delete-file` or `deletion-vector` tree node deletes. `storage` is rooted at
 * the table root (data keys are relative to it); `root` prefixes the keys given back. Must hold: a format
 * without position deletes, or a node that deletes nothing by position, is LakeError Unsupported; a data
 * file that cannot be read leaves `rowsError` and keeps the positions.
 */
export async function deletedRows(table: LakeTable, storage: Storage, root: string, node: TreeNode, options: DeletedRowsOptions = {}): Promise<DeletedRowsDto> {
  if (!table.deletedPositions) throw messageError('Unsupported', 'error.deletes.noPositions', { format: table.format }, { format: table.format });
  const version = { version: options.version, asOfTimestampMs: options.asOfTimestampMs };
  const found = await table.deletedPositions(version, node, { limit: options.limit, signal: options.signal });
  const maxRows = options.maxRows ?? 200;
  const files: DeletedRowsOfFileDto[] = [];
  for (const f of found.files) {
    const key = f.dataKey === undefined ? undefined : root + f.dataKey;
    if (!options.withRows || f.dataKey === undefined) { files.push({ ...f, ...(key ? { key } : {}) }); continue; }
    try {
      const read = await rowsAt(storage, f.dataKey, f.positions.slice(0, maxRows), options.signal);
      files.push({ ...f, key, ...read });
    } catch (e) {
      if (isLakeError(e, 'Aborted')) throw e;
      files.push({ ...f, key, rowsError: e instanceof Error ? e.message : String(e) });
    }
  }
  return { kind: found.kind, files };
}

/** The rows at `positions` (ascending) of a Parquet or ORC file, with its columns. */
async function rowsAt(storage: Storage, key: string, positions: readonly number[], signal?: AbortSignal): Promise<Pick<DeletedRowsOfFileDto, 'rows' | 'columns'>> {
  const format = /\.orc$/i.test(key) ? 'orc' : /\.parquet$/i.test(key) || !/\.(avro|json|csv)$/i.test(key) ? 'parquet' : undefined;
  if (!format) throw messageError('Unsupported', 'error.deletes.notShown', { file: key.split('/').pop()! }, { key });
  const bytes = await storage.read(key, { signal });
  const wanted = new Set(positions);
  const rows: { position: number; values: CanonicalRow }[] = [];
  let columns: GridColumnDto[] | undefined;
  const take = (batch: RecordBatch, first: number) => {
    columns ??= batch.schema.fields.map(gridColumn);
    if (!positions.some((p) => p >= first && p < first + batch.numRows)) return;
    const all = canonicalRows(batch);
    for (let i = 0; i < batch.numRows; i++) if (wanted.has(first + i)) rows.push({ position: first + i, values: all[i]! });
  };
  if (format === 'orc') {
    let first = 0;
    for await (const batch of readOrcToArrow(bytes, { signal, name: key })) { take(batch, first); first += batch.numRows; }
  } else {
    // Only the row groups that hold a wanted position are decoded.
    const footer = await readParquetFooter(bytesSource(bytes, key), signal);
    let start = 0;
    for (const [rg, meta] of footer.metadata.row_groups.entries()) {
      const n = Number(meta.num_rows);
      throwIfAborted(signal, 'deletes');
      if (positions.some((p) => p >= start && p < start + n)) {
        let first = start;
        for await (const batch of readParquetToArrow(bytes, { rowGroups: [rg], signal, name: key })) { take(batch, first); first += batch.numRows; }
      }
      start += n;
    }
  }
  return { rows, columns: columns ?? [] };
}
