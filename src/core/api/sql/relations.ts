/**
 * The relations a query reads (issue 16), each handed to the SQL engine as a data source: a table at a
 * version (its plan gets the engine's column list and the pushable part of its WHERE, so pruned files and
 * row groups are never fetched), the changes between two versions, or a metadata table. Each keeps the
 * record of what its scans planned, skipped and fetched, for EXPLAIN and the run's statistics.
 */
import type { RecordBatch } from 'apache-arrow';
import type { AsyncDataSource, AsyncRow, ScanOptions } from 'squirreling';
import { describeExpr } from '../../expr/describe.ts';
import type { Expr } from '../../expr/expr.ts';
import { abortError, isLakeError } from '../../errors.ts';
import type { LakePlan, LakeTable, VersionSelector } from '../../formats/table-format.ts';
import type { CountingStorage } from '../../io/counting-storage.ts';
import { note } from '../../messages/note.ts';
import { changes } from '../diff/changes.ts';
import type { TableFormatName } from '../dto.ts';
import { planScan } from '../plan-scan.ts';
import { readTasks } from '../read-tasks.ts';
import { metadataRows } from './metadata-tables.ts';
import { columnBatchOf, columnBatchOfRows, type ColumnBatch } from './arrow-columns.ts';
import type { FastSource } from './fast-query.ts';
import { pushableFilter } from './pushdown.ts';
import type { SqlProgressDto, SqlScanDto } from './sql-contract.ts';
import { sqlFloat, sqlId, sqlRowsOf } from './sql-values.ts';
import { columnTypesOf, nestedNanosColumns, type ColumnTypes, type SqlType } from './sql-types.ts';

/** A metadata table's time: `Date.toISOString()` text (metadata-tables.ts). */
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
import type { RefPoint, RefSelector } from './table-refs.ts';

/** The table behind a relation: opened through its own counting storage so its bytes are its own. */
export interface OpenedTable {
  readonly name: string;
  readonly root: string;
  readonly format: TableFormatName;
  readonly table: LakeTable;
  readonly storage: CountingStorage;
}

export interface RelationContext {
  /** The engine's query (number literals are read from it exactly where the scan's WHERE points into it). */
  readonly text?: string;
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: SqlProgressDto) => void;
}

export const CHANGE_TYPE_COLUMN = '_change_type';
export const CHANGE_VERSION_COLUMN = '_commit_version';

/** A data source of the engine, with what its scans did. */
export abstract class Relation {
  /** Column names, in order; set by {@link prepare}. */
  columns: readonly string[] = [];
  /** Types of the columns SQL must compare by value (decimals, dates, timestamps, longs); set by {@link prepare}. */
  types: ColumnTypes = new Map();
  /** Struct, list and map columns with a nanosecond timestamp inside (sql-types.ts nestedNanosColumns); set by {@link prepare}. */
  nestedNanos: ReadonlySet<string> = new Set();
  /** The nanosecond timestamp columns, nested ones too (their values keep nine fraction digits, sql-values.ts). */
  get nanos(): ReadonlySet<string> {
    return new Set([...[...this.types].filter(([, t]) => t.kind === 'timestamp' && t.nanos).map(([c]) => c), ...this.nestedNanos]);
  }
  /** One record per scan the engine made (a relation joined with itself is scanned twice). */
  readonly scans: SqlScanDto[] = [];

  constructor(
    /** The reference as written in the query. */
    readonly ref: string,
    /** The name the engine knows it by. */
    readonly relation: string,
    /** Names the query may qualify its columns with (alias, table name). */
    readonly aliases: readonly string[],
    readonly opened: OpenedTable,
    protected readonly ctx: RelationContext,
  ) {}

  /** Resolves the version and the columns (metadata only; no data file). */
  abstract prepare(): Promise<void>;
  /** What a scan with these hints would read (no data file fetched). */
  abstract explain(hints: ScanOptions): Promise<SqlScanDto>;
  /**
   * The rows of a scan with these hints, each as a plain object of engine values, in batches (a decoded
   * record batch at a time): one async hop per batch, not per row, between the reader and the engine.
   */
  protected abstract rows(hints: ScanOptions): AsyncIterable<readonly Record<string, unknown>[]>;
  /**
   * The same rows as column batches for the columnar executor (fast-query.ts): the same plan, files,
   * progress and scan record as {@link rows}, with `hints.columns` (all when absent) as value arrays.
   */
  protected async *columnBatches(hints: ScanOptions): AsyncGenerator<ColumnBatch> {
    const names = hints.columns ?? [...this.columns];
    for await (const rows of this.rows(hints)) yield columnBatchOfRows(rows, names);
  }

