/**
 * Test helpers of the Delta engine: an in-memory copy of a fixture table (so tests can change it without
 * touching the read-only fixtures) and reading a whole version in canonical row form.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { RecordBatch } from 'apache-arrow';
import { canonicalRows, type CanonicalRow } from '../../arrow/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import type { DeltaTable } from './table.ts';
import type { VersionSelector } from '../table-format.ts';

/** Every file under `root`, copied into a MemoryStorage (keys relative to root), except those `skip` rejects. */
export async function memoryCopy(root: string, skip: (key: string) => boolean = () => false): Promise<MemoryStorage> {
  const storage = new MemoryStorage(`memory copy of ${root}`);
  const walk = async (dir: string): Promise<void> => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) await walk(path);
      else {
        const key = relative(root, path).split('\\').join('/');
        if (!skip(key)) await storage.write(key, new Uint8Array(readFileSync(path)));
      }
    }
  };
  await walk(root);
  return storage;
}

/** All rows of a version, canonical. */
export async function readRows(table: DeltaTable, version: VersionSelector = {}): Promise<CanonicalRow[]> {
  const plan = await table.plan(version);
  const batches: RecordBatch[] = [];
  for (const t of plan.tasks) for await (const b of table.read(t)) batches.push(b);
  return canonicalRows(batches, { columns: plan.columns });
}
