/**
 * Writes in the common table model (DESIGN.md "The common table model": `capabilities(version)` and
 * `prepare(action)`). One tagged action type for every format, so the worker, the CLI and the UI ask
 * for a write without knowing the format: each format says which actions it supports on a table and
 * version ({@link WriteCapability}, with the reason when one is unavailable) and prepares them into a
 * {@link PreparedChange} whose `apply()` commits exactly what was previewed (Conflict when the table
 * moved on). Everything here is plain, structured-cloneable data: snapshot ids are decimal strings.
 */
import { LakeError, type LakeErrorRef } from '../errors.ts';
import { errorRef, errorText } from '../messages/message-parts.ts';
import type { Storage } from '../io/storage.ts';
import type { ChangePreview, ChangeResult } from './change-preview.ts';
import type { OverBudget } from './engine-sql.ts';
import { messageError } from '../message-error.ts';

/** A write the model can prepare. Ids are decimal strings (or, where the format allows, a tag name). */
export type WriteAction =
  /** Make a past version the current one: Iceberg moves main back to an ancestor; Paimon writes a new latest snapshot with its content. */
  | { readonly kind: 'rollback'; readonly snapshotId?: string; readonly toTimeMs?: number }
  /** Paimon: move LATEST back and delete every later snapshot and tag and the files only they used. */
  | { readonly kind: 'rollback-destructive'; readonly snapshotId: string }
  /** Make any snapshot main's current one (not necessarily an ancestor). */
  | { readonly kind: 'set-current'; readonly snapshotId: string }
  /** Apply a snapshot's changes on top of main (Iceberg cherry-pick). */
  | { readonly kind: 'cherry-pick'; readonly snapshotId: string }
  | { readonly kind: 'tag'; readonly name: string; readonly snapshotId?: string; readonly replace?: boolean; readonly maxRefAgeMs?: number }
  | {
    readonly kind: 'branch'; readonly name: string; readonly snapshotId?: string; readonly replace?: boolean;
    readonly minSnapshotsToKeep?: number; readonly maxSnapshotAgeMs?: number; readonly maxRefAgeMs?: number;
  }
  /** Move branch `name` forward to `to` (a branch name or snapshot id), which must descend from it. */
  | { readonly kind: 'fast-forward'; readonly name: string; readonly to: string }
  | { readonly kind: 'remove-ref'; readonly name: string; readonly refType?: 'tag' | 'branch' }
  | { readonly kind: 'expire'; readonly olderThanMs?: number; readonly retainLast?: number; readonly snapshotIds?: readonly string[] }
  /**
   * Rewrite small files (and files with deletes) into bigger ones; only in `partitions` when given (each as the
   * plan's human form, `PlannedFileDto.partition` — '' when unpartitioned — with the spec id it was written with).
   */
  | {
    readonly kind: 'compact'; readonly targetFileSizeBytes?: number; readonly minInputFiles?: number; readonly partitions?: readonly PartitionRef[];
    /** Paimon: `full` merges every sorted run of a bucket into the top level; `universal` what Paimon's universal compaction picks next (the LSM view's prediction). */
    readonly strategy?: 'full' | 'universal';
    /** Paimon: only this bucket (of the given partitions). */
    readonly bucket?: number;
  }
  | { readonly kind: 'rewrite-manifests'; readonly targetSizeBytes?: number }
  /** Delete files no version within the retention needs (Delta VACUUM); only with apply's `deleteFiles`. */
  | { readonly kind: 'vacuum'; readonly retentionHours?: number }
  /** Add rows: plain objects by column name ({@link RowValues}); one new version holds them all. */
  | { readonly kind: 'append'; readonly rows: readonly RowValues[] }
  /** Insert or replace rows by the table's primary key (Paimon primary-key tables): the newest write of a key wins. */
  | { readonly kind: 'upsert'; readonly rows: readonly RowValues[] }
  /**
   * Delete rows: those matching `where` (the `--where` text form, core/expr `parseWhere`; Delta), or on a table
   * with a primary key those whose key values `rows` give (Paimon: DELETE records). Exactly one of the two; a
   * format takes the form it writes and refuses the other with Unsupported, saying which it takes.
   */
  | { readonly kind: 'delete'; readonly where?: string; readonly rows?: readonly RowValues[] }
  /** Set the columns of `set` to its values on every row matching `where`. */
  | { readonly kind: 'update'; readonly where: string; readonly set: RowValues };

/** The actions that write rows given as values (Paimon's row writes). */
export type RowWriteKind = 'append' | 'upsert' | 'delete';