  /** The columnar executor's view of this relation. */
  fastSource(): FastSource {
    return { columns: [...this.columns], types: this.types, batches: (hints) => this.columnBatches(hints) };
  }

  protected base(kind: SqlScanDto['kind']): Pick<SqlScanDto, 'ref' | 'relation' | 'table' | 'root' | 'format' | 'kind'> {
    return { ref: this.ref, relation: this.relation, table: this.opened.name, root: this.opened.root, format: this.opened.format, kind };
  }

  /** The engine's view of this relation. */
  source(): AsyncDataSource {
    return {
      columns: [...this.columns],
      scan: (hints: ScanOptions) => {
        const self = this;
        const columns = hints.columns ?? [...this.columns];
        return {
          appliedWhere: false,
          appliedLimitOffset: false,
          async *rows(): AsyncGenerator<AsyncRow> {
            let turn = Date.now();
            for await (const batch of self.rows(hints)) {
              for (const obj of batch) {
                // The engine's joins and aggregates run on microtasks only: without a macrotask turn now and then
                // a worker never reads the page's abort message (nor any other call) until the query ends.
                if (Date.now() - turn > YIELD_MS) {
                  await new Promise((resolve) => setTimeout(resolve, 0));
                  turn = Date.now();
                  if (hints.signal?.aborted) throw abortError(hints.signal, 'sql');
                }
                // squirreling's row contract (AsyncRow): one thunk per cell, as its own asyncRow() builds them.
                const cells: Record<string, () => Promise<never>> = {};
                for (const c of columns) cells[c] = () => Promise.resolve(obj[c] as never);
                yield { columns, cells, resolved: obj as never };
              }
            }
          },
        };
      },
    };
  }
}

/** Longest stretch a source lets the engine compute without giving the event loop a turn (ms). */
const YIELD_MS = 50;

const selectorOf = (s: RefSelector): VersionSelector =>
  s.kind === 'version' ? { version: s.version } : s.kind === 'timestamp' ? { asOfTimestampMs: s.timestampMs } : {};
const pointOf = (p: RefPoint): VersionSelector => ('version' in p ? { version: p.version } : { asOfTimestampMs: p.timestampMs });

/** Summary of a plan as a scan record. */
function planRecord(plan: LakePlan, filter: Expr | undefined, columns: readonly string[] | undefined): Omit<SqlScanDto, 'ref' | 'relation' | 'table' | 'root' | 'format' | 'kind'> {
  // Formats count skips per step in their own terms (Iceberg `dataFiles`, Delta `files`); the skip list is the fallback.
  const c = plan.counts;
  const fileSkips = c.dataFiles?.skipped ?? c.files?.skipped
    ?? plan.skipped.filter((s) => s.rowGroup === undefined && s.kind !== 'manifest' && s.step !== 'row-group').length;
  const rowGroupSkips = c.rowGroups?.skipped ?? plan.skipped.filter((s) => s.rowGroup !== undefined).length;
  const withGroups = plan.files.filter((f) => f.rowGroups !== undefined);
  return {
    version: plan.versionId,
    ...(columns ? { columns: [...columns] } : {}),
    ...(filter ? { filter: describeExpr(filter) } : {}),
    counts: plan.counts,
    filesPlanned: plan.files.length,
    filesSkipped: fileSkips,
    ...(withGroups.length > 0 || rowGroupSkips > 0 ? { rowGroupsPlanned: withGroups.reduce((n, f) => n + f.rowGroups!.length, 0), rowGroupsSkipped: rowGroupSkips } : {}),
    bytesToFetch: plan.files.reduce((n, f) => n + Number(f.bytes), 0),
    notes: [...plan.notes],
  };
}

/** A binary type name of any format (Iceberg `binary`/`fixed[16]`, Paimon `BYTES`/`VARBINARY(n)`, Avro `bytes`/`fixed`). */
const isBinaryType = (t: string) => /^\s*(?:binary|varbinary|bytes|fixed|blob)\b/i.test(t);

/** Rows of a table at one version, with projection, filter and limit pushed into its plan. */
export class DataRelation extends Relation {
  private basePlan?: LakePlan;
  /** Binary columns: SQL sees them as hex text, the format's filter as bytes, so no comparison on them is pushed. */
  private binary: ReadonlySet<string> = new Set();

