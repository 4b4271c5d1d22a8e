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

/** One field of a synthetic schema. */
export interface SyntheticField {
  readonly name: string;
  readonly type: unknown;
  readonly nullable?: boolean;
  readonly metadata?: Record<string, unknown>;
}

/** A commit of a synthetic table: its actions (JSON objects) and the files it writes. */
export interface SyntheticCommit {
  readonly actions: readonly Record<string, unknown>[];
  readonly files?: Readonly<Record<string, Uint8Array>>;
}

/** The metaData action of a synthetic table. */
export function metaDataAction(fields: readonly SyntheticField[], partitionColumns: readonly string[] = [], configuration: Record<string, string> = {}): Record<string, unknown> {
  const schemaString = JSON.stringify({ type: 'struct', fields: fields.map((f) => ({ name: f.name, type: f.type, nullable: f.nullable ?? true, metadata: f.metadata ?? {} })) });
  return { metaData: { id: 'synthetic', format: { provider: 'parquet', options: {} }, schemaString, partitionColumns, configuration, createdTime: 1 } };
}

/** A table written by hand: `_delta_log/N.json` per commit (and its files), in a MemoryStorage. */
export async function syntheticTable(commits: readonly SyntheticCommit[]): Promise<MemoryStorage> {
  const storage = new MemoryStorage('synthetic delta table');
  for (const [v, c] of commits.entries()) {
    for (const [key, bytes] of Object.entries(c.files ?? {})) await storage.write(key, bytes);
    const text = c.actions.map((a) => JSON.stringify(a)).join('\n');
    await storage.write(`_delta_log/${String(v).padStart(20, '0')}.json`, new TextEncoder().encode(text));
  }
  return storage;
}

/** An add action for a file of `size` bytes. */
export function addAction(path: string, size: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { add: { path, partitionValues: {}, size, modificationTime: 1, dataChange: true, ...extra } };
}
