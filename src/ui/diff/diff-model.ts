/**
 * The diff page's pure parts (issue 15): rows of the row view (added, removed, changed with the changed
 * cells), provenance as a sentence, the partition heat map's scale, and CSV export with a guard against
 * formula injection (a spreadsheet runs a cell starting with = + - @ as a formula; OWASP "CSV Injection").
 */
import type { AppliedFileDto } from '../../core/formats/table-format.ts';
import type { ChangeRowDto, ChangeType, ChangedRowDto, DiffRowDto, PartitionChangeDto, RowProvenanceDto, TableDiffDto } from '../../core/api/diff/diff-dto.ts';
import type { Translator } from '../common/messages.ts';
import type { DiffKind } from '../state/route.ts';

/** One line of the row view: an added or removed row, or a changed row (its values after, and before). */
export type DiffViewRow =
  | { readonly kind: 'added' | 'removed'; readonly row: Record<string, unknown>; readonly provenance: RowProvenanceDto }
  | { readonly kind: 'changed'; readonly row: Record<string, unknown>; readonly before: Record<string, unknown>; readonly provenance: RowProvenanceDto; readonly beforeProvenance: RowProvenanceDto; readonly changedColumns: readonly string[] };

/** A worker page's rows as view rows. */
export function viewRowsOf(kind: DiffKind, rows: readonly (DiffRowDto | ChangedRowDto)[]): DiffViewRow[] {
  if (kind === 'changed') {
    return (rows as readonly ChangedRowDto[]).map((c) => ({
      kind: 'changed', row: c.after.row, before: c.before.row, provenance: c.after.provenance, beforeProvenance: c.before.provenance, changedColumns: c.changedColumns,
    }));
  }
  return (rows as readonly DiffRowDto[]).map((r) => ({ kind, row: r.row, provenance: r.provenance }));
}

/**
 * Where a row comes from, as one sentence in the reader's language: the data file (and row position where
 * exact) it lives in and, for a removed row, what removed it (the delete file / deletion vector / log
 * file, or its file gone).
 */
export function provenanceText(t: Translator['t'], kind: 'added' | 'removed' | 'changed', p: RowProvenanceDto): string {
  const removed = kind === 'removed';
  const files = p.files.length === 0 ? t('ui.diff.prov.noFile') : p.files.length === 1 ? p.files[0]! : t('ui.diff.prov.merged', { file: p.files[0]!, more: p.files.length - 1 });
  const lives = t('ui.diff.prov.lives', { removed, files, partition: p.partition, version: p.version, ...(p.position !== undefined ? { position: p.position } : {}) });
  const applied = (a: AppliedFileDto) => t('ui.diff.prov.applied', { kind: a.kind, name: a.key ?? a.path, ...(a.records !== undefined ? { records: a.records } : {}) });
  const via = p.via && p.via.length > 0 ? ` ${t('ui.diff.prov.via', { removed, what: p.via.map(applied).join(', ') })}` : '';
  const gone = p.fileGone ? ` ${t('ui.diff.prov.fileGone', { removed })}` : '';
  return lives + via + gone;
}

/** Heat of a partition's change, 0..1, by rows added plus removed against the busiest partition. */
export function partitionHeat(partitions: readonly PartitionChangeDto[]): Map<string, number> {
  const weight = (p: PartitionChangeDto) => Number(p.added.records) + Number(p.removed.records) + p.deletesChanged;
  const max = Math.max(0, ...partitions.map(weight));
  return new Map(partitions.map((p) => [p.partition, max === 0 ? 0 : weight(p) / max]));
}

/** True when the metadata says the rows did not change: a rewrite (compaction) with the same rows, no other files. */
export function isSameRowsRewrite(d: TableDiffDto): boolean {
  return d.rewrite?.sameRows === true && d.files.deletesChanged.length === 0;
}

/** One CSV cell: quoted when needed, and a cell starting with = + - @ (or tab / CR) prefixed with ' so no spreadsheet runs it. */
export function csvCell(v: unknown): string {
  let s = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)) : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The rows as CSV: a `change` column (added, removed, update-before, update-after — a changed row is two
 * lines), the table's columns, then the provenance (partition, file, position).
 */
export function diffCsv(columns: readonly string[], rows: readonly DiffViewRow[]): string {
  const header = ['change', ...columns, 'partition', 'file', 'position'];
  const line = (change: string, row: Record<string, unknown>, p: RowProvenanceDto) =>
    [change, ...columns.map((c) => row[c]), p.partition, p.files[0] ?? '', p.position ?? ''].map(csvCell).join(',');
  const out = [header.map(csvCell).join(',')];
  for (const r of rows) {
    if (r.kind === 'changed') { out.push(line('update-before', r.before, r.beforeProvenance)); out.push(line('update-after', r.row, r.provenance)); }
    else out.push(line(r.kind, r.row, r.provenance));
  }
  return `${out.join('\r\n')}\r\n`;
}

/** The row view's kind of a change-log row: inserts are added rows, deletes removed ones, update pairs changed ones. */
export function kindOfChange(t: ChangeType): DiffKind {
  return t === 'insert' ? 'added' : t === 'delete' ? 'removed' : 'changed';
}

/** Change-log rows of one kind (all when `kind` is absent), and the count of each kind over all rows. */
export function changesOfKind(rows: readonly ChangeRowDto[], kind: DiffKind | undefined): { rows: readonly ChangeRowDto[]; counts: Record<DiffKind, number> } {
  const counts: Record<DiffKind, number> = { added: 0, removed: 0, changed: 0 };
  for (const r of rows) counts[kindOfChange(r.changeType)]++;
  return { rows: kind ? rows.filter((r) => kindOfChange(r.changeType) === kind) : rows, counts };
}

/**
 * Columns an update changed, for the update-after row at `i`: those differing from the update-before row
 * just before it of the same version (the change log lists an update as that pair); empty otherwise.
 */
export function updatedColumns(rows: readonly ChangeRowDto[], i: number, columns: readonly string[]): readonly string[] {
  const after = rows[i]; const before = rows[i - 1];
  if (after?.changeType !== 'update-after' || before?.changeType !== 'update-before' || before.version !== after.version) return [];
  return columns.filter((c) => JSON.stringify(after.row[c]) !== JSON.stringify(before.row[c]));
}

/**
 * Column order of the row view: the table's order, except when only changed rows are shown — then the key
 * columns, then the columns some row changed, then the rest, so the highlighted cells are in view
 * without scrolling sideways.
 */
export function rowViewColumns(columns: readonly string[], key: readonly string[], changed: readonly string[], changedOnly: boolean): readonly string[] {
  if (!changedOnly) return columns;
  const first = [...key, ...changed.filter((c) => !key.includes(c))].filter((c) => columns.includes(c));
  return [...first, ...columns.filter((c) => !first.includes(c))];
}
