/**
 * Every React Query key, built in one place (DESIGN.md). Keys start with the worker warehouse id, which
 * changes when a warehouse is reopened, so nothing cached for one connection leaks into another.
 */
export const queryKeys = {
  all: ['lakescope'] as const,
  warehouse: (warehouseId: string) => ['lakescope', 'warehouse', warehouseId] as const,
  scan: (warehouseId: string) => [...queryKeys.warehouse(warehouseId), 'scan'] as const,
  folder: (warehouseId: string, prefix: string) => [...queryKeys.warehouse(warehouseId), 'folder', prefix] as const,
  tableFiles: (warehouseId: string, root: string) => [...queryKeys.warehouse(warehouseId), 'table-files', root] as const,
  preview: (warehouseId: string, key: string) => [...queryKeys.warehouse(warehouseId), 'preview', key] as const,
  rawFile: (warehouseId: string, key: string, offset: number) => [...queryKeys.warehouse(warehouseId), 'raw', key, offset] as const,
  table: (warehouseId: string, root: string, metadataKey?: string) => [...queryKeys.warehouse(warehouseId), 'table', root, metadataKey ?? ''] as const,
  /** Whether the warehouse's tables can be written (writes by clicks). */
  writeAccess: (warehouseId: string) => [...queryKeys.warehouse(warehouseId), 'write-access'] as const,
  /** The write actions of a table on a version, as of the table's current version. */
  writeCapabilities: (warehouseId: string, root: string, currentId: string, version: string) => [...queryKeys.warehouse(warehouseId), 'write-capabilities', root, currentId, version] as const,
  /** Paimon-only views of a table (LSM, refs), keyed by root: invalidated together after a write. */
  paimonTable: (warehouseId: string, root: string) => [...queryKeys.warehouse(warehouseId), 'paimon', root] as const,
  lsm: (warehouseId: string, root: string, version: string) => [...queryKeys.paimonTable(warehouseId, root), 'lsm', version] as const,
  // Below: keyed by the worker's table id, which names warehouse + root + metadata file.
  tree: (tableId: string, version: string, nodeId: string) => ['lakescope', 'tbl', tableId, 'tree', version, nodeId] as const,
  explain: (tableId: string, version: string, filter: string) => ['lakescope', 'tbl', tableId, 'explain', version, filter] as const,
  /** A version's summary map (left out of the overview; engine versionSummary). */
  versionSummary: (tableId: string, versionId: string) => ['lakescope', 'tbl', tableId, 'version-summary', versionId] as const,
  partitions: (tableId: string, version: string) => ['lakescope', 'tbl', tableId, 'partitions', version] as const,
  health: (tableId: string, version: string, storageRefusal: string) => ['lakescope', 'tbl', tableId, 'health', version, storageRefusal] as const,
  rowCursor: (tableId: string, version: string, filter: string, columns: readonly string[], changesSince = '') => ['lakescope', 'tbl', tableId, 'rows', version, filter, columns.join('\u0000'), changesSince] as const,
  /** What a delete file / deletion vector node deletes (positions; rows too when `withRows`). */
  deletedRows: (tableId: string, version: string, nodeId: string, withRows: boolean) => ['lakescope', 'tbl', tableId, 'deleted', version, nodeId, withRows] as const,
  cursorPages: (cursorId: string) => ['lakescope', 'cursor', cursorId] as const,
  rowPage: (cursorId: string, page: number) => [...queryKeys.cursorPages(cursorId), page] as const,
};
