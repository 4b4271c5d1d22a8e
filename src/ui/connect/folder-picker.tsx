/**
 * A local folder: File System Access (`showDirectoryPicker`, read/write with permission) where the
 * browser has it, else `<input webkitdirectory>` (a read-only snapshot of the files).
 */
import { useRef } from 'react';
import type { ConnectionSpec } from '../../worker/connection.ts';
import { useMessages } from '../common/messages.ts';

type PermissionHandle = FileSystemDirectoryHandle & { queryPermission?: (d: { mode: 'read' | 'readwrite' }) => Promise<PermissionState> };
type PickerWindow = Window & { showDirectoryPicker?: (o?: { mode?: 'read' | 'readwrite'; id?: string }) => Promise<FileSystemDirectoryHandle> };

export function FolderPicker({ busy, onSubmit }: { busy: boolean; onSubmit: (spec: ConnectionSpec) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const hasFsa = typeof (window as PickerWindow).showDirectoryPicker === 'function';

  const pick = async () => {
    try {
      const handle = await (window as PickerWindow).showDirectoryPicker!({ mode: 'readwrite', id: 'lakescope-warehouse' });
      // Writes (rollback, tags, compaction …) need read-write; a user who grants only read still browses.
      const granted = await (handle as PermissionHandle).queryPermission?.({ mode: 'readwrite' }).catch(() => undefined);
      onSubmit({ kind: 'folder', handle, writable: granted === undefined || granted === 'granted' });
    } catch (e) {
      if ((e as { name?: string }).name !== 'AbortError') throw e; // the user closed the picker
    }
  };

  const tr = useMessages();
  const onFiles = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    const files = Array.from(list);
    const name = files[0].webkitRelativePath.split('/')[0] || 'folder';
    onSubmit({ kind: 'files', name, files });
  };

  return (
    <div className="form">
      <p>{tr.t('ui.folderPick.intro')}</p>
      <div className="actions start">
        {hasFsa && <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void pick()}>{tr.t('ui.folderPick.choose')}</button>}
        <button type="button" className={`btn${hasFsa ? '' : ' btn-primary'}`} disabled={busy} onClick={() => input.current?.click()}>
          {hasFsa ? tr.t('ui.folderPick.copyInstead') : tr.t('ui.folderPick.choose')}
        </button>
        <input ref={input} type="file" hidden multiple {...{ webkitdirectory: '', directory: '' }} onChange={(e) => onFiles(e.target.files)} />
      </div>
      <p className="hint">
        {hasFsa ? tr.t('ui.folderPick.fsa') : tr.t('ui.folderPick.noFsa')}
      </p>
    </div>
  );
}
