/**
 * The SQL use case (issue 16): runs or explains a query over the tables of a warehouse. Work in progress:
 * the contract (sql-contract.ts) is fixed; the engine lands behind it.
 */
import { LakeError } from '../../errors.ts';
import type { Storage } from '../../io/storage.ts';
import type { OpenTableOptions } from '../open-table.ts';
import type { SqlExplainDto, SqlProgressDto, SqlRequest, SqlResultDto } from './sql-contract.ts';

export interface SqlRunOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: SqlProgressDto) => void;
  readonly readers?: OpenTableOptions['readers'];
}

/** Plans every table the query reads without fetching data files. */
export async function explainSql(_storage: Storage, _request: SqlRequest, _options: SqlRunOptions = {}): Promise<SqlExplainDto> {
  throw new LakeError('Unsupported', 'sql: not built yet');
}

/** Runs the query. */
export async function runSql(_storage: Storage, _request: SqlRequest, _options: SqlRunOptions = {}): Promise<SqlResultDto> {
  throw new LakeError('Unsupported', 'sql: not built yet');
}
