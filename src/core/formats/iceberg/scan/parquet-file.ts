/**
 * Iceberg data files in Parquet: the planned row groups as Arrow batches, with each one's first row
 * position (for position deletes).
 * - Bytes: a file whose row groups the plan pruned, larger than {@link WHOLE_FILE_MAX_BYTES}, is read
 *   by ranges — its footer (cached from planning, which read it to prune), then only the kept row
 *   groups, adjacent small ones in one request (codecs/parquet/row-group-ranges.ts). So is any file
 *   larger than {@link RANGED_READ_MIN_BYTES}, row group by row group as the reader asks for them: the
 *   Data tab's first page of a 1 GB file fetches its footer and first row group, not the gigabyte
 *   (issue 17). Any other file is one request for all of it: a small file's footer and data come together.
 * - Decoding: a small file (at most SMALL_PARQUET_MAX_BYTES, flat columns of plain types) by hyparquet
 *   straight into Arrow (codecs/parquet/small-file-reader.ts), any other by parquet-wasm — a larger file
 *   read whole with all its row groups in one call, without a footer parse of ours.
 */
import { Field, Null } from 'apache-arrow';
import { FOOTER_TAIL_BYTES, PARQUET_FIELD_ID_KEY, SMALL_PARQUET_MAX_BYTES, parquetFooterForDecoding, readParquetToArrow, readRowGroupFiles, readSmallParquetRowGroup, type ParquetFooter } from '../../../codecs/parquet/index.ts';
import type { TableFiles } from '../io/table-files.ts';
import type { NestedField } from '../spec/types.ts';
import { type NameMapping, resolveChild } from './file-projection.ts';
import type { PositionedBatch } from './orc-file.ts';
import type { FileScanTask } from './task.ts';
import { messageError } from '../../../message-error.ts';

/**
 * Yields the task's row groups (all when the plan kept all) in file order. Must hold: the batches are
 * those parquet-wasm decodes from the file, as far as the `needed` fields' columns go (other columns may
 * be left out); a file whose row count differs from the manifest's is DataInvalid.
 */
export async function* parquetFileBatches(files: TableFiles, task: FileScanTask, needed: readonly NestedField[],
  nameMapping: readonly NameMapping[] | undefined, signal?: AbortSignal): AsyncGenerator<PositionedBatch> {
  const size = Number(task.fileSizeInBytes);
  if ((task.rowGroups && size > WHOLE_FILE_MAX_BYTES) || size > RANGED_READ_MIN_BYTES) {
    const footer = await files.readFooter(task.path, size, signal);
    if (footer.raw) {
      const starts = rowStarts(task, footer);
      const kept = task.rowGroups ?? footer.metadata.row_groups.map((_, i) => i);
      for await (const { rowGroup, file } of readRowGroupFiles(files.source(task.path, size), footer.metadata, footer.raw, kept, signal)) {
        let first = starts[rowGroup] ?? 0;
        for await (const batch of readParquetToArrow(file, { rowGroups: [0], signal, name: task.path })) {
          yield { batch, first };
          first += batch.numRows;
        }
      }
      return;
    }
  }
  const bytes = await files.readDataFile(task.path, size, signal);
  if (!task.rowGroups && bytes.byteLength > SMALL_PARQUET_MAX_BYTES) {
    yield* wholeFileBatches(bytes, task, signal);
    return;
  }
  const footer = parquetFooterForDecoding(bytes, task.path);
  const starts = rowStarts(task, footer);
  const small = bytes.byteLength <= SMALL_PARQUET_MAX_BYTES ? neededColumnNames(footer, needed, nameMapping) : undefined;
  for (const rg of task.rowGroups ?? footer.metadata.row_groups.map((_, i) => i)) {
    const quick = small && readSmallParquetRowGroup(bytes, footer.metadata, rg, small, { file: task.path }, footer.fields);
    if (quick) {
      yield { batch: quick, first: starts[rg] ?? 0 };
      continue;
    }
    let first = starts[rg] ?? 0;
    for await (const batch of readParquetToArrow(bytes, { rowGroups: [rg], signal, name: task.path })) {
      yield { batch, first };
      first += batch.numRows;
    }
  }
}

/**
 * Every row group of a file in memory, decoded by parquet-wasm in one call: without a footer parse of
 * our own (hyparquet's was ~10% of a full scan's CPU), the row count is checked on the decoded rows,
 * before any is handed out, and row positions are counted along (batches come in file order). Only for
 * files read whole, at most RANGED_READ_MIN_BYTES, so memory stays bounded by one such file.
 */
async function* wholeFileBatches(bytes: Uint8Array, task: FileScanTask, signal?: AbortSignal): AsyncGenerator<PositionedBatch> {
  const batches = [];
  for await (const batch of readParquetToArrow(bytes, { wholeFile: true, signal, name: task.path })) batches.push(batch);
  checkRowCount(task, BigInt(batches.reduce((n, b) => n + b.numRows, 0)));
  let first = 0;
  for (const batch of batches) {
    yield { batch, first };
    first += batch.numRows;
  }
}

/** Files up to this size are read whole even when the plan kept only some row groups (one request, and the footer read brought all of it). */
export const WHOLE_FILE_MAX_BYTES = FOOTER_TAIL_BYTES;

/**
 * Files larger than this are read by ranges even when every row group is kept: one request for the
 * footer (cached from planning when it pruned), then the row groups as they are consumed. Below it a
 * file is one request; above it, reading all of it up front would hold megabytes a page does not need.
 */
export const RANGED_READ_MIN_BYTES = 4 * 1024 * 1024;

/**
 * The manifest's record_count must be the file's row count (spec "Manifests": "Number of records in
 * this file"): another count means another file in its place, and positions of deletes would be off.
 */
function checkRowCount(task: FileScanTask, rows: bigint): void {
  if (rows !== task.recordCount) {
    throw messageError('DataInvalid', 'error.iceberg.read.rowCount', { file: task.path, rows: String(rows), recorded: String(task.recordCount) }, { file: task.path });
  }
}

/** The first row position of each row group; checks the file's row count against the manifest's. */
function rowStarts(task: FileScanTask, footer: ParquetFooter): number[] {
  checkRowCount(task, footer.numRows);
  const starts: number[] = [];
  footer.metadata.row_groups.reduce((acc, rg, i) => { starts[i] = acc; return acc + Number(rg.num_rows); }, 0);
  return starts;
}

/**
 * The file's top-level columns the read resolves the needed fields to — found exactly as the read
 * finds them in a decoded batch (by field id, else the name mapping, else the name), so a batch of just
 * these columns projects like one of all.
 */
function neededColumnNames(footer: ParquetFooter, needed: readonly NestedField[], nameMapping: readonly NameMapping[] | undefined): string[] {
  const fields = footer.fields.map((f) => new Field(f.name, new Null(), true, f.fieldId === undefined ? undefined : new Map([[PARQUET_FIELD_ID_KEY, String(f.fieldId)]])));
  const names = new Set<string>();
  for (const f of needed) {
    const j = resolveChild(fields, f, nameMapping);
    if (j >= 0) names.add(fields[j]!.name);
  }
  return [...names];
}
