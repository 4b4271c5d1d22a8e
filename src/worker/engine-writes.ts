/**
 * Writes by clicks (issue 6), worker side, through the common table model (core/commit/write-action.ts):
 * `writeCapabilities` lists the actions a table offers on a version (each with the reason when not —
 * read-only storage, anonymous bucket, an unreadable newest metadata file, a format without that action),
 * and every write is two calls: `prepareWrite` opens the table, asks `prepare(action)` and returns a
 * preview (files written and deleted with sizes, rows/bytes before → after, warnings, how the commit is
 * made atomic on this storage); `applyOp(opId)` commits exactly what was previewed — and fails with
 * Conflict when the table moved on — or `discardOp` forgets it. The prepared change holds closures over
 * the storage, so it stays here under an id. Nothing here depends on the table's format.
 *
 * After a commit the explorer's open table is reopened (so the next overview shows the new version),
 * and the result names what "Undo" would prepare (an action, previewed again before it is applied).
 */
import { DEFAULT_REWRITE_BUDGET_BYTES } from '../core/commit/engine-sql.ts';
import type { TableFormatName } from '../core/api/dto.ts';
import { folderPrefix } from '../core/api/listing.ts';
import { openTable, refreshTable } from '../core/api/open-table.ts';
import { prepareCreateTable, prepareWrite, writeCapabilities } from '../core/api/table-writes.ts';
import type { NewTableSpec, PreparedChange, WriteAction, WriteCapability } from '../core/commit/write-action.ts';
import { subStorage } from '../core/io/sub-storage.ts';
import type { LakeTable } from '../core/formats/table-format.ts';
import { LakeError, type LakeErrorRef } from '../core/errors.ts';
import { messageError } from '../core/message-error.ts';
import { errorRef } from '../core/messages/message-parts.ts';
import type { Storage } from '../core/io/storage.ts';
import {
  type ApplyContext, OpRegistry, type WritePreviewDto, type WriteResultDto, previewDto, resultDto,
} from './engine-writes-dto.ts';
import { ProgressStorage, type WriteAccessDto, writeAccess } from './engine-writes-storage.ts';
import type { CallContext } from './rpc.ts';

export type { WritePreviewDto, WriteResultDto, FileChangeDto, TotalsDto, UndoRequest } from './engine-writes-dto.ts';
export type { WriteAccessDto } from './engine-writes-storage.ts';
export type { WriteAction, WriteActionKind, WriteCapability } from '../core/commit/write-action.ts';

interface WarehouseRef { readonly warehouseId: string }
/** The table a write acts on (its root inside the warehouse, and the format detection reported). */
export interface WriteTarget extends WarehouseRef { readonly root: string; readonly format: TableFormatName }

/** What the writes bar needs for one version: whether the storage can be written, and the actions offered. */
export interface WriteCapabilitiesDto {
  readonly access: WriteAccessDto;
  readonly capabilities: readonly WriteCapability[];
}

/** Reopens the explorer's table at `root` after a commit (so overviews show the new state). */
export type ReopenTable = (warehouseId: string, root: string) => void;

/** Tables kept open for capability questions; opening one more forgets the least recently used. */
const MAX_TABLES = 8;

/** Forwards ProgressStorage byte counts as RPC progress (phase `read` until the first write, then `write`). */
function reportBytes(storage: ProgressStorage, ctx: ApplyContext, total: number | undefined): void {
  storage.reset();
  storage.onBytes = (read, written, key) => ctx.progress({
    phase: written > 0 && total !== undefined && read >= total ? 'write' : 'read',
    done: Math.min(read, total ?? read), ...(total !== undefined ? { total } : {}), bytes: read + written, current: key,
  });
}

/** A commit note and its message (absent when a part has none: the page then shows the English). */
type ConcurrencyNote = Pick<WritePreviewDto, 'concurrency' | 'concurrencyMessage'>;
const note = (text: string, message: LakeErrorRef | undefined): ConcurrencyNote => ({ concurrency: text, ...(message ? { concurrencyMessage: message } : {}) });

