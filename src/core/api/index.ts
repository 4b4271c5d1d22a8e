/**
 * The use cases the UI (through the worker) and the CLI need, independent of table format. Each returns
 * plain DTOs (see dto.ts, table-dto.ts) and takes an AbortSignal.
 */
export type * from './dto.ts';
export type * from './table-dto.ts';
export type * from './table-health-dto.ts';
export type { Progress, ProgressCallback, RunOptions } from './progress.ts';
export { candidateFormats, detectTableFormat } from './detect-table-format.ts';
export { listFolder, type ListFolderOptions } from './list-folder.ts';
export { openWarehouse } from './open-warehouse.ts';
export { scanWarehouse, type ScanWarehouseOptions } from './scan-warehouse.ts';
export { listTableFiles } from './table-files.ts';
export { readObjectPreview } from './object-preview.ts';
export { TABLE_READERS, canReadFormat } from './table-formats.ts';
export { openTable, refreshTable, describeTable, type OpenTableOptions } from './open-table.ts';
export { timelineSketch, SKETCH_MIN_VERSIONS, type TimelineSketchDto } from './timeline-sketch.ts';
export { openTableAt, splitTableRef, FORMAT_TITLES, type OpenTableAtOptions, type TableRef } from './open-location.ts';
export { explainScan, parseFilter, rootedFile, type ExplainOptions } from './explain-scan.ts';
export { planScan, unknownColumnError } from './plan-scan.ts';
export { RowCursor, MAX_PAGE_ROWS, gridColumn, type RowCursorOptions } from './row-cursor.ts';
export { readTasks, planTaskBytes, type ReadTasksOptions, type TaskRead } from './read-tasks.ts';
export { readScan, type ReadScanOptions } from './read-scan.ts';
export { readRawFile, hexDump, type RawFileOptions } from './raw-file.ts';
export { toDisplay, type DisplayOptions } from './display-value.ts';
export { partitionStats, humanValue } from './partition-stats.ts';
export {
  diffTables, diffRows, changes, diffSchemas, tableDiffOf, diffRowsOf, diffContext, isRewriteOperation,
  type DiffRowsOptions, type ChangesOptions, type DiffContext,
} from './diff/index.ts';
export type * from './diff/diff-dto.ts';
export { tableHealth, type TableHealthOptions } from './table-health.ts';
export { deletedRows, type DeletedRowsDto, type DeletedRowsOfFileDto, type DeletedRowsOptions } from './deleted-rows.ts';
