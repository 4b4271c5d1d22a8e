/**
 * The pure part of writes by clicks: which actions a selected version offers (rollback only to an
 * ancestor of the current snapshot, else "set as current"), why an action is disabled, the before → after
 * rows of a preview, files grouped by kind, and the parsing of the small forms (sizes, ages, names).
 */
import type { TableFormatName } from '../../core/api/dto.ts';
import type { VersionDto } from '../../core/api/table-dto.ts';
import type { FileChangeDto, TotalsDto, WriteAccessDto } from '../../worker/engine-writes.ts';

/** The id of the current version and its ancestors (parent chain), newest first. */
export function currentLineage(versions: readonly VersionDto[]): string[] {
  const byId = new Map(versions.map((v) => [v.id, v]));
  const out: string[] = [];
  const seen = new Set<string>();
  for (let v = versions.find((x) => x.isCurrent); v && !seen.has(v.id); v = v.parentId ? byId.get(v.parentId) : undefined) {
    seen.add(v.id);
    out.push(v.id);
  }
  return out;
}

export type VersionActionKind = 'rollback' | 'set-current' | 'tag' | 'branch' | 'paimon-rollback' | 'paimon-destructive' | 'paimon-tag' | 'paimon-delete-tag';

export interface VersionAction {
  readonly kind: VersionActionKind;
  readonly label: string;
  /** Tooltip: what it does, or why it is disabled. */
  readonly title: string;
  readonly disabled: boolean;
  /** For delete-tag: the tag. */
  readonly tag?: string;
}

/**
 * Why writes are off for this table, or undefined when they may go ahead: the table's own refusal (its
 * newest metadata file or snapshot cannot be read — a commit would drop it) wins over storage access.
 */
export function writesOffReason(access: WriteAccessDto | undefined, writeRefusal?: string): string | undefined {
  if (writeRefusal) return writeRefusal;
  return !access ? 'Checking whether this storage can be written…' : access.writable ? undefined : access.reason ?? 'This storage is read-only.';
}

/**
 * The actions of the selected version. Must hold: Iceberg offers "Roll back to here" only for a strict
 * ancestor of the current snapshot and "Set as current" for any other non-current snapshot; nothing moves
 * main onto the snapshot it is at; every action is disabled, with the reason, on a read-only storage and
 * while the table refuses writes (`writeRefusal`).
 */
export function versionActions(format: TableFormatName, versions: readonly VersionDto[], selected: VersionDto | undefined, access: WriteAccessDto | undefined, writeRefusal?: string): VersionAction[] {
  if (!selected || (format !== 'iceberg' && format !== 'paimon')) return [];
  const ro = writesOffReason(access, writeRefusal);
  const act = (kind: VersionActionKind, label: string, title: string, extra: Partial<VersionAction> = {}): VersionAction =>
    ({ kind, label, title: ro ?? title, disabled: ro !== undefined || extra.disabled === true, ...(extra.tag ? { tag: extra.tag } : {}) });
  const out: VersionAction[] = [];
  const expired = selected.summary.expired === 'true';
  if (format === 'iceberg') {
    const lineage = currentLineage(versions);
    if (!selected.isCurrent) {
      out.push(lineage.includes(selected.id)
        ? act('rollback', 'Roll back to here', 'Move main back to this snapshot, one of its ancestors (a new metadata file; no data is rewritten or deleted).')
        : act('set-current', 'Set as current', 'This snapshot is not an ancestor of the current one (another branch, or a rolled-back future): make it main’s current snapshot.'));
    }
    out.push(act('tag', 'Tag…', 'Name this snapshot with a tag (kept when older snapshots expire).'));
    out.push(act('branch', 'Branch…', 'Start a branch at this snapshot; main is not changed.'));
    return out;
  }
  if (!selected.isCurrent) {
    out.push(act('paimon-rollback', 'Roll back to here', 'Non-destructive: a new latest snapshot with this snapshot’s content; history stays.', { disabled: false }));
    if (!expired) out.push(act('paimon-destructive', 'Destructive rollback…', 'Deletes every later snapshot and tag, and the files only they used. Asks you to type a confirmation.'));
  }
  out.push(act('paimon-tag', 'Tag…', 'Create a tag on this snapshot (keeps it readable after the snapshot expires).', { disabled: expired }));
  for (const r of selected.refs.filter((x) => x.type === 'tag')) {
    out.push(act('paimon-delete-tag', `Delete tag ${r.name}…`, `Delete tag “${r.name}”.`, { tag: r.name }));
  }
  return out;
}

export interface TotalsRow {
  /** Stable id of the row (`Records`, `Data files`, `Delete files`, `Bytes`), whatever its label says. */
  readonly id: string;
  readonly label: string;
  readonly before?: number;
  readonly after?: number;
  readonly bytes: boolean;
}

