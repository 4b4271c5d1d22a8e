/**
 * Sandboxes in the origin-private file system (OPFS, `navigator.storage.getDirectory()`): one folder per
 * sandbox under `lakescope-sandbox/`. Private to this browser profile and this site; the browser may evict it
 * under storage pressure. Works in pages and workers: the worker writes the copy and hands the folder's handle
 * to the page, which opens it (back in the worker) as a writable local folder.
 */
import type { Storage } from '../../core/io/storage.ts';
import { FsaStorage } from './fsa-storage.ts';
import { messageError } from '../../core/message-error.ts';

/** The folder under the OPFS root that holds every sandbox. */
export const SANDBOX_DIR = 'lakescope-sandbox';

type StorageManagerWithDir = StorageManager & { getDirectory?: () => Promise<FileSystemDirectoryHandle> };

/** Whether this context has an origin-private file system. */
export function hasOpfs(): boolean {
  return typeof navigator !== 'undefined' && typeof (navigator.storage as StorageManagerWithDir | undefined)?.getDirectory === 'function';
}

async function sandboxesDir(): Promise<FileSystemDirectoryHandle> {
  if (!hasOpfs()) throw messageError('Unsupported', 'error.sandbox.noOpfs', undefined);
  return (await (navigator.storage as StorageManagerWithDir).getDirectory!()).getDirectoryHandle(SANDBOX_DIR, { create: true });
}

/** The folder of the sandbox `name` (created when absent). */
export async function sandboxHandle(name: string): Promise<FileSystemDirectoryHandle> {
  return (await sandboxesDir()).getDirectoryHandle(name, { create: true });
}

/** The sandbox targets of the worker's engine: FsaStorage over each sandbox folder. */
export const opfsSandboxes = {
  async open(name: string): Promise<{ storage: Storage; handle: FileSystemDirectoryHandle }> {
    const handle = await sandboxHandle(name);
    return { storage: new FsaStorage(handle, { description: `sandbox "${name}"` }), handle };
  },
  async find(name: string): Promise<{ storage: Storage; handle: FileSystemDirectoryHandle } | undefined> {
    let handle: FileSystemDirectoryHandle;
    try {
      handle = await (await sandboxesDir()).getDirectoryHandle(name);
    } catch (e) {
      if ((e as { name?: string }).name === 'NotFoundError') return undefined;
      throw messageError('Io', 'error.sandbox.openFailed', { name, detail: (e as Error).message }, { name }, e);
    }
    return { storage: new FsaStorage(handle, { description: `sandbox "${name}"` }), handle };
  },
  async remove(name: string): Promise<void> {
    const dir = await sandboxesDir();
    try {
      await dir.removeEntry(name, { recursive: true });
    } catch (e) {
      if ((e as { name?: string }).name !== 'NotFoundError') throw messageError('Io', 'error.sandbox.deleteFailed', { name, detail: (e as Error).message }, { name }, e);
    }
  },
};
