/**
 * Paged reads for the data preview: a cursor plans one scan, then reads its tasks through the one read
 * loop (read-tasks.ts, ordered) only as far as the pages asked for require, plus the loop's bounded
 * read-ahead (never the whole table up front). Rows are kept in the canonical form
 * of fixtures/expected (exact decimals, timestamps, 64-bit integers), so the grid shows what the engine
 * read without a second interpretation of Arrow types on the page.
 */
import { DataType, type Field, type RecordBatch, Type } from 'apache-arrow';
import { canonicalRows, type CanonicalRow } from '../arrow/canonical.ts';
import { throwIfAborted } from '../errors.ts';
import { describeExpr } from '../expr/describe.ts';
import type { LakePlan, LakeTable, VersionSelector } from '../formats/table-format.ts';
import { parseFilter } from './explain-scan.ts';
import { planScan } from './plan-scan.ts';
import { readTasks, type TaskRead } from './read-tasks.ts';
import { readWarningsOf } from './read-warnings.ts';
import type { ColumnKind, GridColumnDto, RowCursorDto, RowPageDto } from './table-dto.ts';
import { messageError } from '../message-error.ts';

export interface RowCursorOptions extends VersionSelector {
  readonly filter?: string;
  readonly columns?: readonly string[];
  /**
   * Incremental read: only the records written after this version up to `version` (the format's own
   * incremental query, LakeTable.planIncremental); Unsupported for formats without one.
   */
  readonly changesSince?: string;
  /** Stop keeping rows past this many (bounded memory). Default 200,000. */
  readonly maxRows?: number;
  readonly signal?: AbortSignal;
}

/** Largest page one call may ask for. */
export const MAX_PAGE_ROWS = 5000;

/**
 * A scan read on demand. Must hold: page(o, n) returns rows o…o+n-1 of the scan in task order, starting
 * no task beyond what they need but the read loop's read-ahead (which starts at one task and grows only
 * as pages consume whole tasks).
 */
export class RowCursor {
  private readonly rows: CanonicalRow[] = [];
  private columns: GridColumnDto[] | undefined;
  private reads: AsyncIterator<TaskRead> | undefined;
  private done = false;
  private capped = false;
  private filesRead = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly controller = new AbortController();

  private constructor(
    private readonly table: LakeTable,
    private readonly plan: LakePlan,
    private readonly maxRows: number,
    readonly info: Omit<RowCursorDto, 'cursorId'>,
  ) {}

  /** Plans the scan (filter text parsed here: syntax errors are DataInvalid before any read). */
  static async open(table: LakeTable, options: RowCursorOptions = {}): Promise<RowCursor> {
    const filter = parseFilter(options.filter);
    const scan = { version: options.version, asOfTimestampMs: options.asOfTimestampMs, filter, columns: options.columns, signal: options.signal };
    let plan: LakePlan;
    if (options.changesSince === undefined) plan = await planScan(table, scan);
    else if (!table.planIncremental) throw messageError('Unsupported', 'error.rows.noIncremental', undefined);
    else {
      if (filter) throw messageError('Unsupported', 'error.rows.filterIncremental', undefined);
      plan = await table.planIncremental(options.changesSince, scan);
    }
    let records = 0n;
    let known = true;
    for (const f of plan.files) {
      if (f.records !== undefined) records += BigInt(f.records);
      else known = false;
    }
    return new RowCursor(table, plan, options.maxRows ?? 200_000, {
      versionId: plan.versionId, columns: plan.columns, ...(filter ? { filter: describeExpr(filter) } : {}),
      plannedFiles: plan.files.length, ...(known ? { plannedRecords: String(records) } : {}), notes: plan.notes,
    });
  }

  /** Rows [offset, offset + limit), reading further tasks as needed. Calls run one after another. */
  page(offset: number, limit: number, signal?: AbortSignal): Promise<RowPageDto> {
    if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 0 || limit > MAX_PAGE_ROWS) {
      return Promise.reject(messageError('DataInvalid', 'error.rows.page', { offset, limit, max: MAX_PAGE_ROWS }, { offset, limit }));
    }
    const run = this.queue.then(() => this.pageNow(offset, limit, signal));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stops reading; later pages fail with Aborted. */
  close(): void {
    this.controller.abort(messageError('Aborted', 'error.rows.closed', undefined));
    void this.reads?.return?.();
  }

  private async pageNow(offset: number, limit: number, signal?: AbortSignal): Promise<RowPageDto> {
    while (this.rows.length < offset + limit && !this.done && !this.capped) {
      throwIfAborted(signal, 'rows');
      throwIfAborted(this.controller.signal, 'rows');
      await this.readBatch();
    }
    return {
      offset,
      rows: this.rows.slice(offset, offset + limit),
      columns: this.columns ?? this.plan.columns.map((name) => ({ name, type: '', kind: 'text' as const })),
      rowsRead: this.rows.length,
      done: this.done,
      ...(this.capped ? { cappedAt: this.rows.length } : {}),
      filesRead: this.filesRead,
      ...readWarningsOf([this.table]),
    };
  }

  /** Reads one more batch, or notes the end of a task or of the scan. */
  private async readBatch(): Promise<void> {
    // No batch read ahead within a task: a page of a large file fetches the row groups it shows, not the next ones.
    this.reads ??= readTasks(this.table, this.plan, { signal: this.controller.signal, bufferBatches: 0 })[Symbol.asyncIterator]();
    const next = await this.reads.next();
    if (next.done) { this.done = true; return; }
    if (!('batch' in next.value)) { this.filesRead++; return; }
    const batch: RecordBatch = next.value.batch;
    this.columns ??= batch.schema.fields.filter((f) => this.plan.columns.includes(f.name)).map(gridColumn);
    for (const row of canonicalRows(batch, { columns: this.plan.columns })) this.rows.push(row);
    if (this.rows.length >= this.maxRows) {
      this.capped = true;
      this.rows.length = this.maxRows;
      void this.reads.return?.(undefined);
    }
  }
}

/** The grid's view of an Arrow field: its type text and how to align it. */
export function gridColumn(field: Field): GridColumnDto {
  return { name: field.name, type: String(field.type), kind: columnKind(field.type) };
}

function columnKind(type: DataType): ColumnKind {
  switch (type.typeId) {
    case Type.Int: case Type.Float: case Type.Decimal: return 'number';
    case Type.Bool: return 'boolean';
    case Type.Date: case Type.Time: case Type.Timestamp: return 'time';
    case Type.Binary: case Type.LargeBinary: case Type.FixedSizeBinary: return 'binary';
    case Type.Struct: case Type.List: case Type.LargeList: case Type.FixedSizeList: case Type.Map: return 'nested';
    default: return 'text';
  }
}
