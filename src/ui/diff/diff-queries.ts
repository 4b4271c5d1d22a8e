/**
 * React Query hooks of the diff page (issue 15). Two versions of a table never change, so the metadata
 * diff and the row diff are kept; the row diff runs once in the worker (progress, cancel) and its rows come
 * page by page under the filters, for the virtualised row view.
 */
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Progress } from '../../core/api/progress.ts';
import { engine } from '../../worker/client.ts';
import type { RowDiffPageDto } from '../../worker/engine-diff.ts';
import type { DiffKind } from '../state/route.ts';

export const DIFF_PAGE_ROWS = 200;

const diffKeys = {
  table: (tableId: string, from: string, to: string) => ['lakescope', 'tbl', tableId, 'diff', from, to] as const,
  changes: (tableId: string, from: string, to: string, key: readonly string[] | undefined, run: number) => ['lakescope', 'tbl', tableId, 'changes', from, to, key?.join('\u0000') ?? '', run] as const,
  rows: (tableId: string, from: string, to: string, run: number) => ['lakescope', 'tbl', tableId, 'row-diff', from, to, run] as const,
  page: (diffId: string, kind: DiffKind, partition: string | undefined, column: string | undefined, page: number) =>
    ['lakescope', 'row-diff', diffId, kind, partition ?? '\u0000all', column ?? '', page] as const,
};

/** The metadata diff (no data file read). */
export function useTableDiff(tableId: string, from: string, to: string) {
  return useQuery({
    queryKey: diffKeys.table(tableId, from, to),
    queryFn: ({ signal }) => engine().diffTables({ tableId, from, to }, { signal }),
    retry: false, staleTime: Infinity, gcTime: 10 * 60_000,
  });
}

/**
 * The row diff: runs in the worker with progress; `cancel` stops its reads, `restart` runs it again.
 * `key`: columns the user picked to pair rows into changes (absent: the table's own key, if any).
 */
export function useRowDiff(tableId: string, from: string, to: string, key?: readonly string[]) {
  const client = useQueryClient();
  const [progress, setProgress] = useState<Progress | undefined>();
  const [run, setRun] = useState(0);
  const queryKey = [...diffKeys.rows(tableId, from, to, run), key?.join('\u0000') ?? ''] as const;
  const id = JSON.stringify(queryKey);
  // Cancelled applies to the run it stopped: another key (or versions) starts afresh.
  const [cancelledId, setCancelledId] = useState<string | undefined>();
  const cancelled = cancelledId === id;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => engine().openRowDiff({ tableId, from, to, ...(key?.length ? { key: [...key] } : {}) }, { signal, onProgress: setProgress }),
    enabled: !cancelled, retry: false, staleTime: Infinity, gcTime: 5 * 60_000,
  });
  return {
    ...query, progress, cancelled,
    cancel: () => { setCancelledId(id); void client.cancelQueries({ queryKey }); },
    restart: () => { setProgress(undefined); setCancelledId(undefined); setRun((r) => r + 1); },
  };
}

/** Rows of the change log at most (the worker's cap): `truncated` says when there are more. */
export const CHANGES_LIMIT = 10_000;

/**
 * The change log of `(from, to]` (the format's own where it has one, else derived with `key` pairing
 * updates); runs in the worker with progress; `cancel` stops it, `restart` runs it again. Not run
 * while `enabled` is false (a backwards pair has no change log).
 */
export function useChanges(tableId: string, from: string, to: string, key?: readonly string[], enabled = true) {
  const client = useQueryClient();
  const [progress, setProgress] = useState<Progress | undefined>();
  const [run, setRun] = useState(0);
  const queryKey = diffKeys.changes(tableId, from, to, key, run);
  const id = JSON.stringify(queryKey);
  const [cancelledId, setCancelledId] = useState<string | undefined>();
  const cancelled = cancelledId === id;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => engine().changes({ tableId, from, to, limit: CHANGES_LIMIT, ...(key?.length ? { key: [...key] } : {}) }, { signal, onProgress: setProgress }),
    enabled: enabled && !cancelled, retry: false, staleTime: Infinity, gcTime: 5 * 60_000,
  });
  return {
    ...query, progress, cancelled,
    cancel: () => { setCancelledId(id); void client.cancelQueries({ queryKey }); },
    restart: () => { setProgress(undefined); setCancelledId(undefined); setRun((r) => r + 1); },
  };
}

export interface RowDiffFilter { readonly partition?: string; readonly column?: string }

/** Pages (`DIFF_PAGE_ROWS` rows each) of one kind of row under the filters. */
export function useRowDiffPages(diffId: string | undefined, wanted: readonly { kind: DiffKind; page: number }[], f: RowDiffFilter) {
  const pages = useQueries({
    queries: wanted.map(({ kind, page }) => ({
      queryKey: diffKeys.page(diffId ?? '', kind, f.partition, f.column, page),
      queryFn: ({ signal }: { signal: AbortSignal }) => engine().readRowDiff({
        diffId: diffId as string, kind, offset: page * DIFF_PAGE_ROWS, limit: DIFF_PAGE_ROWS,
        ...(f.partition !== undefined ? { partition: f.partition } : {}), ...(kind === 'changed' && f.column ? { column: f.column } : {}),
      }, { signal }),
      enabled: diffId !== undefined, staleTime: Infinity, gcTime: 60_000, retry: false,
    })),
  });
  const loaded = new Map<string, RowDiffPageDto>();
  pages.forEach((p, i) => { if (p.data) loaded.set(`${wanted[i].kind}:${wanted[i].page}`, p.data); });
  return { loaded, error: pages.find((p) => p.error)?.error, fetching: pages.some((p) => p.isFetching) };
}

/** Every row of `kinds` under the filters, read in chunks (for CSV export). */
export async function readAllRows(diffId: string, kinds: readonly DiffKind[], f: RowDiffFilter, signal?: AbortSignal): Promise<RowDiffPageDto[]> {
  const out: RowDiffPageDto[] = [];
  for (const kind of kinds) {
    for (let offset = 0; ; offset += 10_000) {
      const page = await engine().readRowDiff({
        diffId, kind, offset, limit: 10_000,
        ...(f.partition !== undefined ? { partition: f.partition } : {}), ...(kind === 'changed' && f.column ? { column: f.column } : {}),
      }, { signal });
      out.push(page);
      if (offset + page.rows.length >= page.total || page.rows.length === 0) break;
    }
  }
  return out;
}
