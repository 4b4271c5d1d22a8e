/**
 * The Iceberg engine's public surface. Open a table with {@link openIcebergTable} (storage rooted at the
 * table folder), then: `versions()`, `resolveVersion({version | asOfTimestampMs})`, `planScan({filter,
 * columns, limit, version})` (tasks + skip reasons), `read(task)` / `scan(request)` (Arrow batches),
 * `columnNames()`, `metadataFiles()` / `atMetadataFile(key)` (past states), `tree()`, and the metadata
 * tables through `table.inspect(name)` (inspect/index.ts, imported on first use: it builds Arrow, which
 * opening a table must not load — issue 17; no namespace export of it here for that reason).
 */
import type { Storage } from '../../io/storage.ts';
import type { TableFormat } from '../table-format.ts';
import { isLakeError } from '../../errors.ts';
import { listMetadataFiles, METADATA_DIR, VERSION_HINT_KEY } from './io/metadata-files.ts';
import { IcebergTable, openIcebergTable, prefetchIcebergOpen } from './table.ts';

export { IcebergTable, openIcebergTable, type IcebergScanRequest, type OpenIcebergOptions, type FileExplanation } from './table.ts';
export type { FileScanTask, DeleteFileRef, ScanPlan, SkipRecord, PlanCounts } from './scan/task.ts';
export type { MetadataFileRef } from './io/metadata-files.ts';
export type { ResolvedSnapshot, SnapshotSelector } from './spec/time-travel.ts';
export type { TableMetadata } from './spec/table-metadata.ts';

/**
 * The Iceberg TableFormat: a table is a folder whose `metadata/` holds `*.metadata.json` files (or, where
 * the storage cannot list, a `metadata/version-hint.text`).
 */
export const icebergFormat: TableFormat = {
  name: 'iceberg',
  async detect(storage: Storage, signal?: AbortSignal): Promise<boolean> {
    try {
      return (await listMetadataFiles(storage, signal)).length > 0;
    } catch (e) {
      if (!isLakeError(e, 'Unsupported')) throw e;
    }
    // A storage that cannot list (plain HTTP): a version hint, or else a first numbered metadata file,
    // marks a Hadoop-style table (catalog-named metadata files can only be opened by their own path).
    for (const key of [VERSION_HINT_KEY, `${METADATA_DIR}v1.metadata.json`]) {
      try {
        await storage.head(key, { signal });
        return true;
      } catch (e) {
        if (!isLakeError(e, 'NotFound')) throw e;
      }
    }
    return false;
  },
  open: (storage, options): Promise<IcebergTable> => openIcebergTable(storage, options),
  prefetchOpen: prefetchIcebergOpen,
};
