/**
 * The left rail: every table the scan found, under its folders, with format badges; a filter box (`/`
 * focuses it, Esc clears it); arrow keys move, Right/Left open/close folders, Enter opens.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { WarehouseScanDto } from '../../core/api/dto.ts';
import { useMessages } from '../common/messages.ts';
import { FormatBadge } from '../common/widgets.tsx';
import { type RailNode, buildRailTree, defaultExpanded, filterRailTree, visibleRows } from './rail-tree.ts';
import { InlineText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';

export interface LeftRailProps {
  readonly scan?: WarehouseScanDto;
  readonly selected?: string;
  readonly onOpenTable: (root: string) => void;
  readonly onOpenFolder: (prefix: string) => void;
  /** Shown above the tree while scanning / on error. */
  readonly status?: React.ReactNode;
}

export function LeftRail({ scan, selected, onOpenTable, onOpenFolder, status }: LeftRailProps) {
  const { t } = useMessages();
  const [query, setQuery] = useState('');
  const filterRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const tree = useMemo(() => (scan ? buildRailTree(scan) : undefined), [scan]);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  useEffect(() => { if (tree) setExpanded(defaultExpanded(tree)); }, [tree]);
  const filtered = useMemo(() => (tree ? filterRailTree(tree, query) : null), [tree, query]);
  const rows = useMemo(() => (filtered ? visibleRows(filtered, expanded, query.trim() !== '') : []), [filtered, expanded, query]);
  const [active, setActive] = useState(0);

  // `/` anywhere (outside inputs) focuses the filter.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      if (e.key === '/' && !e.ctrlKey && !e.metaKey && !/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) && !t.isContentEditable) {
        e.preventDefault();
        filterRef.current?.focus();
        filterRef.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const toggle = (prefix: string, open?: boolean) => setExpanded((s) => {
    const n = new Set(s);
    if (open ?? !n.has(prefix)) n.add(prefix); else n.delete(prefix);
    return n;
  });
  const openRow = (r: RailNode) => (r.kind === 'table' ? onOpenTable(r.prefix) : onOpenFolder(r.prefix));
  const focusRow = (i: number) => {
    const idx = Math.max(0, Math.min(rows.length - 1, i));
    setActive(idx);
    listRef.current?.querySelector<HTMLElement>(`[data-row="${idx}"]`)?.focus();
  };

  const onListKey = (e: React.KeyboardEvent) => {
    const r = rows[active];
    if (!r) return;
    const keys: Record<string, () => void> = {
      ArrowDown: () => focusRow(active + 1),
      ArrowUp: () => (active === 0 ? filterRef.current?.focus() : focusRow(active - 1)),
      Home: () => focusRow(0),
      End: () => focusRow(rows.length - 1),
      Enter: () => openRow(r),
      ArrowRight: () => { if (r.kind === 'folder') toggle(r.prefix, true); },
      ArrowLeft: () => {
        if (r.kind === 'folder' && expanded.has(r.prefix)) { toggle(r.prefix, false); return; }
        const parent = rows.findLastIndex((x, i) => i < active && x.kind === 'folder' && r.prefix.startsWith(x.prefix) && x.depth < r.depth);
        if (parent >= 0) focusRow(parent);
      },
    };
    const fn = keys[e.key];
    if (fn) { e.preventDefault(); fn(); }
  };

  const onFilterKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') { setQuery(''); e.currentTarget.blur(); }
    if (e.key === 'ArrowDown' && rows.length) { e.preventDefault(); focusRow(0); }
    if (e.key === 'Enter' && rows.length) { const firstTable = rows.find((r) => r.kind === 'table'); if (firstTable) openRow(firstTable); }
  };

  const tableCount = tree?.tableCount ?? 0;
  return (
    <nav className="rail" aria-label={t('ui.rail.label')}>
      <div className="rail-filter">
        <input
          ref={filterRef} type="search" placeholder={t('ui.rail.filter')} aria-label={t('ui.rail.filterLabel')}
          value={query} onChange={(e) => { setQuery(e.target.value); setActive(0); }} onKeyDown={onFilterKey}
        />
        <kbd className="kbd" aria-hidden>/</kbd>
      </div>
      {status}
      {scan && (
        <div className="rail-summary muted small">
          {query ? t('ui.rail.countFiltered', { shown: filtered?.tableCount ?? 0, count: tableCount }) : t('ui.rail.count', { count: tableCount })}
        </div>
      )}
      <div className="rail-list" role="tree" aria-label={t('ui.rail.treeLabel')} ref={listRef} onKeyDown={onListKey}>
        {rows.map((r, i) => (
          <div
            key={r.prefix + r.kind} role="treeitem" data-row={i} tabIndex={i === active ? 0 : -1}
            aria-level={r.depth} aria-selected={selected === r.prefix}
            aria-expanded={r.kind === 'folder' ? (query.trim() !== '' || expanded.has(r.prefix)) : undefined}
            className={`rail-row ${r.kind}${selected === r.prefix ? ' selected' : ''}${r.kind === 'folder' && r.tableCount === 0 ? ' empty' : ''}`}
            style={{ paddingLeft: 8 + (r.depth - 1) * 14 }}
            onClick={() => { setActive(i); if (r.kind === 'folder') toggle(r.prefix); openRow(r); }}
            onFocus={() => setActive(i)}
            title={safeTitle(r.prefix)}
          >
            {r.kind === 'folder'
              ? <span className="twisty" aria-hidden>{query.trim() !== '' || expanded.has(r.prefix) ? '▾' : '▸'}</span>
              : <span className="twisty" aria-hidden />}
            <InlineText className="rail-name" text={r.name} />
            {r.kind === 'table' && r.table && <FormatBadge format={r.table.format} />}
            {r.kind === 'folder' && <span className="rail-count num">{r.notDescended ? '…' : r.tableCount || ''}</span>}
          </div>
        ))}
        {scan && rows.length === 0 && <div className="rail-empty muted">{t(query ? 'ui.rail.noMatch' : 'ui.rail.none')}</div>}
      </div>
    </nav>
  );
}
