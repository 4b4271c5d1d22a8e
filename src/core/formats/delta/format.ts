/**
 * The Delta TableFormat as the registry (core/api table-formats.ts) holds it: detection here, the reader
 * (table.ts) and the table creation loaded on first use, so an app or CLI that never opens a Delta table
 * never loads them (issue 17: the browser worker's first chunk).
 */
import { isLakeError } from '../../errors.ts';
import type { Storage } from '../../io/storage.ts';
import type { TableFormat } from '../table-format.ts';
import { LOG_DIR, parseLogFileName } from './spec/log-files.ts';
import { messageError } from '../../message-error.ts';

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
    ? Promise.reject(messageError('Unsupported', 'error.delta.pastState', { state: options.state }, { state: options.state }))
    : import('./table.ts').then((m) => m.DeltaTable.open(storage, { signal: options?.signal }))),
  prepareCreate: (storage, spec, options) => import('./commit/create-table.ts')
    .then((m) => m.prepareCreateDeltaTable(storage, spec, { ...(options?.signal ? { signal: options.signal } : {}) })),
};
