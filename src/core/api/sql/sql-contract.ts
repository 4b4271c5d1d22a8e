/**
 * The SQL query contract (issue 16) between the Query tab (through the worker) or the CLI and the SQL
 * use case in core/api/sql. Everything here is plain data that survives structured clone and JSON: no
 * bigint (64-bit values as decimal strings), no classes. Stable: fields are added, never renamed.
 *
 * Syntax the query may use beyond the engine's SQL (see sql-syntax.md in this folder and the README):
 * `FROM <table> [FOR VERSION AS OF <id> | FOR VERSION AS OF '<tag or branch>' | FOR TIMESTAMP AS OF
 * '<time>' | CHANGES BETWEEN <a> AND <b>]`, metadata tables `"<table>$snapshots"` …, and `EXPLAIN <query>`.
 */
import type { Note } from '../../messages/note.ts';
import type { LakeErrorRef } from '../../errors.ts';
import type { TableFormatName } from '../dto.ts';
import type { DisplayValue } from '../table-dto.ts';

/** A table a query may name, and where it is. */
export interface SqlTableDto {
  /** The name used in the query: the table's path in the warehouse (no trailing '/'), or an alias like `t`. */
  readonly name: string;
  /** Table root: a storage prefix ending in '/' ('' = the storage root itself). */
  readonly root: string;
  readonly format: TableFormatName;
}

/** A query to run or explain. */
export interface SqlRequest {
  /** The SQL text (may start with `EXPLAIN`). */
  readonly query: string;
  /**
   * Tables the query may name. Names not listed are looked up as paths in the warehouse (the folder is
   * detected as a table). The page passes the tables it has found; the CLI passes `t` and the folder name.
   */
  readonly tables?: readonly SqlTableDto[];
  /** Most result rows returned (default 10,000); `truncated` says when more exist. */
  readonly maxRows?: number;
  /**
   * Refuse (LakeError Conflict, context `bytesToFetch`) before reading when the plans would fetch more
   * than this many bytes; absent = no limit. The page first calls explain, asks the user, then runs
   * with the figure it was shown.
   */
  readonly maxBytes?: number;
}

/** A result column's kind, for the grid's alignment and the chart (a time or category column and a numeric one). */
export type SqlColumnKind = 'number' | 'bigint' | 'decimal' | 'string' | 'boolean' | 'date' | 'timestamp' | 'binary' | 'json' | 'null';

export interface SqlColumnDto {
  readonly name: string;
  /** Guessed from the values (every non-null value of the column has this kind; `json` when mixed or nested). */
  readonly kind: SqlColumnKind;
}

/** One table (at one version, or one change range, or one metadata table) a query reads, and what its plan pruned. */
export interface SqlScanDto {
  /** The table reference as written in the query, e.g. `orders FOR VERSION AS OF 3`. */
  readonly ref: string;
  /** The relation name it was replaced by in the engine's query. */
  readonly relation: string;
  /** The table's name (path) and root. */
  readonly table: string;
  readonly root: string;
  readonly format: TableFormatName;
  /** `data` (rows of a version), `changes` (CHANGES BETWEEN), `metadata` (`$snapshots` …). */
  readonly kind: 'data' | 'changes' | 'metadata';
  /** The version read (for `changes`, the end version; for metadata the current one). */
  readonly version?: string;
  /** For `changes`: the begin version (exclusive). */
  readonly fromVersion?: string;
  /** For metadata tables: which one (`snapshots`, `files` …). */
  readonly metadataTable?: string;
  /** Columns pushed into the plan (projection); all the table's when absent. */
  readonly columns?: readonly string[];
  /** The predicate pushed into the plan, as text; absent when none could be. */
  readonly filter?: string;
  /** Plan counters per step as the format reports them (e.g. `manifests: {total, read, skipped}`). */
  readonly counts: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Files to read and skipped, row groups to read and skipped (where the plan knows them). */
  readonly filesPlanned: number;
  readonly filesSkipped: number;
  readonly rowGroupsPlanned?: number;
  readonly rowGroupsSkipped?: number;
  /** Bytes of the planned files (what a run fetches at most for this table). */
  readonly bytesToFetch: number;
  /** After a run: bytes actually fetched for this table's data, where counted. */
  readonly bytesFetched?: number;
  /** After a run: rows read from the table (after pushdown). */
  readonly rowsRead?: number;
  readonly notes: readonly Note[];
}

/**
 * Which executor runs (or ran) a query: `columnar` — our own over the Arrow batches, for a query over one
 * relation with projection, WHERE, GROUP BY, aggregates, HAVING, ORDER BY, DISTINCT, LIMIT — or
 * `squirreling` for the rest, with the reason (e.g. `a HashJoin step …`).
 */
export interface SqlExecutorDto {
  readonly name: 'columnar' | 'squirreling';
  readonly reason?: string;
  /** The reason as a catalog message (issue 20), for the reader's language; `reason` is its English text. */
  readonly reasonRef?: LakeErrorRef;
  /** EXPLAIN of a query a run would refuse: why, as a catalog message (the reason's `refused: …`, in the reader's language). */
  readonly refusal?: LakeErrorRef;
}

/** What `explain` returns: per table the plan's pruning, and the total bytes a run would fetch. */
export interface SqlExplainDto {
  /** The executor a run would use (a columnar run may still hand over to squirreling on a value it cannot take). */
  readonly executor?: SqlExecutorDto;
  /** The query the engine runs, with table references replaced by relation names. */
  readonly engineQuery: string;
  readonly scans: readonly SqlScanDto[];
  /** Sum of the scans' `bytesToFetch`: what to show before a big query ("this reads 2.1 GB, go on?"). */
  readonly bytesToFetch: number;
  /** The same as text, one block per table (the CLI's `EXPLAIN` output). */
  readonly text: string;
}

/** What a run returns. */
export interface SqlResultDto {
  readonly columns: readonly SqlColumnDto[];
  /** Rows as cells in column order; 64-bit integers as exact decimal strings, times ISO-8601, bytes `0x…`. */
  readonly rows: readonly (readonly DisplayValue[])[];
  /** True when the query returned more than `maxRows` rows (only the first are here). */
  readonly truncated: boolean;
  /** Set for an `EXPLAIN` query: the plan (then `columns` is `plan` and each row one line of its text). */
  readonly explain?: SqlExplainDto;
  /** The tables read, with bytes and rows read. */
  readonly scans: readonly SqlScanDto[];
  readonly elapsedMs: number;
  readonly notes: readonly Note[];
  /** Damage the reads stepped over (LakeTable.readWarnings of the tables read), when there is any. */
  readonly readWarnings?: readonly string[];
  /** The same as catalog messages, in order. */
  readonly readWarningMessages?: readonly LakeErrorRef[];
  /** The executor that produced the rows. */
  readonly executor?: SqlExecutorDto;
}

/**
 * Progress of a run (forwarded through the worker's progress events): `phase` is `plan` (done/total
 * tables planned), `read` (done/total files read, `bytes` fetched, `rows` read so far) or `query`
 * (`rows` of result produced).
 */
export interface SqlProgressDto {
  readonly phase: 'plan' | 'read' | 'query';
  readonly done: number;
  readonly total?: number;
  readonly bytes?: number;
  readonly rows?: number;
  readonly current?: string;
}

/**
 * Where a query error points (in the LakeError's context as `line`, `column`, `offset`; the message
 * ends with the query line and a caret under the column). 1-based line and column, 0-based offset.
 */
export interface SqlErrorPositionDto {
  readonly line: number;
  readonly column: number;
  readonly offset: number;
}
