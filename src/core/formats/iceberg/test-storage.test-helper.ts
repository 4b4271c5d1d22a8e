/** Test helper: a fixture table copied into a MemoryStorage, so corruption tests never touch /work/shared. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MemoryStorage } from '../../io/memory-storage.ts';

/** Every file under `root` as an object of a new MemoryStorage (keys relative to `root`). */
export async function fixtureInMemory(root: string): Promise<MemoryStorage> {
  const storage = new MemoryStorage(`memory copy of ${root}`);
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
  for (const file of walk(root)) await storage.write(relative(root, file), new Uint8Array(readFileSync(file)));
  return storage;
}

/** Replaces an object's bytes through a transform. */
export async function mutate(storage: MemoryStorage, key: string, fn: (b: Uint8Array) => Uint8Array): Promise<void> {
  await storage.write(key, fn(await storage.read(key)));
}
