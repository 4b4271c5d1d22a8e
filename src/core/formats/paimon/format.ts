/**
 * The Paimon TableFormat as the registry (core/api table-formats.ts) holds it: detection here, the reader
 * (table.ts and all it imports) loaded on the first open, so an app or CLI that never opens a Paimon table
 * never loads it (issue 17: the browser worker's first chunk), nor the metadata reader detection uses.
 */
import type { Storage } from '../../io/storage.ts';
import type { TableFormat } from '../table-format.ts';
import { messageError } from '../../message-error.ts';

/** The Paimon TableFormat: a table is a folder with `schema/schema-N` (and usually `snapshot/snapshot-N`). */
export const paimonFormat: TableFormat = {
  name: 'paimon',
  async detect(storage: Storage, signal?: AbortSignal): Promise<boolean> {
    // The metadata reader reaches Paimon's manifests and their ORC codec: imported here, on the first detection
    // (only opening a table by its location detects, as `lakescope` commands do; the explorer opens the format the listing found).
    const { PaimonMetadata } = await import('./io/metadata.ts');
    return (await new PaimonMetadata(storage).schemaIds(signal)).length > 0;
  },
  // Past states are listed (states()) but not opened yet: the versions of the current state reach them by time travel.
  open: (storage, options) => (options?.state !== undefined
    ? Promise.reject(messageError('Unsupported', 'error.paimon.pastState', { state: options.state }, { state: options.state }))
    : import('./table.ts').then((m) => m.PaimonTable.open(storage, { signal: options?.signal }))),
};
