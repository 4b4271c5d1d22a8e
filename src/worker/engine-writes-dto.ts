/**
 * The write previews and results as the page sees them: plain, structured-cloneable data (bigint →
 * decimal string), plus what only the worker knows — how safe the commit is on this storage and what
 * "Undo" would be. Prepared operations themselves hold closures over the storage, so they stay in the
 * worker under an id ({@link OpRegistry}); the page only ever holds the id and these DTOs.
 */
import type { OverBudget } from '../core/commit/engine-sql.ts';
import type { ChangePreview, ChangeResult, FileChange, TableTotals } from '../core/commit/change-preview.ts';
import { LakeError, type LakeErrorRef } from '../core/errors.ts';
import { messageError } from '../core/message-error.ts';
import type { Progress } from '../core/api/progress.ts';
import type { WriteAction } from '../core/commit/write-action.ts';

export interface FileChangeDto {
  readonly key: string;
  readonly kind: FileChange['kind'];
  readonly bytes?: number;
  readonly note?: string;
  /** The same note as a catalog message, for the reader's language. */
  readonly noteMessage?: LakeErrorRef;
}

/** Table totals with 64-bit counters as decimal strings. */
export interface TotalsDto {
  readonly rows?: string;
  /** True when `rows` is the live row count; else it counts rows before deletes (see `rowsBasis`). */
  readonly rowsLive?: boolean;
  /** What a non-live `rows` counts: `before deletes` by default, `before merging by primary key` (Paimon). */
  readonly rowsBasis?: string;
  readonly dataFiles?: number;
  readonly deleteFiles?: number;
  readonly bytes?: string;
}

/** A previewed write the page shows before asking for confirmation. */
export interface WritePreviewDto {
  /** Id of the prepared operation in the worker (applyOp / discardOp). */
  readonly opId: string;
  /** The table's format name (for content keyed by format: a colour, a spec link — never control flow). */
  readonly format: string;
  readonly operation: string;
  readonly description: string;
  /** The same sentence as a catalog message, where the format has one. */
  readonly descriptionMessage?: LakeErrorRef;
  readonly writes: readonly FileChangeDto[];
  readonly deletes: readonly FileChangeDto[];
  readonly before: TotalsDto;
  readonly after: TotalsDto;
  readonly warnings: readonly string[];
  /** The same warnings as catalog messages, in order, when the format gave one for each. */
  readonly warningMessages?: readonly LakeErrorRef[];
  readonly details: Readonly<Record<string, string>>;
  /** How the commit is made atomic on this storage (and how weak that is, for local folders). */
  readonly concurrency: string;
  /** The same note as a catalog message, when every part of it has one. */
  readonly concurrencyMessage?: LakeErrorRef;
  /**
   * Expire only: `deletes` are removed only when this second confirmation is given (applyOp
   * `deleteFiles`); otherwise they stay on storage, unreachable.
   */
  readonly deletesNeedSecondConfirmation?: boolean;
  /** Destructive Paimon rollback: the exact text the user must type to confirm. */
  readonly typedConfirmation?: string;
  /** True when applying does nothing (e.g. nothing to compact); the page then offers no Confirm. */
  readonly noop: boolean;
  /** Bytes the apply step reads (compaction inputs): the progress bar's total. */
  readonly inputBytes?: number;
  /**
   * Set when the change reads more than the browser's budget: it is not run (`noop`); the page shows the
   * engine SQL to run on a cluster instead, with a Copy button.
   */
  readonly overBudget?: OverBudget;
}

/** A write the page can prepare again (e.g. Undo): an action of the common model. */
export interface UndoRequest { readonly action: WriteAction }

export interface WriteResultDto {
  readonly operation: string;
  /** The file that made the change visible (metadata file, snapshot or tag file). */
  readonly committedKey?: string;
  readonly written: readonly FileChangeDto[];
  readonly deleted: readonly FileChangeDto[];
  readonly attempts: number;
  readonly warnings: readonly string[];
  /** The same warnings as catalog messages, in order, when the write gave one for each. */
  readonly warningMessages?: readonly LakeErrorRef[];
  readonly details: Readonly<Record<string, string>>;
  /** The version main is at afterwards, when the write moved it. */
  readonly currentAfter?: string;
  /** What "Undo" prepares (previewed again before it is applied); absent when a write cannot be undone. */
  readonly undo?: { readonly label: string; readonly labelMessage?: LakeErrorRef; readonly request: UndoRequest };
  readonly elapsedMs: number;
}

const big = (v: bigint | undefined) => (v === undefined ? undefined : v.toString());

