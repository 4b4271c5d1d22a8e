/**
 * Writes by clicks on the table page (issue 6; notes/ui-design.md: "A write … always shows a preview of
 * exactly what will be written and removed, asks for confirmation, then shows the new commit on the
 * timeline with a one-click undo"). One bar under the timeline: the selected version's actions
 * (roll back / set as current, tag, branch; for Paimon rollback-as-latest, destructive rollback, tags)
 * and the table's Maintain menu; the dialog for the write in progress; the toast offering Undo.
 *
 * Undo is itself previewed: one click prepares the inverse write (set main back to the snapshot it was
 * at, remove the ref just created, or for Paimon roll back again as a new snapshot) and shows its
 * preview, and Confirm applies it — the same path as every other write, so it can also fail safely with
 * Conflict when someone else committed in between.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TableFormatName } from '../../core/api/dto.ts';
import type { VersionDto } from '../../core/api/table-dto.ts';
import { engine } from '../../worker/client.ts';
import type { WriteResultDto } from '../../worker/engine-writes.ts';
import { queryKeys } from '../queries/keys.ts';
import { MaintainMenu } from './maintain-menu.tsx';
import { UndoToast } from './undo-toast.tsx';
import { useWriteFlow } from './use-write-flow.ts';
import { WriteDialog } from './write-dialog.tsx';
import { type VersionAction, versionActions, writesOffReason } from './write-model.ts';
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
  const flow = useWriteFlow({ warehouseId, root }, {
    onCommitted: (result, title) => {
      refresh();
      // Show the new current version when the write moved main; keep the selection for tags/branches.
      if (result.currentAfter !== undefined && result.currentAfter !== currentId) onVersion(undefined);
      setToast({ result, title });
    },
    onUncertain: refresh,
  });
  if (format !== 'iceberg' && format !== 'paimon') return null;

  const actions = versionActions(format, versions, selected, access.data, writeRefusal);
  const roReason = access.data && !access.data.writable ? access.data.reason : undefined;
  const offReason = writesOffReason(access.data, writeRefusal);
  const existingRefs = versions.flatMap((v) => v.refs.map((r) => r.name));
  const run = (a: VersionAction) => {
    if (!selected) return;
    const id = selected.id;
    switch (a.kind) {
      case 'rollback': flow.prepare({ format: 'iceberg', op: { kind: 'rollback', snapshotId: id } }, `Roll back main to ${id}`); break;
      case 'set-current': flow.prepare({ format: 'iceberg', op: { kind: 'set-current', snapshotId: id } }, `Set ${id} as current`); break;
      case 'tag': case 'branch': case 'paimon-tag': flow.openForm(a.kind, id); break;
      case 'paimon-rollback': flow.prepare({ format: 'paimon', op: { kind: 'rollback-as-latest', snapshotId: id } }, `Roll back to snapshot ${id}`); break;
      case 'paimon-destructive': flow.prepare({ format: 'paimon', op: { kind: 'rollback-destructive', snapshotId: id } }, `Destructive rollback to snapshot ${id}`); break;
      case 'paimon-delete-tag': flow.prepare({ format: 'paimon', op: { kind: 'delete-tag', name: a.tag! } }, `Delete tag “${a.tag}”`); break;
    }
  };

  return (
    <div className="ws-bar" role="toolbar" aria-label="Write actions">
      <span className="ws-bar-label small muted">{selected ? <>Version <span className="mono">{selected.id.length > 14 ? `${selected.id.slice(0, 6)}…${selected.id.slice(-4)}` : selected.id}</span>{selected.isCurrent ? ' (current)' : ''}:</> : 'No version selected'}</span>
      {actions.map((a) => (
        <button key={a.kind + (a.tag ?? '')} type="button" className={`btn btn-small${a.kind === 'paimon-destructive' ? ' ws-danger-text' : ''}`} disabled={a.disabled} title={a.title} onClick={() => run(a)}>{a.label}</button>
      ))}
      <span className="spacer" />
      {format === 'iceberg' && (
        <MaintainMenu disabledReason={offReason} items={[
          { id: 'expire', label: 'Expire snapshots…', title: 'Remove old snapshots from the metadata; optionally delete the files only they used', run: () => flow.openForm('expire') },
          { id: 'compact', label: 'Compact…', title: 'Rewrite small files (and files with deletes) into bigger ones', run: () => flow.openForm('compact') },
          { id: 'rewrite-manifests', label: 'Rewrite manifests…', title: 'Regroup manifests (same files, fewer/larger manifests)', run: () => flow.prepare({ format: 'iceberg', op: { kind: 'rewrite-manifests' } }, 'Rewrite manifests') },
        ]} />
      )}
      {writeRefusal
        ? <p className="ws-readonly small" data-testid="writes-off"><strong>Writes are off for this table.</strong> {writeRefusal}</p>
        : roReason && <p className="ws-readonly small" data-testid="writes-off"><strong>Read-only storage: writes are off.</strong> {roReason}</p>}
      <WriteDialog flow={flow} existingRefs={existingRefs} />
      {toast && (
        <UndoToast result={toast.result} title={toast.title} onClose={() => setToast(undefined)}
          onUndo={toast.result.undo ? () => { const u = toast.result.undo!; setToast(undefined); flow.prepare(u.request, u.label.replace(/^Undo: /, 'Undo — ')); } : undefined} />
      )}
    </div>
  );
}
