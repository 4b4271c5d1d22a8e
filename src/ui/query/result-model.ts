/**
 * Pure helpers over a query's result as the Query tab holds it (columns with their kind, rows in the
 * canonical form the data grid shows): CSV with a formula-injection guard, which chart fits the result
 * and its points, and where in the query an error points.
 */
import type { SqlColumnDto, SqlColumnKind, SqlResultDto } from '../../core/api/sql/sql-contract.ts';
import type { ColumnKind } from '../../core/api/table-dto.ts';
import type { Messages } from '../../core/messages/en.ts';
import { explainLines } from '../../core/messages/explain-lines.ts';
import { csvCell } from '../diff/diff-model.ts';
import { tokenizeSql } from './sql-tokens.ts';

/** A result row: cells in column order (a query may return two columns of one name, so not keyed by name). */
export type ResultRow = readonly unknown[];

/** How the grid draws a result column of the engine's kind (alignment, width). */
export function gridKind(kind: SqlColumnKind): ColumnKind {
  switch (kind) {
    case 'number': case 'bigint': case 'decimal': return 'number';
    case 'boolean': return 'boolean';
    case 'date': case 'timestamp': return 'time';
    case 'binary': return 'binary';
    case 'json': return 'nested';
    default: return 'text';
  }
}

/**
 * The result as CSV (RFC 4180, CRLF): a header of column names, then one line per row. Cells starting with
 * = + - @ get a leading ' so a spreadsheet does not run them as formulas (OWASP "CSV Injection").
 */
export function resultCsv(columns: readonly { readonly name: string }[], rows: readonly ResultRow[]): string {
  const out = [columns.map((c) => csvCell(c.name)).join(',')];
  for (const r of rows) out.push(columns.map((_c, i) => csvCell(r[i])).join(','));
  return `${out.join('\r\n')}\r\n`;
}

/**
 * What the Query tab exports (CSV, Parquet) and counts of a result: its columns and rows — or, for an EXPLAIN,
 * the plan's lines in the reader's language (as the tab shows them) under the catalog's name for the column;
 * the rows the engine returns for an EXPLAIN are the CLI's English text.
 */
export function exportedResult(result: Pick<SqlResultDto, 'columns' | 'rows' | 'explain'>, catalog: Messages): { columns: readonly SqlColumnDto[]; rows: readonly ResultRow[] } {
  if (!result.explain) return result;
  const lines = explainLines(result.explain, catalog).map((line) => [line.map((p) => (typeof p === 'string' ? p : p.data)).join('')]);
  return { columns: [{ name: catalog['ui.query.plan.column'](), kind: 'string' }], rows: lines };
}

/** A chart the result can be drawn as: a line over a time column, or bars per category. */
export interface ChartSpec {
  readonly type: 'line' | 'bar';
  /** Index of the x column. */
  readonly x: number;
  /** Indexes of the numeric columns drawn (at most {@link MAX_SERIES}); their points are keyed `s0`, `s1`…. */
  readonly ys: readonly number[];
}

export const MAX_SERIES = 4;
/** Bars beyond this many categories are not drawn (the chart says how many were left out). */
export const MAX_BARS = 50;

/**
 * The chart offered for a result, or null: needs a time or category (text, boolean) column and at least one
 * numeric column other than it. A time column wins over a category one (a line over time reads best).
 */
export function chartFor(columns: readonly SqlColumnDto[]): ChartSpec | null {
  const kinds = columns.map((c) => gridKind(c.kind));
  const time = kinds.indexOf('time');
  const category = kinds.findIndex((k) => k === 'text' || k === 'boolean');
  const x = time >= 0 ? time : category;
  if (x < 0 || columns[x]!.kind === 'null') return null;
  const ys = kinds.flatMap((k, i) => (k === 'number' && i !== x ? [i] : [])).slice(0, MAX_SERIES);
  return ys.length ? { type: time >= 0 ? 'line' : 'bar', x, ys } : null;
}

export interface ChartPoint { readonly x: number | string; readonly [series: string]: number | string | null }

/**
 * The points of `spec` from the rows: time as epoch milliseconds sorted ascending (nulls dropped), categories
 * in result order (the query's ORDER BY) capped at {@link MAX_BARS}; numbers from decimal strings and bigints.
 */
export function chartPoints(spec: ChartSpec, rows: readonly ResultRow[]): { points: ChartPoint[]; leftOut: number } {
  const pts: ChartPoint[] = [];
  for (const r of rows) {
    const x = spec.type === 'line' ? toTime(r[spec.x]) : r[spec.x] === null || r[spec.x] === undefined ? 'null' : String(r[spec.x]);
    if (x === null) continue;
    const p: Record<string, number | string | null> = { x };
    spec.ys.forEach((y, k) => { p[`s${k}`] = toNumber(r[y]); });
    pts.push(p as ChartPoint);
  }
  if (spec.type === 'line') return { points: pts.sort((a, b) => (a.x as number) - (b.x as number)), leftOut: 0 };
  return { points: pts.slice(0, MAX_BARS), leftOut: Math.max(0, pts.length - MAX_BARS) };
}

