/**
 * Paimon-only worker calls: the LSM view of a version (levels per partition+bucket), the table's tags,
 * branches and consumers, and the Paimon writes by clicks — tag create/delete, rollback as a new latest
 * snapshot (non-destructive, the default) and the destructive rollback behind a typed confirmation.
 *
 * Paimon's engine calls commit directly (no two-step prepare), so the preview is built here from the
 * table's own metadata (and, for the destructive rollback, the engine's dry run), and apply first
 * checks that the latest snapshot is still the one the preview saw: otherwise Conflict, preview again.
 */
import { folderPrefix } from '../core/api/listing.ts';
import { LakeError } from '../core/errors.ts';
import { type LsmView, type PaimonTable, openPaimonTable, recordCount } from '../core/formats/paimon/index.ts';
import { snapshotKey, tagKey } from '../core/formats/paimon/spec/layout.ts';
import type { Storage } from '../core/io/storage.ts';
import { subStorage } from '../core/io/sub-storage.ts';
import { pool } from '../core/util/async.ts';
import { OpRegistry, type FileChangeDto, type TotalsDto, type WritePreviewDto, type WriteResultDto } from './engine-writes-dto.ts';
import { ProgressStorage, writeAccess } from './engine-writes-storage.ts';
import type { ReopenTable, WriteTarget } from './engine-writes.ts';
import type { CallContext } from './rpc.ts';

/** The Paimon writes the page can ask for. Snapshot ids are decimal strings. */
export type PaimonWriteRequest =
  | { readonly kind: 'create-tag'; readonly name: string; readonly snapshotId: string }
  | { readonly kind: 'delete-tag'; readonly name: string }
  | { readonly kind: 'rollback-as-latest'; readonly snapshotId: string }
  | { readonly kind: 'rollback-destructive'; readonly snapshotId: string };

export interface PaimonRefsDto {
  readonly tags: { name: string; snapshotId: string; createTimeMs?: number; timeRetainedMs?: number }[];
  readonly branches: { name: string; latestSnapshotId?: string }[];
  readonly consumers: { id: string; nextSnapshot: string; lastModified?: number }[];
}

/** Tables kept open for LSM views; opening one more closes the least recently used. */
const MAX_TABLES = 8;
/** Files whose sizes a destructive-rollback preview looks up (the rest are listed without size). */
const MAX_SIZED = 400;

const CONCURRENCY_PAIMON = 'Paimon commits by creating the next snapshot file (snapshot-N+1) or the tag file only if it does not exist yet; a concurrent commit makes this one fail instead of overwriting it.';

const DESTRUCTIVE_NOTE = 'Not one atomic step: LATEST moves back first, then snapshot files are deleted newest first, tags next, and data files last. '
  + 'A commit that lands meanwhile stops it (Conflict) before anything is deleted; an interruption leaves unreferenced files, never a snapshot with missing files.';

/** A snapshot's row count from its metadata, and what it counts (live only for append tables without deletion vectors). */
async function rowsOf(table: PaimonTable, id: bigint | undefined, signal: AbortSignal): Promise<TotalsDto> {
  if (id === undefined) return { rows: '0', rowsLive: true };
  const s = await table.meta.snapshot(id, signal);
  if (s.totalRecordCount === undefined) return {};
  const r = recordCount(s, table.schema);
  return { rows: r.count, ...(r.live ? { rowsLive: true } : { rowsBasis: r.basis }) };
}

async function sized(storage: Storage, keys: readonly string[], kind: FileChangeDto['kind'], signal: AbortSignal): Promise<FileChangeDto[]> {
  const head = keys.slice(0, MAX_SIZED);
  const infos = await pool(head, 16, (key) => storage.head(key, { signal }).then((i) => i.size, () => undefined), signal);
  return keys.map((key, i) => ({ key, kind, ...(infos[i] !== undefined ? { bytes: infos[i] } : i >= MAX_SIZED ? { note: 'size not looked up' } : { note: 'already gone' }) }));
}

