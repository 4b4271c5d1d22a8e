/**
 * The pure part of writes by clicks: the buttons for the actions the table model offers (its
 * `capabilities`, asked through the worker) and why one is disabled, the before → after
 * rows of a preview, files grouped by kind, and the parsing of the small forms (sizes, ages, names).
 */
import type { FileChangeDto, TotalsDto, WriteAccessDto, WriteAction, WriteActionKind, WriteCapability, WriteResultDto } from '../../worker/engine-writes.ts';
import { en } from '../../core/messages/en.ts';
import { translator, type Translator } from '../common/messages.ts';
import { note, type Note } from '../../core/messages/note.ts';
import { errorText } from '../../core/messages/message-parts.ts';
import type { FormKind, RowsInput } from './use-write-flow.ts';

const EN = translator(en);


export interface VersionAction {
  readonly kind: WriteActionKind;
  readonly label: string;
  /** Tooltip: what it does, or why it is disabled. */
  readonly title: string;
  readonly disabled: boolean;
  readonly destructive: boolean;
  /** Open the parameter form of this kind first (a name, an age, a size). */
  readonly form?: FormKind;
  /** Prepare this right away (the action is complete). */
  readonly action?: WriteAction;
  /** For actions on one ref (delete tag): the ref. */
  readonly ref?: { readonly name: string; readonly type: 'tag' | 'branch' };
  /** For row writes: whole rows or key values (the form asks for these). */
  readonly rowsInput?: RowsInput;
}

/**
 * Why writes are off for this table, or undefined when they may go ahead: the table's own refusal (its
 * newest metadata file or snapshot cannot be read — a commit would drop it) wins over storage access.
 */
export function writesOffReason(access: WriteAccessDto | undefined, writeRefusal?: string, tr: Translator = EN): string | undefined {
  if (writeRefusal) return writeRefusal;
  return !access ? tr.t('ui.writes.checking') : access.writable ? undefined : (access.reasonMessage ? tr.ref(access.reasonMessage) : access.reason) ?? tr.t('ui.writes.readOnly');
}

const FORMS: readonly WriteActionKind[] = ['tag', 'branch', 'expire', 'compact'];

/** What a capability does, in the reader's language when the engine gave it as a message. */
export function descriptionOf(c: WriteCapability, tr: Translator = EN): string {
  return c.descriptionMessage ? errorText(c.descriptionMessage, tr.catalog) : c.description;
}

/** Why a capability is unavailable, in the reader's language when the engine gave it as a message (the storage's refusal). */
export function reasonOf(c: WriteCapability, tr: Translator = EN): string {
  return c.reasonMessage ? errorText(c.reasonMessage, tr.catalog) : c.reason ?? descriptionOf(c, tr);
}

/**
 * Buttons for the table's write capabilities of one scope (`version`: the selected version's actions;
 * `table`: the Maintain menu). Must hold: one entry per capability, in its order; an unavailable one is
 * disabled with its reason as the tooltip; a capability needing input opens its form, one carrying an
 * action prepares it; nothing depends on the table's format (capabilities come from the table model).
 */
export function writeActions(caps: readonly WriteCapability[] | undefined, scope: WriteCapability['scope'], tr: Translator = EN): VersionAction[] {
  return (caps ?? []).filter((c) => c.scope === scope).map((c) => {
    const form = c.needsInput && FORMS.includes(c.kind) ? c.kind as FormKind : undefined;
    const label = c.ref ? tr.t('ui.writes.deleteRef', { type: c.ref.type, name: c.ref.name }) : tr.t('ui.writes.action', { kind: c.kind });
    const usable = c.available && (form !== undefined || c.action !== undefined);
    return {
      kind: c.kind, label, title: c.available ? descriptionOf(c, tr) : reasonOf(c, tr), disabled: !usable, destructive: c.destructive === true,
      ...(form ? { form } : {}), ...(c.action ? { action: c.action } : {}), ...(c.ref ? { ref: c.ref } : {}),
    };
  });
}

/**
 * Buttons for the row writes the table offers with rows as input (the capability's `rowsInput`: append,
 * upsert, delete by key), in the capabilities' order; each opens the row form of its kind. Row actions that
 * take something else (a Delta DELETE's predicate) are left out: the page has no form for them.
 */
export function rowActions(caps: readonly WriteCapability[] | undefined, tr: Translator = EN): VersionAction[] {
  return (caps ?? []).filter((c) => c.scope === 'rows' && c.rowsInput !== undefined && (c.kind === 'append' || c.kind === 'upsert' || c.kind === 'delete')).map((c) => ({
    kind: c.kind, label: tr.t('ui.writes.action', { kind: c.kind }), title: c.available ? descriptionOf(c, tr) : reasonOf(c, tr), disabled: !c.available,
    destructive: c.destructive === true, form: c.kind as FormKind, rowsInput: c.rowsInput!,
  }));
}