  constructor(ref: string, relation: string, aliases: readonly string[], opened: OpenedTable, ctx: RelationContext, private readonly selector: VersionSelector) {
    super(ref, relation, aliases, opened, ctx);
  }

  async prepare(): Promise<void> {
    this.basePlan = await planScan(this.opened.table, { ...this.selector, signal: this.ctx.signal });
    this.columns = this.basePlan.columns;
    this.types = await columnTypesOf(this.opened.table, this.ctx.signal);
    this.nestedNanos = await nestedNanosColumns(this.opened.table, this.ctx.signal);
    const schemas = await this.opened.table.schemas(this.ctx.signal);
    this.binary = new Set(schemas.flatMap((s) => s.columns.filter((c) => isBinaryType(c.type)).map((c) => c.name)));
  }

  /** The plan for `hints`, and the filter that went into it (none when the format refused it). */
  private async planFor(hints: ScanOptions): Promise<{ plan: LakePlan; filter?: Expr; columns?: readonly string[] }> {
    const filter = pushableFilter(hints.where, this.columns.filter((c) => !this.binary.has(c)), this.aliases, this.ctx.text, this.types);
    // No column asked for (count(*)): read the narrowest thing there is, one column.
    const columns = hints.columns === undefined ? undefined : hints.columns.length === 0 ? this.columns.slice(0, 1) : hints.columns;
    const limit = !hints.where && hints.limit !== undefined ? hints.limit + (hints.offset ?? 0) : undefined;
    const request = { ...this.selector, signal: this.ctx.signal, ...(columns ? { columns } : {}), ...(limit !== undefined ? { limit } : {}) };
    if (filter) {
      try {
        return { plan: await planScan(this.opened.table, { ...request, filter }), filter, ...(columns ? { columns } : {}) };
      } catch (e) {
        // A literal the column's type does not take ('abc' for an int): the engine decides, unpruned.
        if (!isLakeError(e, 'DataInvalid') && !isLakeError(e, 'Unsupported')) throw e;
      }
    }
    return { plan: !columns && limit === undefined && this.basePlan ? this.basePlan : await planScan(this.opened.table, request), ...(columns ? { columns } : {}) };
  }

  async explain(hints: ScanOptions): Promise<SqlScanDto> {
    const { plan, filter, columns } = await this.planFor(hints);
    return { ...this.base('data'), ...planRecord(plan, filter, columns) };
  }

  protected async *rows(hints: ScanOptions): AsyncGenerator<readonly Record<string, unknown>[]> {
    const nanos = this.nanos;
    for await (const { batch, names } of this.batches(hints)) yield sqlRowsOf(batch, names, nanos);
  }

  protected override async *columnBatches(hints: ScanOptions): AsyncGenerator<ColumnBatch> {
    const nanos = this.nanos;
    for await (const { batch, names } of this.batches(hints)) yield columnBatchOf(batch, names, nanos);
  }

  /** The Arrow batches of a scan with these hints, recording what it planned, fetched and read. */
  private async *batches(hints: ScanOptions): AsyncGenerator<{ batch: RecordBatch; names: readonly string[] }> {
    // Planning counts too: it may read Parquet footers to prune row groups (and small files whole).
    const before = this.opened.storage.bytesRead;
    const { plan, filter, columns } = await this.planFor(hints);
    const names = columns ?? plan.columns;
    const record = { ...this.base('data'), ...planRecord(plan, filter, columns), bytesFetched: 0, rowsRead: 0 };
    this.scans.push(record);
    for await (const r of readTasks(this.opened.table, plan, {
      signal: this.ctx.signal,
      onProgress: (p) => this.ctx.onProgress?.({ phase: 'read', done: p.done, total: p.total, bytes: this.opened.storage.bytesRead - before, rows: record.rowsRead, current: this.ref }),
    })) {
      if (!('batch' in r)) continue;
      record.rowsRead += r.batch.numRows;
      record.bytesFetched = this.opened.storage.bytesRead - before;
      yield { batch: r.batch, names };
    }
    record.bytesFetched = this.opened.storage.bytesRead - before;
  }
}

/** `CHANGES BETWEEN a AND b`: the change log, each row with its change type and the version that made it. */
export class ChangesRelation extends Relation {
  private toPlan?: LakePlan;

  constructor(ref: string, relation: string, aliases: readonly string[], opened: OpenedTable, ctx: RelationContext, private readonly from: RefPoint, private readonly to: RefPoint) {
    super(ref, relation, aliases, opened, ctx);
  }

