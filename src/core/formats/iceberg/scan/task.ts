/**
 * What planning produces: plain data file scan tasks (the unit a worker reads) and the record of every
 * manifest, file and row group that was skipped, with why.
 *
 * Decision: tasks keep 64-bit numbers as `bigint` (core's rule). They cross postMessage unchanged
 * (structured clone supports bigint); for JSON, use util/json's stringifyJson, which writes them as
 * exact integers. Partition values are internal values (expr/types.ts), also structured-cloneable.
 */
import type { Note } from '../../../messages/note.ts';
import type { Expr } from '../../../expr/expr.ts';
import type { Value } from '../../../expr/types.ts';
import type { FileContent } from '../spec/manifest.ts';

/** A delete file (or deletion vector) that applies to a task's data file. */
export interface DeleteFileRef {
  readonly kind: 'position' | 'equality' | 'deletion-vector';
  /** Path as written in the manifest. */
  readonly path: string;
  /** Storage key after re-rooting. */
  readonly key: string;
  readonly format: string;
  readonly recordCount: bigint;
  readonly fileSizeInBytes: bigint;
  readonly sequenceNumber: bigint;
  readonly specId: number;
  readonly equalityIds?: readonly number[];
  /** Deletion vectors: the blob's place in the Puffin file. */
  readonly contentOffset?: bigint;
  readonly contentSizeInBytes?: bigint;
  readonly referencedDataFile?: string;
}

/** One data file to read, with everything needed to read it exactly. */
export interface FileScanTask {
  readonly kind: 'iceberg-file-scan';
  readonly path: string;
  readonly key: string;
  readonly format: string;
  readonly recordCount: bigint;
  readonly fileSizeInBytes: bigint;
  readonly specId: number;
  readonly partition: readonly (Value | null)[];
  readonly dataSequenceNumber: bigint;
  readonly firstRowId?: bigint;
  /** Parquet row groups to read (ascending); undefined = all. */
  readonly rowGroups?: readonly number[];
  readonly deletes: readonly DeleteFileRef[];
  /** Schema the rows are read with (the snapshot's). */
  readonly schemaId: number;
  /** Top-level field ids of the output columns, in output order. */
  readonly projectedIds: readonly number[];
  /** Filter still to apply to rows (unbound; bound again against the read schema). Absent = all rows. */
  readonly residual?: Expr;
  /** Stop after this many output rows. */
  readonly limit?: number;
}

export type SkipStep = 'manifest-list' | 'manifest' | 'row-group' | 'limit';

/** Why something was not read. */
export interface SkipRecord {
  readonly step: SkipStep;
  readonly kind: 'manifest' | FileContent | 'deletion-vector' | 'row-group';
  readonly path: string;
  /** Row group index for `row-group` skips. */
  readonly rowGroup?: number;
  readonly reason: string;
}

export interface PlanCounts {
  readonly manifests: { total: number; read: number; skipped: number };
  readonly dataFiles: { total: number; matched: number; skipped: number };
  readonly deleteFiles: { total: number; matched: number; skipped: number };
  readonly rowGroups: { total: number; skipped: number };
}

export interface ScanPlan {
  readonly snapshotId: bigint;
  readonly schemaId: number;
  /** Output column names, in order. */
  readonly columns: readonly string[];
  /** The filter as given (unbound), if any. */
  readonly filter?: Expr;
  readonly tasks: readonly FileScanTask[];
  readonly skipped: readonly SkipRecord[];
  readonly counts: PlanCounts;
  /** How the snapshot was chosen, and any note (e.g. an id that is also a tag name). */
  readonly via: string;
  /** `via` as a note for the reader, in the catalog. */
  readonly viaNote?: Note;
  readonly note?: Note;
  /**
   * Delete files matched to data files only after normalising paths (another scheme, authority or
   * percent-encoding than the manifest's), one sentence each naming both spellings.
   */
  readonly pathNotes?: readonly Note[];
}
