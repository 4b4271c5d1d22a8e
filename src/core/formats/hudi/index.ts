/**
 * The Hudi engine's public surface (read-only). Open a table with {@link openHudiTable} (storage rooted
 * at the table folder, the one holding `.hoodie/`), then: `versions()`, `schemas()`, `plan(request)`,
 * `read(task)` / `scan(request)` (Arrow batches), `columnNames()`, `tree()`.
 */
import { LakeError } from '../../errors.ts';
import type { Storage } from '../../io/storage.ts';
import type { TableFormat } from '../table-format.ts';
import { PROPERTIES_FILE } from './spec/properties.ts';
import { HudiTable, type OpenHudiOptions } from './table.ts';

export { HudiTable, HUDI_CAPABILITIES, type OpenHudiOptions } from './table.ts';
export type { HudiTask, HudiTaskFile } from './scan/task.ts';
export type { IncrementalRange } from './scan/incremental.ts';
export type { TimelineViewDto, TimelineBarDto } from './inspect/timeline.ts';
export type { HudiTableConfig } from './spec/properties.ts';
export type { Instant, HudiAction, InstantState } from './spec/instant.ts';

/** Opens the Hudi table rooted at `storage` (see {@link HudiTable.open}). */
export function openHudiTable(storage: Storage, opts: OpenHudiOptions = {}): Promise<HudiTable> {
  return HudiTable.open(storage, opts);
}

/** The Hudi TableFormat: a table is a folder with `.hoodie/hoodie.properties`. */
export const hudiFormat: TableFormat = {
  name: 'hudi',
  async detect(storage: Storage, signal?: AbortSignal): Promise<boolean> {
    try {
      await storage.head(PROPERTIES_FILE, { signal });
      return true;
    } catch (e) {
      if (e instanceof LakeError && e.code !== 'NotFound') throw e;
      return false;
    }
  },
  // Past states are listed (states()) but not opened yet: the versions of the current state reach them by time travel.
  open: (storage, options) => (options?.state !== undefined
    ? Promise.reject(new LakeError('Unsupported', `hudi table: opening a past state (${options.state}) is not supported; read its version with a version selector instead`, { state: options.state }))
    : openHudiTable(storage, { signal: options?.signal })),
};