  async prepare(): Promise<void> {
    this.toPlan = await planScan(this.opened.table, { ...pointOf(this.to), signal: this.ctx.signal });
    this.columns = [...this.toPlan.columns, CHANGE_TYPE_COLUMN, CHANGE_VERSION_COLUMN];
    this.types = new Map([...await columnTypesOf(this.opened.table, this.ctx.signal), [CHANGE_VERSION_COLUMN, { kind: 'long' }]]);
    this.nestedNanos = await nestedNanosColumns(this.opened.table, this.ctx.signal);
  }

  async explain(): Promise<SqlScanDto> {
    const plan = this.toPlan!;
    return { ...this.base('changes'), ...planRecord(plan, undefined, undefined), notes: [...plan.notes, 'the change log reads the files that differ between each pair of versions in the range; bytes to fetch are those of the end version at most'] };
  }

  protected async *rows(): AsyncGenerator<readonly Record<string, unknown>[]> {
    const before = this.opened.storage.bytesRead;
    // Nanosecond columns keep nine digits here too, so DISTINCT and comparisons see the exact values.
    const log = await changes(this.opened.table, pointOf(this.from), pointOf(this.to), { signal: this.ctx.signal, nanos: this.nanos, onProgress: (p) => this.ctx.onProgress?.({ ...p, phase: 'read', current: this.ref }) });
    const record = { ...(await this.explain()), fromVersion: log.from, version: log.to, bytesFetched: this.opened.storage.bytesRead - before, rowsRead: log.rows.length, notes: [...log.notes, note('ui.query.note.changeSource', { source: log.sourceName })] };
    this.scans.push(record);
    yield log.rows.map((r) => {
      const row: Record<string, unknown> = {};
      // A double's NaN or ±Infinity comes as the row form's text: SQL holds it as the number (sqlFloat).
      for (const c of log.columns) row[c] = this.types.get(c)?.kind === 'double' ? sqlFloat(r.row[c] ?? null) : r.row[c] ?? null;
      row[CHANGE_TYPE_COLUMN] = r.changeType;
      row[CHANGE_VERSION_COLUMN] = sqlId(r.version);
      return row;
    });
  }
}

/** A metadata table (`$snapshots`, `$files` …) of a table at a version. */
export class MetadataRelation extends Relation {
  private data?: { columns: readonly string[]; rows: readonly Record<string, unknown>[] };

  constructor(ref: string, relation: string, aliases: readonly string[], opened: OpenedTable, ctx: RelationContext, private readonly metadata: string, private readonly selector: VersionSelector) {
    super(ref, relation, aliases, opened, ctx);
  }

  async prepare(): Promise<void> {
    this.data = await metadataRows(this.opened.table, this.metadata, this.selector, this.ctx.signal);
    this.columns = this.data.columns;
    // Ids, sequence numbers, counts and sizes are integers (bigint past 2^53): typed so arithmetic,
    // comparisons with literals and sums on them are exact (exact-numeric.ts), on the fallback too.
    // Times (committed_at, made_current_at: ISO text) are TIMESTAMPs, so a literal like '2024-01-01 10:00'
    // compares with them as an instant, not as text (the query's literals are kept as written, table-refs.ts).
    const rows = this.data.rows;
    const all = (c: string, is: (v: unknown) => boolean) => rows.some((r) => r[c] != null) && rows.every((r) => r[c] == null || is(r[c]));
    const isLong = (v: unknown) => typeof v === 'bigint' || Number.isSafeInteger(v);
    const isTime = (v: unknown) => typeof v === 'string' && ISO_TIME.test(v);
    this.types = new Map(this.columns.flatMap((c): [string, SqlType][] => all(c, isLong) ? [[c, { kind: 'long' }]] : all(c, isTime) ? [[c, { kind: 'timestamp' }]] : []));
  }

  async explain(): Promise<SqlScanDto> {
    return { ...this.base('metadata'), metadataTable: this.metadata, counts: {}, filesPlanned: 0, filesSkipped: 0, bytesToFetch: 0, bytesFetched: this.opened.storage.bytesRead, notes: [note('ui.query.note.metadataOnly')] };
  }

  protected async *rows(): AsyncGenerator<readonly Record<string, unknown>[]> {
    this.scans.push({ ...(await this.explain()), rowsRead: this.data!.rows.length });
    yield this.data!.rows;
  }
}

export { selectorOf };
