/**
 * React Query hooks over the engine worker. Each query passes React Query's AbortSignal to the worker
 * call, so cancelling a query (or leaving the view) aborts the work inside the worker too.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Progress } from '../../core/api/progress.ts';
import { engine } from '../../worker/client.ts';
import { queryKeys } from './keys.ts';

/** Listings can change under us (someone commits), but not within a browsing minute. */
const LISTING_STALE_MS = 60_000;

/** The breadth-first table scan of the whole warehouse, with live progress and a cancel function. */
export function useWarehouseScan(warehouseId: string) {
  const [progress, setProgress] = useState<Progress | undefined>();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.scan(warehouseId),
    queryFn: ({ signal }) => engine().scanWarehouse({ warehouseId }, { signal, onProgress: setProgress }),
    staleTime: LISTING_STALE_MS,
  });
  const cancel = useCallback(() => { void client.cancelQueries({ queryKey: queryKeys.scan(warehouseId) }); }, [client, warehouseId]);
  return { ...query, progress, cancel };
}

export function useFolder(warehouseId: string, prefix: string) {
  return useQuery({
    queryKey: queryKeys.folder(warehouseId, prefix),
    queryFn: ({ signal }) => engine().listFolder({ warehouseId, prefix }, { signal }),
    staleTime: LISTING_STALE_MS,
  });
}

export function useTableFiles(warehouseId: string, root: string) {
  return useQuery({
    queryKey: queryKeys.tableFiles(warehouseId, root),
    queryFn: ({ signal }) => engine().listTableFiles({ warehouseId, root }, { signal }),
    staleTime: LISTING_STALE_MS,
  });
}

/** First 256 KiB of one object. Keys of table files are immutable or small, so cache them for the session. */
export function useObjectPreview(warehouseId: string, key: string | undefined) {
  return useQuery({
    queryKey: queryKeys.preview(warehouseId, key ?? ''),
    queryFn: ({ signal }) => engine().readObjectPreview({ warehouseId, key: key as string }, { signal }),
    enabled: key !== undefined,
    staleTime: LISTING_STALE_MS,
  });
}
