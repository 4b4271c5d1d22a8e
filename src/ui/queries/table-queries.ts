/**
 * React Query hooks for the table explorer. Everything about one version of a table is immutable once
 * written (a snapshot's manifests, files and rows never change), so those queries never go stale; only
 * the table overview (what is current) is refetched, on demand.
 */
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TableFormatName } from '../../core/api/dto.ts';
import type { Progress } from '../../core/api/progress.ts';
import type { RowPageDto, TreeNode } from '../../core/api/table-dto.ts';
import type { TimelineSketchDto } from '../../core/api/timeline-sketch.ts';
import { engine } from '../../worker/client.ts';
import { queryKeys } from './keys.ts';
import { takeEarlyOpen } from '../state/deep-link-start.ts';

const FOREVER = { staleTime: Infinity, gcTime: 10 * 60_000 } as const;

/**
 * Opens the table in the worker and describes it (versions, schemas, specs …), plus the outline of a long history's timeline that the
 * worker sends before the overview (core/api timeline-sketch.ts), to paint while the overview is on its
 * way (issue 17). The outline is dropped once the overview is here.
 */
export function useTableOverviewWithSketch(warehouseId: string, root: string, format: TableFormatName) {
  const [sketch, setSketch] = useState<{ key: string; sketch: TimelineSketchDto } | undefined>();
  const key = `${warehouseId}|${root}`;
  const query = useQuery({
    queryKey: queryKeys.table(warehouseId, root),
    queryFn: ({ signal }) => {
      const onPartial = (value: unknown) => setSketch({ key, sketch: value as TimelineSketchDto });
      // A deep link's table may be opening already (started by the entry: state/deep-link-start.ts).
      return takeEarlyOpen(warehouseId, root, format, { signal, onPartial }) ?? engine().openTable({ warehouseId, root, format, sketch: true }, { signal, onPartial });
    },
    staleTime: 60_000,
  });
  useOutlineShownReport(sketch?.key === key, warehouseId, root);
  return { query, sketch: !query.data && sketch?.key === key ? sketch.sketch : undefined };
}

/**
 * Tells the worker once the outline is on screen: its exact parse of the same metadata waits for that
 * (worker/outline-shown.ts), so the outline's paint has the CPU first. Sent after the frame that drew it: a
 * frame callback runs before that frame's paint, a task queued from it after the paint. Sent too when the
 * overview came before the outline could be drawn (the worker's wait is over then: the word is ignored).
 */
function useOutlineShownReport(drawn: boolean, warehouseId: string, root: string): void {
  useEffect(() => {
    if (!drawn) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        performance.mark('lakescope:outline-shown-sent'); // read by the UI bench (bench/ui-bench.ts)
        void engine().outlineShown({ warehouseId, root }).catch(() => false);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [drawn, warehouseId, root]);
}

/** A scan plan with skip reasons for a filter (`''` = none), with live progress. */
export function useExplain(tableId: string, version: string, filter: string, enabled = true) {
  const [progress, setProgress] = useState<Progress | undefined>();
  const client = useQueryClient();
  const key = queryKeys.explain(tableId, version, filter);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => engine().explain({ tableId, version: version || undefined, filter: filter || undefined }, { signal, onProgress: setProgress }),
    enabled,
    retry: false,
    ...FOREVER,
  });
  return { ...query, progress, cancel: () => void client.cancelQueries({ queryKey: key }) };
}

/** The (data file, position) pairs a delete node deletes, and with `withRows` the rows at them. */
export function useDeletedRows(tableId: string, version: string, node: TreeNode, withRows: boolean, enabled = true) {
  return useQuery({
    queryKey: queryKeys.deletedRows(tableId, version, node.id, withRows),
    queryFn: ({ signal }) => engine().deletedRows({ tableId, version: version || undefined, node, withRows }, { signal }),
    enabled,
    retry: false,
    ...FOREVER,
  });
}

export function usePartitionStats(tableId: string, version: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.partitions(tableId, version),
    queryFn: ({ signal }) => engine().partitionStats({ tableId, version: version || undefined }, { signal }),
    enabled,
    ...FOREVER,
  });
}

/** A decoded raw file (Avro records from `offset`). */
export function useRawFile(warehouseId: string, key: string | undefined, offset = 0) {
  return useQuery({
    queryKey: queryKeys.rawFile(warehouseId, key ?? '', offset),
    queryFn: ({ signal }) => engine().rawFile({ warehouseId, key: key as string, offset, limit: 100 }, { signal }),
    enabled: key !== undefined,
    ...FOREVER,
  });
}

export const PAGE_ROWS = 200;

/**
 * A row cursor for (version, filter, columns) and the pages the grid needs. The cursor is closed in the
 * worker when the inputs change or the view goes away.
 */
export function useRows(tableId: string, version: string, filter: string, columns: readonly string[], neededPages: readonly number[], changesSince = '') {
  const cursor = useQuery({
    queryKey: queryKeys.rowCursor(tableId, version, filter, columns, changesSince),
    queryFn: ({ signal }) => engine().openRows({
      tableId, version: version || undefined, filter: filter || undefined, columns: columns.length ? [...columns] : undefined,
      ...(changesSince ? { changesSince } : {}),
    }, { signal }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const cursorId = cursor.data?.cursorId;
  useEffect(() => () => { if (cursorId) void engine().closeRows({ cursorId }).catch(() => {}); }, [cursorId]);
  const pages = useQueries({
    queries: neededPages.map((page) => ({
      queryKey: queryKeys.rowPage(cursorId ?? '', page),
      queryFn: ({ signal }: { signal: AbortSignal }) => engine().readRows({ cursorId: cursorId as string, offset: page * PAGE_ROWS, limit: PAGE_ROWS }, { signal }),
      enabled: cursorId !== undefined,
      staleTime: Infinity,
      gcTime: 60_000,
      retry: false,
    })),
  });
  const loaded = new Map<number, RowPageDto>();
  pages.forEach((p, i) => { if (p.data) loaded.set(neededPages[i], p.data); });
  const error = cursor.error ?? pages.find((p) => p.error)?.error;
  return { cursor, loaded, error, fetching: pages.some((p) => p.isFetching) };
}
