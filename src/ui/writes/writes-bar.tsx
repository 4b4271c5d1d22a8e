/**
 * Writes by clicks on the table page (issue 6; notes/ui-design.md: "A write … always shows a preview of
 * exactly what will be written and removed, asks for confirmation, then shows the new commit on the
 * timeline with a one-click undo"). One bar under the timeline: the selected version's actions and the
 * table's Maintain menu — whatever the table model's `capabilities` offer here, each disabled with its
 * reason when unavailable (read-only storage, anonymous bucket, a format without writes) — and the row
 * writes that take rows (append, upsert, delete by key: a row form or pasted CSV). The dialog of the write in
 * progress and the toast offering Undo belong to the page (table-writes.tsx), shared with the LSM tab's
 * compaction buttons. Nothing here branches on the table's format.
 *
 * Undo is itself previewed: one click prepares the inverse write (set main back to the snapshot it was
 * at, remove the ref just created, or roll back again as a new snapshot — whatever the model says) and shows its
 * preview, and Confirm applies it — the same path as every other write, so it can also fail safely with
 * Conflict when someone else committed in between.
 */
import type { TableFormatName } from '../../core/api/dto.ts';
import type { OverviewVersionDto } from '../../core/api/table-dto.ts';
import { useId, useRef } from 'react';
import { MaintainMenu } from './maintain-menu.tsx';
import { type MoreItem, MoreMenu, useFit } from './more-menu.tsx';
import { useTableWrites, useWriteAccess, useWriteCapabilities } from './table-writes.tsx';
import type { WriteFlow } from './use-write-flow.ts';
import { type VersionAction, actionTitleNote, commonUnavailableReason, rowActions, writeActions, writesOffReason } from './write-model.ts';
import './writes.css';
import { useMessages } from '../common/messages.ts';

export { useWriteAccess } from './table-writes.tsx';

export interface WritesBarProps {
  readonly warehouseId: string;
  readonly root: string;
  readonly format: TableFormatName;
  readonly versions: readonly OverviewVersionDto[];
  readonly selected?: OverviewVersionDto;
  /** Why the table refuses writes (its newest metadata file/snapshot cannot be read): every action is disabled with it. */
  readonly writeRefusal?: string;
}

export function WritesBar(props: WritesBarProps) {
  const writes = useTableWrites();
  return writes ? <Bar {...props} flow={writes.flow} /> : null;
}

function Bar({ warehouseId, root, format, versions, selected, writeRefusal, flow }: WritesBarProps & { flow: WriteFlow }) {
  const tr = useMessages();
  const { t } = tr;
  const access = useWriteAccess(warehouseId);
  const currentId = versions.find((v) => v.isCurrent)?.id;
  const caps = useWriteCapabilities(warehouseId, root, format, currentId, selected?.id);
  const bar = useRef<HTMLDivElement>(null);
  const noteId = useId();

  const actions = selected ? writeActions(caps.data?.capabilities, 'version', tr) : [];
  const maintain = writeActions(caps.data?.capabilities, 'table', tr);
  const rows = rowActions(caps.data?.capabilities, tr);
  const roReason = access.data && !access.data.writable ? (access.data.reasonMessage ? tr.ref(access.data.reasonMessage) : access.data.reason) : undefined;
  const tableOff = commonUnavailableReason(caps.data?.capabilities, tr);
  const offReason = writesOffReason(access.data, writeRefusal, tr) ?? (maintain.some((m) => !m.disabled) ? undefined : maintain[0]?.title);
  const run = (a: VersionAction) => {
    if (a.form) flow.openForm(a.form, selected?.id, a.rowsInput);
    else if (a.action) flow.prepare({ action: a.action }, actionTitleNote(a, selected?.id));
  };

  // Every button of the bar in order: the ones that do not fit go into "More ▾" (the Maintain menu, a menu
  // already, always stays).
  const entries: { id: string; label: string; title?: string; disabled?: boolean; danger?: boolean; group?: string; run: () => void }[] = [
    ...actions.map((a) => ({ id: `v:${a.kind}:${a.ref?.name ?? ''}`, label: a.label, title: a.title, disabled: a.disabled, danger: a.destructive, run: () => run(a) })),
    ...rows.map((a) => ({ id: `r:${a.kind}`, label: a.label, title: a.title, disabled: a.disabled, danger: a.destructive, group: t('ui.rows.barLabel'), run: () => run(a) })),
  ];
  const [fit, least] = useFit(bar, entries.length, entries.map((e) => e.label).join('\u0001'));
  const shownRows = entries.slice(0, fit).filter((e) => e.id.startsWith('r:')).length;
  const more: MoreItem[] = entries.slice(fit).map((e) => ({
    id: e.id, label: e.label, ...(e.title !== undefined ? { title: e.title } : {}), ...(e.disabled ? { disabled: true } : {}), ...(e.group ? { group: e.group } : {}), run: e.run,
  }));
  // Why writes are off: a word or two in the row, the sentence and its reason in the tooltip and for screen readers
  // (the whole sentence pushed the bar under the tabs, a line of the tab's content lost at every width; a reason
  // cut after a few characters said nothing).
  const note = (short: string, head: string, reason: string) => (
    <p id={noteId} className="ws-readonly small" data-testid="writes-off" title={`${head} ${reason}`}>
      <strong aria-hidden="true">{short}</strong><span className="ws-readonly-reason">{head} {reason}</span>
    </p>
  );
  const off = writeRefusal ? note(tr.t('ui.writes.offTableShort'), tr.t('ui.writes.offTable'), writeRefusal)
    : roReason ? note(tr.t('ui.writes.offStorageShort'), tr.t('ui.writes.offStorage'), roReason)
      : tableOff && note(tr.t('ui.writes.offTableShort'), tr.t('ui.writes.offTable'), tableOff);
  // The version the buttons act on is the line under the timeline; the toolbar's name says it for screen readers.
  const shortId = selected && (selected.id.length > 14 ? `${selected.id.slice(0, 6)}…${selected.id.slice(-4)}` : selected.id);
  const barName = selected && shortId ? tr.t('ui.writes.labelFor', { version: shortId, current: selected.isCurrent }) : tr.t('ui.writes.labelNone');

  // The note is the bar's sibling: in the tabs row it sits after Compare and the bar wraps under it when the
  // line is too short for both (inside the bar it was pushed out of the bar's left edge, over Compare).
  return (
    <>
    {off}
    <div className="ws-bar" role="toolbar" aria-label={barName} aria-describedby={off ? noteId : undefined} ref={bar} style={{ minWidth: least }}>
      {entries.map((e, i) => {
        const first = e.group !== undefined && entries[i - 1]?.group === undefined;
        return (
          <span key={e.id} data-fit={i} hidden={i >= fit} className="ws-fit">
            {first && shownRows > 0 && <span className="ws-bar-label small muted">{e.group}</span>}
            <button type="button" className={`btn btn-small${e.danger ? ' ws-danger-text' : ''}`} disabled={e.disabled} title={e.title} onClick={e.run}>{e.label}</button>
          </span>
        );
      })}
      {fit < entries.length && <MoreMenu items={more} label={t('ui.tabs.moreLabel')} testId="tabs-more" />}
      {maintain.length > 0 && (
        <MaintainMenu disabledReason={offReason} items={maintain.filter((m) => !m.disabled).map((m) => ({ id: m.kind, label: m.label, title: m.title, run: () => run(m) }))} />
      )}
    </div>
    </>
  );
}