/** Paimon handlers; `storageOf` resolves a warehouse id, `registry` is shared with the Iceberg writes. */
export function createPaimonHandlers(storageOf: (ref: { warehouseId: string }) => Storage, reopen: ReopenTable, registry: OpRegistry) {
  const open = new Map<string, Promise<PaimonTable>>();
  const tableOf = (t: WriteTarget, signal: AbortSignal): Promise<PaimonTable> => {
    const id = `${t.warehouseId}|${t.root}`;
    let p = open.get(id);
    if (p) { open.delete(id); open.set(id, p); } else {
      p = openPaimonTable(subStorage(storageOf(t), folderPrefix(t.root)), { signal });
      open.set(id, p);
      p.catch(() => { if (open.get(id) === p) open.delete(id); });
      while (open.size > MAX_TABLES) open.delete(open.keys().next().value as string);
    }
    return p;
  };

  const preparePaimon = async (p: WriteTarget & { op: PaimonWriteRequest }, ctx: CallContext): Promise<WritePreviewDto> => {
    const warehouse = storageOf(p);
    const access = writeAccess(warehouse);
    if (!access.writable) throw new LakeError('Unsupported', `worker writes: ${access.reason ?? 'this storage is read-only'}`, { storage: warehouse.description });
    const storage = new ProgressStorage(subStorage(warehouse, folderPrefix(p.root)));
    const table = await openPaimonTable(storage, { signal: ctx.signal });
    // An unreadable newest snapshot or LATEST hint refuses every write before anything is previewed.
    await table.checkWritable(ctx.signal);
    const latest = await table.meta.latestSnapshotId(ctx.signal);
    const latestRows = await rowsOf(table, latest, ctx.signal);
    const concurrency = access.concurrency.startsWith('Local folder') ? `${access.concurrency} ${CONCURRENCY_PAIMON}` : CONCURRENCY_PAIMON;
    const base = { format: 'paimon' as const, concurrency, noop: false, before: latestRows, details: { latestSnapshot: latest?.toString() ?? '—' } };
    const op = p.op;
    let preview: Omit<WritePreviewDto, 'opId'>;
    let run: (signal: AbortSignal) => Promise<Omit<WriteResultDto, 'elapsedMs'>>;
    switch (op.kind) {
      case 'create-tag': {
        const id = BigInt(op.snapshotId);
        const name = op.name.trim();
        preview = { ...base, operation: 'create-tag', description: `Create tag "${name}" on snapshot ${id}: a copy of that snapshot's file that keeps it (and its files) readable after the snapshot expires.`,
          writes: [{ key: tagKey(name), kind: 'other', note: `snapshot ${id} JSON + tagCreateTime` }], deletes: [], after: base.before, warnings: [] };
        run = async (signal) => {
          const r = await table.createTag(name, { version: op.snapshotId, signal });
          return { operation: 'create-tag', committedKey: r.file, written: [{ key: r.file, kind: 'other' }], deleted: [], attempts: 1, warnings: [], details: { tag: name, snapshot: r.snapshotId },
            undo: { label: `Undo: delete tag "${name}"`, request: { format: 'paimon', op: { kind: 'delete-tag', name } } } };
        };
        break;
      }
      case 'delete-tag': {
        const tag = await table.meta.tag(op.name, ctx.signal);
        const ids = await table.meta.snapshotIds(ctx.signal);
        const expired = !ids.includes(tag.snapshot.id);
        preview = { ...base, operation: 'delete-tag', description: `Delete tag "${op.name}" (snapshot ${tag.snapshot.id}).`,
          writes: [], deletes: [{ key: tagKey(op.name), kind: 'other' }], after: base.before,
          warnings: expired ? [`Snapshot ${tag.snapshot.id} has expired: the data, manifest and index files only this tag kept alive are deleted too, and the version can no longer be read.`] : [] };
        run = async (signal) => {
          const r = await table.deleteTag(op.name, { signal });
          return { operation: 'delete-tag', written: [], deleted: [tagKey(op.name), ...r.deletedFiles].map((key) => ({ key, kind: 'other' as const })), attempts: 1, warnings: [], details: { tag: op.name, snapshot: r.snapshotId } };
        };
        break;
      }
      case 'rollback-as-latest': {
        const id = BigInt(op.snapshotId);
        const next = latest === undefined ? 1n : latest + 1n;
        preview = { ...base, operation: 'rollback-as-latest',
          description: `Roll back to snapshot ${id} without deleting anything: a new snapshot ${next} (commit kind OVERWRITE) makes snapshot ${id}'s content the latest. All history stays readable, and this rollback can itself be rolled back.`,
          writes: [{ key: 'manifest/<one delta manifest + manifest lists>', kind: 'manifest', note: 'removes files added after the target, re-adds files it removed' }, { key: snapshotKey(next), kind: 'metadata', note: 'written on apply (create-if-absent)' }],
          deletes: [], after: await rowsOf(table, id, ctx.signal), warnings: [], details: { ...base.details, target: op.snapshotId, newSnapshot: next.toString() } };
        run = async (signal) => {
          const r = await table.rollbackAsLatest({ version: op.snapshotId }, { signal });
          return { operation: 'rollback-as-latest', committedKey: snapshotKey(BigInt(r.snapshotId)), written: [{ key: snapshotKey(BigInt(r.snapshotId)), kind: 'metadata' }], deleted: [], attempts: r.attempts, warnings: [],
            details: { target: r.targetId, snapshot: r.snapshotId, addedFiles: String(r.addedFiles), deletedFiles: String(r.deletedFiles) }, currentAfter: r.snapshotId,
            ...(latest !== undefined ? { undo: { label: `Undo: roll back to snapshot ${latest} (again as a new snapshot)`, request: { format: 'paimon', op: { kind: 'rollback-as-latest', snapshotId: latest.toString() } } } } : {}) };
        };
        break;
      }
      case 'rollback-destructive': {
        const plan = await table.rollbackDestructive({ version: op.snapshotId }, { dryRun: true, signal: ctx.signal });
        const deletes = [
          ...plan.snapshots.map((key) => ({ key, kind: 'metadata' as const })), ...plan.tags.map((key) => ({ key, kind: 'other' as const })),
          ...await sized(storage, [...plan.manifestLists, ...plan.manifests, ...plan.indexManifests], 'manifest', ctx.signal),
          ...await sized(storage, plan.indexFiles, 'delete', ctx.signal), ...await sized(storage, plan.dataFiles, 'data', ctx.signal),
        ];
        preview = { ...base, concurrency: DESTRUCTIVE_NOTE, operation: 'rollback-destructive', typedConfirmation: `delete ${plan.snapshots.length} snapshots`,
          description: `Destructive rollback to snapshot ${plan.targetId}: LATEST moves back, then ${plan.snapshots.length} later snapshot(s), ${plan.tags.length} later tag(s) and every file only they used are DELETED for good.`,
          writes: [{ key: 'snapshot/LATEST', kind: 'version-hint', note: `points at ${plan.targetId}` }], deletes, after: await rowsOf(table, BigInt(plan.targetId), ctx.signal),
          warnings: ['This cannot be undone: the deleted snapshots and their data files are gone. Readers holding them fail. The non-destructive rollback (a new latest snapshot) is usually what you want.'],
          details: { ...base.details, target: plan.targetId, snapshots: String(plan.snapshots.length), tags: String(plan.tags.length), dataFiles: String(plan.dataFiles.length) } };
        run = async (signal) => {
          const r = await table.rollbackDestructive({ version: op.snapshotId }, { confirmDestructive: true, signal });
          const deleted = [...r.snapshots, ...r.tags, ...r.manifestLists, ...r.manifests, ...r.indexManifests, ...r.indexFiles, ...r.dataFiles].map((key) => ({ key, kind: 'other' as const }));
          return { operation: 'rollback-destructive', written: [], deleted, attempts: 1, warnings: [], details: { target: r.targetId }, currentAfter: r.targetId };
        };
        break;
      }
    }
    return registry.add({
      warehouseId: p.warehouseId, root: p.root, preview,
      apply: async (a) => {
        const started = Date.now();
        await table.refresh(a.signal);
        const now = await table.meta.latestSnapshotId(a.signal);
        if (now !== latest) {
          throw new LakeError('Conflict', `paimon commit: the table changed since the preview (latest snapshot ${latest ?? 'none'} → ${now ?? 'none'}); preview again`, { root: p.root });
        }
        try {
          return { ...await run(a.signal), elapsedMs: Date.now() - started };
        } finally {
          open.delete(`${p.warehouseId}|${p.root}`);
          reopen(p.warehouseId, p.root);
        }
      },
    });
  };

  return {
    /** The LSM trees (levels, files, key and sequence ranges) of a version's buckets, with the compaction texts. */
    async paimonLsm(p: WriteTarget & { version?: string; partition?: string; bucket?: number }, ctx: CallContext): Promise<LsmView> {
      const table = await tableOf(p, ctx.signal);
      ctx.progress({ phase: 'lsm', done: 0 });
      return table.lsmView({ version: p.version || undefined }, p.partition, p.bucket, ctx.signal);
    },

    async paimonRefs(p: WriteTarget, ctx: CallContext): Promise<PaimonRefsDto> {
      const table = await tableOf(p, ctx.signal);
      const [tags, branches, consumers] = await Promise.all([table.tags(ctx.signal), table.branches(ctx.signal), table.consumers(ctx.signal)]);
      return { tags, branches, consumers };
    },

    /** Previews a Paimon write; applyOp(opId) commits it. */
    preparePaimonWrite: preparePaimon,

    forgetPaimonWarehouse(warehouseId: string): void {
      for (const id of [...open.keys()]) if (id.startsWith(`${warehouseId}|`)) open.delete(id);
    },
  };
}
