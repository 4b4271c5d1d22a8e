/**
 * The common table model every format maps onto (DESIGN.md "The common table model"), so the UI and CLI
 * draw any table without knowing its format. Everything a method returns is plain data that survives
 * structured clone (64-bit ids and counters are decimal strings here), except `read`, which yields
 * Arrow record batches.
 */
import type { EarlyOutline, OutlineVersion } from './outline-version.ts';
import type { DeletedPositionsDto } from './deleted-positions-dto.ts';
import type { Note } from '../messages/note.ts';
import type { EngineSql } from '../commit/engine-sql.ts';
import type { MessageRef } from '../messages/en.ts';
import type { LakeErrorRef } from '../errors.ts';
import type { RecordBatch, Table } from 'apache-arrow';
import type { Expr } from '../expr/expr.ts';
import type { Storage } from '../io/storage.ts';
import type { CapabilityOptions, NewTableSpec, PreparedChange, WriteAction, WriteCapability } from '../commit/write-action.ts';

/** A row count from a format's own metadata (no data read), and what it counts. */
export interface RecordCountDto {
  /** Decimal string. */
  readonly count: string;
  /** True when `count` is exactly the rows a scan of this version returns. */
  readonly live: boolean;
  /** When not live, what the count is before, as a label: `before deletes`, `before merging by primary key`… */
  readonly basis?: string;
}

/** Counters of a version's change, as decimal strings; each absent where the format does not record it. */
export interface VersionCountsDto {
  readonly records?: string;
  readonly dataFiles?: string;
  readonly deleteFiles?: string;
  readonly bytes?: string;
}

/**
 * A version's counters in the same terms for every format (the raw `summary` stays beside them). Each
 * member is absent where the format's metadata does not record it, never guessed: `records` says what it
 * counts (live rows, or rows before deletes / before merging by key), `bytes` is the size of the live data
 * and delete files, `added`/`removed` what the commit itself added and removed.
 */
export interface VersionTotalsDto {
  readonly records?: RecordCountDto;
  readonly dataFiles?: string;
  readonly deleteFiles?: string;
  readonly bytes?: string;
  readonly added?: VersionCountsDto;
  readonly removed?: VersionCountsDto;
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
  /** Normalised counters (rows and what they count, files, bytes, added/removed), filled by every format. */
  readonly totals: VersionTotalsDto;
  readonly schemaId?: string;
  readonly sequenceNumber?: string;
  /** Branches and tags pointing at this version. */
  readonly refs: readonly { readonly name: string; readonly type: 'branch' | 'tag' }[];
  readonly isCurrent: boolean;
}

/**
 * A column of a schema; nested types have children (struct fields, list element, map key/value). `id`
 * is the format's own field id (Iceberg and Paimon field ids, Delta column-mapping ids) and is absent
 * where the format has none (Delta without column mapping, Hudi): never a made-up position, so readers
 * match columns by name then.
 */
export interface ColumnDto {
  readonly id?: number;
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
  /**
   * True when the column ids are positions made up by the reader, not ids the format keeps across
   * schema changes (Delta without column mapping, Hudi): columns of two schemas are then matched by name.
   */
  readonly idsArePositions?: boolean;
  /** The table's key by column name where the columns carry no ids (Hudi's record key); else absent. */
  readonly keyColumns?: readonly string[];
}

