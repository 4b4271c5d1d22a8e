/**
 * Iceberg data files in Parquet: the planned row groups as Arrow batches, with each one's first row
 * position (for position deletes). The whole file is one request; a small file (at most
 * SMALL_PARQUET_MAX_BYTES, flat columns of plain types) is decoded by hyparquet straight into Arrow
 * (codecs/parquet/small-file-reader.ts), any other by parquet-wasm.
 */
import { Field, Null } from 'apache-arrow';
import { PARQUET_FIELD_ID_KEY, SMALL_PARQUET_MAX_BYTES, bytesSource, readParquetFooter, readParquetToArrow, readSmallParquetRowGroup, type ParquetFooter } from '../../../codecs/parquet/index.ts';
import { LakeError } from '../../../errors.ts';
import type { TableFiles } from '../io/table-files.ts';
import type { NestedField } from '../spec/types.ts';
import { type NameMapping, resolveChild } from './file-projection.ts';
import type { PositionedBatch } from './orc-file.ts';
import type { FileScanTask } from './task.ts';

/**
 * Yields the task's row groups (all when the plan kept all) in file order. Must hold: the batches are
 * those parquet-wasm decodes from the file, as far as the `needed` fields' columns go (other columns may
 * be left out); a file whose row count differs from the manifest's is DataInvalid.
 */
export async function* parquetFileBatches(files: TableFiles, task: FileScanTask, needed: readonly NestedField[],
  nameMapping: readonly NameMapping[] | undefined, signal?: AbortSignal): AsyncGenerator<PositionedBatch> {
  const bytes = await files.readDataFile(task.path, Number(task.fileSizeInBytes), signal);
  const footer = await readParquetFooter(bytesSource(bytes, task.path), signal);
  // The manifest's record_count must be the file's row count (spec "Manifests": "Number of records in
  // this file"): another count means another file in its place, and positions of deletes would be off.
  if (footer.numRows !== task.recordCount) {
    throw new LakeError('DataInvalid', `iceberg read: ${task.path} has ${footer.numRows} rows but its manifest records ${task.recordCount} (a swapped or rewritten file)`, { file: task.path });
  }
  const starts: number[] = [];
  footer.metadata.row_groups.reduce((acc, rg, i) => { starts[i] = acc; return acc + Number(rg.num_rows); }, 0);
  const small = bytes.byteLength <= SMALL_PARQUET_MAX_BYTES ? neededColumnNames(footer, needed, nameMapping) : undefined;
  for (const rg of task.rowGroups ?? footer.metadata.row_groups.map((_, i) => i)) {
    const quick = small && await readSmallParquetRowGroup(bytes, footer.metadata, rg, small, { file: task.path });
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
