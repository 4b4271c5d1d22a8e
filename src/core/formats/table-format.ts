/**
 * The common table model every format maps onto (DESIGN.md "The common table model"), so the UI and CLI
 * draw any table without knowing its format. Everything a method returns is plain data that survives
 * structured clone (64-bit ids and counters are decimal strings here), except `read`, which yields
 * Arrow record batches.
 */
import type { RecordBatch } from 'apache-arrow';
import type { Expr } from '../expr/expr.ts';
import type { Storage } from '../io/storage.ts';
import type { CapabilityOptions, PreparedChange, WriteAction, WriteCapability } from '../commit/write-action.ts';

/** A row count from a format's own metadata (no data read), and what it counts. */
export interface RecordCountDto {
  /** Decimal string. */
  readonly count: string;
  /** True when `count` is exactly the rows a scan of this version returns. */
  readonly live: boolean;
  /** When not live, what the count is before, as a label: `before deletes`, `before merging by primary key`… */
  readonly basis?: string;
}

/** One version of a table: an Iceberg/Paimon snapshot, a Delta version, a Hudi instant. */
export interface VersionDto {
  /** Snapshot id / version number / instant time, as a string. */
  readonly id: string;
  readonly parentId?: string;
  readonly timestampMs: number;
  /** e.g. append, overwrite, delete, replace (Iceberg); WRITE, DELETE (Delta); … */
  readonly operation: string;
  /** Summary counters and properties as the format records them (all strings). */
  readonly summary: Readonly<Record<string, string>>;
  /** The version's row count as its metadata records it, and whether that is the live count. */
  readonly records?: RecordCountDto;
  readonly schemaId?: string;
  readonly sequenceNumber?: string;
  /** Branches and tags pointing at this version. */
  readonly refs: readonly { readonly name: string; readonly type: 'branch' | 'tag' }[];
  readonly isCurrent: boolean;
}

/** A column of a schema; nested types have children (struct fields, list element, map key/value). */
export interface ColumnDto {
  readonly id: number;
  readonly name: string;
  /** The format's own type name, e.g. `decimal(10,2)`, `list<string>`. */
  readonly type: string;
  readonly required: boolean;
  readonly doc?: string;
  readonly initialDefault?: string;
  readonly writeDefault?: string;
  readonly children?: readonly ColumnDto[];
}

export interface SchemaDto {
  readonly schemaId: string;
  readonly columns: readonly ColumnDto[];
  readonly identifierFieldIds: readonly number[];
  readonly isCurrent: boolean;
}

export interface PartitionFieldDto {
  readonly name: string;
  readonly fieldId?: number;
  readonly sourceIds: readonly number[];
  /** Source column names in the current schema ('?' when no longer present). */
  readonly sourceNames: readonly string[];
  readonly transform: string;
}

export interface PartitionSpecDto {
  readonly specId: string;
  readonly fields: readonly PartitionFieldDto[];
  readonly isDefault: boolean;
}

export interface SortFieldDto {
  readonly sourceIds: readonly number[];
  readonly sourceNames: readonly string[];
  readonly transform: string;
  readonly direction: 'asc' | 'desc';
  readonly nullOrder: 'nulls-first' | 'nulls-last';
}

export interface SortOrderDto {
  readonly orderId: string;
  readonly fields: readonly SortFieldDto[];
  readonly isDefault: boolean;
}

/** Typed nodes of the metadata tree; formats use the subset they have. */
export type TreeNodeKind =
  | 'table' | 'metadata-file' | 'snapshot' | 'manifest-list' | 'manifest' | 'data-file' | 'delete-file'
  | 'deletion-vector' | 'statistics-file' | 'checkpoint' | 'commit' | 'lsm-level' | 'file-slice' | 'log-file';

/** One node of the metadata tree, expanded lazily with `tree(version, node.id)`. */
export interface TreeNode {
  /** Opaque id to pass back to expand this node. */
  readonly id: string;
  readonly kind: TreeNodeKind;
  readonly label: string;
  /** Storage key of the node's bytes, when it is a file (or part of one, with `range`). */
  readonly location?: string;
  /** The location as written in the table's metadata (may differ from `location` for moved tables). */
  readonly path?: string;
  readonly range?: { readonly offset: number; readonly length: number };
  readonly size?: number;
  /** One or two sentences for teaching: what this is and why it is here. */
  readonly explanation: string;
  readonly details?: Readonly<Record<string, string | number | boolean | null>>;
  readonly hasChildren: boolean;
}

/** Which version a request reads: the current one by default. */
export interface VersionSelector {
  /** An id or a branch/tag name (an id wins over a same-named tag, as in Spark). */
  readonly version?: string;
  /** Time travel: the version current at this time (ms since epoch). */
  readonly asOfTimestampMs?: number;
}

