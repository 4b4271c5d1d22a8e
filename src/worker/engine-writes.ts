/**
 * Writes by clicks (issue 6), worker side. Every write is two calls: `prepare…` reads the table and
 * returns a preview (files written and deleted with sizes, rows/bytes before → after, warnings, how the
 * commit is made atomic on this storage); `applyOp(opId)` commits exactly what was previewed — and fails
 * with Conflict when the table moved on (the engine's apply checks its requirements) — or `discardOp`
 * forgets it. The prepared operation holds closures over the storage, so it stays here under an id.
 *
 * After a commit the explorer's open table is reopened (so the next overview shows the new version),
 * and the result names what "Undo" would prepare: moving main back to the snapshot it was at.
 */
import type { ChangeResult } from '../core/commit/change-preview.ts';
import type { TableFormatName } from '../core/api/dto.ts';
import { folderPrefix } from '../core/api/listing.ts';
import { LakeError } from '../core/errors.ts';
import * as ice from '../core/formats/iceberg/commit/index.ts';
import type { Storage } from '../core/io/storage.ts';
import { subStorage } from '../core/io/sub-storage.ts';
import {
  type ApplyContext, OpRegistry, type PendingOp, type WritePreviewDto, type WriteResultDto, previewDto, resultDto,
} from './engine-writes-dto.ts';
import { ProgressStorage, type WriteAccessDto, writeAccess } from './engine-writes-storage.ts';
import type { CallContext } from './rpc.ts';

export type { WritePreviewDto, WriteResultDto, FileChangeDto, TotalsDto, UndoRequest } from './engine-writes-dto.ts';
export type { WriteAccessDto } from './engine-writes-storage.ts';

interface WarehouseRef { readonly warehouseId: string }
/** The table a write acts on (its root inside the warehouse). */
export interface WriteTarget extends WarehouseRef { readonly root: string }

/** The Iceberg writes the page can ask for. Snapshot ids are decimal strings. */
export type IcebergWriteRequest =
  | { readonly kind: 'rollback'; readonly snapshotId: string }
  | { readonly kind: 'set-current'; readonly snapshotId: string }
  | { readonly kind: 'tag'; readonly name: string; readonly snapshotId: string; readonly replace?: boolean }
  | { readonly kind: 'branch'; readonly name: string; readonly snapshotId: string; readonly replace?: boolean }
  | { readonly kind: 'remove-ref'; readonly name: string; readonly refType?: 'tag' | 'branch' }
  | { readonly kind: 'expire'; readonly olderThanMs?: number; readonly retainLast?: number }
  | { readonly kind: 'compact'; readonly targetFileSizeBytes?: number; readonly minInputFiles?: number }
  | { readonly kind: 'rewrite-manifests'; readonly targetSizeBytes?: number };

/** Reopens the explorer's table at `root` after a commit (so overviews show the new state). */
export type ReopenTable = (warehouseId: string, root: string) => void;

function snapshotId(s: string): bigint {
  if (!/^-?\d+$/.test(s)) throw new LakeError('DataInvalid', `worker writes: "${s}" is not a snapshot id`, { snapshotId: s });
  return BigInt(s);
}

function positive(n: number | undefined, what: string): number | undefined {
  if (n === undefined) return undefined;
  if (!Number.isFinite(n) || n <= 0) throw new LakeError('DataInvalid', `worker writes: ${what} must be a positive number, got ${n}`, { [what]: String(n) });
  return n;
}

type Prepared = ice.PreparedOperation & { apply(o?: ice.ApplyOptions & { deleteFiles?: boolean }): Promise<ChangeResult> };

function prepareIceberg(storage: Storage, op: IcebergWriteRequest, signal: AbortSignal): Promise<Prepared> {
  switch (op.kind) {
    case 'rollback': return ice.prepareRollbackTo(storage, snapshotId(op.snapshotId), { signal });
    case 'set-current': return ice.prepareSetCurrentSnapshot(storage, snapshotId(op.snapshotId), { signal });
    case 'tag': return ice.prepareTag(storage, op.name.trim(), snapshotId(op.snapshotId), {}, { signal, replace: op.replace });
    case 'branch': return ice.prepareBranch(storage, op.name.trim(), snapshotId(op.snapshotId), {}, { signal, replace: op.replace });
    case 'remove-ref': return ice.prepareRemoveRef(storage, op.name, { signal, type: op.refType });
    case 'expire': {
      if (op.olderThanMs === undefined && op.retainLast === undefined) {
        throw new LakeError('DataInvalid', 'worker writes: expire needs "older than" or "retain last N"');
      }
      return ice.prepareExpireSnapshots(storage, { olderThanMs: op.olderThanMs, retainLast: positive(op.retainLast, 'retainLast'), signal });
    }
    case 'compact':
      return ice.prepareCompaction(storage, { targetFileSizeBytes: positive(op.targetFileSizeBytes, 'targetFileSizeBytes'), minInputFiles: positive(op.minInputFiles, 'minInputFiles'), signal });
    case 'rewrite-manifests':
      return ice.prepareRewriteManifests(storage, { targetSizeBytes: positive(op.targetSizeBytes, 'targetSizeBytes'), signal });
  }
}

