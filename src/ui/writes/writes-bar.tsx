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
import { MaintainMenu } from './maintain-menu.tsx';
import { useTableWrites, useWriteAccess, useWriteCapabilities } from './table-writes.tsx';
import { type VersionAction, actionTitle, commonUnavailableReason, rowActions, writeActions, writesOffReason } from './write-model.ts';
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

export function WritesBar({ warehouseId, root, format, versions, selected, writeRefusal }: WritesBarProps) {
  const { t } = useMessages();
  const writes = useTableWrites();
  const access = useWriteAccess(warehouseId);
  const currentId = versions.find((v) => v.isCurrent)?.id;
  const caps = useWriteCapabilities(warehouseId, root, format, currentId, selected?.id);
  if (!writes) return null;
  const { flow } = writes;

  const tr = useMessages();
  const actions = selected ? writeActions(caps.data?.capabilities, 'version', tr) : [];
  const maintain = writeActions(caps.data?.capabilities, 'table', tr);
  const rows = rowActions(caps.data?.capabilities, tr);
  const roReason = access.data && !access.data.writable ? (access.data.reasonMessage ? tr.ref(access.data.reasonMessage) : access.data.reason) : undefined;
  const tableOff = commonUnavailableReason(caps.data?.capabilities);
  const offReason = writesOffReason(access.data, writeRefusal, tr) ?? (maintain.some((m) => !m.disabled) ? undefined : maintain[0]?.title);
  const run = (a: VersionAction) => {
    if (a.form) flow.openForm(a.form, selected?.id, a.rowsInput);
    else if (a.action) flow.prepare({ action: a.action }, actionTitle(a, selected?.id, tr));
  };

  return (
    <div className="ws-bar" role="toolbar" aria-label={tr.t('ui.writes.label')}>
      <span className="ws-bar-label small muted">{selected ? <>{tr.t('ui.explain.version')}<span className="mono">{selected.id.length > 14 ? `${selected.id.slice(0, 6)}…${selected.id.slice(-4)}` : selected.id}</span>{tr.t('ui.writes.selectedSuffix', { current: selected.isCurrent })}</> : tr.t('ui.writes.noVersion')}</span>
      {actions.map((a) => (
        <button key={a.kind + (a.ref?.name ?? '')} type="button" className={`btn btn-small${a.destructive ? ' ws-danger-text' : ''}`} disabled={a.disabled} title={a.title} onClick={() => run(a)}>{a.label}</button>
      ))}
      <span className="spacer" />
      {rows.length > 0 && (
        <span className="ws-rows" role="group" aria-label={t('ui.rows.barLabel')}>
          <span className="ws-bar-label small muted">{t('ui.rows.barLabel')}</span>
          {rows.map((a) => (
            <button key={a.kind} type="button" className={`btn btn-small${a.destructive ? ' ws-danger-text' : ''}`} disabled={a.disabled} title={a.title} onClick={() => run(a)}>{a.label}</button>
          ))}
        </span>
      )}
      {maintain.length > 0 && (
        <MaintainMenu disabledReason={offReason} items={maintain.filter((m) => !m.disabled).map((m) => ({ id: m.kind, label: m.label, title: m.title, run: () => run(m) }))} />
      )}
      {writeRefusal
        ? <p className="ws-readonly small" data-testid="writes-off" title={`${tr.t('ui.writes.offTable')} ${writeRefusal}`}><strong>{tr.t('ui.writes.offTable')}</strong> {writeRefusal}</p>
        : roReason ? <p className="ws-readonly small" data-testid="writes-off" title={`${tr.t('ui.writes.offStorage')} ${roReason}`}><strong>{tr.t('ui.writes.offStorage')}</strong> {roReason}</p>
          : tableOff && <p className="ws-readonly small" data-testid="writes-off" title={`${tr.t('ui.writes.offTable')} ${tableOff}`}><strong>{tr.t('ui.writes.offTable')}</strong> {tableOff}</p>}
    </div>
  );
}
