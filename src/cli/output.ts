/**
 * Printing rows and records for the CLI in the formats `scan --format` offers. Values are first put in the
 * canonical row form (src/core/arrow/canonical.ts) so every format agrees on how a decimal, timestamp or
 * binary value is written, and bigints never lose digits.
 */
import { canonicalRowsText, type CanonicalRow } from '../core/arrow/index.ts';
import { LakeError } from '../core/errors.ts';
import { stringifyJson } from '../core/util/json.ts';

export type RowFormat = 'table' | 'json' | 'jsonl' | 'csv' | 'canonical';
const ROW_FORMATS: readonly RowFormat[] = ['table', 'json', 'jsonl', 'csv', 'canonical'];

/** Validates a `--format` value. */
export function parseRowFormat(v: string | undefined, fallback: RowFormat = 'table'): RowFormat {
  if (v === undefined) return fallback;
  if ((ROW_FORMATS as readonly string[]).includes(v)) return v as RowFormat;
  throw new LakeError('DataInvalid', `cli: unknown --format "${v}" (one of ${ROW_FORMATS.join(', ')})`, { format: v });
}

/**
 * JSON of a value, bigints as bare integers (ids stay exact). This is core's one bigint-safe stringifier
 * (util/json.ts), not a copy: the CLI's own copy once printed bigints as `"\u0000big:4"`.
 */
export { stringifyJson as jsonText };

/** How the text table shows null (U+2205 EMPTY SET), so it never looks like the string "null". */
export const NULL_MARK = '∅';

/**
 * Characters a terminal must never receive from data: C0 controls (ESC starts escape sequences, CR
 * rewrites the line, LF/TAB break the table), DEL and C1 controls (CSI), soft hyphen, bidi and other
 * invisible format controls (U+202E turns text around), line/paragraph separators, BOM.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');

function escapeChar(ch: string): string {
  switch (ch) {
    case '\\': return '\\\\';
    case '"': return '\\"';
    case '\n': return '\\n';
    case '\r': return '\\r';
    case '\t': return '\\t';
    case '\0': return '\\0';
  }
  const code = ch.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * A string as the text table shows it (documented in `lakescope --help`): as it is, unless it could be
 * mistaken for something else or would act on the terminal — empty, `null`, `∅`, starting with `"`,
 * leading/trailing whitespace, or any {@link UNSAFE} character. Then it is double-quoted with escapes
 * (`\"` `\\` `\n` `\r` `\t` `\0` `\xHH` `\uHHHH`), so every shown cell reads back to one value.
 */
export function tableString(s: string): string {
  const plain = s !== '' && s !== 'null' && s !== NULL_MARK && !s.startsWith('"') && !/^\s|\s$/.test(s) && !UNSAFE.test(s);
  return plain ? s : `"${s.replace(/[\\"]/g, escapeChar).replace(UNSAFE_ALL, escapeChar)}"`;
}

/**
 * A message for the terminal (errors, warnings: they quote paths and names read from a table): every
 * {@link UNSAFE} character escaped, newlines included, so data can neither drive the terminal nor fake a line.
 */
export function terminalText(s: string): string {
  return s.replace(UNSAFE_ALL, escapeChar);
}

/**
 * An error message for the terminal that may span lines (a SQL error's caret under the query): each line
 * escaped by {@link terminalText}, continuation lines indented by two spaces, so a newline read from a table
 * can break a line but never start one that looks like the CLI's own (`lakescope: …`) at the margin.
 */
export function terminalMessage(s: string): string {
  return s.split('\n').map((line, i) => (i === 0 ? '' : '  ') + terminalText(line)).join('\n');
}

const NON_FINITE_TEXT: ReadonlySet<unknown> = new Set(['NaN', 'Infinity', '-Infinity']);

/** One value of the text table: null → ∅, strings by {@link tableString}, others as JSON with unsafe characters escaped. */
function cellText(v: unknown, blankEmpty: boolean): string {
  if (v === null || v === undefined) return NULL_MARK;
  if (typeof v === 'string') return blankEmpty && v === '' ? '' : tableString(v);
  // JSON.stringify escapes C0 controls, quotes and backslashes; \uHHHH keeps the rest valid JSON.
  return stringifyJson(v).replace(UNSAFE_ALL, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** RFC 4180: quote a field holding `"`, `,`, CR or LF, or leading/trailing spaces; null is an empty field, the empty string `""`. */
function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? v : stringifyJson(v);
  return s === '' || /[",\n\r]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * An aligned text table; numbers right-aligned, long cells cut with an ellipsis at `maxWidth`. Values
 * (and column names) are shown by the conventions of {@link cellText}; with `blankEmpty` (metadata
 * listings, where '' means "nothing") an empty string prints as nothing instead of `""`.
 */
export function textTable(columns: readonly string[], rows: readonly Record<string, unknown>[], maxWidth = 40, opts: { blankEmpty?: boolean; headers?: readonly string[] } = {}): string {
  const blankEmpty = opts.blankEmpty ?? false;
  const cut = (s: string) => (s.length > maxWidth ? `${s.slice(0, maxWidth - 1)}…` : s);
  const cells = rows.map((r) => columns.map((c) => cut(cellText(r[c], blankEmpty))));
  // A double column's NaN and infinities are the row form's texts (canonicalFloat64): still a number column.
  const numeric = columns.map((c) => rows.length > 0 && rows.every((r) => r[c] === null || typeof r[c] === 'number' || typeof r[c] === 'bigint' || NON_FINITE_TEXT.has(r[c] as string)));
  const header = (opts.headers ?? columns).map((c) => tableString(c));
  const widths = columns.map((_c, i) => Math.max(header[i]!.length, ...cells.map((row) => row[i].length)));
  const pad = (s: string, i: number) => (numeric[i] ? s.padStart(widths[i]) : s.padEnd(widths[i]));
  const lines = [header.map(pad).join('  '), widths.map((w) => '─'.repeat(w)).join('  ')];
  for (const row of cells) lines.push(row.map(pad).join('  ').trimEnd());
  return lines.join('\n');
}

/**
 * Renders canonical rows in a row format. `canonical` sorts as expected/README.md prescribes. `columns` are the
 * rows' keys; `headers` (default: the keys) what csv and table print above them, in the same order.
 */
export function formatRows(format: RowFormat, columns: readonly string[], rows: readonly CanonicalRow[], headers: readonly string[] = columns): string {
  switch (format) {
    case 'canonical': return canonicalRowsText(rows);
    case 'json': return stringifyJson(rows, 2);
    case 'jsonl': return rows.map((r) => stringifyJson(r)).join('\n');
    case 'csv': return [headers.map(csvCell).join(','), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(','))].join('\n');
    case 'table': return `${textTable(columns, rows, 40, { headers })}\n(${rows.length.toLocaleString('en-US')} row${rows.length === 1 ? '' : 's'})`;
  }
}