/**
 * The dialog title of an action on version `id` (the preview dialog reads `Preview: <title>`) as a message,
 * so a title kept after the write (the toast, "What this write did") follows the reader's language.
 */
export function actionTitleNote(a: VersionAction, id: string | undefined): Note {
  if (a.ref) return note('ui.writes.deleteRefTitle', { type: a.ref.type, name: a.ref.name });
  switch (a.kind) {
    case 'rollback': case 'set-current': case 'rollback-destructive': case 'cherry-pick':
      return note('ui.writes.versionTitle', { kind: a.kind, id: id ?? '' });
    default: return note('ui.writes.actionTitle', { kind: a.kind });
  }
}

/** {@link actionTitleNote} as text. */
export function actionTitle(a: VersionAction, id: string | undefined, tr: Translator = EN): string {
  return tr.note(actionTitleNote(a, id));
}

type Undo = NonNullable<WriteResultDto['undo']>;

/**
 * The title of the preview Undo opens (`Undo — set main back to 7`), as a note so it follows the reader's language;
 * an engine that gave the label only in English gets `<Undo> — ` in front of its words.
 */
export function undoTitle(undo: Undo, tr: Translator = EN): Note {
  const m = undo.labelMessage;
  if (m?.key === 'note.write.undo' && m.params?.['what'] !== undefined) return note('ui.writes.undoTitle', { what: m.params['what'] as string });
  return undo.label.replace(/^Undo: /, `${tr.t('ui.toast.undo')} — `);
}

/** The Undo button's tooltip: the label in the reader's language when the engine gave it as a message. */
export function undoTooltip(undo: Undo, tr: Translator = EN): string {
  return undo.labelMessage ? errorText(undo.labelMessage, tr.catalog) : undo.label;
}

/** The one reason every capability is unavailable for (e.g. a format without writes), or undefined. */
export function commonUnavailableReason(caps: readonly WriteCapability[] | undefined, tr: Translator = EN): string | undefined {
  if (!caps?.length || caps.some((c) => c.available)) return undefined;
  const reasons = new Set(caps.map((c) => c.reason));
  return reasons.size === 1 && caps[0].reason !== undefined ? reasonOf(caps[0], tr) : undefined;
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
function rowsBasis(before: TotalsDto, after: TotalsDto, tr: Translator): string | undefined {
  const known = [before, after].filter((t) => t.rows !== undefined);
  if (known.length > 0 && known.every((t) => t.rowsLive)) return undefined;
  return tr.t('ui.records.basis', { basis: known.find((t) => !t.rowsLive)?.rowsBasis ?? 'before deletes' });
}

/**
 * The label of the row counts of a preview: `Rows` when every known count is live (the metadata allows
 * an exact count, e.g. no delete files), else `Records (before deletes)` — or the format's own basis,
 * e.g. `before merging by primary key` for Paimon.
 */
export function rowsLabel(before: TotalsDto, after: TotalsDto, tr: Translator = EN): string {
  const basis = rowsBasis(before, after, tr);
  return basis === undefined ? tr.t('ui.writes.rows') : tr.t('ui.writes.records', { basis });
}

/** The sentence under the totals saying what the row counts are. */
export function rowsNote(before: TotalsDto, after: TotalsDto, tr: Translator = EN): string {
  const basis = rowsBasis(before, after, tr);
  if (basis === undefined) return tr.t('ui.writes.rowsNoteLive');
  return tr.t('ui.writes.rowsNote', { basis });
}

/**
 * Rows, data files, delete files and bytes, before → after (undefined where unknown). Rows are labelled
 * by {@link rowsLabel}: live only where the metadata makes the count exact.
 */
export function totalsRows(before: TotalsDto, after: TotalsDto, tr: Translator = EN): TotalsRow[] {
  const n = (v: string | number | undefined) => (v === undefined ? undefined : Number(v));
  const rows: TotalsRow[] = [
    { id: 'Records', label: rowsLabel(before, after, tr), before: n(before.rows), after: n(after.rows), bytes: false },
    { id: 'Data files', label: tr.t('ui.inspector.partition.dataFiles'), before: n(before.dataFiles), after: n(after.dataFiles), bytes: false },
    { id: 'Delete files', label: tr.t('ui.inspector.partition.deleteFiles'), before: n(before.deleteFiles), after: n(after.deleteFiles), bytes: false },
    { id: 'Bytes', label: tr.t('ui.inspector.partition.bytes'), before: n(before.bytes), after: n(after.bytes), bytes: true },
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
export function refNameProblem(name: string, existing: readonly string[], tr: Translator = EN): string | undefined {
  const n = name.trim();
  if (!n) return tr.t('ui.writes.name.empty');
  if (/[/\\\s]/.test(n)) return tr.t('ui.writes.name.slashes');
  if (/^\d+$/.test(n)) return tr.t('ui.writes.name.numeric');
  if (n === 'main') return tr.t('ui.writes.name.main');
  if (existing.includes(n)) return tr.t('ui.writes.name.exists', { name: n });
  return undefined;
}
