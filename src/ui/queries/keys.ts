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
};
