/**
 * Plain data of the table-health view (structured-clone and JSON safe; byte and row counts as numbers,
 * which are exact below 2^53 — ample for sizes and counts a browser draws).
 */
import type { WriteAction } from '../commit/write-action.ts';
import type { MessageRef } from '../messages/en.ts';
import type { LakeErrorRef } from '../errors.ts';

/** A file-size bucket: `[lowerBytes, upperBytes)`; the last one has no upper bound. */
export interface SizeBucketDto {
  readonly lowerBytes: number;
  readonly upperBytes?: number;
}

/** Files of one partition of the version. */
export interface PartitionHealthDto {
  readonly partition: string;
  readonly specId?: string;
  readonly dataFiles: number;
  readonly bytes: number;
  readonly records: number;
  readonly smallFiles: number;
  readonly smallBytes: number;
  /** Data files with at least one delete file or deletion vector applied. */
  readonly filesWithDeletes: number;
  /** File counts per size bucket ({@link TableHealthDto.buckets}). */
  readonly histogram: readonly number[];
}

/** The line between small and not (see the `health.rule.smallFiles` message). */
export interface SmallFileRuleDto {
  readonly targetFileSizeBytes: number;
  /** Property the target came from; '' when the default applied. */
  readonly source: string;
  readonly smallFileBytes: number;
}

export interface FileHealthDto {
  readonly dataFiles: number;
  readonly dataBytes: number;
  readonly smallFiles: number;
  readonly smallBytes: number;
  readonly filesWithDeletes: number;
  /** Delete files and deletion vectors applying to live data files, each counted once. */
  readonly deleteFiles: number;
  readonly deleteBytes: number;
  /** Rows in data files before deletes (from the metadata). */
  readonly dataRows: number;
  /** Rows the delete files record: position deletes, deletion vector cardinalities, equality keys. */
  readonly deleteRows: number;
  readonly deleteRowsByKind: Readonly<Record<'position' | 'equality' | 'deletionVector', number>>;
  /** Delete files and vectors whose metadata records no row count (their rows are not in `deleteRows`). */
  readonly deletesWithoutCount: number;
  /** Live rows when the version's metadata counts them exactly (decimal string). */
  readonly liveRows?: string;
}

/** One version's counters, for the series over time. */
export interface VersionPointDto {
  readonly id: string;
  readonly timestampMs: number;
  /** Versions up to and including this one. */
  readonly versions: number;
  /** On the current version's line of ancestors (main), where the counters form one history. */
  readonly onCurrentLine: boolean;
  readonly dataFiles?: number;
  readonly deleteFiles?: number;
  readonly records?: number;
  readonly bytes?: number;
}

/** One past state file (metadata file, checkpoint …) with its size. */
export interface StatePointDto {
  readonly name: string;
  readonly sequence: number;
  readonly bytes: number;
  readonly lastModified?: number;
}

/** Manifests of one version (formats whose tree has manifest lists). */
export interface ManifestPointDto {
  readonly versionId: string;
  readonly timestampMs: number;
  readonly manifests: number;
  readonly bytes: number;
}

export type RecommendationKind = 'compact-table' | 'compact-partition' | 'rewrite-manifests' | 'expire-snapshots';

/** Something to do about the table, with its reason in numbers and the write that does it. */
export interface RecommendationDto {
  readonly id: string;
  readonly kind: RecommendationKind;
  readonly title: MessageRef;
  readonly reason: MessageRef;
  /** The write, as the model's `prepare()` takes it. */
  readonly action: WriteAction;
  /** True when the table's capabilities offer the action here. */
  readonly available: boolean;
  /** Why not, when unavailable (the capability's reason: read-only storage, not implemented for the format …). */
  readonly unavailableReason?: string;
  /** The same reason as a catalog message where the capability has one, for the reader's language. */
  readonly unavailableReasonMessage?: LakeErrorRef;
}

export interface TableHealthDto {
  /** The version measured; absent for a table without versions. */
  readonly versionId?: string;
  readonly isCurrent: boolean;
  /** True when the version has no data files (or the table no version). */
  readonly empty: boolean;
  readonly rule: SmallFileRuleDto;
  readonly buckets: readonly SizeBucketDto[];
  /** File counts per bucket over all partitions. */
  readonly histogram: readonly number[];
  /** Largest number of small files first, then by name. */
  readonly partitions: readonly PartitionHealthDto[];
  readonly files: FileHealthDto;
  readonly versions: readonly VersionPointDto[];
  readonly states: readonly StatePointDto[];
  /** Undefined when the format keeps no manifest lists. */
  readonly manifests?: readonly ManifestPointDto[];
  readonly recommendations: readonly RecommendationDto[];
  /** How the numbers were made, where the reader should know (sampling, what is not recorded). */
  readonly notes: readonly MessageRef[];
}
