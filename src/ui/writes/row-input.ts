/**
 * Rows typed into the row form or pasted as CSV, as the values a row write takes (core/commit/write-action.ts
 * `RowValues`): checked against the columns of the table's current schema first, so a bad value is named
 * by row and column before anything is prepared (the engine's writer checks every value again, exactly).
 *
 * Column types are read from the schema's type names in any format's spelling (`INT NOT NULL`, `integer`,
 * `DECIMAL(10, 2)`, `timestamp_ntz` …) into a few kinds; nested types cannot be typed here. Values go out
 * in forms every writer takes: numbers for 32-bit integers and floats, decimal text for 64-bit integers
 * beyond 2^53, booleans, and text for decimals, dates and timestamps.
 */
import type { ColumnDto, SchemaDto } from '../../core/api/table-dto.ts';
import type { RowValues } from '../../core/commit/write-action.ts';
import type { Translator } from '../common/messages.ts';
import { parseCsv } from './csv.ts';

export type ColumnKind = 'int' | 'bigint' | 'float' | 'decimal' | 'boolean' | 'date' | 'timestamp' | 'string' | 'nested';

/** A column of the row form. */
export interface RowColumn {
  readonly name: string;
  /** The format's own type name, shown next to the field. */
  readonly type: string;
  readonly kind: ColumnKind;
  readonly required: boolean;
  /** Part of the table's primary key (or identifier fields). */
  readonly key: boolean;
}

/** What is wrong with the input, as data (worded by {@link problemText}); `row` is 1-based, in data rows. */
export type RowProblem =
  | { readonly kind: 'csv'; readonly line: number; readonly what: 'unclosedQuote' | 'textAfterQuote' }
  | { readonly kind: 'noHeader' }
  | { readonly kind: 'noRows' }
  | { readonly kind: 'header'; readonly column: string }
  | { readonly kind: 'unknownColumn'; readonly column: string; readonly known: string }
  | { readonly kind: 'fieldCount'; readonly row: number; readonly found: number; readonly expected: number }
  | { readonly kind: 'badValue'; readonly row: number; readonly column: string; readonly value: string; readonly type: string }
  | { readonly kind: 'required'; readonly row: number; readonly column: string }
  | { readonly kind: 'nested'; readonly row: number; readonly column: string; readonly type: string };

export type RowsResult = { readonly ok: true; readonly rows: RowValues[] } | { readonly ok: false; readonly problem: RowProblem };

const KIND_OF: Readonly<Record<string, ColumnKind>> = {
  tinyint: 'int', smallint: 'int', int: 'int', integer: 'int', short: 'int', byte: 'int',
  bigint: 'bigint', long: 'bigint',
  float: 'float', double: 'float', real: 'float',
  decimal: 'decimal', numeric: 'decimal',
  boolean: 'boolean', bool: 'boolean',
  date: 'date',
  timestamp: 'timestamp', timestamp_ltz: 'timestamp', timestamp_ntz: 'timestamp', timestamptz: 'timestamp',
  string: 'string', varchar: 'string', char: 'string', text: 'string', uuid: 'string',
  binary: 'string', varbinary: 'string', bytes: 'string',
};

/** The kind of a type name (its first word, any case); nested and unknown types are `nested`. */
export function columnKind(type: string): ColumnKind {
  const word = /^\s*([a-z_]+)/i.exec(type)?.[1]?.toLowerCase() ?? '';
  return KIND_OF[word] ?? 'nested';
}

/** The columns of the row form from the current schema; `keys` keeps only the key columns. */
export function rowColumns(schema: SchemaDto | undefined, input: 'rows' | 'keys'): RowColumn[] {
  if (!schema) return [];
  const keyIds = new Set(schema.identifierFieldIds);
  const keyNames = new Set(schema.keyColumns ?? []);
  const cols = schema.columns.map((c: ColumnDto): RowColumn => ({
    name: c.name, type: c.type, kind: columnKind(c.type), required: c.required, key: (c.id !== undefined && keyIds.has(c.id)) || keyNames.has(c.name),
  }));
  return input === 'keys' ? cols.filter((c) => c.key) : cols;
}

const INT32: readonly [bigint, bigint] = [-(2n ** 31n), 2n ** 31n - 1n];
const INT64: readonly [bigint, bigint] = [-(2n ** 63n), 2n ** 63n - 1n];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

