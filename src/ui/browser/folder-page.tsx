/** A plain folder: its sub-folders (tables marked) and files, one level. */
import { formatBytes } from '../common/format.ts';
import { CopyText, FormatBadge, ProgressLine } from '../common/widgets.tsx';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { useFolder } from '../queries/warehouse-queries.ts';
import { FilesList } from './files-list.tsx';
import { InlineText } from '../common/safe-text-view.tsx';
import { useMessages } from '../common/messages.ts';

export function FolderPage({ warehouseId, prefix, onOpenTable, onOpenFolder }: {
  warehouseId: string;
  prefix: string;
  onOpenTable: (root: string) => void;
  onOpenFolder: (prefix: string) => void;
}) {
  const q = useFolder(warehouseId, prefix);
  const tr = useMessages();
  return (
    <section className="folder-page" aria-label={tr.t('ui.folder.label', { prefix: prefix || '/' })}>
      <header className="page-head">
        <div className="page-title"><h1>{prefix.replace(/\/$/, '').split('/').pop() || '/'}</h1><span className="muted">{tr.t('ui.folder.kind')}</span></div>
        <CopyText text={prefix} className="page-path" />
      </header>
      {q.isPending && <ProgressLine label={tr.t('ui.folder.listing')} />}
      {q.error && <ErrorPanel error={q.error} onRetry={() => void q.refetch()} />}
      {q.data && (
        <>
          {q.data.table && (
            <div className="notice">{tr.t('ui.folder.isTable')} <button type="button" className="btn btn-small" onClick={() => onOpenTable(prefix)}>{tr.t('ui.folder.openTable')}</button></div>
          )}
          {q.data.folders.length > 0 && (
            <ul className="folder-list">
              {q.data.folders.map((f) => (
                <li key={f.prefix}>
                  <button type="button" className="linklike" onClick={() => (f.table ? onOpenTable(f.prefix) : onOpenFolder(f.prefix))}>
                    <span className="mono"><InlineText text={f.name} />/</span>
                  </button>
                  {f.table && <FormatBadge format={f.table.format} />}
                </li>
              ))}
            </ul>
          )}
          {q.data.files.length > 0 && <FilesList files={q.data.files} stripPrefix={prefix} height={420} />}
          {q.data.folders.length === 0 && q.data.files.length === 0 && <p className="muted">{tr.t('ui.folder.empty')}</p>}
          <p className="muted small">
            {tr.t('ui.folder.summary', { folders: q.data.folders.length, files: q.data.files.length, bytes: formatBytes(q.data.files.reduce((s, f) => s + f.size, 0)), truncated: q.data.truncated })}
          </p>
        </>
      )}
    </section>
  );
}
