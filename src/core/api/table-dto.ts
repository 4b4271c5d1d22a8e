/**
 * Plain data shapes of the table explorer's use cases (open a table, explain a scan, page rows, decode a
 * raw file). Like dto.ts: structured-clone and JSON safe, no bigint (64-bit values are decimal strings).
 */
import type { Note } from '../messages/note.ts';
import type { LakeErrorRef } from '../errors.ts';
import type { PartitionSpecDto, PlannedFileDto, SchemaDto, SkipDto, SortOrderDto, TableFactDto, TableStateDto, VersionDto } from '../formats/table-format.ts';
import type { TableFormatName } from './dto.ts';

export type { AppliedFileDto, AppliedFileKind, ColumnDto, DeletedPositionsDto, DeletedPositionsOfFileDto, PartitionFieldDto, PartitionSpecDto, PlannedFileDto, SchemaDto, SkipDto, SortFieldDto, SortOrderDto, TableFactDto, TableStateDto, TreeNode, TreeNodeKind, VersionCountsDto, VersionDto, VersionSelector, VersionTotalsDto } from '../formats/table-format.ts';

/** Everything the table page draws before the user asks for anything specific. */
export interface TableOverviewDto {
  readonly format: TableFormatName;
  /** Table root in the warehouse (prefix ending in '/'). */
  readonly root: string;
  /** Location recorded in the table's metadata. */
  readonly location: string;
  readonly relocatedFrom?: string;
  /** Non-fatal problems met while opening (e.g. a torn newest metadata file that was skipped). */
  readonly warnings?: readonly string[];
  /** The same warnings as catalog messages, in order, when the table gives them (the UI shows these in the reader's language). */
  readonly warningMessages?: readonly LakeErrorRef[];
  /** Why writes are refused, naming the file (the newest metadata/snapshot file cannot be read); absent when they may go ahead. */
  readonly writeRefusal?: string;
  /** The same as a catalog message. */
  readonly writeRefusalMessage?: LakeErrorRef;
  /** Oldest first. */
  readonly versions: readonly VersionDto[];
  readonly schemas: readonly SchemaDto[];
  readonly partitionSpecs: readonly PartitionSpecDto[];
  readonly sortOrders: readonly SortOrderDto[];
  /** Current schema column names, in order. */
  readonly columns: readonly string[];
  /** Storage key (relative to the warehouse) of the state this table reads (e.g. its metadata file), where the format has one. */
  readonly stateKey?: string;
  /** The table's past states (LakeTable.states), oldest first, keys relative to the warehouse; ids as given to open. */
  readonly states: readonly TableStateDto[];
  /** Table properties (Iceberg `properties`, Paimon options …). */
  readonly properties: Readonly<Record<string, string>>;
  /** Names of the metadata tables SQL serves for this table (`"t$snapshots"` …, the format's own included: Delta `log`, Paimon `buckets` …). */
  readonly metadataTables?: readonly string[];
  /** True when the format's model offers incremental reads ("changes since a version", LakeTable.planIncremental). */
  readonly incremental?: boolean;
  /** The format's own version of its metadata (Iceberg format-version 1–3 …). */
  readonly formatVersion?: number;
  /** `specs`: numbered, evolving partition specs (Iceberg); `columns`: a fixed list of partition columns (LakeTable.partitioning). */
  readonly partitioning: 'specs' | 'columns';
  /** The table's defining facts in its format's terms (LakeTable.facts): Paimon's primary key, buckets, merge engine … */
  readonly facts: readonly TableFactDto[];
}

/**
 * A version as the table page's overview carries it: everything but the format's raw summary map, which
 * the page asks for per version when it shows one (the engine's `versionSummary`). The summaries were a
 * third of a 10,000-version overview's 4.4 MB, stringified in the worker and parsed on the page before
 * the timeline could paint (issue 17).
 */
export type OverviewVersionDto = Omit<VersionDto, 'summary'>;

/** {@link TableOverviewDto} as the engine worker sends it to the page: its versions without their summary maps. */
export interface PageOverviewDto extends Omit<TableOverviewDto, 'versions'> {
  /** Oldest first. */
  readonly versions: readonly OverviewVersionDto[];
}

