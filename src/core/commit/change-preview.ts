/**
 * What a table operation will do, shown before it is applied: which files it writes and deletes and how
 * rows and bytes change. Every maintenance operation (rollback, expire, compaction …) of every format
 * returns one of these from its `preview` step; `apply` then does exactly that (or fails with Conflict
 * when the table moved on in a way the preview did not allow).
 */
import type { LakeErrorRef } from '../errors.ts';

/** One file the operation writes or deletes. */
export interface FileChange {
  /** Storage key relative to the table root. */
  readonly key: string;
  readonly kind: 'metadata' | 'manifest-list' | 'manifest' | 'data' | 'delete' | 'statistics' | 'version-hint' | 'other';
  /** Size in bytes when known (for deletions: the stored size; for writes: after writing). */
  readonly bytes?: number;
  /** For files not yet written: why the size is not known yet. */
  readonly note?: string;
  /** The same note as a catalog message, for the reader's language (preview-text.ts `noted`). */
  readonly noteMessage?: LakeErrorRef;
}

/** Rows and bytes of the table's current state, before and after. */
export interface TableTotals {
  /** Rows as the metadata counts them: live rows only when `rowsLive`, else see `rowsBasis`. */
  readonly rows?: bigint;
  /** True when `rows` is exactly what a scan returns (e.g. an Iceberg table without delete files). */
  readonly rowsLive?: boolean;
  /** When not live, what `rows` counts, as a label (default `before deletes`: rows in data files before delete files apply). */
  readonly rowsBasis?: string;
  readonly dataFiles?: number;
  readonly deleteFiles?: number;
  readonly bytes?: bigint;
}

/** The dry run of an operation. */
export interface ChangePreview {
  /** Short name of the operation (`rollback`, `expire-snapshots`, `compact` …). */
  readonly operation: string;
  /** One sentence for people: what will happen. */
  readonly description: string;
  /** The same sentence as a catalog message, where the format has one (the page renders it in the reader's language). */
  readonly descriptionMessage?: LakeErrorRef;
  readonly writes: readonly FileChange[];
  readonly deletes: readonly FileChange[];
  readonly before: TableTotals;
  readonly after: TableTotals;
  /** Anything the user should know before confirming (e.g. "files are deleted only when confirmed separately"). */
  readonly warnings: readonly string[];
  /** The same warnings as catalog messages, in order, where the format has one for each. */
  readonly warningMessages?: readonly LakeErrorRef[];
  /** Operation-specific details (snapshot ids, partitions …), plain data. */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** The result of applying an operation. */
export interface ChangeResult {
  readonly operation: string;
  /** Key of the metadata (or log) file that made the change visible; absent when nothing was committed. */
  readonly committedKey?: string;
  readonly written: readonly FileChange[];
  readonly deleted: readonly FileChange[];
  /** Commit attempts (1 = no race lost). */
  readonly attempts: number;
  /** Non-fatal problems after the commit point (e.g. version hint not updated, a file left undeleted). */
  readonly warnings: readonly string[];
  /** The same warnings as catalog messages, in order, where the format has them (the toast shows the reader's language). */
  readonly warningMessages?: readonly LakeErrorRef[];
  readonly details?: Readonly<Record<string, unknown>>;
}

/** `21 rows` when live, else `22 rows before deletes` (or the format's own basis); `? rows` when unknown. */
export function rowsText(t: TableTotals): string {
  if (t.rows === undefined) return '? rows';
  return t.rowsLive ? `${t.rows} rows` : `${t.rows} rows ${t.rowsBasis ?? ROWS_BEFORE_DELETES}`;
}

/** The default basis of a row count that is not live. */
export const ROWS_BEFORE_DELETES = 'before deletes';

/** Sum of sizes in bytes, counting unknown sizes as 0. */
export function totalBytes(files: readonly FileChange[]): number {
  return files.reduce((n, f) => n + (f.bytes ?? 0), 0);
}
