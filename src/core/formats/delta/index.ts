/**
 * The Delta Lake engine's public surface. Open a table with {@link openDeltaTable} (storage rooted at the
 * table folder, the one holding `_delta_log/`), then: `versions()`, `schemas()`, `view({version |
 * asOfTimestampMs})`, `plan(request)` (tasks + skip reasons), `read(task)` / `scan(request)` (Arrow
 * batches), `columnNames()`, `tree()`.
 */
import { LakeError, isLakeError } from '../../errors.ts';
import type { Storage } from '../../io/storage.ts';
import type { TableFormat } from '../table-format.ts';
import { prepareCreateDeltaTable } from './commit/create-table.ts';
import { LOG_DIR, parseLogFileName } from './spec/log-files.ts';
import { DeltaTable, type OpenDeltaOptions } from './table.ts';

export { DeltaTable, type OpenDeltaOptions, type DeltaView } from './table.ts';
export type { DeltaTask } from './scan/task.ts';
export type { Snapshot as DeltaSnapshot } from './scan/replay.ts';
export type { TimestampSource } from './scan/time-travel.ts';
export { SUPPORTED_READER_FEATURES, WRITER_FEATURES } from './spec/table-features.ts';

/** Opens the Delta table rooted at `storage` (see {@link DeltaTable.open}). */
export function openDeltaTable(storage: Storage, opts: OpenDeltaOptions = {}): Promise<DeltaTable> {
  return DeltaTable.open(storage, opts);
}

/** True when `_delta_log/` holds a commit or checkpoint file (one listing page; HEAD requests where listing is impossible). */
async function isDeltaTable(storage: Storage, signal?: AbortSignal): Promise<boolean> {
  try {
    const page = await storage.list({ prefix: LOG_DIR, delimiter: '/', maxKeys: 100, signal });
    return page.objects.some((o) => {
      const f = parseLogFileName(o.key);
      return f !== undefined && (f.kind === 'commit' || f.kind === 'checkpoint');
    });
  } catch (e) {
    if (isLakeError(e, 'NotFound')) return false;
    if (!isLakeError(e, 'Unsupported')) throw e;
  }
  // A storage that cannot list (plain HTTP): the hint file or the first commit.
  for (const key of [`${LOG_DIR}_last_checkpoint`, `${LOG_DIR}00000000000000000000.json`]) {
    try {
      await storage.head(key, { signal });
      return true;
    } catch (e) {
      if (!isLakeError(e, 'NotFound')) throw e;
    }
  }
  return false;
}

/** The Delta TableFormat: a table is a folder whose `_delta_log/` holds a commit or a checkpoint. */
export const deltaFormat: TableFormat = {
  name: 'delta',
  detect: (storage, signal) => isDeltaTable(storage, signal),
  // Past states are listed (states()) but not opened yet: the versions of the current state reach them by time travel.
  open: (storage, options) => (options?.state !== undefined
    ? Promise.reject(new LakeError('Unsupported', `delta table: opening a past state (${options.state}) is not supported; read its version with a version selector instead`, { state: options.state }))
    : openDeltaTable(storage, { signal: options?.signal })),
  prepareCreate: (storage, spec, options) => prepareCreateDeltaTable(storage, spec, { ...(options?.signal ? { signal: options.signal } : {}) }),
};