/**
 * One row, or the new values of an UPDATE, as a plain structured-cloneable object by column name. Values
 * in exact forms (the format's writer converts them to the column's type and refuses what does not fit):
 * numbers, bigints or decimal text for integers and decimals, 'YYYY-MM-DD' for dates, ISO-8601 text or
 * bigint microseconds for timestamps, strings, booleans, null.
 */
export type RowValues = Readonly<Record<string, unknown>>;

/** One column of a new table: a type name in the format's own spelling (`long`, `decimal(10,2)` …) or a nested type as the format's JSON. */
export interface NewTableColumn {
  readonly name: string;
  readonly type: string | Readonly<Record<string, unknown>>;
  readonly nullable?: boolean;
}

/** A table to create (the model's `create`, core/api `prepareCreateTable`): its schema, partitioning and properties. */
export interface NewTableSpec {
  readonly columns: readonly NewTableColumn[];
  /** Top-level columns to partition by (identity), in order. */
  readonly partitionColumns?: readonly string[];
  /** Table properties (Delta: `configuration`, e.g. `delta.enableDeletionVectors`). */
  readonly properties?: Readonly<Record<string, string>>;
  readonly name?: string;
  readonly description?: string;
}

export type WriteActionKind = WriteAction['kind'];

/** One partition of a table as the plan names it ({@link PlannedFileDto}'s `partition` and `specId`). */
export interface PartitionRef {
  /** `name=value/…` as the plan's files give it; '' for an unpartitioned table. */
  readonly partition: string;
  /** The partition spec (Iceberg); absent where the format has one partitioning. */
  readonly specId?: string;
}

/** One action a table offers, available or not — the UI draws a button per entry, the CLI refuses with `reason`. */
export interface WriteCapability {
  readonly kind: WriteActionKind;
  /**
   * `version`: acts on the selected version (rollback, tag …); `table`: maintenance of the whole table (expire,
   * compact …); `rows`: changes the table's rows (append, delete, update) and needs rows or a predicate.
   */
  readonly scope: 'version' | 'table' | 'rows';
  readonly available: boolean;
  /** Why it is unavailable (read-only storage, unreadable newest metadata, not supported by the format), one sentence (English). */
  readonly reason?: string;
  /** The same reason as a catalog message where there is one, for the reader's language (a parameter may be another message). */
  readonly reasonMessage?: LakeErrorRef;
  /** What it does, one sentence (a tooltip). */
  readonly description: string;
  /** The same sentence as a catalog message, for the reader's language (preview-text.ts `described`). */
  readonly descriptionMessage?: LakeErrorRef;
  /** Deletes history or files for good (shown in red; asks for a typed or second confirmation). */
  readonly destructive?: boolean;
  /** The action needs parameters the user types (a name, an age, a size) before it can be prepared. */
  readonly needsInput?: boolean;
  /** For actions on one existing ref (remove-ref): its name and type. */
  readonly ref?: { readonly name: string; readonly type: 'tag' | 'branch' };
  /** The action to prepare when it needs no input (filled with the selected version). */
  readonly action?: WriteAction;
  /**
   * Row writes given as values (`rows` of append/upsert/delete): `rows` whole rows by column name, `keys`
   * only the primary-key columns (Paimon's delete by key). Absent when the action takes no rows (a Delta
   * DELETE takes a predicate), so a UI offers a row form exactly where this says which one.
   */
  readonly rowsInput?: 'rows' | 'keys';
}

/** How a format's commit is made atomic and who to ask before applying (shown with every preview). */
export interface PreparedChange {
  readonly preview: ChangePreview;
  /** How this format commits (exclusive create of the next file …); the storage's own note is added by the caller. */
  readonly concurrency?: string;
  /** The same note as a catalog message, for the reader's language. */
  readonly concurrencyMessage?: LakeErrorRef;
  /** Expire: `deletes` are deleted only when apply gets `deleteFiles` (a second confirmation). */
  readonly deletesNeedSecondConfirmation?: boolean;
  /** The exact text the user must type to confirm (destructive rollback). */
  readonly typedConfirmation?: string;
  /** Replaces the caller's storage note (an operation that is not one atomic step says so itself). */
  readonly concurrencyOverride?: string;
  /** The same override as a catalog message, for the reader's language. */
  readonly concurrencyOverrideMessage?: LakeErrorRef;
  /** True when applying does nothing (e.g. nothing to compact). */
  readonly noop: boolean;
  /** Bytes the apply step reads (compaction inputs), for a progress total. */
  readonly inputBytes?: number;
  /** Set (by core/api's budget check) when the change reads more than the browser's budget: not run, the engine SQL offered instead. */
  readonly overBudget?: OverBudget;
  apply(opts?: { signal?: AbortSignal; deleteFiles?: boolean; confirmText?: string }): Promise<AppliedChange>;
}

