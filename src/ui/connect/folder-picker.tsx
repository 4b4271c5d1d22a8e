/**
 * A local folder: File System Access (`showDirectoryPicker`, read/write with permission) where the
 * browser has it, else `<input webkitdirectory>` (a read-only snapshot of the files).
 */
import { useRef } from 'react';
import type { ConnectionSpec } from '../../worker/connection.ts';

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

  const onFiles = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    const files = Array.from(list);
    const name = files[0].webkitRelativePath.split('/')[0] || 'folder';
    onSubmit({ kind: 'files', name, files });
  };

  return (
    <div className="form">
      <p>Open a warehouse or a single table from this computer. Nothing is uploaded: the files are read in this tab.</p>
      <div className="actions start">
        {hasFsa && <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void pick()}>Choose folder…</button>}
        <button type="button" className={`btn${hasFsa ? '' : ' btn-primary'}`} disabled={busy} onClick={() => input.current?.click()}>
          {hasFsa ? 'Read-only copy instead…' : 'Choose folder…'}
        </button>
        <input ref={input} type="file" hidden multiple {...{ webkitdirectory: '', directory: '' }} onChange={(e) => onFiles(e.target.files)} />
      </div>
      <p className="hint">
        {hasFsa
          ? 'This browser supports the File System Access API: the folder stays live, and later versions can write commits back (you will be asked).'
          : 'This browser has no File System Access API: the folder is read once, read-only.'}
      </p>
    </div>
  );
}
