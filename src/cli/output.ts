/**
 * Printing rows and records for the CLI in the formats `scan --format` offers. Values are first put in the
 * canonical row form (src/core/arrow/canonical.ts) so every format agrees on how a decimal, timestamp or
 * binary value is written, and bigints never lose digits.
 */
import { canonicalRowsText, type CanonicalRow } from '../core/arrow/index.ts';
import { LakeError } from '../core/errors.ts';

export type RowFormat = 'table' | 'json' | 'jsonl' | 'csv' | 'canonical';
export const ROW_FORMATS: readonly RowFormat[] = ['table', 'json', 'jsonl', 'csv', 'canonical'];

/** Validates a `--format` value. */
export function parseRowFormat(v: string | undefined, fallback: RowFormat = 'table'): RowFormat {
  if (v === undefined) return fallback;
  if ((ROW_FORMATS as readonly string[]).includes(v)) return v as RowFormat;
  throw new LakeError('DataInvalid', `cli: unknown --format "${v}" (one of ${ROW_FORMATS.join(', ')})`, { format: v });
}

/** JSON.stringify that writes bigints as bare integers (ids stay exact). */
export function jsonText(value: unknown, indent?: number): string {
  const marked = JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `\u0000big:${v}` : v), indent);
  // JSON.stringify writes the NUL of the marker as the six characters \u0000, so match that spelling.
  return marked.replace(/"\\u0000big:(-?\d+)"/g, '$1');
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  return jsonText(v);
}

function csvCell(v: unknown): string {
  const s = v === null || v === undefined ? '' : cellText(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** An aligned text table; numbers right-aligned, long cells cut with an ellipsis at `maxWidth`. */
export function textTable(columns: readonly string[], rows: readonly Record<string, unknown>[], maxWidth = 40): string {
  const cut = (s: string) => (s.length > maxWidth ? `${s.slice(0, maxWidth - 1)}…` : s);
  const cells = rows.map((r) => columns.map((c) => (r[c] === null || r[c] === undefined ? 'null' : cut(cellText(r[c])))));
  const numeric = columns.map((c) => rows.length > 0 && rows.every((r) => r[c] === null || typeof r[c] === 'number' || typeof r[c] === 'bigint'));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i].length)));
  const pad = (s: string, i: number) => (numeric[i] ? s.padStart(widths[i]) : s.padEnd(widths[i]));
  const lines = [columns.map(pad).join('  '), widths.map((w) => '─'.repeat(w)).join('  ')];
  for (const row of cells) lines.push(row.map(pad).join('  ').trimEnd());
  return lines.join('\n');
}

/** Renders canonical rows in a row format. `canonical` sorts as expected/README.md prescribes. */
export function formatRows(format: RowFormat, columns: readonly string[], rows: readonly CanonicalRow[]): string {
  switch (format) {
    case 'canonical': return canonicalRowsText(rows);
    case 'json': return jsonText(rows, 2);
    case 'jsonl': return rows.map((r) => jsonText(r)).join('\n');
    case 'csv': return [columns.map(csvCell).join(','), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(','))].join('\n');
    case 'table': return `${textTable(columns, rows)}\n(${rows.length.toLocaleString('en-US')} row${rows.length === 1 ? '' : 's'})`;
  }
}