export interface PartitionFieldDto {
  readonly name: string;
  /** The partition field's own id (Iceberg), where the format has one. */
  readonly fieldId?: number;
  /** Field ids of the source columns; empty where the format has no field ids (match by `sourceNames`). */
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
  /** What the node is called: a file name, an action, or words (English; the UI shows `labelMessage` when there is one). */
  readonly label: string;
  /** The label as a catalog message, for a label that is words rather than a name (e.g. Delta's "deletion vector (3 rows deleted, inline)"). */
  readonly labelMessage?: MessageRef;
  /** Storage key of the node's bytes, when it is a file (or part of one, with `range`). */
  readonly location?: string;
  /** The location as written in the table's metadata (may differ from `location` for moved tables). */
  readonly path?: string;
  readonly range?: { readonly offset: number; readonly length: number };
  readonly size?: number;
  /**
   * One or two sentences for teaching (English): what this is and why it is here. For the CLI; the UI renders
   * `message`, and the engine worker's answer to the page leaves this empty where `message` is set (issue 17).
   */
  readonly explanation: string;
  /** The same explanation as a catalog key and parameters, so it shows in the reader's language (core/messages). */
  readonly message?: MessageRef;
  readonly details?: Readonly<Record<string, string | number | boolean | null>>;
  readonly hasChildren: boolean;
}

/**
 * One fact about a table in its format's own terms (Paimon's primary key and bucket count, Delta's
 * protocol, Hudi's table type and record key), for the overview. Plain data; the label is a catalog
 * message so it shows in the reader's language, the value is as the format writes it.
 */
