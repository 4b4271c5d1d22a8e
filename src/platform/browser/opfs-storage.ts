/**
 * Storage in the origin-private file system (OPFS): scratch space inside the browser — tables
 * created in the demo, copies for offline work. Same implementation and guarantees as the folder
 * adapter (see fsa-storage.ts); OPFS is never shared with other programs, so the Web Locks cover
 * every writer there is, except other browser profiles, which have their own OPFS anyway.
 */
import { LakeError } from '../../core/errors.ts';
import { FsaStorage, domError } from './fsa-storage.ts';

/**
 * Opens (creating if needed) a folder inside OPFS — `subdir` '/'-separated, '' for the OPFS root.
 * Needs `navigator.storage.getDirectory` (pages and workers of secure contexts).
 */
export async function openOpfsStorage(subdir = 'lakescope'): Promise<FsaStorage> {
  const storage = (globalThis as { navigator?: { storage?: StorageManager } }).navigator?.storage;
  if (!storage?.getDirectory) throw new LakeError('Unsupported', 'opfs: this browser has no origin-private file system');
  try {
    let dir = await storage.getDirectory();
    for (const seg of subdir.split('/').filter(Boolean)) dir = await dir.getDirectoryHandle(seg, { create: true });
    return new FsaStorage(dir, { description: `browser storage (OPFS)${subdir ? ` "${subdir}"` : ''}`, lockNamespace: `opfs:${subdir}` });
  } catch (e) {
    throw domError(e, 'open', subdir);
  }
}