/** The storage note of a preview: the format's commit note (after the local-folder caveat), or the storage's. */
export function concurrencyOf(prepared: PreparedChange, access: WriteAccessDto): ConcurrencyNote {
  if (prepared.concurrencyOverride) return note(prepared.concurrencyOverride, prepared.concurrencyOverrideMessage);
  if (!prepared.concurrency) return note(access.concurrency, access.concurrencyMessage);
  if (!access.concurrency.startsWith('Local folder')) return note(prepared.concurrency, prepared.concurrencyMessage);
  const both = access.concurrencyMessage && prepared.concurrencyMessage
    ? errorRef('note.write.concurrency.joined', { storage: access.concurrencyMessage, format: prepared.concurrencyMessage }) : undefined;
  return note(`${access.concurrency} ${prepared.concurrency}`, both);
}

/** The write handlers; `storageOf` resolves a warehouse id (NotFound when closed). */
export function createWriteHandlers(storageOf: (ref: WarehouseRef) => Storage, reopen: ReopenTable, registry = new OpRegistry()) {
  const open = new Map<string, Promise<LakeTable>>();
  const keyOf = (t: { warehouseId: string; root: string }) => `${t.warehouseId}|${folderPrefix(t.root)}`;
  const cachedTable = (t: WriteTarget, signal: AbortSignal): Promise<LakeTable> => {
    const id = keyOf(t);
    let p = open.get(id);
    if (p) { open.delete(id); open.set(id, p); } else {
      p = openTable(storageOf(t), t.root, t.format, { signal });
      open.set(id, p);
      p.catch(() => { if (open.get(id) === p) open.delete(id); });
      while (open.size > MAX_TABLES) open.delete(open.keys().next().value as string);
    }
    return p;
  };
  /** After a write: the cached table (if any) at what is current now (LakeTable.refresh). */
  const refreshCached = (t: WriteTarget) => {
    const id = keyOf(t);
    const p = open.get(id);
    if (!p) return;
    const fresh = p.then((table) => refreshTable(table, storageOf(t), t.root, t.format));
    open.set(id, fresh);
    fresh.catch(() => { if (open.get(id) === fresh) open.delete(id); });
  };
  const refusalOf = (access: WriteAccessDto) => (access.writable ? undefined : access.reason ?? 'this storage is read-only');

  /** Keeps a prepared change under an id until it is applied or discarded; returns its preview. */
  const register = (p: WriteTarget, format: string, prepared: PreparedChange, storage: ProgressStorage, access: WriteAccessDto): WritePreviewDto => {
    const preview = prepared.preview;
    return registry.add({
      warehouseId: p.warehouseId, root: p.root,
      preview: {
        format, ...previewDto(preview), ...concurrencyOf(prepared, access), noop: prepared.noop,
        ...(prepared.deletesNeedSecondConfirmation ? { deletesNeedSecondConfirmation: true } : {}),
        ...(prepared.typedConfirmation !== undefined ? { typedConfirmation: prepared.typedConfirmation } : {}),
        ...(prepared.inputBytes !== undefined ? { inputBytes: prepared.inputBytes } : {}),
        ...(prepared.overBudget ? { overBudget: prepared.overBudget } : {}),
      },
      apply: async (a) => {
        const started = Date.now();
        reportBytes(storage, a, prepared.inputBytes);
        try {
          const r = await prepared.apply({ signal: a.signal, ...(a.deleteFiles ? { deleteFiles: true } : {}), ...(a.confirmText !== undefined ? { confirmText: a.confirmText } : {}) });
          return {
            ...resultDto(r, Date.now() - started),
            ...(r.currentAfter !== undefined ? { currentAfter: r.currentAfter } : {}),
            ...(r.undo ? { undo: { label: r.undo.label, ...(r.undo.labelMessage ? { labelMessage: r.undo.labelMessage } : {}), request: { action: r.undo.action } } } : {}),
          };
        } finally {
          refreshCached(p);
          reopen(p.warehouseId, p.root);
        }
      },
    });
  };

  return {
    /** Whether tables of this warehouse can be written, and the commit guarantee to state in previews. */
    async writeAccess(p: WarehouseRef): Promise<WriteAccessDto> {
      return writeAccess(storageOf(p));
    },

    /** The write actions of the table at `root` on `version` (the current one when absent), each with why not. */
    async writeCapabilities(p: WriteTarget & { version?: string }, ctx: CallContext): Promise<WriteCapabilitiesDto> {
      const access = writeAccess(storageOf(p));
      const table = await cachedTable(p, ctx.signal);
      const refusal = refusalOf(access);
      const capabilities = await writeCapabilities(table, p.version || undefined, { signal: ctx.signal, storageRefusal: refusal });
      // The storage's refusal is a catalog message: every capability it turned off carries it, for the reader's language.
      const message = access.reasonMessage;
      return { access, capabilities: message && refusal !== undefined ? capabilities.map((c) => (c.reason === refusal ? { ...c, reasonMessage: message } : c)) : capabilities };
    },

    /** Previews a write; the preview's opId applies it. */
    async prepareWrite(p: WriteTarget & { action: WriteAction; rewriteBudgetBytes?: number }, ctx: CallContext): Promise<WritePreviewDto> {
      const warehouse = storageOf(p);
      const access = writeAccess(warehouse);
      const storage = new ProgressStorage(warehouse);
      ctx.progress({ phase: 'preview', done: 0 });
      const refusal = refusalOf(access);
      // A storage that cannot be written refuses before the table is even opened.
      if (refusal) throw messageError('Unsupported', 'error.worker.writesRefused', { why: (access.reasonMessage as LakeErrorRef | undefined) ?? refusal }, { storage: warehouse.description, action: p.action.kind });
      const table = await openTable(storage, p.root, p.format, { signal: ctx.signal });
      // The browser's budget for one rewrite (the page's setting, else the default): past it, the engine SQL instead.
      const prepared = await prepareWrite(table, p.action, { signal: ctx.signal, rewriteBudgetBytes: p.rewriteBudgetBytes ?? DEFAULT_REWRITE_BUDGET_BYTES });
      return register(p, table.format, prepared, storage, access);
    },

    /**
     * Previews creating a table of `format` at `root` (a folder of the warehouse holding no table yet):
     * the model's create through the registry (core/api prepareCreateTable); the preview's opId applies it.
     */
    async prepareCreate(p: WriteTarget & { spec: NewTableSpec }, ctx: CallContext): Promise<WritePreviewDto> {
      const warehouse = storageOf(p);
      const access = writeAccess(warehouse);
      const refusal = refusalOf(access);
      if (refusal) throw messageError('Unsupported', 'error.worker.writesRefused', { why: (access.reasonMessage as LakeErrorRef | undefined) ?? refusal }, { storage: warehouse.description, action: 'create' });
      const storage = new ProgressStorage(warehouse);
      const prepared = await prepareCreateTable(p.format, subStorage(storage, folderPrefix(p.root)), p.spec, { signal: ctx.signal });
      return register(p, p.format, prepared, storage, access);
    },

    /** Applies a previewed write (at most once). Progress: bytes read/written; abort via the call's signal. */
    async applyOp(p: { opId: string; deleteFiles?: boolean; confirmText?: string }, ctx: CallContext): Promise<WriteResultDto> {
      const op = registry.take(p.opId);
      if (op.preview.noop) throw messageError('DataInvalid', 'error.worker.nothingToApply', undefined, { opId: p.opId });
      if (op.preview.typedConfirmation !== undefined && p.confirmText !== op.preview.typedConfirmation) {
        throw messageError('DataInvalid', 'error.worker.typeToConfirm', { text: op.preview.typedConfirmation }, { opId: p.opId });
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

    /** Forgets prepared operations and open tables of a warehouse (on disconnect). */
    forgetWarehouseOps(warehouseId: string): void {
      registry.forgetWarehouse(warehouseId);
      for (const id of [...open.keys()]) if (id.startsWith(`${warehouseId}|`)) open.delete(id);
    },
  };
}
