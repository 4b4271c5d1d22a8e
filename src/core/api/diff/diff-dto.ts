/**
 * What a diff of two versions of a table returns (issue 15), in the terms of the common model: plain
 * data that survives structured clone and JSON (64-bit counters as decimal strings). Written once for
 * every format over `LakePlan.files`, `VersionDto` and `SchemaDto`.
 */
import type { Note } from '../../messages/note.ts';
import type { AppliedFileDto, SortOrderDto, PartitionSpecDto, VersionDto, VersionTotalsDto } from '../../formats/table-format.ts';

/** The one set of change types of the model; each format's own names map onto it (see change-type.ts). */
export type ChangeType = 'insert' | 'delete' | 'update-before' | 'update-after';

/** One version as the diff names it. */
export interface DiffVersionDto {
  readonly id: string;
  readonly timestampMs: number;
  readonly operation: string;
  readonly schemaId?: string;
  readonly refs: VersionDto['refs'];
  readonly totals: VersionTotalsDto;
}

/** A data file (or Hudi base/log-only file slice) live in one version and not the other. */
export interface DiffFileDto {
  readonly path: string;
  readonly key: string;
  readonly partition: string;
  readonly records?: string;
  readonly bytes: string;
  readonly fileFormat?: string;
  readonly specId?: string;
  /** Delete files, deletion vectors and log files applied to it in the version it is live in. */
  readonly deletes: readonly AppliedFileDto[];
}

/** A data file live in both versions whose applied deletes / deletion vector / log files differ. */
export interface DeletesChangedDto {
  readonly path: string;
  readonly partition: string;
  /** Applied in `to` and not in `from` (a new delete file or DV, a new log file). */
  readonly added: readonly AppliedFileDto[];
  /** Applied in `from` and not in `to`. */
  readonly removed: readonly AppliedFileDto[];
}

/**
 * Data files removed and added by a rewrite (Iceberg `replace`, Delta OPTIMIZE, Paimon COMPACT, Hudi
 * clustering/compaction): the model shows it as "rewritten" rather than as rows gone and come.
 */
export interface RewriteDto {
  /** Operations of the versions that made it (from the later version back to the earlier, exclusive). */
  readonly operations: readonly string[];
  readonly removedFiles: number;
  readonly addedFiles: number;
  readonly removedRecords?: string;
  readonly addedRecords?: string;
  /**
   * True when the metadata shows the rows did not change (live row totals equal before and after, or
   * the removed and added files hold the same records and no delete file changed); undefined when the
   * metadata cannot tell (e.g. a compaction that also merged by key) — the row diff then answers.
   */
  readonly sameRows?: boolean;
}

/** Files, rows (records before deletes) and bytes one side of a partition gained or lost. */
export interface PartitionSideDto { readonly files: number; readonly records: string; readonly bytes: string }

/** One partition's change between the two versions. */
export interface PartitionChangeDto {
  /** `name=value/…` as in `PlannedFileDto.partition`; '' when unpartitioned. */
  readonly partition: string;
  readonly added: PartitionSideDto;
  readonly removed: PartitionSideDto;
  /** Data files of this partition live in both whose deletes changed. */
  readonly deletesChanged: number;
}

export type FieldChangeKind = 'added' | 'dropped' | 'renamed' | 'type-changed' | 'type-widened' | 'reordered' | 'nullability' | 'doc';

/** One change of a column between the two versions' schemas. */
export interface FieldChangeDto {
  readonly kind: FieldChangeKind;
  /** Field id where the format has ids; absent when matched by name. */
  readonly fieldId?: number;
  /** Dotted path of the column in the earlier schema (absent when added). */
  readonly before?: string;
  /** Dotted path in the later schema (absent when dropped). */
  readonly after?: string;
  /** The old and new type / `required`/`optional` / position / doc, as text. */
  readonly from?: string;
  readonly to?: string;
}

export interface SchemaDiffDto {
  readonly fromSchemaId?: string;
  readonly toSchemaId?: string;
  /** `field-id` when columns were matched by their ids, `name` when the format has no stable ids. */
  readonly matchedBy: 'field-id' | 'name';
  readonly changes: readonly FieldChangeDto[];
}

/** A ref (branch or tag) that points at one of the two versions. */
export interface DiffRefDto { readonly name: string; readonly type: 'branch' | 'tag'; readonly version: string }

