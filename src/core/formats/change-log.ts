/**
 * A format's own change log in the common table model (DESIGN.md "The common table model"): the rows a range of
 * versions inserted, deleted or updated, read from the format's change data (Delta CDF, Paimon changelog files,
 * Hudi CDC logs) where it keeps one. Split from table-format.ts, which re-exports these types.
 */
import type { RecordBatch } from 'apache-arrow';
import type { Note } from '../messages/note.ts';
import type { PlannedFileDto } from './table-format.ts';

/** The model's change types; each format maps its own names onto them (Delta `update_preimage` → `update-before` …). */
export type ChangeLogType = 'insert' | 'delete' | 'update-before' | 'update-after';

/** Where a row of a format's change log was read: the file (storage key under the table root) and the row's position in it. */
export interface ChangeLogOrigin {
  readonly file: string;
  /** Row position in `file` (0-based), where the log is read from the file row by row. */
  readonly position?: bigint;
  /** Partition of the file (as {@link PlannedFileDto.partition}; '' when unpartitioned). */
  readonly partition?: string;
}

/** A batch of a format's change log: the data columns (in the `to` version's schema) and, per row, what changed and in which version. */
export interface ChangeLogBatch {
  readonly batch: RecordBatch;
  readonly changeTypes: readonly ChangeLogType[];
  readonly versions: readonly string[];
  /** Per row, where it was read (absent where the format cannot say). */
  readonly origins?: readonly (ChangeLogOrigin | undefined)[];
}

/** A format's own change log over a range of versions (see `LakeTable.changeLog` in table-format.ts). */
export interface ChangeLogSource {
  /** What the log is, for people: `Delta change data feed`. */
  readonly name: string;
  /** Data columns of the batches, in order. */
  readonly columns: readonly string[];
  readonly notes: readonly Note[];
  /**
   * Batches; where {@link derive} is not empty, in version order (oldest first, the rows of one version
   * together), so core/api can interleave the derived versions. Must hold: no row of a version in `derive`.
   */
  readonly batches: AsyncIterable<ChangeLogBatch>;
  /**
   * Versions of the range the format's log does not hold (a Paimon snapshot without changelog files):
   * core/api derives their rows from the row diff against the parent, and says so. Absent: none.
   */
  readonly derive?: readonly string[];
  /**
   * Set where the log holds no before images, so an `insert` may replace the row of the same key (Paimon
   * `changelog-producer = input` and Hudi's incremental query write the new value of an update as `+I` /
   * a plain record): applying the log means an insert replaces the row whose key columns match.
   */
  readonly upsertKey?: readonly string[];
}
