/**
 * The serialisable unit of a Paimon read: one split = the files of one (partition, bucket) that must be
 * read together (a primary-key bucket is merged as a whole), or one file of an append table.
 * 64-bit numbers are decimal strings so a task survives JSON as well as structured clone.
 */
import type { BoundExpr } from '../../../expr/index.ts';

/** How the rows of a split are combined. */
export type SplitMode =
  /** Append table: every row of every file (minus deletion vectors). */
  | 'append'
  /** Primary-key table, deduplicate engine: per key the row with the highest sequence number; DELETE/UPDATE_BEFORE winners dropped. */
  | 'deduplicate'
  /** Primary-key table, first-row engine: per key the row with the lowest sequence number. */
  | 'first-row';

export interface PaimonTaskFile {
  /** Storage key relative to the table root. */
  readonly key: string;
  readonly fileName: string;
  readonly schemaId: number;
  readonly level: number;
  readonly rowCount: string;
  readonly fileSize: number;
  readonly minSequenceNumber: string;
  readonly maxSequenceNumber: string;
  /** Absolute location outside the table, when the file was written to an external path. */
  readonly externalPath?: string;
  /** The deletion vector to apply, when the file has one. */
  readonly deletionVector?: {
    readonly indexFile: string;
    /** The index file's size as its index manifest records it (checked when read). */
    readonly indexFileSize?: number;
    readonly offset: number;
    readonly length: number;
    readonly cardinality?: string;
  };
}

export interface PaimonTask {
  readonly format: 'paimon';
  readonly snapshotId: string;
  /** The branch whose schema files apply (main when absent); manifests and data files are shared. */
  readonly branch?: string;
  /** The schema rows are read with (the snapshot's, or the latest for the current version). */
  readonly readSchemaId: number;
  /** Partition BinaryRow as hex, and as `k=v/…` for display. */
  readonly partition: string;
  readonly partitionPath: string;
  readonly bucket: number;
  readonly mode: SplitMode;
  /** `ignore-delete`: DELETE/UPDATE_BEFORE records never win. */
  readonly ignoreDelete: boolean;
  readonly files: readonly PaimonTaskFile[];
  /** Output columns, in order. */
  readonly columns: readonly string[];
  /** Residual row filter, applied after merging. */
  readonly filter?: BoundExpr;
}
