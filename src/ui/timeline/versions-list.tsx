/**
 * The versions list beside the timeline: every version (windowed, so 10,000 are fine), sortable by
 * time, id or operation, filtered by text. Keyboard: ↑/↓ move, Home/End, Enter selects; `Esc` in the
 * filter clears it. Moving with the arrows only highlights; Enter (or a click) selects.
 *
 * Rows have one height, so the window is arithmetic (row-window.ts) rather than a virtualiser that
 * measures each row: the list's first render touches only the rows in view and reads no layout (issue 17).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { OverviewVersionDto } from '../../core/api/table-dto.ts';
import { formatTime } from '../common/format.ts';
import { OP_COLORS, opCategory } from './operations.ts';
import { type VersionSort, type VersionSortKey, listVersions } from './versions-list-model.ts';
import { rowRange, scrollTopFor } from './row-window.ts';
import { InlineText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';
import { useMessages } from '../common/messages.ts';

const ROW = 20;
const OVERSCAN = 10;
/** The list's height until it is measured (the side slot is ~104–200 px): enough rows for the first paint. */
const INITIAL_HEIGHT = 240;
const timeText = (v: OverviewVersionDto) => formatTime(v.timestampMs).local;

export function VersionsList({ versions, selectedId, onSelect, onCompare }: {
  versions: readonly OverviewVersionDto[];
  selectedId?: string;
  onSelect: (id: string, replace?: boolean) => void;
  /** Shift-click: compare this version with the selected one. */
  onCompare?: (id: string) => void;
}) {
  const [sort, setSort] = useState<VersionSort>({ key: 'time', desc: true });
  const [filter, setFilter] = useState('');
  const rows = useMemo(() => listVersions(versions, sort, filter, timeText), [versions, sort, filter]);
  const [active, setActive] = useState(() => Math.max(0, rows.findIndex((v) => v.id === selectedId)));
  const listRef = useRef<HTMLDivElement>(null);
  // Where the list is scrolled and how tall it is, as last seen (scroll events, a ResizeObserver): the
  // window is computed from these, never from a layout read during render.
  const [view, setView] = useState({ top: 0, height: INITIAL_HEIGHT });
  const viewRef = useRef(view);
  viewRef.current = view;
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const ro = new ResizeObserver(([entry]) => {
      const height = entry?.contentRect.height ?? 0;
      if (height > 0) setView((v) => (v.height === height ? v : { ...v, height }));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  /** Scrolls row `i` into view (as little as needed; nothing when it already shows). */
  const scrollToRow = (i: number) => {
    const { top, height } = viewRef.current;
    const next = scrollTopFor(i, ROW, top, height);
    if (next === top || !listRef.current) return;
    listRef.current.scrollTop = next;
    setView((v) => ({ ...v, top: next }));
  };
  // Follow the selection made elsewhere (timeline click, deep link).
  useEffect(() => {
    const i = rows.findIndex((v) => v.id === selectedId);
    if (i >= 0) { setActive(i); scrollToRow(i); }
  }, [selectedId, rows]); // eslint-disable-line react-hooks/exhaustive-deps

  const move = (i: number) => {
    const n = Math.max(0, Math.min(rows.length - 1, i));
    setActive(n);
    scrollToRow(n);
  };
  const onKey = (e: React.KeyboardEvent) => {
    const page = Math.max(1, Math.floor(viewRef.current.height / ROW) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(active + 1), ArrowUp: () => move(active - 1), Home: () => move(0), End: () => move(rows.length - 1),
      PageDown: () => move(active + page), PageUp: () => move(active - page),
      Enter: () => { const v = rows[active]; if (v) onSelect(v.id); },
    };
    const fn = keys[e.key];
    if (fn) { e.preventDefault(); fn(); }
  };
  const sortBy = (key: VersionSortKey) => setSort((s) => ({ key, desc: s.key === key ? !s.desc : key === 'time' }));
  const arrow = (key: VersionSortKey) => (sort.key === key ? (sort.desc ? ' ↓' : ' ↑') : '');
  const ariaSort = (key: VersionSortKey) => (sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none');
  const activeRow = rows[active];
  const { start, end } = rowRange(rows.length, ROW, view.top, view.height, OVERSCAN);
  const shown = Array.from({ length: end - start }, (_, k) => ({ index: start + k, start: (start + k) * ROW }));
  const tr = useMessages();

  return (
    <div className="versions-list" role="region" aria-label={tr.t('ui.versions.list')}>
      <div className="vl-bar">
        <input type="search" className="vl-filter" placeholder={tr.t('ui.versions.filter', { count: versions.length })} aria-label={tr.t('ui.versions.filterLabel')} value={filter} spellCheck={false}
          onChange={(e) => { setFilter(e.target.value); setActive(0); }}
          onKeyDown={(e) => { if (e.key === 'Escape') setFilter(''); else if (e.key === 'ArrowDown') { e.preventDefault(); listRef.current?.focus(); } }} />
        {filter && <span className="vl-count muted" aria-live="polite">{rows.length}/{versions.length}</span>}
      </div>
      <div className="vl-head" role="row">
        <button type="button" role="columnheader" aria-sort={ariaSort('time')} onClick={() => sortBy('time')} title={tr.t('ui.versions.sortTime')}>{tr.t('ui.versions.time')}{arrow('time')}</button>
        <button type="button" role="columnheader" aria-sort={ariaSort('id')} onClick={() => sortBy('id')} title={tr.t('ui.versions.sortId')}>{tr.t('ui.schema.col.id')}{arrow('id')}</button>
        <button type="button" role="columnheader" aria-sort={ariaSort('operation')} onClick={() => sortBy('operation')} title={tr.t('ui.versions.sortOp')}>{tr.t('ui.inspector.version.operation')}{arrow('operation')}</button>
      </div>
      <div className="vl-body" ref={listRef} role="listbox" tabIndex={0} aria-label={tr.t('ui.versions.listbox')} onKeyDown={onKey}
        aria-activedescendant={activeRow ? `vl-${activeRow.id}` : undefined}
        onScroll={(e) => { const top = e.currentTarget.scrollTop; setView((v) => (v.top === top ? v : { ...v, top })); }}>
        <div style={{ height: rows.length * ROW, position: 'relative' }}>
          {shown.map((item) => {
            const v = rows[item.index];
            const t = formatTime(v.timestampMs);
            return (
              <div key={v.id} id={`vl-${v.id}`} role="option" aria-selected={v.id === selectedId} data-list-version={v.id}
                className={`vl-row${item.index === active ? ' active' : ''}${v.id === selectedId ? ' selected' : ''}`}
                style={{ transform: `translateY(${item.start}px)`, height: ROW }}
                onClick={(e) => { setActive(item.index); if (e.shiftKey && onCompare) onCompare(v.id); else onSelect(v.id); }} title={safeTitle(`${v.operation} · ${v.id}\n${t.local}.${String(v.timestampMs % 1000).padStart(3, '0')} (${t.utc})`)}>
                <span className="vl-time mono">{t.local.slice(5)}</span>
                <span className="vl-id mono"><InlineText text={v.id} max={40} /></span>
                <span className="vl-op"><span className="dot" style={{ background: OP_COLORS[opCategory(v.operation)] }} /><InlineText text={v.operation} max={60} />
                  {v.isCurrent && <span className="pill">{tr.t('ui.overview.currentPill')}</span>}
                  {v.refs.map((r) => <span key={r.name} className={`pill ref-${r.type}`}><InlineText text={r.name} max={60} /></span>)}</span>
              </div>
            );
          })}
        </div>
        {rows.length === 0 && <div className="muted small pad">{tr.t('ui.versions.none')}</div>}
      </div>
    </div>
  );
}
