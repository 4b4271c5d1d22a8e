/**
 * Test helper: a table's files copied into a MemoryStorage, so corruption tests never touch the shared
 * fixtures. Node-free (core rules); the test reads the files and passes them in.
 */
import { MemoryStorage } from '../../io/memory-storage.ts';

/** A new MemoryStorage holding `files` (key relative to the table root → bytes). */
export async function tableInMemory(files: Iterable<readonly [string, Uint8Array]>, description = 'memory copy'): Promise<MemoryStorage> {
  const storage = new MemoryStorage(description);
  for (const [key, bytes] of files) await storage.write(key, bytes);
  return storage;
}

/** Replaces an object's bytes through a transform. */
export async function mutate(storage: MemoryStorage, key: string, fn: (b: Uint8Array) => Uint8Array): Promise<void> {
  await storage.write(key, fn(await storage.read(key)));
}