/** A scan plan as the explain view shows it. */
export interface ScanExplainDto {
  readonly versionId: string;
  readonly columns: readonly string[];
  /** The filter as understood (normalised text), when one was given. */
  readonly filter?: string;
  readonly files: readonly PlannedFileDto[];
  /** True when `files` was cut at the limit asked for. */
  readonly filesTruncated: boolean;
  readonly skipped: readonly SkipDto[];
  readonly skippedTruncated: boolean;
  readonly counts: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly notes: readonly Note[];
  readonly elapsedMs: number;
}

/** What kind of column a grid shows (numbers right-aligned). */
export type ColumnKind = 'number' | 'text' | 'boolean' | 'time' | 'binary' | 'nested';

export interface GridColumnDto {
  readonly name: string;
  /** Arrow type as text, e.g. `Int64`, `Timestamp<MICROSECOND, UTC>`. */
  readonly type: string;
  readonly kind: ColumnKind;
}

/** A read cursor over one scan, opened in the worker; pages are read on demand. */
export interface RowCursorDto {
  readonly cursorId: string;
  readonly versionId: string;
  readonly columns: readonly string[];
  readonly filter?: string;
  /** Files the plan reads, and rows they hold before deletes/filters (an upper bound of the row count). */
  readonly plannedFiles: number;
  readonly plannedRecords?: string;
  readonly notes: readonly Note[];
}

/** One page of rows in the canonical form of fixtures/expected (JSON values). */
export interface RowPageDto {
  readonly offset: number;
  readonly rows: readonly Record<string, unknown>[];
  readonly columns: readonly GridColumnDto[];
  /** Rows read so far by the cursor. */
  readonly rowsRead: number;
  /** True when the scan is finished: `rowsRead` is then the exact row count. */
  readonly done: boolean;
  /** Set when the cursor stopped keeping rows (memory bound); rows past it need a narrower scan. */
  readonly cappedAt?: number;
  readonly filesRead: number;
  readonly bytesRead?: number;
  /** {@link LakeTable.readWarnings} of the table so far (damage the read stepped over), when there is any. */
  readonly readWarnings?: readonly string[];
  /** The same as catalog messages, in order. */
  readonly readWarningMessages?: readonly LakeErrorRef[];
}

/** How a raw file was recognised. */
export type RawFileKind = 'json' | 'avro' | 'puffin' | 'parquet' | 'orc' | 'text' | 'binary';

/** One Avro record (or JSON value) as display JSON: bigints as strings, bytes as `0x…` hex. */
export type DisplayValue = null | boolean | number | string | DisplayValue[] | { [key: string]: DisplayValue };

/** A decoded raw file for the Raw view. */
export interface RawFileDto {
  readonly key: string;
  readonly size: number;
  readonly kind: RawFileKind;
  /** What the bytes are, in the table's terms (e.g. `iceberg-manifest`, `iceberg-manifest-list`, `iceberg-metadata`). */
  readonly role?: string;
  /** JSON: the parsed document (64-bit integers exact, as strings). */
  readonly json?: DisplayValue;
  /** Avro: header metadata (schema JSON text, format-version, partition-spec …). */
  readonly avroMetadata?: Readonly<Record<string, string>>;
  readonly avroSchema?: DisplayValue;
  /** Avro: the records of [offset, offset + records.length). */
  readonly records?: readonly DisplayValue[];
  readonly recordOffset?: number;
  readonly totalRecords?: number;
  /** Puffin, Parquet or ORC footer as display JSON (ORC: postscript, footer, stripe footers). */
  readonly footer?: DisplayValue;
  /** Text files (and a text preview of unknown files). */
  readonly text?: string;
  /** Hex dump of the first bytes of a binary file. */
  readonly hex?: string;
  readonly truncated: boolean;
}

/** Files, rows and bytes per partition of one version. */
export interface PartitionStatDto {
  readonly specId: string;
  /** `name=value/…` as written by the format (values formatted for people); `(unpartitioned)` for the empty one. */
  readonly partition: string;
  /** True for the one partition of an unpartitioned spec (the page names it in the reader's language). */
  readonly unpartitioned?: boolean;
  readonly values: Readonly<Record<string, string | null>>;
  readonly dataFiles: number;
  readonly records: number;
  readonly bytes: number;
  readonly deleteFiles: number;
}

export interface PartitionStatsDto {
  readonly versionId: string;
  readonly partitions: readonly PartitionStatDto[];
  readonly source: string;
}
