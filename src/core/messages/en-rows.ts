/**
 * English text of row writes by clicks (the row form and pasted CSV of append / upsert / delete) and of the
 * LSM tab's compaction controls and its before → after summary.
 */
import { plural } from './catalog.ts';

const n = (count: number) => count.toLocaleString('en-US');
const rows = (count: number) => `${n(count)} ${plural('en', count, { one: 'row', other: 'rows' })}`;
const files = (count: number) => `${n(count)} ${plural('en', count, { one: 'file', other: 'files' })}`;

export const enRows = {
  // Row writes: the bar and the form
  'ui.rows.barLabel': () => 'Rows:',
  'ui.rows.title.append': () => 'Append rows',
  'ui.rows.title.upsert': () => 'Upsert rows',
  'ui.rows.title.delete': () => 'Delete rows by key',
  'ui.rows.intro.rows': () => 'Type one row, or paste CSV for several. Key columns are marked; an empty field is NULL. The next step previews the files each bucket gets; nothing is written before you confirm.',
  // A table without key columns (Delta, an append-only Paimon table): no keys to mark, no buckets to preview.
  'ui.rows.intro.noKeys': () => 'Type one row, or paste CSV for several; an empty field is NULL. The next step previews the files to write; nothing is written before you confirm.',
  'ui.rows.intro.keys': () => 'Give the key of each row to delete: type one, or paste CSV whose first line names the key columns. The next step previews the files; nothing is written before you confirm.',
  'ui.rows.mode': () => 'Input',
  'ui.rows.mode.form': () => 'One row',
  'ui.rows.mode.csv': () => 'Paste CSV',
  'ui.rows.key': () => 'key',
  'ui.rows.keyTitle': () => 'Part of the primary key: rows with the same key replace each other',
  'ui.rows.notNull': () => 'not null',
  'ui.rows.nestedField': () => 'nested type: cannot be typed here (left NULL)',
  'ui.rows.bool.empty': () => '(NULL)',
  'ui.rows.csv.label': () => 'CSV: the first line names the columns',
  'ui.rows.csv.hint': (p: { columns: string }) => `Columns: ${p.columns}. Quote a value with "…" when it holds a comma, a quote ("") or a line break; an empty field is NULL, "" the empty string.`,
  'ui.rows.ready': (p: { count: number }) => `${rows(p.count)} ready to preview.`,
  'ui.rows.noColumns': () => 'The current schema has no column that can be typed here.',
  'ui.rows.preview': () => 'Preview…',
  'ui.rows.cancel': () => 'Cancel',
  'ui.rows.problem.unclosedQuote': (p: { line: number }) => `CSV line ${n(p.line)}: a quoted value is not closed.`,
  'ui.rows.problem.textAfterQuote': (p: { line: number }) => `CSV line ${n(p.line)}: text follows a closing quote (write "" for a quote inside a quoted value).`,
  'ui.rows.problem.noHeader': () => 'Paste CSV whose first line names the columns.',
  'ui.rows.problem.noRows': () => 'The CSV has a header line but no rows.',
  'ui.rows.problem.header': (p: { column: string }) => `CSV header: column name "${p.column}" is empty or repeated.`,
  'ui.rows.problem.unknownColumn': (p: { column: string; known: string }) => `The table has no column "${p.column}"; its columns are: ${p.known}.`,
  'ui.rows.problem.fieldCount': (p: { row: number; found: number; expected: number }) => `Row ${n(p.row)}: ${n(p.found)} ${plural('en', p.found, { one: 'value', other: 'values' })}, but the header names ${n(p.expected)} ${plural('en', p.expected, { one: 'column', other: 'columns' })}.`,
  'ui.rows.problem.badValue': (p: { row: number; column: string; value: string; type: string }) => `Row ${n(p.row)}, column ${p.column}: "${p.value}" is not a valid ${p.type}.`,
  'ui.rows.problem.required': (p: { row: number; column: string }) => `Row ${n(p.row)}, column ${p.column}: a value is needed (a key or NOT NULL column).`,
  'ui.rows.problem.nested': (p: { row: number; column: string; type: string }) => `Row ${n(p.row)}, column ${p.column}: ${p.type} is a nested type, which cannot be typed here.`,

  // LSM tab: compaction by clicks
  'ui.lsm.compact.group': (p: { bucket: string }) => `Compaction of ${p.bucket}`,
  'ui.lsm.compact.full': () => 'Compact this bucket (full)',
  'ui.lsm.compact.fullTitle': () => 'Merge every sorted run of this bucket into the highest level (deleted keys dropped) as a COMPACT snapshot. Previewed first.',
  'ui.lsm.compact.next': () => 'Run the compaction Paimon would pick next',
  'ui.lsm.compact.nextTitle': (p: { count: number; level: number }) => `Merge the ${files(p.count)} named above into level ${n(p.level)}, exactly as Paimon's universal compaction would. Previewed first.`,
  'ui.lsm.compact.nothingNext': () => 'Nothing is due by Paimon’s universal strategy in this bucket.',
  'ui.lsm.compact.notLatest': (p: { id: string }) => `Compaction works on the latest snapshot: select snapshot ${p.id} to compact.`,
  'ui.lsm.compact.titleFull': (p: { bucket: string }) => `Full compaction of ${p.bucket}`,
  'ui.lsm.compact.titleNext': (p: { bucket: string }) => `Next compaction of ${p.bucket}`,
  'ui.lsm.change.head': (p: { from: string; to: string }) => `Snapshot ${p.from} → ${p.to}:`,
  'ui.lsm.change.left': (p: { count: number; level: number }) => `${files(p.count)} left level ${n(p.level)}`,
  'ui.lsm.change.arrived': (p: { count: number; level: number; rows: number }) => `${files(p.count)} (${rows(p.rows)}) new at level ${n(p.level)}`,
  'ui.lsm.change.leaving': () => 'Removed from the table by this commit (the file stays in storage until an expiration no longer needs it)',
  'ui.lsm.change.arriving': () => 'New in this commit',
  'ui.lsm.change.label': () => 'What the last commit changed',
};
