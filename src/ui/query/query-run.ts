/**
 * Running a query from the Query tab: one run at a time in the worker (`sqlRun`), with progress (files,
 * bytes and rows read) and cancel. A run is first sent with a byte limit ({@link CONFIRM_BYTES}); when the
 * engine's plan would fetch more it refuses (Conflict with `bytesToFetch`) before reading anything, and
 * the tab asks the person whether to go on, then runs again allowing exactly the figure it showed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SqlProgressDto, SqlResultDto, SqlTableDto } from '../../core/api/sql/sql-contract.ts';
import { engine } from '../../worker/client.ts';
import { CONFIRM_BYTES, refusedBytes } from './result-model.ts';

export type RunState =
  | { readonly status: 'idle' }
  | { readonly status: 'running'; readonly sql: string; readonly progress?: SqlProgressDto; readonly startedAt: number }
  | { readonly status: 'confirm'; readonly sql: string; readonly bytes: number }
  | { readonly status: 'done'; readonly sql: string; readonly result: SqlResultDto }
  | { readonly status: 'error'; readonly sql: string; readonly error: unknown }
  | { readonly status: 'cancelled'; readonly sql: string };

/**
 * The run state and its actions. `run(sql)` cancels a run in progress; `confirm()` runs the asked-about
 * query allowing its bytes; `cancel()` aborts (the worker stops every read). `onDone` sees each result.
 */
export function useSqlRun(warehouseId: string, tables: readonly SqlTableDto[], onDone?: (sql: string, result: SqlResultDto) => void, confirmBytes = CONFIRM_BYTES) {
  const [state, setState] = useState<RunState>({ status: 'idle' });
  const abort = useRef<AbortController | undefined>(undefined);
  const latest = useRef({ tables, onDone, confirmBytes });
  latest.current = { tables, onDone, confirmBytes };
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback((sql: string, maxBytes: number) => {
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    const startedAt = Date.now();
    setState({ status: 'running', sql, startedAt });
    engine().sqlRun({ warehouseId, query: sql, tables: latest.current.tables, ...(Number.isFinite(maxBytes) ? { maxBytes } : {}) }, {
      signal: ctrl.signal,
      onProgress: (p) => { if (!ctrl.signal.aborted) setState({ status: 'running', sql, startedAt, progress: p as SqlProgressDto }); },
    }).then((result) => {
      if (ctrl.signal.aborted) return;
      setState({ status: 'done', sql, result });
      latest.current.onDone?.(sql, result);
    }, (error: unknown) => {
      if (ctrl.signal.aborted) return;
      const bytes = refusedBytes(error);
      setState(bytes !== undefined && bytes > maxBytes ? { status: 'confirm', sql, bytes } : { status: 'error', sql, error });
    });
  }, [warehouseId]);

  // An infinite threshold ("never ask") sends no limit at all.
  const run = useCallback((sql: string) => start(sql, latest.current.confirmBytes), [start]);
  const current = useRef(state);
  current.current = state;
  const confirm = useCallback(() => {
    // Allowing exactly the figure shown: if the table grew meanwhile, the person is asked again.
    const s = current.current;
    if (s.status === 'confirm') start(s.sql, s.bytes);
  }, [start]);
  const cancel = useCallback(() => {
    abort.current?.abort();
    setState((s) => (s.status === 'running' || s.status === 'confirm' ? { status: 'cancelled', sql: s.sql } : s));
  }, []);
  return { state, run, confirm, cancel };
}
