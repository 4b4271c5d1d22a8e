/**
 * The Hudi engine's public surface (read-only). Open a table with {@link openHudiTable} (storage rooted
 * at the table folder, the one holding `.hoodie/`), then: `versions()`, `schemas()`, `plan(request)`,
 * `read(task)` / `scan(request)` (Arrow batches), `columnNames()`, `tree()`.
 */
import type { Storage } from '../../io/storage.ts';
import { HudiTable, type OpenHudiOptions } from './table.ts';

export { hudiFormat } from './format.ts';
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
