/**
 * The use cases the UI (through the worker) and the CLI need, independent of table format. Each returns
 * plain DTOs (see dto.ts) and takes an AbortSignal.
 */
export type * from './dto.ts';
export type { Progress, ProgressCallback, RunOptions } from './progress.ts';
export { candidateFormats, detectTableFormat } from './detect-table-format.ts';
export { listFolder, type ListFolderOptions } from './list-folder.ts';
export { openWarehouse } from './open-warehouse.ts';
export { scanWarehouse, type ScanWarehouseOptions } from './scan-warehouse.ts';
export { listTableFiles } from './table-files.ts';
export { readObjectPreview } from './object-preview.ts';