/** The metadata-level diff of two versions: no data file is read. */
export interface TableDiffDto {
  readonly format: string;
  readonly from: DiffVersionDto;
  readonly to: DiffVersionDto;
  /** True when `to` comes before `from` in the table's history (a diff backwards). */
  readonly backwards: boolean;
  readonly files: {
    readonly added: readonly DiffFileDto[];
    readonly removed: readonly DiffFileDto[];
    /** Data files live in both with the same deletes applied (never read by the row diff). */
    readonly unchanged: number;
    readonly deletesChanged: readonly DeletesChangedDto[];
  };
  /** Delete files and deletion vectors applied in one version and not the other (Hudi: log files). */
  readonly deleteFiles: { readonly added: readonly AppliedFileDto[]; readonly removed: readonly AppliedFileDto[] };
  readonly rewrite?: RewriteDto;
  readonly schema: SchemaDiffDto;
  /** Partition specs the live files of each version were written with (spec ids), and the specs. */
  readonly partitionSpecs: { readonly from: readonly string[]; readonly to: readonly string[]; readonly specs: readonly PartitionSpecDto[] };
  /** The table's sort orders (the model keeps no sort order per version: the same list for both). */
  readonly sortOrders: readonly SortOrderDto[];
  /**
   * Table properties. The model keeps the properties of the opened state only, so `changed` is empty
   * unless the format records properties per version; `current` is the opened state's.
   */
  readonly properties: { readonly current: Readonly<Record<string, string>>; readonly changed: readonly { key: string; from?: string; to?: string }[] };
  readonly refs: readonly DiffRefDto[];
  readonly partitions: readonly PartitionChangeDto[];
  readonly notes: readonly Note[];
}

/**
 * Where a row of the row diff comes from. `files` are the files of the read task that produced it (one
 * data file for Iceberg and Delta; the files merged together for a Paimon bucket or a Hudi file slice).
 */
export interface RowProvenanceDto {
  /** The version whose read produced the row. */
  readonly version: string;
  readonly files: readonly string[];
  /** Partition of the files (`PlannedFileDto.partition`; '' when unpartitioned). */
  readonly partition: string;
  /**
   * Row position in `files[0]`, where exact: the task reads one file whole with nothing applied (no
   * deletes, no merge), so the n-th row out is the n-th row of the file. Decimal string.
   */
  readonly position?: string;
  /**
   * For a removed row, what removed it where the metadata says: the delete files / deletion vectors
   * newly applied to its data file in the later version, or `fileRemoved` when its data file is gone.
   * For an added row in a file live in both: the log files / deletes that differ (e.g. a Hudi log file).
   */
  readonly via?: readonly AppliedFileDto[];
  /** True when the row's data file is not live in the other version (removed or rewritten). */
  readonly fileGone?: boolean;
}

/** A row of the row diff in canonical form with its provenance. */
export interface DiffRowDto { readonly row: Record<string, unknown>; readonly provenance: RowProvenanceDto }

/** A changed row: the same key with other values. */
export interface ChangedRowDto {
  readonly key: Record<string, unknown>;
  readonly before: DiffRowDto;
  readonly after: DiffRowDto;
  /** Columns whose values differ between before and after (for highlighting and filtering by column). */
  readonly changedColumns: readonly string[];
}

/** The row-level diff. Counts are exact; row lists may stop at `limit` (then `truncated`). */
export interface RowDiffDto {
  readonly from: string;
  readonly to: string;
  /** Columns rows are compared and shown in: those of the later version's schema. */
  readonly columns: readonly string[];
  /** Key columns rows were matched by (empty: whole-row multiset diff, no `changed`). */
  readonly key: readonly string[];
  /** Where the key came from. */
  readonly keySource: 'table' | 'user' | 'none';
  /** True when the two versions' schemas differ and the earlier rows were mapped into the later schema. */
  readonly schemaMapped: boolean;
  readonly counts: { readonly added: number; readonly removed: number; readonly changed: number };
  readonly added: readonly DiffRowDto[];
  readonly removed: readonly DiffRowDto[];
  readonly changed: readonly ChangedRowDto[];
  readonly truncated: boolean;
  /** What was read: tasks and files of each side, and what was skipped as identical. */
  readonly read: { readonly fromTasks: number; readonly toTasks: number; readonly skippedTasks: number; readonly files: readonly string[] };
  readonly notes: readonly Note[];
}

/** One row of a change log. */
export interface ChangeRowDto {
  readonly changeType: ChangeType;
  /** The version that made the change. */
  readonly version: string;
  readonly row: Record<string, unknown>;
  /**
   * Where the row was read: for a format's own log the change file (Paimon changelog file, Delta change
   * data file) and the row's position in it where known; for a derived row the row diff's provenance.
   */
  readonly provenance?: RowProvenanceDto;
}

/** The change log between two versions, begin exclusive and end inclusive. */
export interface ChangeLogDto {
  readonly from: string;
  readonly to: string;
  readonly columns: readonly string[];
  /** `format` when read from the format's own change log (named in `sourceName`), `derived` when computed from the row diff of each step. */
  readonly source: 'format' | 'derived';
  readonly sourceName: string;
  /** The versions after `from` up to `to`, oldest first, that the log covers. */
  readonly versions: readonly string[];
  /**
   * With source `format`: the versions whose rows were derived from the row diff because the format's log
   * does not hold them (a Paimon snapshot without changelog files). Empty when the format's log held all.
   */
  readonly derivedVersions: readonly string[];
  /**
   * Set when inserts are upserts by these key columns (the log has no before images: Paimon
   * `changelog-producer = input`, Hudi's incremental query): an insert replaces the row of its key.
   */
  readonly upsertKey?: readonly string[];
  readonly rows: readonly ChangeRowDto[];
  readonly truncated: boolean;
  readonly notes: readonly Note[];
}