function toNumber(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Epoch ms of a time value: ISO text (canonical form), Date, or a number already in ms. */
function toTime(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.getTime();
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  const s = String(v);
  // A date without time ('2024-03-01') is midnight UTC, as Date.parse reads it.
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}[ T]\d/.test(s) && !/[zZ]|[+-]\d{2}:?\d{2}$/.test(s) ? `${s.replace(' ', 'T')}Z` : s);
  return Number.isNaN(ms) ? null : ms;
}

/** Where an error points in the query: 0-based offset, and 1-based line and column. */
export interface QueryPosition { readonly offset: number; readonly line: number; readonly column: number }

/**
 * The position an engine error names, from its context (`position`/`offset`: 0-based character offset;
 * `line` + `column`: 1-based) or, failing that, from its message ("line 2, column 7", "at position 14").
 * Must hold: the result lies within the query (clamped), or is undefined when the error names no place.
 */
export function errorPosition(sql: string, error: { message?: string; context?: Readonly<Record<string, unknown>> }): QueryPosition | undefined {
  const ctx = error.context ?? {};
  const num = (v: unknown) => (v === undefined || v === null || v === '' || Number.isNaN(Number(v)) ? undefined : Number(v));
  const offset = num(ctx.position) ?? num(ctx.offset);
  if (offset !== undefined) return positionOf(sql, offset);
  const line = num(ctx.line); const column = num(ctx.column);
  if (line !== undefined) return offsetOf(sql, line, column ?? 1);
  const m = /line (\d+),? col(?:umn)? (\d+)/i.exec(error.message ?? '');
  if (m) return offsetOf(sql, Number(m[1]), Number(m[2]));
  const p = /at (?:position|offset|character) (\d+)/i.exec(error.message ?? '');
  return p ? positionOf(sql, Number(p[1])) : undefined;
}

/** Line and column (1-based) of a 0-based offset, clamped into the text. */
export function positionOf(sql: string, offset: number): QueryPosition {
  const o = Math.max(0, Math.min(sql.length, Math.trunc(offset)));
  const before = sql.slice(0, o).split('\n');
  return { offset: o, line: before.length, column: before[before.length - 1]!.length + 1 };
}

function offsetOf(sql: string, line: number, column: number): QueryPosition {
  const lines = sql.split('\n');
  const l = Math.max(1, Math.min(lines.length, Math.trunc(line)));
  let o = 0;
  for (let i = 0; i < l - 1; i++) o += lines[i]!.length + 1;
  return positionOf(sql, o + Math.max(0, Math.min(lines[l - 1]!.length, Math.trunc(column) - 1)));
}

/** The word (identifier, quoted name or number) starting at `offset`, or one character; [start, end). */
export function errorSpan(sql: string, offset: number): [number, number] {
  if (offset >= sql.length) return [sql.length, sql.length + 1];
  const tok = tokenizeSql(sql).find((k) => k.start <= offset && offset < k.start + k.text.length);
  if (tok && tok.kind !== 'space' && tok.kind !== 'op') return [tok.start, tok.start + tok.text.length];
  return [offset, offset + 1];
}

/** Above this many bytes to fetch, the tab asks before running (a phone on a metered link, a wide scan). */
export const CONFIRM_BYTES = 256 * 1024 * 1024;

/** Thresholds the person can pick ("ask before fetching more than …"); Infinity = never ask. */
export const CONFIRM_CHOICES: readonly number[] = [64 * 1024, 1024 * 1024, 16 * 1024 * 1024, CONFIRM_BYTES, 1024 * 1024 * 1024, Infinity];
const CONFIRM_KEY = 'lakescope.queryConfirmBytes';

/** The threshold kept in this browser, or the default when none (or an unknown value) is kept. */
export function loadConfirmBytes(store: { getItem(k: string): string | null }): number {
  const v = Number(store.getItem(CONFIRM_KEY) ?? NaN);
  return CONFIRM_CHOICES.includes(v) ? v : CONFIRM_BYTES;
}

export function saveConfirmBytes(store: { setItem(k: string, v: string): void }, bytes: number): void {
  try { store.setItem(CONFIRM_KEY, String(bytes)); } catch { /* storage disabled: the choice lasts for this page */ }
}

/** The bytes a refused run would have fetched, when the error is the engine's "over the limit" refusal (Conflict). */
export function refusedBytes(error: unknown): number | undefined {
  const e = error as { code?: string; context?: Record<string, unknown> } | null;
  if (e?.code !== 'Conflict') return undefined;
  const b = Number(e.context?.bytesToFetch);
  return Number.isFinite(b) ? b : undefined;
}