export interface ScanRequest extends VersionSelector {
  /** A predicate, or `--where` text. */
  readonly filter?: Expr | string;
  /** Top-level column names, in output order (all when absent). */
  readonly columns?: readonly string[];
  readonly limit?: number;
  readonly signal?: AbortSignal;
}

/** Why one manifest/file/row group was not read. */
export interface SkipDto {
  readonly step: string;
  readonly kind: string;
  readonly path: string;
  readonly rowGroup?: number;
  readonly reason: string;
}

/** A planned scan: format-specific serialisable tasks plus the record of what was skipped. */
export interface LakePlan<Task = unknown> {
  readonly versionId: string;
  readonly columns: readonly string[];
  readonly tasks: readonly Task[];
  readonly skipped: readonly SkipDto[];
  /** Counters per step (e.g. manifests total/read/skipped). */
  readonly counts: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Notes for the user (how the version was chosen, ambiguities). */
  readonly notes: readonly string[];
}

/** An opened table of any format. */
export interface LakeTable<Task = unknown> {
  readonly format: string;
  /** The table location recorded in its metadata. */
  readonly location: string;
  /** Set when the table is read from another place than its recorded location (paths re-rooted). */
  readonly relocatedFrom?: string;
  /**
   * What opening had to work around without failing, one sentence each, for the UI to show beside the
   * table (e.g. Iceberg: a stale version hint, newer metadata files skipped because they are torn or
   * unparseable). Empty or absent when the table opened cleanly. Must never hold a reason the table is
   * unreadable (that is an error) nor secrets (URLs with signatures). Fixed for the life of the object:
   * reopening the table gives a new list.
   */
  readonly warnings?: readonly string[];
  /**
   * Why writes are refused on this table as opened, naming the file — set while the newest version file
   * (Iceberg metadata file, Paimon snapshot or LATEST hint) cannot be read: reads fall back to the newest
   * readable version (and `warnings` says so), but a commit built on it would drop the unreadable one.
   * Absent when writes may go ahead. The write path checks again itself; this is for showing the reason.
   */
  readonly writeRefusal?: string;
  /** Versions, oldest first. */
  versions(signal?: AbortSignal): Promise<VersionDto[]>;
  schemas(signal?: AbortSignal): Promise<SchemaDto[]>;
  partitionSpecs(signal?: AbortSignal): Promise<PartitionSpecDto[]>;
  sortOrders(signal?: AbortSignal): Promise<SortOrderDto[]>;
  /** Column names of the current schema, in order. */
  columnNames(): string[];
  plan(scan: ScanRequest): Promise<LakePlan<Task>>;
  /** Arrow batches of one task (never assume one file = one batch). */
  read(task: Task, options?: { signal?: AbortSignal }): AsyncIterable<RecordBatch>;
  /** Children of a tree node (the roots when `nodeId` is absent), for a version (current by default). */
  tree(version?: VersionSelector, nodeId?: string, signal?: AbortSignal): Promise<TreeNode[]>;
  /** Later issues: files/rows/schema changes between two versions. Not implemented yet by any format. */
  diff?(a: VersionSelector, b: VersionSelector, signal?: AbortSignal): Promise<unknown>;
  /**
   * The write actions this table offers on `version` (a version id; the current one when absent), each
   * with the reason when unavailable (read-only storage, `writeRefusal`, not supported by the format).
   * A format without writes leaves it out; core/api `writeCapabilities` then reports every action
   * unavailable, saying so. Never throws for a read-only storage: that is a reason, not an error.
   */
  capabilities?(version?: string, options?: CapabilityOptions): Promise<WriteCapability[]>;
  /**
   * Prepares a write: reads the table's current state and returns the preview with `apply()`, which
   * commits exactly that (Conflict when the table moved on). An action the format does not offer is
   * Unsupported; a refused write (read-only storage, unreadable newest version file) throws before
   * anything is written.
   */
  prepare?(action: WriteAction, options?: { signal?: AbortSignal }): Promise<PreparedChange>;
}

export interface OpenOptions {
  readonly signal?: AbortSignal;
  /** Open this metadata file (a past state) instead of the current one, where the format has such files. */
  readonly metadataPath?: string;
}

/** A table format: recognising a table root and opening it. `storage` is rooted at the table root. */
export interface TableFormat<Task = unknown> {
  readonly name: string;
  /** True when the storage root holds a table of this format (cheap: a listing or one small read). */
  detect(storage: Storage, signal?: AbortSignal): Promise<boolean>;
  open(storage: Storage, options?: OpenOptions): Promise<LakeTable<Task>>;
}
