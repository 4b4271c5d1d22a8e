/**
 * Appending rows (delta-spark's WRITE in Append mode): new data files and their `add` actions
 * (dataChange=true) in one commit. A blind append reads nothing, so a concurrent commit makes it retry
 * at the next version unless that commit changed the metadata or protocol (log-commit.ts).
 */
import type { RecordBatch } from 'apache-arrow';
import { bestEffortDelete } from '../../../commit/cleanup.ts';
import type { AppliedChange, PreparedChange } from '../../../commit/write-action.ts';
import { isLakeError } from '../../../errors.ts';
import type { ErrorRef } from '../../../messages/message-parts.ts';
import type { DeltaTable } from '../table.ts';
import { columnMappingMode } from '../spec/table-features.ts';
import { loadWriteState } from './context.ts';
import { LOG_DIR, padVersion } from '../spec/log-files.ts';
import { writeDataFiles, type WrittenFile } from './data-files.ts';
import { afterCommit } from './checkpoint.ts';
import { commitActions, type CommitOutcome } from './log-commit.ts';
import { preparedChange, totalsOf } from './prepared.ts';
import { described, noted, textRef, undoLabel } from '../../../commit/preview-text.ts';
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
  /** The same warnings as catalog messages, in order. */
  readonly warningMessages: readonly ErrorRef[];
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
    columnMapping: columnMappingMode(snapshot.protocol, snapshot.metadata),
    ...(opts.maxRowsPerFile ? { maxRowsPerFile: opts.maxRowsPerFile } : {}), ...(opts.signal ? { signal: opts.signal } : {}),
  });
  if (files.length === 0) return { version: -1n, key: '', attempts: 0, files, warnings: [], warningMessages: [] };
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
    return { ...outcome, files, ...await afterCommit(table, outcome.version, opts.signal) };
  } catch (e) {
    if (!landed && !(isLakeError(e) && e.context.commitStateUnknown === true)) await bestEffortDelete(table.storage, files.map((f) => f.key));
    throw e;
  }
}

function isBatch(x: unknown): x is RecordBatch {
  return typeof x === 'object' && x !== null && 'schema' in x && 'numRows' in x && 'data' in x;
}

/**
 * An append in the write model (`prepare({ kind: 'append', rows })`): the rows are converted to the table's
 * types now, so a value that does not fit fails the preview, not the apply; apply writes the data files and
 * commits them as one WRITE (appendRows). Must hold: no rows → a no-op preview; undo is a RESTORE to the
 * version before.
 */
export async function prepareAppend(table: DeltaTable, rows: readonly RowObject[], opts: AppendOptions = {}): Promise<PreparedChange> {
  const { snapshot, schema } = await loadWriteState(table, 'append', opts.signal);
  const batch = rowsToBatch(rows, schema);
  const before = totalsOf(snapshot);
  const next = snapshot.version + 1n;
  return preparedChange({
    noop: rows.length === 0,
    preview: {
      operation: 'append',
      ...described(rows.length === 0 ? textRef('note.write.delta.appendNone')
        : snapshot.metadata.partitionColumns.length
          ? textRef('note.write.delta.appendPartitioned', { count: rows.length, columns: snapshot.metadata.partitionColumns.join(', '), version: String(next) })
          : textRef('note.write.delta.append', { count: rows.length, version: String(next) })),
      before, after: { ...(before.rows !== undefined ? { rows: before.rows + BigInt(rows.length), rowsLive: true } : {}), deleteFiles: 0 },
      writes: rows.length === 0 ? [] : [{ key: '<new data files>', kind: 'data', ...noted(textRef('note.write.onApply')) }, { key: `${LOG_DIR}${padVersion(next)}.json`, kind: 'metadata', ...noted(textRef('note.write.delta.appendLog')) }],
      deletes: [], warnings: [], details: { version: snapshot.version.toString(), rows: rows.length },
    },
  }, async (o): Promise<AppliedChange> => {
    const r = await appendRows(table, rows.length === 0 ? [] : [batch], { ...opts, ...(o.signal ? { signal: o.signal } : {}) });
    if (r.version < 0n) return { operation: 'append', attempts: 0, warnings: [], written: [], deleted: [], details: {} };
    return {
      operation: 'append', committedKey: r.key, attempts: r.attempts, warnings: [...r.warnings], warningMessages: [...r.warningMessages], currentAfter: r.version.toString(),
      written: [...r.files.map((f) => ({ key: f.key, kind: 'data' as const, bytes: f.bytes })), { key: r.key, kind: 'metadata' as const }], deleted: [],
      details: { version: r.version.toString(), rows: rows.length },
      undo: { ...undoLabel(textRef('note.write.undo.restore', { version: snapshot.version.toString() })), action: { kind: 'rollback', snapshotId: snapshot.version.toString() } },
    };
  });
}
