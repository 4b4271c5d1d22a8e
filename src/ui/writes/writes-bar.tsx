/**
 * Writes by clicks on the table page (issue 6; notes/ui-design.md: "A write … always shows a preview of
 * exactly what will be written and removed, asks for confirmation, then shows the new commit on the
 * timeline with a one-click undo"). One bar under the timeline: the selected version's actions and the
 * table's Maintain menu — whatever the table model's `capabilities` offer here, each disabled with its
 * reason when unavailable (read-only storage, anonymous bucket, a format without writes) — the dialog
 * for the write in progress, and the toast offering Undo. Nothing here branches on the table's format.
 *
 * Undo is itself previewed: one click prepares the inverse write (set main back to the snapshot it was
 * at, remove the ref just created, or roll back again as a new snapshot — whatever the model says) and shows its
 * preview, and Confirm applies it — the same path as every other write, so it can also fail safely with
 * Conflict when someone else committed in between.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { KeyStamp } from '../../core/api/sandbox/write-effect.ts';
import type { TableFormatName } from '../../core/api/dto.ts';
import type { VersionDto } from '../../core/api/table-dto.ts';
import { engine } from '../../worker/client.ts';
import type { WriteResultDto } from '../../worker/engine-writes.ts';
import { queryKeys } from '../queries/keys.ts';
import { useSandbox } from '../sandbox/sandbox-context.ts';
import { MaintainMenu } from './maintain-menu.tsx';
import { UndoToast } from './undo-toast.tsx';
import { useWriteFlow } from './use-write-flow.ts';
import { WriteDialog } from './write-dialog.tsx';
import { type VersionAction, actionTitle, commonUnavailableReason, writeActions, writesOffReason } from './write-model.ts';
import './writes.css';

export interface WritesBarProps {
  readonly warehouseId: string;
  readonly root: string;
  readonly format: TableFormatName;
  readonly versions: readonly VersionDto[];
  readonly selected?: VersionDto;
  /** Select a version (undefined = the current one), e.g. the new current after a rollback. */
  readonly onVersion: (id: string | undefined) => void;
  /** Why the table refuses writes (its newest metadata file/snapshot cannot be read): every action is disabled with it. */
  readonly writeRefusal?: string;
}

/** Whether the warehouse can be written (and the commit guarantee), asked once per warehouse. */
export function useWriteAccess(warehouseId: string) {
  return useQuery({ queryKey: queryKeys.writeAccess(warehouseId), queryFn: ({ signal }) => engine().writeAccess({ warehouseId }, { signal }), staleTime: Infinity });
}

/** The write actions the table offers on `version` (asked again when the current version changes). */
function useWriteCapabilities(warehouseId: string, root: string, format: TableFormatName, currentId: string | undefined, version: string | undefined) {
  return useQuery({
    queryKey: queryKeys.writeCapabilities(warehouseId, root, currentId ?? '', version ?? ''),
    queryFn: ({ signal }) => engine().writeCapabilities({ warehouseId, root, format, ...(version !== undefined ? { version } : {}) }, { signal }),
    staleTime: Infinity,
  });
}

export function WritesBar({ warehouseId, root, format, versions, selected, onVersion, writeRefusal }: WritesBarProps) {
  const access = useWriteAccess(warehouseId);
  const qc = useQueryClient();
  const [toast, setToast] = useState<{ result: WriteResultDto; title: string } | undefined>();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: queryKeys.table(warehouseId, root) });
    void qc.invalidateQueries({ queryKey: queryKeys.tableFiles(warehouseId, root) });
    void qc.invalidateQueries({ queryKey: queryKeys.paimonTable(warehouseId, root) });
  };
  const currentId = versions.find((v) => v.isCurrent)?.id;
  const caps = useWriteCapabilities(warehouseId, root, format, currentId, selected?.id);
  // In a sandbox every write shows what it did to the files: the table's key list is taken after Confirm,
  // before the apply starts, and compared with the one after the commit.
  const sandbox = useSandbox();
  const before = useRef<readonly KeyStamp[] | undefined>(undefined);
  const flow = useWriteFlow({ warehouseId, root, format }, {
    beforeApply: sandbox.active ? async () => { before.current = undefined; before.current = await engine().tableKeys({ warehouseId, root }); } : undefined,
    onCommitted: (result, title) => {
      refresh();
      if (sandbox.active && before.current) sandbox.record(warehouseId, root, title, before.current);
      // Show the new current version when the write moved main; keep the selection for tags/branches.
      if (result.currentAfter !== undefined && result.currentAfter !== currentId) onVersion(undefined);
      setToast({ result, title });
    },
    onUncertain: refresh,
  });

  const actions = selected ? writeActions(caps.data?.capabilities, 'version') : [];
  const maintain = writeActions(caps.data?.capabilities, 'table');
  const roReason = access.data && !access.data.writable ? access.data.reason : undefined;
  const tableOff = commonUnavailableReason(caps.data?.capabilities);
  const offReason = writesOffReason(access.data, writeRefusal) ?? (maintain.some((m) => !m.disabled) ? undefined : maintain[0]?.title);
  const existingRefs = versions.flatMap((v) => v.refs.map((r) => r.name));
  const run = (a: VersionAction) => {
    if (a.form) flow.openForm(a.form, selected?.id);
    else if (a.action) flow.prepare({ action: a.action }, actionTitle(a, selected?.id));
  };

  return (
    <div className="ws-bar" role="toolbar" aria-label="Write actions">
      <span className="ws-bar-label small muted">{selected ? <>Version <span className="mono">{selected.id.length > 14 ? `${selected.id.slice(0, 6)}…${selected.id.slice(-4)}` : selected.id}</span>{selected.isCurrent ? ' (current)' : ''}:</> : 'No version selected'}</span>
      {actions.map((a) => (
        <button key={a.kind + (a.ref?.name ?? '')} type="button" className={`btn btn-small${a.destructive ? ' ws-danger-text' : ''}`} disabled={a.disabled} title={a.title} onClick={() => run(a)}>{a.label}</button>
      ))}
      <span className="spacer" />
      {maintain.length > 0 && (
        <MaintainMenu disabledReason={offReason} items={maintain.filter((m) => !m.disabled).map((m) => ({ id: m.kind, label: m.label, title: m.title, run: () => run(m) }))} />
      )}
      {writeRefusal
        ? <p className="ws-readonly small" data-testid="writes-off" title={`Writes are off for this table. ${writeRefusal}`}><strong>Writes are off for this table.</strong> {writeRefusal}</p>
        : roReason ? <p className="ws-readonly small" data-testid="writes-off" title={`Read-only storage: writes are off. ${roReason}`}><strong>Read-only storage: writes are off.</strong> {roReason}</p>
          : tableOff && <p className="ws-readonly small" data-testid="writes-off" title={`Writes are off for this table. ${tableOff}`}><strong>Writes are off for this table.</strong> {tableOff}</p>}
      <WriteDialog flow={flow} existingRefs={existingRefs} />
      {toast && (
        <UndoToast result={toast.result} title={toast.title} onClose={() => setToast(undefined)}
          onUndo={toast.result.undo ? () => { const u = toast.result.undo!; setToast(undefined); flow.prepare(u.request, u.label.replace(/^Undo: /, 'Undo — ')); } : undefined} />
      )}
    </div>
  );
}