/** An applied change, with where main is now and what would undo it. */
export interface AppliedChange extends ChangeResult {
  /** The version main is at afterwards, when the write moved it. */
  readonly currentAfter?: string;
  /** What "Undo" prepares (previewed again before it is applied); absent when the write cannot be undone. */
  readonly undo?: {
    readonly label: string;
    /** The same label as a catalog message (preview-text.ts `undoLabel`), for the reader's language. */
    readonly labelMessage?: LakeErrorRef;
    readonly action: WriteAction;
  };
}

/** Options of `capabilities`. */
export interface CapabilityOptions {
  readonly signal?: AbortSignal;
  /**
   * Why the storage the caller holds cannot be written (a read-only folder, an anonymous bucket), when the
   * caller knows more than `storage.writable` tells; every action is then unavailable with this reason.
   */
  readonly storageRefusal?: string;
}

/** One sentence why writes are off for a table on `storage`, or undefined: the caller's reason, then the storage, then the table's own. */
export function writesOffReason(storage: Storage, writeRefusal: string | undefined, options: CapabilityOptions = {}): string | undefined {
  if (writeRefusal) return writeRefusal;
  if (options.storageRefusal) return options.storageRefusal;
  if (!storage.writable) return `${storage.description} is read-only.`;
  return undefined;
}

/**
 * {@link writesOffReason} as a catalog message, for the same choice: the table's own (`writeRefusal`), none for
 * the caller's `storageRefusal` (the worker gives that one its message), else a read-only storage.
 */
export function writesOffMessage(storage: Storage, writeRefusal: LakeErrorRef | undefined, options: CapabilityOptions = {}): LakeErrorRef | undefined {
  if (writeRefusal) return writeRefusal;
  if (options.storageRefusal) return undefined;
  if (!storage.writable) return errorRef('error.write.readOnlyStorage', { where: storage.description });
  return undefined;
}

/** Marks every capability unavailable with `reason` and its catalog message `message` (kept when it already has its own). */
export function disableAll(caps: readonly WriteCapability[], reason: string | undefined, message?: LakeErrorRef): WriteCapability[] {
  if (reason === undefined) return [...caps];
  return caps.map((c) => ({ ...c, available: false, reason, ...(message ? { reasonMessage: message } : {}) }));
}

/** A capability's reason and its catalog message, from the message (the English text is the message's). */
export function reasonOf(message: LakeErrorRef): { reason: string; reasonMessage: LakeErrorRef } {
  return { reason: errorText(message), reasonMessage: message };
}

/** Why a format has no writes in this build, as a catalog message. */
export function writesUnsupportedRef(formatTitle: string): LakeErrorRef {
  return errorRef('error.write.formatReadOnly', { format: formatTitle });
}

/** Why a format has no writes in this build, one sentence. */
export function writesUnsupported(formatTitle: string): string {
  return errorText(writesUnsupportedRef(formatTitle));
}

const VERSION_KINDS: readonly WriteActionKind[] = ['rollback', 'set-current', 'tag', 'branch'];
const TABLE_KINDS: readonly WriteActionKind[] = ['expire', 'compact', 'rewrite-manifests'];

/** Capabilities of a table without writes: the usual actions, each unavailable with `reason` (so the UI says why instead of hiding them). */
export function noWrites(reason: string | LakeErrorRef): WriteCapability[] {
  const why = typeof reason === 'string' ? { reason } : reasonOf(reason);
  const described = { description: why.reason, ...(typeof reason === 'string' ? {} : { descriptionMessage: reason }) };
  return [
    ...VERSION_KINDS.map((kind): WriteCapability => ({ kind, scope: 'version', available: false, ...why, ...described })),
    ...TABLE_KINDS.map((kind): WriteCapability => ({ kind, scope: 'table', available: false, ...why, ...described })),
  ];
}

/** The Unsupported error for an action a format (or table) does not offer; `why` (a catalog message) names the action. */
export function unsupportedAction(subsystem: string, why: LakeErrorRef): LakeError {
  return messageError('Unsupported', 'error.action.unsupported', { subsystem, why });
}

/** A positive number or undefined, else DataInvalid naming the parameter. */
export function positiveParam(n: number | undefined, what: string): number | undefined {
  if (n === undefined) return undefined;
  if (!Number.isFinite(n) || n <= 0) throw messageError('DataInvalid', 'error.write.notPositive', { what, value: String(n) }, { [what]: String(n) });
  return n;
}

/** A snapshot id from its decimal string, else DataInvalid. */
export function snapshotIdParam(s: string): bigint {
  if (!/^-?\d+$/.test(s)) throw messageError('DataInvalid', 'error.write.notSnapshotId', { value: s }, { snapshotId: s });
  return BigInt(s);
}