/** What undoes `op` once applied, given main's snapshot before it (undefined: cannot be undone here). */
export function icebergUndo(op: IcebergWriteRequest, currentBefore: string | undefined, currentAfter: string | undefined): WriteResultDto['undo'] {
  switch (op.kind) {
    case 'rollback': case 'set-current': case 'compact': case 'rewrite-manifests':
      if (currentBefore === undefined || currentBefore === currentAfter) return undefined;
      return { label: `Undo: set main back to ${currentBefore}`, request: { format: 'iceberg', op: { kind: 'set-current', snapshotId: currentBefore } } };
    case 'tag': case 'branch':
      // Replacing a ref cannot be undone by removing it; only a newly created ref can.
      return op.replace ? undefined : { label: `Undo: remove ${op.kind} "${op.name.trim()}"`, request: { format: 'iceberg', op: { kind: 'remove-ref', name: op.name.trim(), refType: op.kind } } };
    case 'remove-ref': case 'expire':
      return undefined;
  }
}

/** Bytes the apply step reads: the data and delete files a compaction rewrites. */
function inputBytesOf(op: IcebergWriteRequest, prepared: Prepared): number | undefined {
  if (op.kind !== 'compact') return undefined;
  const n = prepared.preview.deletes.reduce((s, f) => s + (f.bytes ?? 0), 0);
  return n > 0 ? n : undefined;
}

/** Forwards ProgressStorage byte counts as RPC progress (phase `read` until the first write, then `write`). */
export function reportBytes(storage: ProgressStorage, ctx: ApplyContext, total: number | undefined): void {
  storage.reset();
  storage.onBytes = (read, written, key) => ctx.progress({
    phase: written > 0 && total !== undefined && read >= total ? 'write' : 'read',
    done: Math.min(read, total ?? read), ...(total !== undefined ? { total } : {}), bytes: read + written, current: key,
  });
}

/** The write handlers; `storageOf` resolves a warehouse id (NotFound when closed). */
export function createWriteHandlers(storageOf: (ref: WarehouseRef) => Storage, reopen: ReopenTable, registry = new OpRegistry()) {
  const tableStorage = (t: WriteTarget): { storage: ProgressStorage; access: WriteAccessDto } => {
    const warehouse = storageOf(t);
    const access = writeAccess(warehouse);
    if (!access.writable) throw new LakeError('Unsupported', `worker writes: ${access.reason ?? 'this storage is read-only'}`, { storage: warehouse.description });
    return { storage: new ProgressStorage(subStorage(warehouse, folderPrefix(t.root))), access };
  };

  return {
    /** Whether tables of this warehouse can be written, and the commit guarantee to state in previews. */
    async writeAccess(p: WarehouseRef): Promise<WriteAccessDto> {
      return writeAccess(storageOf(p));
    },

    /** Previews an Iceberg write; the preview's opId applies it. */
    async prepareIcebergWrite(p: WriteTarget & { op: IcebergWriteRequest }, ctx: CallContext): Promise<WritePreviewDto> {
      const { storage, access } = tableStorage(p);
      ctx.progress({ phase: 'preview', done: 0 });
      const before = await ice.loadTableState(storage, ctx.signal);
      const currentBefore = before.metadata.currentSnapshotId?.toString();
      const prepared = await prepareIceberg(storage, p.op, ctx.signal);
      const preview = prepared.preview;
      const noop = preview.writes.length === 0 && preview.deletes.length === 0;
      const inputBytes = inputBytesOf(p.op, prepared);
      const pending: PendingOp = {
        warehouseId: p.warehouseId, root: p.root,
        preview: {
          format: 'iceberg', ...previewDto(preview), concurrency: access.concurrency, noop,
          ...(p.op.kind === 'expire' ? { deletesNeedSecondConfirmation: true } : {}),
          ...(inputBytes !== undefined ? { inputBytes } : {}),
        },
        apply: async (a) => {
          const started = Date.now();
          reportBytes(storage, a, inputBytes);
          const r = await prepared.apply({ signal: a.signal, ...(a.deleteFiles ? { deleteFiles: true } : {}) });
          reopen(p.warehouseId, p.root);
          const after = r.committedKey ? (await ice.loadTableState(storage, a.signal)).metadata.currentSnapshotId?.toString() : currentBefore;
          const undo = r.committedKey ? icebergUndo(p.op, currentBefore, after) : undefined;
          return { ...resultDto(r, Date.now() - started), ...(after !== undefined ? { currentAfter: after } : {}), ...(undo ? { undo } : {}) };
        },
      };
      return registry.add(pending);
    },

    /** Applies a previewed write (at most once). Progress: bytes read/written; abort via the call's signal. */
    async applyOp(p: { opId: string; deleteFiles?: boolean; confirmText?: string }, ctx: CallContext): Promise<WriteResultDto> {
      const op = registry.take(p.opId);
      if (op.preview.noop) throw new LakeError('DataInvalid', 'worker writes: this preview has nothing to apply', { opId: p.opId });
      if (op.preview.typedConfirmation !== undefined && p.confirmText !== op.preview.typedConfirmation) {
        throw new LakeError('DataInvalid', `worker writes: type "${op.preview.typedConfirmation}" to confirm`, { opId: p.opId });
      }
      try {
        return await op.apply({ signal: ctx.signal, progress: ctx.progress, deleteFiles: p.deleteFiles === true, confirmText: p.confirmText });
      } catch (e) {
        // A failed or cancelled write may still have committed (lost answer): reopen to show the truth.
        reopen(op.warehouseId, op.root);
        throw e;
      }
    },

    async discardOp(p: { opId: string }): Promise<boolean> {
      return registry.discard(p.opId);
    },

    /** Forgets prepared operations of a warehouse (on disconnect). */
    forgetWarehouseOps(warehouseId: string): void {
      registry.forgetWarehouse(warehouseId);
    },
  };
}
