/**
 * The Paimon engine's public surface. Open a table with {@link openPaimonTable} (storage rooted at the
 * table folder), then: `versions()`, `schemas()`, `view({version | asOfTimestampMs})`, `plan(request)` /
 * `planScan(request)` (tasks + skip reasons), `read(task)` / `scan(request)` (Arrow batches),
 * `columnNames()`, `tree()`, `lsmView()`, and the writes (`PaimonTable.create`, `writeRows`, `compact`,
 * tags, rollback, expire).
 */
import type { Storage } from '../../io/storage.ts';
import { PaimonTable, type OpenPaimonOptions } from './table.ts';

export { paimonFormat } from './format.ts';
export { PaimonTable, type OpenPaimonOptions, type PaimonScanRequest, type ReadView } from './table.ts';
export type { CreateTagOptions } from './commit/tags.ts';
export type { RollbackAsLatestOptions, RollbackResult } from './commit/rollback.ts';
export type { DestructiveRollbackOptions, DestructiveRollbackPlan } from './commit/rollback-destructive.ts';
export type { ExpireOptions, ExpirePlan } from './commit/expire.ts';
export type { CreatePaimonTableOptions, NewPaimonColumn } from './commit/create-table.ts';
export type { RowWriteKind, WriteRowsOptions, WriteRowsResult } from './commit/write-rows.ts';
export type { CompactRequest, CompactStrategy, CompactionPlan } from './commit/compact.ts';
export type { CompactOptions, CompactResult } from './commit/compact-run.ts';
export type { LsmView, LsmBucketView, LsmLevelView, LsmFileView } from './inspect/lsm.ts';
export type { PaimonTask, PaimonTaskFile, SplitMode } from './scan/task.ts';
export type { TableSchema } from './spec/schema.ts';
export type { Snapshot, CommitKind } from './spec/snapshot.ts';
export type { DataType, DataField } from './spec/data-type.ts';
export { decodeBinaryRow, encodeBinaryRow } from './spec/binary-row.ts';
export { recordCount } from './inspect/versions.ts';

/** Opens the Paimon table rooted at `storage` (see {@link PaimonTable.open}). */
export function openPaimonTable(storage: Storage, opts: OpenPaimonOptions = {}): Promise<PaimonTable> {
  return PaimonTable.open(storage, opts);
}
