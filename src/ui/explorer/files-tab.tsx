/**
 * The Files tab of a readable table: the data files the selected version reads (from its scan plan),
 * and below, every object under the table folder (including files no version references any more).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import type { FileDto } from '../../core/api/dto.ts';
import type { PlannedFileDto } from '../../core/api/table-dto.ts';
import { commonAffixes, distinctEllipsis, formatBytes, formatCount } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { FilesList } from '../browser/files-list.tsx';
import { useExplain } from '../queries/table-queries.ts';
import { InlineText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';

const ROW = 26;

export function FilesTab({ tableId, version, root, folder, onSelectFile, onOpenRaw }: {
  tableId: string;
  version: string;
  root: string;
  folder?: { files: readonly FileDto[]; count: number; totalBytes: number; truncated: boolean };
  onSelectFile: (f: PlannedFileDto) => void;
  onOpenRaw: (key: string) => void;
}) {
  const { t } = useMessages();
  const plan = useExplain(tableId, version, '');
  const files = plan.data?.files ?? [];
  const records = files.reduce((n, f) => n + Number(f.records ?? 0), 0);
  const bytes = files.reduce((n, f) => n + Number(f.bytes), 0);
  const names = useMemo(() => files.map((f) => (f.key?.startsWith(root) ? f.key.slice(root.length) : f.path)), [files, root]);
  const affixes = useMemo(() => commonAffixes(names), [names]);
  const parent = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({ count: files.length, getScrollElement: () => parent.current, estimateSize: () => ROW, overscan: 12 });
  return (
    <div className="files-tab">
      <h2 className="section-title">{t('ui.filesTab.dataFiles')}</h2>
      {plan.isPending && <ProgressLine label={t('ui.filesTab.planning')} progress={plan.progress} onCancel={plan.cancel} />}
      {plan.error && <ErrorPanel error={plan.error} onRetry={() => void plan.refetch()} />}
      {plan.data?.versionId === '' && <p className="empty-state">{t('ui.empty.noVersions.files')}</p>}
      {plan.data && plan.data.versionId !== '' && (
        <>
          <p className="muted small">{t('ui.filesTab.summary', { files: `${formatCount(files.length)}${plan.data.filesTruncated ? '+' : ''}`, records: formatCount(records), bytes: formatBytes(bytes) })}</p>
          <div className="vtable" role="table" aria-label={t('ui.filesTab.dataFiles')} aria-rowcount={files.length}>
            <div className="vtable-head vt-files" role="row">
              <span role="columnheader">{t('ui.files.path')}</span><span role="columnheader" className="num">{t('ui.filesTab.rows')}</span><span role="columnheader" className="num">{t('ui.files.size')}</span><span role="columnheader" className="num">{t('ui.filesTab.deletes')}</span>
            </div>
            <div ref={parent} className="vtable-body" style={{ maxHeight: 300 }}>
              <div style={{ height: v.getTotalSize(), position: 'relative' }}>
                {v.getVirtualItems().map((item) => {
                  const f = files[item.index];
                  return (
                    <div key={`${f.task}:${f.path}`} role="row" className="vtable-row vt-files" style={{ transform: `translateY(${item.start}px)`, height: ROW }} onClick={() => onSelectFile(f)}>
                      <span role="cell" className="mono ellipsis" title={safeTitle(f.path)}><InlineText text={distinctEllipsis(names[item.index]!, 72, affixes)} /></span>
                      <span role="cell" className="num">{f.records === undefined ? '—' : formatCount(Number(f.records))}</span>
                      <span role="cell" className="num" title={t('ui.bytes.exact', { count: Number(f.bytes) })}>{formatBytes(Number(f.bytes))}</span>
                      <span role="cell" className="num" title={safeTitle(f.deletes.map((d) => `${d.kind} ${d.path}`).join('\n'))}>{f.deletes.length || ''}</span>
                    </div>
                  );
                })}
              </div>
            </div>
          </div>
        </>
      )}
      <h2 className="section-title">{t('ui.filesTab.everyObject')}</h2>
      {!folder && <ProgressLine label={t('ui.unread.listing')} />}
      {folder && (
        <>
          <p className="muted small">{t('ui.filesTab.objects', { count: formatCount(folder.count), bytes: formatBytes(folder.totalBytes), truncated: folder.truncated === true })}</p>
          <FilesList files={folder.files} stripPrefix={root} onOpen={onOpenRaw} height={320} />
        </>
      )}
    </div>
  );
}