function validDate(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/**
 * One cell as the value a writer takes, or `bad` when it does not fit the column's kind. Must hold: 64-bit
 * integers stay exact (text beyond 2^53), dates are real calendar days; an empty string is a value only for
 * text columns (the caller turns empty fields into null).
 */
export function cellValue(col: RowColumn, text: string): { value: unknown } | 'bad' {
  const t = text.trim();
  switch (col.kind) {
    case 'int': case 'bigint': {
      if (!/^[+-]?\d+$/.test(t)) return 'bad';
      const b = BigInt(t);
      const [lo, hi] = col.kind === 'int' ? INT32 : INT64;
      if (b < lo || b > hi) return 'bad';
      return { value: Number.isSafeInteger(Number(b)) ? Number(b) : b.toString() };
    }
    case 'float': {
      const n = Number(t);
      return t !== '' && !Number.isNaN(n) ? { value: n } : 'bad';
    }
    case 'decimal': return /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(t) ? { value: t } : 'bad';
    case 'boolean': return /^(true|false)$/i.test(t) ? { value: t.toLowerCase() === 'true' } : 'bad';
    case 'date': return DATE.test(t) && validDate(t) ? { value: t } : 'bad';
    case 'timestamp': return TIMESTAMP.test(t) && validDate(t) ? { value: t } : 'bad';
    case 'string': return { value: text };
    case 'nested': return 'bad';
  }
}

/**
 * One row from `cells` (column name → text, null = empty). Must hold: an unknown column, a value that does
 * not fit, an empty required column (a key column when only keys are given) is a problem naming row `row`.
 */
export function rowFromCells(all: readonly RowColumn[], cells: Readonly<Record<string, string | null>>, row: number, input: 'rows' | 'keys'): { ok: true; row: RowValues } | { ok: false; problem: RowProblem } {
  const out: Record<string, unknown> = {};
  const fail = (problem: RowProblem) => ({ ok: false as const, problem });
  for (const [name, text] of Object.entries(cells)) {
    const col = all.find((c) => c.name === name);
    if (!col) return fail({ kind: 'unknownColumn', column: name, known: all.map((c) => c.name).join(', ') });
    if (text === null || (text === '' && col.kind !== 'string')) continue;
    if (col.kind === 'nested') return fail({ kind: 'nested', row, column: name, type: col.type });
    const v = cellValue(col, text);
    if (v === 'bad') return fail({ kind: 'badValue', row, column: name, value: text, type: col.type });
    out[name] = v.value;
  }
  // Deletes by key need every key column; other writes every NOT NULL column.
  const needed = input === 'keys' ? all.filter((c) => c.key) : all.filter((c) => c.required);
  const missing = needed.find((c) => out[c.name] === undefined);
  return missing ? fail({ kind: 'required', row, column: missing.name }) : { ok: true, row: out };
}

/** The row of the form (empty fields are null). */
export function rowsFromForm(columns: readonly RowColumn[], values: Readonly<Record<string, string>>, input: 'rows' | 'keys'): RowsResult {
  const cells = Object.fromEntries(columns.map((c) => [c.name, values[c.name] === undefined || values[c.name] === '' ? null : values[c.name]!]));
  const r = rowFromCells(columns, cells, 1, input);
  return r.ok ? { ok: true, rows: [r.row] } : r;
}

/**
 * Rows from pasted CSV whose first line names the columns. Must hold: every header is a column of the
 * schema (else a problem naming it and the known ones), every line has as many fields as the header, every
 * value fits its column — problems name the data row (1 = the line after the header) and the column.
 */
export function rowsFromCsv(all: readonly RowColumn[], text: string, input: 'rows' | 'keys'): RowsResult {
  const parsed = parseCsv(text);
  if (!parsed.ok) return { ok: false, problem: { kind: 'csv', line: parsed.line, what: parsed.problem } };
  const [head, ...data] = parsed.lines;
  if (!head) return { ok: false, problem: { kind: 'noHeader' } };
  const header = head.fields.map((h) => (h ?? '').trim());
  const seen = new Set<string>();
  for (const h of header) {
    if (h === '' || seen.has(h)) return { ok: false, problem: { kind: 'header', column: h } };
    seen.add(h);
    if (!all.some((c) => c.name === h)) return { ok: false, problem: { kind: 'unknownColumn', column: h, known: all.map((c) => c.name).join(', ') } };
  }
  if (data.length === 0) return { ok: false, problem: { kind: 'noRows' } };
  const rows: RowValues[] = [];
  for (const [i, l] of data.entries()) {
    if (l.fields.length !== header.length) return { ok: false, problem: { kind: 'fieldCount', row: i + 1, found: l.fields.length, expected: header.length } };
    const r = rowFromCells(all, Object.fromEntries(header.map((h, k) => [h, l.fields[k]!])), i + 1, input);
    if (!r.ok) return r;
    rows.push(r.row);
  }
  return { ok: true, rows };
}

/** The sentence for a problem, from the message catalog. */
export function problemText(t: Translator['t'], p: RowProblem): string {
  switch (p.kind) {
    case 'csv': return t(p.what === 'unclosedQuote' ? 'ui.rows.problem.unclosedQuote' : 'ui.rows.problem.textAfterQuote', { line: p.line });
    case 'noHeader': return t('ui.rows.problem.noHeader');
    case 'noRows': return t('ui.rows.problem.noRows');
    case 'header': return t('ui.rows.problem.header', { column: p.column });
    case 'unknownColumn': return t('ui.rows.problem.unknownColumn', { column: p.column, known: p.known });
    case 'fieldCount': return t('ui.rows.problem.fieldCount', { row: p.row, found: p.found, expected: p.expected });
    case 'badValue': return t('ui.rows.problem.badValue', { row: p.row, column: p.column, value: p.value, type: p.type });
    case 'required': return t('ui.rows.problem.required', { row: p.row, column: p.column });
    case 'nested': return t('ui.rows.problem.nested', { row: p.row, column: p.column, type: p.type });
  }
}
