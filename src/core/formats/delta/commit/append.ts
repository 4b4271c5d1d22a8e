/**
 * Appending rows (delta-spark's WRITE in Append mode): new data files and their `add` actions
 * (dataChange=true) in one commit. A blind append reads nothing, so a concurrent commit makes it retry
 * at the next version unless that commit changed the metadata or protocol (log-commit.ts).
 */
import type { RecordBatch } from 'apache-arrow';
import { bestEffortDelete } from '../../../commit/cleanup.ts';
import { isLakeError } from '../../../errors.ts';
import type { DeltaTable } from '../table.ts';
import { loadWriteState } from './context.ts';
import { writeDataFiles, type WrittenFile } from './data-files.ts';
import { afterCommit } from './checkpoint.ts';
import { commitActions, type CommitOutcome } from './log-commit.ts';
import { rowsToBatch, type RowObject } from './rows-to-arrow.ts';

export interface AppendOptions {
  readonly signal?: AbortSignal;
  readonly maxRowsPerFile?: number;
  readonly now?: () => number;
}

export interface AppendResult extends CommitOutcome {
  readonly files: readonly WrittenFile[];
  /** Problems after the commit landed (a checkpoint not written). */
  readonly warnings: readonly string[];
}

/**
 * Appends rows (plain objects by column name, or Arrow batches with the schema's column names) to the
 * table. Must hold: the rows land in exactly one new version; nothing is committed for no rows (version
 * -1n); a failed commit deletes the files it wrote (unless its outcome is unknown).
 */
export async function appendRows(table: DeltaTable, rows: readonly RowObject[] | readonly RecordBatch[], opts: AppendOptions = {}): Promise<AppendResult> {
  const now = opts.now ?? Date.now;
  const state = await loadWriteState(table, 'append', opts.signal);
  const { snapshot, schema } = state;
  const batches = rows.length > 0 && isBatch(rows[0]) ? rows as readonly RecordBatch[] : [rowsToBatch(rows as readonly RowObject[], schema)];
  const files = await writeDataFiles({
    storage: table.storage, schema, partitionColumns: snapshot.metadata.partitionColumns, batches, dataChange: true, nowMs: now(),
    ...(opts.maxRowsPerFile ? { maxRowsPerFile: opts.maxRowsPerFile } : {}), ...(opts.signal ? { signal: opts.signal } : {}),
  });
  if (files.length === 0) return { version: -1n, key: '', attempts: 0, files, warnings: [] };
  let landed = false; // after the commit point nothing written may be deleted
  try {
    const outcome = await commitActions({
      storage: table.storage, log: table.log, readVersion: snapshot.version, protocol: snapshot.protocol, metadata: snapshot.metadata,
      ...(snapshot.commitInfo?.inCommitTimestamp !== undefined ? { previousInCommitTimestamp: snapshot.commitInfo.inCommitTimestamp } : {}),
      operation: 'WRITE', operationParameters: { mode: 'Append', partitionBy: JSON.stringify(snapshot.metadata.partitionColumns) },
      operationMetrics: {
        numFiles: String(files.length), numOutputRows: String(files.reduce((n, f) => n + f.rows, 0)), numOutputBytes: String(files.reduce((n, f) => n + f.bytes, 0)),
      },
      actions: files.map((f) => ({ add: f.add })), conflicts: { kind: 'blind-append' }, signal: opts.signal, now,
    });
    landed = true;
    return { ...outcome, files, warnings: await afterCommit(table, outcome.version, opts.signal) };
  } catch (e) {
    if (!landed && !(isLakeError(e) && e.context.commitStateUnknown === true)) await bestEffortDelete(table.storage, files.map((f) => f.key));
    throw e;
  }
}

function isBatch(x: unknown): x is RecordBatch {
  return typeof x === 'object' && x !== null && 'schema' in x && 'numRows' in x && 'data' in x;
}