export interface TableFactDto {
  /** Stable id (`primary-key`, `buckets` …). */
  readonly id: string;
  readonly label: MessageRef;
  readonly value: string;
  /** The value as a catalog message when it is words, not the table's own (`none (unpartitioned)`). */
  readonly valueMessage?: MessageRef;
  /** True when the value is the format's default (the option is not set on the table). */
  readonly isDefault?: boolean;
  /** The table property or option the value comes from, where there is one (`bucket`, `delta.enableDeletionVectors`). */
  readonly option?: string;
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

declare const scanTaskBrand: unique symbol;

/**
 * A planned unit of reading, opaque outside its format: only the format that planned it looks inside
 * (its `plan()` hands out its own task objects as `ScanTask`, its `read()` takes them back). Everything
 * else — explain, partition statistics, the UI, the CLI — reads {@link LakePlan.files}. The brand makes
 * `tsc` reject a field read such as `task.path` anywhere a task is held as a `ScanTask`.
 */
export interface ScanTask {
  readonly [scanTaskBrand]: 'ScanTask';
}

/** What a file applied to a planned file is: a delete file, a deletion vector, or a log file merged into it. */
export type AppliedFileKind = 'position-deletes' | 'equality-deletes' | 'deletion-vector' | 'log-file';

/** A delete file, deletion vector or log file applied to a planned file. 64-bit values as decimal strings. */
export interface AppliedFileDto {
  readonly kind: AppliedFileKind;
  /** As written in the table's metadata. */
  readonly path: string;
  /** Storage key relative to the table root, where known. */
  readonly key?: string;
  /** Rows the file holds (delete files, log files) or marks deleted (deletion vectors), where known. */
  readonly records?: string;
  /** Bytes of the file (for a deletion vector stored among others, of its blob), where known. */
  readonly bytes?: string;
}

/**
 * One file a planned scan reads, in the common terms of every format (DESIGN.md "The common table model"):
 * plain data, structured-clone and JSON safe (64-bit values as decimal strings). A format with split
 * tasks (several files read together) lists each file; `task` says which task reads it.
 */
export interface PlannedFileDto {
  /** As written in the table's metadata (Iceberg/Delta: the path or URI; Paimon/Hudi: relative to the root). */
  readonly path: string;
  /** Storage key relative to the table root (the warehouse root in core/api's explain). */
  readonly key: string;
  /** `data` for a data/base file; `log` for a Hudi file slice without a base file (its first log file). */
  readonly content: 'data' | 'log';
  /** File format (`parquet`, `orc`, `avro`), where the metadata says or the name shows. */
  readonly fileFormat?: string;
  /** Partition in human form, `name=value/…` (values as the format writes them in paths); '' when unpartitioned. */
  readonly partition: string;
  /** The partition's values by field name (null for a null value). */
  readonly partitionValues?: Readonly<Record<string, string | null>>;
  /** Partition spec the file was written with (Iceberg). */
  readonly specId?: string;
  /** Rows in the file before deletes, decimal string, where the metadata records it. */
  readonly records?: string;
  /** Bytes of the file, decimal string. */
  readonly bytes: string;
  /** Delete files, deletion vectors and log files applied when reading it. */
  readonly deletes: readonly AppliedFileDto[];
  /** Parquet row groups or ORC stripes to read (ascending); absent = all. */
  readonly rowGroups?: readonly number[];
  /** The filter still applied to its rows after pruning, as text; absent = all rows. */
  readonly residual?: string;
  /** Index in {@link LakePlan.tasks} of the task that reads it. */
  readonly task: number;
}

/**
 * A planned scan: tasks (opaque outside the format; give them back to `read`), one plain record per
 * planned file, and the record of what was skipped. Formats use `LakePlan<TheirTask>` inside.
 */
export interface LakePlan<Task = ScanTask> {
  readonly versionId: string;
  readonly columns: readonly string[];
  readonly tasks: readonly Task[];
  /** Every file the tasks read, in task order: the only view of a plan outside its format. */
  readonly files: readonly PlannedFileDto[];
  readonly skipped: readonly SkipDto[];
  /** Counters per step (e.g. manifests total/read/skipped). */
  readonly counts: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Notes for the user (how the version was chosen, ambiguities). */
  readonly notes: readonly Note[];
}

/**
 * A past state of a table as the format keeps it in one file: an Iceberg metadata file, a Delta
 * checkpoint, a Paimon snapshot file, a Hudi completed instant. Opening the table with `state: id`
 * reads it as it was then (where the format can; else that open is LakeError Unsupported).
 */
export interface TableStateDto {
  /** Opaque id to pass back as {@link OpenOptions.state}. */
  readonly id: string;
  readonly kind: 'metadata-file' | 'checkpoint' | 'snapshot' | 'instant';
  /** Storage key of the file, relative to the table root. */
  readonly key: string;
  /** The file name, for people. */
  readonly name: string;
  /** The version the state holds, when the file name says it (Delta checkpoint version, Paimon snapshot id, Hudi instant). */
  readonly version?: string;
  /** Position in the format's own sequence of such files (N of Iceberg `vN.metadata.json`), when it has one. */
  readonly sequence?: number;
  readonly size?: number;
  readonly lastModified?: number;
  /** True for the state this object reads. */
  readonly isCurrent: boolean;
}

export type { ChangeLogType, ChangeLogOrigin, ChangeLogBatch, ChangeLogSource } from './change-log.ts';
import type { ChangeLogSource } from './change-log.ts';

/** An opened table of any format. */
export interface LakeTable {
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
  /** The same warnings as catalog messages, in order, where the format has them (for the reader's language). */
  readonly warningMessages?: readonly LakeErrorRef[];
  /**
   * Damage that reads of this object have stepped over without failing, one sentence each naming the file and
   * the place, appended as reads meet it (Hudi: a corrupt or torn log block, skipped as Hudi's own reader skips
   * it). The rows are then the format's own answer, but the reader must be told: the CLI prints these to
   * stderr after a read, the Data and Query tabs show them. Never holds a reason a read failed (that is an error).
   */
  readonly readWarnings?: readonly string[];
  /** The same as catalog messages, in order (for the reader's language). */
  readonly readWarningMessages?: readonly LakeErrorRef[];
  /**
   * Why writes are refused on this table as opened, naming the file — set while the newest version file
   * (Iceberg metadata file, Paimon snapshot or LATEST hint) cannot be read: reads fall back to the newest
   * readable version (and `warnings` says so), but a commit built on it would drop the unreadable one.
   * Absent when writes may go ahead. The write path checks again itself; this is for showing the reason.
   */
  readonly writeRefusal?: string;
  /** The same as a catalog message (for the reader's language). */
  readonly writeRefusalMessage?: LakeErrorRef;
  /** Table properties as the format records them (Iceberg `properties`, Paimon options, Delta configuration …). */
  readonly properties?: Readonly<Record<string, string>>;
  /** The format's own version of its metadata (Iceberg format-version, Hudi table version …), when it has one. */
  readonly formatVersion?: number;
  /**
   * How the format keeps its partitioning: `specs` — numbered partition specs with transforms that evolve
   * (Iceberg); `columns` (the default) — one fixed list of partition columns (Paimon's partition keys,
   * Delta's partition columns, Hudi's partition fields). The UI words and draws the Partitions tab by it.
   */
  readonly partitioning?: 'specs' | 'columns';
  /** The table's defining facts in the format's own terms (empty or absent where the common model says it all). Never throws. */
  readonly facts?: readonly TableFactDto[];
  /**
   * A table object reading what is current now (after a commit, or to see other writers), sharing what
   * this one cached of immutable files; this object keeps reading what it read. May return this very
   * object when nothing changed. A format without it is re-opened through its TableFormat instead
   * (core/api `refreshTable`).
   */
  refresh?(signal?: AbortSignal): Promise<LakeTable>;
  /** Versions, oldest first. */
  versions(signal?: AbortSignal): Promise<VersionDto[]>;
  /** The table's past states as the format keeps them in files, oldest first (empty where it keeps none). */
  states(signal?: AbortSignal): Promise<TableStateDto[]>;
  schemas(signal?: AbortSignal): Promise<SchemaDto[]>;
  partitionSpecs(signal?: AbortSignal): Promise<PartitionSpecDto[]>;
  sortOrders(signal?: AbortSignal): Promise<SortOrderDto[]>;
  /** Column names of the current schema, in order. */
  columnNames(): string[];
  plan(scan: ScanRequest): Promise<LakePlan>;
  /**
   * Optional: {@link plan}, telling `onTasks` runs of tasks as soon as they are final, in plan order — the
   * n-th task told is `tasks[n]` of the plan returned, with its planned bytes (the sum of its planned
   * files' `bytes`) — so reading can start before planning ends (core/api read-scan.ts). Returns what `plan`
   * returns, and fails where it fails. A format may tell some tasks early, or none (e.g. where deletes or a
   * limit need the whole plan first).
   */
  planEarly?(scan: ScanRequest, onTasks: (tasks: readonly ScanTask[], bytes: readonly number[]) => void): Promise<LakePlan>;
  /** Arrow batches of one task of a plan of this table (never assume one file = one batch). */
  read(task: ScanTask, options?: { signal?: AbortSignal }): AsyncIterable<RecordBatch>;
  /** Children of a tree node (the roots when `nodeId` is absent), for a version (current by default). */
  tree(version?: VersionSelector, nodeId?: string, signal?: AbortSignal): Promise<TreeNode[]>;
  /**
   * The format's own change log between two versions, `from` exclusive and `to` inclusive (version ids
   * as in {@link versions}, `from` before `to`): Delta's change data feed, Paimon's changelog files, Hudi's
   * incremental query. Optional: a format without one leaves it out, and returns undefined for a range its
   * log does not cover at all (versions it covers only in part go in {@link ChangeLogSource.derive});
   * core/api `changes` then derives the log from the row diff of each step. The diff itself is written once in core/api over
   * {@link LakePlan.files} (no format method).
   */
  changeLog?(from: string, to: string, options?: { signal?: AbortSignal }): Promise<ChangeLogSource | undefined>;
  /**
   * The format's own incremental query, for formats whose model offers one (Hudi): a plan whose tasks read
   * only the records written after version `since` (exclusive) up to `scan.version` (inclusive; the current
   * one when absent), latest values, through {@link read}. Absent where the format has none.
   */
  planIncremental?(since: string, scan: ScanRequest): Promise<LakePlan>;
  /**
   * The (data file, position) pairs a tree node of kind `delete-file` or `deletion-vector` deletes (as
   * `tree` returned it, for the same version). Must hold: positions ascending, at most `limit` per data
   * file with `count` the full number; a node that deletes by position nothing (equality deletes, a
   * statistics file) is LakeError Unsupported saying so. A format without position deletes leaves it out.
   */
  deletedPositions?(version: VersionSelector, node: TreeNode, options?: { limit?: number; signal?: AbortSignal }): Promise<DeletedPositionsDto>;
  /**
   * Names of the format's own metadata tables that {@link inspect} serves (Iceberg: `snapshots`, `files`
   * with per-column counts and bounds, `manifests`, `entries` …). Absent where the format has none; the
   * SQL metadata tables then come from the model alone (core/api/sql/metadata-tables.ts).
   */
  readonly inspectTables?: readonly string[];
  /** One of {@link inspectTables} as Arrow, at a version (current by default). NotFound for another name. */
  inspect?(name: string, options?: VersionSelector & { signal?: AbortSignal }): Promise<Table>;
  /** Reserved; no format implements it: writes go through each format's commit/ adapters (the writes model). */
  commit?(ops: readonly unknown[], signal?: AbortSignal): Promise<unknown>;
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
  /**
   * The statements a cluster engine runs for `action` on this table (Spark procedures, Delta SQL …), filled
   * in from the table's own facts (name from its location, target file size from its properties); undefined
   * where the engine has no equivalent. Pure: reads nothing. core/api offers it instead of running a rewrite
   * over the browser's budget.
   */
  engineSql?(action: WriteAction): EngineSql | undefined;
}

export interface OpenOptions {
  readonly signal?: AbortSignal;
  /** Open this past state (an id from {@link LakeTable.states}) instead of the current one. */
  readonly state?: string;
  /**
   * Called, where the format can cheaply, with the history's outline once its metadata arrived, before the
   * exact parse (issue 17). Must hold: the same times, operations and current flag `versions()` gives for the
   * metadata being read; it may be of a file the open then passes over (a torn newest one). A promise it
   * returns holds the exact parse until it settles (a rejection fails the open): the page paints first.
   */
  readonly onOutline?: (versions: readonly OutlineVersion[]) => void | Promise<void>;
}


/** A table format: recognising a table root and opening it. `storage` is rooted at the table root. */
export interface TableFormat {
  readonly name: string;
  /** True when the storage root holds a table of this format (cheap: a listing or one small read). */
  detect(storage: Storage, signal?: AbortSignal): Promise<boolean>;
  open(storage: Storage, options?: OpenOptions): Promise<LakeTable>;
  /**
   * Prepares creating a new, empty table of this format at the root of `storage`: the preview names what
   * version 0 writes; `apply()` creates it only if absent. Must hold: a table already there → Conflict; a
   * bad column type or partition column → an error before anything is written. A format Lakescope cannot
   * create tables of leaves it out (core/api `prepareCreateTable` then says so).
   */
  prepareCreate?(storage: Storage, spec: NewTableSpec, options?: { signal?: AbortSignal }): Promise<PreparedChange>;
  /**
   * Starts the whole-object reads `open` makes first that need no listing, on a storage rooted at the table
   * whose listing may not be ready yet, and hands each to `offer` (key relative to the root) for the storage
   * `open` will use (core/api/open-prefetch.ts, issue 17). Resolves once every read it will make has been
   * offered. With `outline`, a format that draws one from its first reads (OpenOptions.onOutline) hands it to
   * `outline.send` once they arrive, if `outline.wanted()` still says so. Must hold: never throws or rejects;
   * reads only what `open` would read; no read outlives `signal`; the outline is the one `open` would give for
   * the same reads.
   */
  prefetchOpen?(storage: Storage, offer: (key: string, bytes: Promise<Uint8Array>) => void, signal: AbortSignal, outline?: EarlyOutline): Promise<void>;
}

export type { EarlyOutline, OutlineVersion } from './outline-version.ts';
export type { DeletedPositionsDto, DeletedPositionsOfFileDto } from './deleted-positions-dto.ts';
