/** A long file list, virtualised (tables can have 100,000 files): path, size, modified. */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import type { FileDto } from '../../core/api/dto.ts';
import { commonAffixes, distinctEllipsis, formatBytes, formatTime } from '../common/format.ts';
import { InlineText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';
import { useMessages } from '../common/messages.ts';

const ROW = 26;

export function FilesList({ files, stripPrefix = '', onOpen, height = 480 }: {
  files: readonly FileDto[];
  /** Shown paths are relative to this prefix. */
  stripPrefix?: string;
  onOpen?: (key: string) => void;
  height?: number;
}) {
  const parent = useRef<HTMLDivElement>(null);
  const tr = useMessages();
  const affixes = useMemo(() => commonAffixes(files.map((f) => (f.key.startsWith(stripPrefix) ? f.key.slice(stripPrefix.length) : f.key))), [files, stripPrefix]);
  const v = useVirtualizer({ count: files.length, getScrollElement: () => parent.current, estimateSize: () => ROW, overscan: 12 });
  return (
    <div className="files" role="table" aria-label={tr.t('ui.files.label')} aria-rowcount={files.length}>
      <div className="files-head" role="row">
        <span role="columnheader" className="col-path">{tr.t('ui.files.path')}</span>
        <span role="columnheader" className="col-size num">{tr.t('ui.files.size')}</span>
        <span role="columnheader" className="col-time">{tr.t('ui.files.modified')}</span>
      </div>
      <div ref={parent} className="files-body" style={{ maxHeight: height }}>
        <div style={{ height: v.getTotalSize(), position: 'relative' }}>
          {v.getVirtualItems().map((item) => {
            const f = files[item.index];
            const t = f.lastModified === undefined ? undefined : formatTime(f.lastModified);
            const rel = f.key.startsWith(stripPrefix) ? f.key.slice(stripPrefix.length) : f.key;
            return (
              <div key={f.key} role="row" className="files-row" style={{ transform: `translateY(${item.start}px)`, height: ROW }}>
                <span role="cell" className="col-path mono" title={safeTitle(f.key)}>
                  {onOpen ? <button type="button" className="linklike mono" onClick={() => onOpen(f.key)}><InlineText text={distinctEllipsis(rel, 64, affixes)} /></button> : <InlineText text={distinctEllipsis(rel, 64, affixes)} />}
                </span>
                <span role="cell" className="col-size num" title={tr.t('ui.bytes.exact', { count: f.size })}>{formatBytes(f.size)}</span>
                <span role="cell" className="col-time muted" title={t?.utc}>{t?.local ?? '—'}</span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
