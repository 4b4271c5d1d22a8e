/**
 * The table page for a table this build cannot open (a format without a reader, or a feature its reader refuses: table-page.tsx falls back to it on an
 * Unsupported open): format, location, the evidence, every file under the table folder and the raw
 * bytes of any of them. The other tabs say what they would show and why they are empty.
 */
import { useMemo, useRef, useState } from 'react';
import type { DetectedTableDto, FileDto } from '../../core/api/dto.ts';
import { formatBytes, formatCount } from '../common/format.ts';
import { CopyText, FormatBadge, ProgressLine, formatLabel } from '../common/widgets.tsx';
import { useMessages } from '../common/messages.ts';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { useTableFiles } from '../queries/warehouse-queries.ts';
import { type Tab, tabsFor } from '../state/route.ts';
import { FilesList } from './files-list.tsx';
import { RawView } from './raw-view.tsx';
import { tabNote } from './tab-notes.ts';
import { InlineText } from '../common/safe-text-view.tsx';

const TABS = tabsFor(undefined);

export function UnreadTablePage({ warehouseId, table, tab, onTab }: {
  warehouseId: string;
  table: DetectedTableDto;
  tab: Tab;
  onTab: (tab: Tab) => void;
}) {
  const files = useTableFiles(warehouseId, table.root);
  const [rawKey, setRawKey] = useState<string>(table.evidence);
  const tabsRef = useRef<HTMLDivElement>(null);
  const onTabsKey = (e: React.KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!d) return;
    e.preventDefault();
    const next = TABS[(i + d + TABS.length) % TABS.length];
    onTab(next);
    tabsRef.current?.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus();
  };
  const tr = useMessages();
  const note = tabNote(tab, table.format, tr);

  return (
    <section className="table-page" aria-label={tr.t('ui.table.label', { name: table.name })}>
      <header className="page-head">
        <div className="page-title">
          <h1><InlineText text={table.name} max={200} /></h1>
          <FormatBadge format={table.format} size="large" />
          {table.alsoReadableAs.map((f) => <span key={f} className="muted small">{tr.t('ui.table.also', { format: formatLabel(f) })}</span>)}
        </div>
        <CopyText text={table.root} className="page-path" />
      </header>
      <div className="timeline-strip" aria-label={tr.t('ui.unread.timeline')}>
        <span className="muted small">{tr.t('ui.unread.timelineNote', { format: formatLabel(table.format) })}</span>
      </div>
      <div className="tabs" role="tablist" aria-label={tr.t('ui.table.views')} ref={tabsRef} onKeyDown={onTabsKey}>
        {TABS.map((t) => (
          <button key={t} type="button" role="tab" data-tab={t} aria-selected={tab === t} tabIndex={tab === t ? 0 : -1}
            className={`tab${tab === t ? ' active' : ''}${tabNote(t, table.format, tr) ? ' later' : ''}`} onClick={() => onTab(t)}>
            {tr.t('ui.tab.label', { tab: t })}
          </button>
        ))}
      </div>
      <div className="tab-body" role="tabpanel" aria-label={tr.t('ui.tab.label', { tab })}>
        {note && <div className="placeholder"><h2>{tr.t('ui.tab.label', { tab })}</h2><p>{note}</p></div>}
        {tab === 'overview' && <Overview table={table} files={files.data?.files} truncated={files.data?.truncated} totalBytes={files.data?.totalBytes} />}
        {(tab === 'overview' || tab === 'files' || tab === 'raw') && files.isPending && <ProgressLine label={tr.t('ui.unread.listing')} />}
        {(tab === 'overview' || tab === 'files' || tab === 'raw') && files.error && <ErrorPanel error={files.error} onRetry={() => void files.refetch()} />}
        {tab === 'files' && files.data && (
          <>
            <p className="muted small">
              {tr.t('ui.unread.filesNote', { count: formatCount(files.data.count), bytes: formatBytes(files.data.totalBytes), truncated: files.data.truncated === true })}
            </p>
            <FilesList files={files.data.files} stripPrefix={table.root} onOpen={(k) => { setRawKey(k); onTab('raw'); }} height={560} />
          </>
        )}
        {tab === 'raw' && files.data && <RawView warehouseId={warehouseId} files={files.data.files} selectedKey={rawKey} onSelect={setRawKey} />}
      </div>
    </section>
  );
}

/** Files grouped by their first folder under the table root (metadata/, data/, _delta_log/, partitions…). */
function groupByTopFolder(files: readonly FileDto[], root: string, tableFolder: string): { name: string; count: number; bytes: number }[] {
  const groups = new Map<string, { name: string; count: number; bytes: number }>();
  for (const f of files) {
    const rel = f.key.slice(root.length);
    const slash = rel.indexOf('/');
    const name = slash < 0 ? tableFolder : `${rel.slice(0, slash)}/`;
    const g = groups.get(name) ?? { name, count: 0, bytes: 0 };
    g.count++;
    g.bytes += f.size;
    groups.set(name, g);
  }
  return [...groups.values()].sort((a, b) => b.bytes - a.bytes);
}

function Overview({ table, files, truncated, totalBytes }: { table: DetectedTableDto; files?: readonly FileDto[]; truncated?: boolean; totalBytes?: number }) {
  const tr = useMessages();
  const groups = useMemo(() => (files ? groupByTopFolder(files, table.root, tr.t('ui.unread.tableFolder')) : []), [files, table.root, tr]);
  return (
    <div className="overview">
      <dl className="facts">
        <div><dt>{tr.t('ui.unread.format')}</dt><dd><FormatBadge format={table.format} /></dd></div>
        <div><dt>{tr.t('ui.unread.files')}</dt><dd>{files ? `${formatCount(files.length)}${truncated ? '+' : ''}` : '…'}</dd></div>
        <div><dt>{tr.t('ui.unread.size')}</dt><dd>{totalBytes === undefined ? '…' : formatBytes(totalBytes)}</dd></div>
        <div className="wide"><dt>{tr.t('ui.unread.location')}</dt><dd><CopyText text={table.root} /></dd></div>
        <div className="wide"><dt>{tr.t('ui.unread.detectedBy')}</dt><dd><CopyText text={table.evidence} /></dd></div>
      </dl>
      {groups.length > 0 && (
        <table className="grid compact" aria-label={tr.t('ui.unread.byFolder')}>
          <thead><tr><th>{tr.t('ui.unread.folder')}</th><th className="num">{tr.t('ui.unread.files')}</th><th className="num">{tr.t('ui.unread.bytes')}</th></tr></thead>
          <tbody>
            {groups.slice(0, 12).map((g) => (
              <tr key={g.name}><td className="mono">{g.name}</td><td className="num">{formatCount(g.count)}</td><td className="num" title={tr.t('ui.bytes.exact', { count: g.bytes })}>{formatBytes(g.bytes)}</td></tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted small later-note">
        {tr.t('ui.unread.later', { format: formatLabel(table.format) })}
      </p>
    </div>
  );
}
