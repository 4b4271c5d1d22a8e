/**
 * The Delta Lake engine's public surface. Open a table with {@link openDeltaTable} (storage rooted at the
 * table folder, the one holding `_delta_log/`), then: `versions()`, `schemas()`, `view({version |
 * asOfTimestampMs})`, `plan(request)` (tasks + skip reasons), `read(task)` / `scan(request)` (Arrow
 * batches), `columnNames()`, `tree()`.
 */
import type { Storage } from '../../io/storage.ts';
import { DeltaTable, type OpenDeltaOptions } from './table.ts';

export { deltaFormat } from './format.ts';
export { DeltaTable, type OpenDeltaOptions, type DeltaView } from './table.ts';
export type { DeltaTask } from './scan/task.ts';
export type { Snapshot as DeltaSnapshot } from './scan/replay.ts';
export type { TimestampSource } from './scan/time-travel.ts';
export { SUPPORTED_READER_FEATURES, WRITER_FEATURES } from './spec/table-features.ts';

/** Opens the Delta table rooted at `storage` (see {@link DeltaTable.open}). */
export function openDeltaTable(storage: Storage, opts: OpenDeltaOptions = {}): Promise<DeltaTable> {
  return DeltaTable.open(storage, opts);
}