/** What a preview's row counts are before (`before deletes`…), or undefined when every known count is live. */
function rowsBasis(before: TotalsDto, after: TotalsDto): string | undefined {
  const known = [before, after].filter((t) => t.rows !== undefined);
  if (known.length > 0 && known.every((t) => t.rowsLive)) return undefined;
  return known.find((t) => !t.rowsLive)?.rowsBasis ?? 'before deletes';
}

/**
 * The label of the row counts of a preview: `Rows` when every known count is live (the metadata allows
 * an exact count, e.g. no delete files), else `Records (before deletes)` — or the format's own basis,
 * e.g. `before merging by primary key` for Paimon.
 */
export function rowsLabel(before: TotalsDto, after: TotalsDto): string {
  const basis = rowsBasis(before, after);
  return basis === undefined ? 'Rows' : `Records (${basis})`;
}

/** The sentence under the totals saying what the row counts are. */
export function rowsNote(before: TotalsDto, after: TotalsDto): string {
  const basis = rowsBasis(before, after);
  if (basis === undefined) return 'Rows are live rows: no delete files apply, so the metadata’s counts are exact. “?” is known only after the write.';
  return `Records (${basis}): rows in data files as the table’s metadata counts them, ${basis} — not the rows a read returns (the Data tab shows those). “?” is known only after the write.`;
}

/**
 * Rows, data files, delete files and bytes, before → after (undefined where unknown). Rows are labelled
 * by {@link rowsLabel}: live only where the metadata makes the count exact.
 */
export function totalsRows(before: TotalsDto, after: TotalsDto): TotalsRow[] {
  const n = (v: string | number | undefined) => (v === undefined ? undefined : Number(v));
  const rows: TotalsRow[] = [
    { id: 'Records', label: rowsLabel(before, after), before: n(before.rows), after: n(after.rows), bytes: false },
    { id: 'Data files', label: 'Data files', before: n(before.dataFiles), after: n(after.dataFiles), bytes: false },
    { id: 'Delete files', label: 'Delete files', before: n(before.deleteFiles), after: n(after.deleteFiles), bytes: false },
    { id: 'Bytes', label: 'Bytes', before: n(before.bytes), after: n(after.bytes), bytes: true },
  ];
  return rows.filter((r) => r.before !== undefined || r.after !== undefined);
}

export interface FileGroup {
  readonly kind: FileChangeDto['kind'];
  readonly files: readonly FileChangeDto[];
  readonly bytes: number;
  /** Files whose size is not known (not written yet, or not looked up). */
  readonly unsized: number;
}

/** Files grouped by kind (data first), with byte sums. */
export function groupFiles(files: readonly FileChangeDto[]): FileGroup[] {
  const order: FileChangeDto['kind'][] = ['data', 'delete', 'manifest', 'manifest-list', 'metadata', 'statistics', 'version-hint', 'other'];
  const groups = new Map<FileChangeDto['kind'], FileChangeDto[]>();
  for (const f of files) groups.set(f.kind, [...(groups.get(f.kind) ?? []), f]);
  return [...groups].sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0])).map(([kind, fs]) => ({
    kind, files: fs, bytes: fs.reduce((s, f) => s + (f.bytes ?? 0), 0), unsized: fs.filter((f) => f.bytes === undefined).length,
  }));
}

const SIZE_UNITS: Record<string, number> = { b: 1, k: 1024, kb: 1024, kib: 1024, m: 1024 ** 2, mb: 1024 ** 2, mib: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3, gib: 1024 ** 3 };

/** `128 MiB`, `64m`, `1048576` → bytes; undefined when it is not a positive size. */
export function parseSize(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!m) return undefined;
  const unit = SIZE_UNITS[(m[2] || 'b').toLowerCase()];
  const v = unit === undefined ? NaN : Math.round(Number(m[1]) * unit);
  return Number.isFinite(v) && v > 0 ? v : undefined;
}

const AGE_UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** `7d`, `12h`, `30m`, `2w` → milliseconds; undefined otherwise. */
export function parseAge(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([mhdw])\s*$/i.exec(text);
  if (!m) return undefined;
  const v = Number(m[1]) * AGE_UNITS[m[2].toLowerCase()];
  return v > 0 ? v : undefined;
}

/** Why a tag/branch name is refused (Iceberg refs and Paimon tag files), or undefined when it is fine. */
export function refNameProblem(name: string, existing: readonly string[]): string | undefined {
  const n = name.trim();
  if (!n) return 'Give it a name.';
  if (/[/\\\s]/.test(n)) return 'No slashes or spaces.';
  if (/^\d+$/.test(n)) return 'A purely numeric name would be read as a snapshot id.';
  if (n === 'main') return '“main” is the main branch.';
  if (existing.includes(n)) return `“${n}” already exists.`;
  return undefined;
}
