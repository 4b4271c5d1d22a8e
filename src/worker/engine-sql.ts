/**
 * The Query tab's worker handlers (issue 16): explain a query (per table the plan's pruning and the bytes
 * a run would fetch, so the page can ask before a big read) and run it (progress events with files,
 * bytes and rows read; cancelled by the call's signal). The SQL engine itself is loaded only when the
 * first query runs (a dynamic import inside core/api/sql), so opening the explorer never pays for it.
 */
import type { SqlExplainDto, SqlRequest, SqlResultDto } from '../core/api/sql/sql-contract.ts';
import type { OpenTableOptions } from '../core/api/open-table.ts';
import type { Storage } from '../core/io/storage.ts';
import type { CallContext } from './rpc.ts';

interface WarehouseRef { readonly warehouseId: string }

/** Handlers over SQL queries of an open warehouse; `storageOf` throws NotFound when it is closed. */
export function createSqlHandlers(storageOf: (ref: WarehouseRef) => Storage, readers?: OpenTableOptions['readers']) {
  const load = () => import('../core/api/sql/run-sql.ts');
  return {
    /** The plan of each table the query reads (no data file fetched): pruning and bytes to fetch. */
    async sqlExplain(p: WarehouseRef & SqlRequest, ctx: CallContext): Promise<SqlExplainDto> {
      const { explainSql } = await load();
      return explainSql(storageOf(p), p, { signal: ctx.signal, onProgress: ctx.progress, ...(readers ? { readers } : {}) });
    },
    /** Runs the query (an `EXPLAIN …` query returns the plan as rows and in `explain`). Aborting stops every read. */
    async sqlRun(p: WarehouseRef & SqlRequest, ctx: CallContext): Promise<SqlResultDto> {
      const { runSql } = await load();
      return runSql(storageOf(p), p, { signal: ctx.signal, onProgress: ctx.progress, ...(readers ? { readers } : {}) });
    },
  };
}
