/**
 * The Hudi TableFormat as the registry (core/api table-formats.ts) holds it: detection here, the reader
 * (table.ts and all it imports) loaded on the first open, so an app or CLI that never opens a Hudi table
 * never loads it (issue 17: the browser worker's first chunk).
 */
import { LakeError } from '../../errors.ts';
import type { Storage } from '../../io/storage.ts';
import type { TableFormat } from '../table-format.ts';
import { PROPERTIES_FILE } from './spec/properties.ts';
import { messageError } from '../../message-error.ts';

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
    ? Promise.reject(messageError('Unsupported', 'error.hudi.pastState', { state: options.state }, { state: options.state }))
    : import('./table.ts').then((m) => m.HudiTable.open(storage, { signal: options?.signal }))),
};