function totalsDto(t: TableTotals): TotalsDto {
  return {
    ...(t.rows !== undefined ? { rows: big(t.rows) } : {}),
    ...(t.rowsLive ? { rowsLive: true } : {}),
    ...(t.rowsBasis !== undefined ? { rowsBasis: t.rowsBasis } : {}),
    ...(t.dataFiles !== undefined ? { dataFiles: t.dataFiles } : {}),
    ...(t.deleteFiles !== undefined ? { deleteFiles: t.deleteFiles } : {}),
    ...(t.bytes !== undefined ? { bytes: big(t.bytes) } : {}),
  };
}

function fileDto(f: FileChange): FileChangeDto {
  return { key: f.key, kind: f.kind, ...(f.bytes !== undefined ? { bytes: f.bytes } : {}), ...(f.note ? { note: f.note } : {}), ...(f.note && f.noteMessage ? { noteMessage: f.noteMessage } : {}) };
}

/** Operation details as display strings (arrays joined, bigints as decimals, nested objects as JSON). */
function detailsDto(details: Readonly<Record<string, unknown>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(details ?? {})) {
    if (v === undefined) continue;
    out[k] = Array.isArray(v) ? v.map(String).join(', ') : typeof v === 'object' && v !== null
      ? JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x))
      : String(v);
  }
  return out;
}

/** The preview DTO of a core ChangePreview (without the worker-only fields). */
export function previewDto(p: ChangePreview): Pick<WritePreviewDto, 'operation' | 'description' | 'descriptionMessage' | 'writes' | 'deletes' | 'before' | 'after' | 'warnings' | 'warningMessages' | 'details'> {
  return {
    operation: p.operation, description: p.description, ...(p.descriptionMessage ? { descriptionMessage: p.descriptionMessage } : {}),
    ...(p.warnings.length && p.warningMessages?.length === p.warnings.length ? { warningMessages: [...p.warningMessages] } : {}),
    writes: p.writes.map(fileDto), deletes: p.deletes.map(fileDto),
    before: totalsDto(p.before), after: totalsDto(p.after),
    warnings: [...p.warnings], details: detailsDto(p.details),
  };
}

export function resultDto(r: ChangeResult, elapsedMs: number): Omit<WriteResultDto, 'undo' | 'currentAfter'> {
  return {
    operation: r.operation, ...(r.committedKey ? { committedKey: r.committedKey } : {}),
    written: r.written.map(fileDto), deleted: r.deleted.map(fileDto), attempts: r.attempts,
    warnings: [...r.warnings], details: detailsDto(r.details), elapsedMs,
    ...(r.warnings.length && r.warningMessages?.length === r.warnings.length ? { warningMessages: [...r.warningMessages] } : {}),
  };
}

/** What applying a prepared operation gets from the handler. */
export interface ApplyContext {
  readonly signal: AbortSignal;
  readonly progress: (p: Progress) => void;
  /** Expire: also delete the files only expired snapshots reached. */
  readonly deleteFiles: boolean;
  /** Destructive rollback: what the user typed. */
  readonly confirmText?: string;
}

/** A prepared operation kept in the worker. */
export interface PendingOp {
  readonly warehouseId: string;
  readonly root: string;
  readonly preview: Omit<WritePreviewDto, 'opId'>;
  apply(ctx: ApplyContext): Promise<WriteResultDto>;
}

/** Prepared operations kept at once; preparing one more forgets the oldest (it can be previewed again). */
const MAX_PENDING = 16;

/**
 * Prepared operations by id. Must hold: an id is applied at most once (apply takes it out, so a double
 * click cannot commit twice); a forgotten or unknown id is NotFound ("preview again").
 */
export class OpRegistry {
  private readonly ops = new Map<string, PendingOp>();
  private next = 1;

  add(op: PendingOp): WritePreviewDto {
    const opId = `op${this.next++}`;
    this.ops.set(opId, op);
    while (this.ops.size > MAX_PENDING) this.ops.delete(this.ops.keys().next().value as string);
    return { opId, ...op.preview };
  }

  /** Takes the operation out of the registry (it is applied at most once). */
  take(opId: string): PendingOp {
    const op = this.ops.get(opId);
    if (!op) throw messageError('NotFound', 'error.worker.previewGone', undefined, { opId });
    this.ops.delete(opId);
    return op;
  }

  discard(opId: string): boolean {
    return this.ops.delete(opId);
  }

  forgetWarehouse(warehouseId: string): void {
    for (const [id, op] of [...this.ops]) if (op.warehouseId === warehouseId) this.ops.delete(id);
  }

  get size(): number {
    return this.ops.size;
  }
}
