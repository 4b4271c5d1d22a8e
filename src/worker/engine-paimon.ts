/**
 * Paimon-only worker views: the LSM view of a version (levels per partition+bucket) and the table's tags,
 * branches and consumers. Paimon writes go through the common write model (engine-writes.ts, core
 * formats/paimon/commit/write-model.ts) like every other format's.
 */
import { folderPrefix } from '../core/api/listing.ts';
import type { LsmView, PaimonTable } from '../core/formats/paimon/index.ts';
import type { Storage } from '../core/io/storage.ts';
import { tableRootStorage } from '../core/io/table-root.ts';
import type { CallContext } from './rpc.ts';

/** A Paimon table of a warehouse. */
export interface PaimonTarget { readonly warehouseId: string; readonly root: string }

export interface PaimonRefsDto {
  readonly tags: { name: string; snapshotId: string; createTimeMs?: number; timeRetainedMs?: number }[];
  readonly branches: { name: string; latestSnapshotId?: string }[];
  readonly consumers: { id: string; nextSnapshot: string; lastModified?: number }[];
}

/** Tables kept open for LSM views; opening one more closes the least recently used. */
const MAX_TABLES = 8;

/** Paimon views; `storageOf` resolves a warehouse id. */
export function createPaimonHandlers(storageOf: (ref: { warehouseId: string }) => Storage) {
  const open = new Map<string, Promise<PaimonTable>>();
  const tableOf = (t: PaimonTarget, signal: AbortSignal): Promise<PaimonTable> => {
    const id = `${t.warehouseId}|${t.root}`;
    let p = open.get(id);
    if (p) { open.delete(id); open.set(id, p); } else {
      // The Paimon reader loads on first use (issue 17: not in the worker's first chunk).
      const storage = tableRootStorage(storageOf(t), folderPrefix(t.root));
      p = import('../core/formats/paimon/index.ts').then((m) => m.openPaimonTable(storage, { signal }));
      open.set(id, p);
      p.catch(() => { if (open.get(id) === p) open.delete(id); });
      while (open.size > MAX_TABLES) open.delete(open.keys().next().value as string);
    }
    return p;
  };

  return {
    /** The LSM trees (levels, files, key and sequence ranges) of a version's buckets, with the compaction texts. */
    async paimonLsm(p: PaimonTarget & { version?: string; partition?: string; bucket?: number }, ctx: CallContext): Promise<LsmView> {
      const table = await tableOf(p, ctx.signal);
      ctx.progress({ phase: 'lsm', done: 0 });
      return table.lsmView({ version: p.version || undefined }, p.partition, p.bucket, ctx.signal);
    },

    async paimonRefs(p: PaimonTarget, ctx: CallContext): Promise<PaimonRefsDto> {
      const table = await tableOf(p, ctx.signal);
      const [tags, branches, consumers] = await Promise.all([table.tags(ctx.signal), table.branches(ctx.signal), table.consumers(ctx.signal)]);
      return { tags, branches, consumers };
    },

    /** Forgets the open table at `root` (after a write, so the next LSM view reads the new state). */
    forgetPaimonTable(warehouseId: string, root: string): void {
      open.delete(`${warehouseId}|${root}`);
    },

    forgetPaimonWarehouse(warehouseId: string): void {
      for (const id of [...open.keys()]) if (id.startsWith(`${warehouseId}|`)) open.delete(id);
    },
  };
}
