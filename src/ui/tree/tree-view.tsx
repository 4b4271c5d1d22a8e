/**
 * The metadata tree of the selected version: metadata file → manifest list → manifests → entries, each
 * level loaded from the worker only when expanded, drawn as a virtualised list (100,000 entries scroll
 * like 10). Keyboard: arrows move/expand/collapse, Enter selects into the inspector.
 */
import { useQueries } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { TreeNode, TreeNodeKind } from '../../core/api/table-dto.ts';
import { engine } from '../../worker/client.ts';
import { commonAffixes, distinctEllipsis, formatBytes } from '../common/format.ts';
import { MessagesContext, useMessages } from '../common/messages.ts';
import { formatRef } from '../../core/messages/en.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { Marked, SafeText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { queryKeys } from '../queries/keys.ts';
import { isNewKey, useSandbox } from '../sandbox/sandbox-context.ts';
import { type ChildrenState, type TreeRow, nodeSummary, rowKey, treeKeyAction, visibleRows } from './tree-model.ts';

const ROW = 26;

const ICON: Partial<Record<TreeNodeKind, [string, string]>> = {
  'metadata-file': ['{}', '#6b5bd6'], snapshot: ['◷', '#6b5bd6'], 'manifest-list': ['≣', '#1b6fb3'], manifest: ['▤', '#1b6fb3'],
  'data-file': ['▮', '#2e9d57'], 'delete-file': ['✕', '#d14343'], 'deletion-vector': ['◫', '#d14343'], 'statistics-file': ['∑', '#8a9099'],
  'lsm-level': ['≡', '#b8600d'], 'file-slice': ['▮', '#2e9d57'], 'log-file': ['≋', '#d98e04'], checkpoint: ['◆', '#00806b'], commit: ['●', '#00806b'],
};

export function TreeView({ tableId, version, selectedKey, onSelect }: {
  tableId: string;
  /** Version id ('' = current). */
  version: string;
  selectedKey?: string;
  /** `parent` and `index` locate the node's record in its parent file (a manifest entry, a manifest-list record). */
  onSelect: (node: TreeNode, key: string, where: { parent?: TreeNode; index: number }) => void;
}) {
  const { t } = useMessages();
  const catalog = useContext(MessagesContext);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const ids = useMemo(() => ['', ...[...expanded].map((k) => k.split('\u0001').pop() as string)], [expanded]);
  const uniqueIds = useMemo(() => [...new Set(ids)], [ids]);
  const results = useQueries({
    queries: uniqueIds.map((nodeId) => ({
      queryKey: queryKeys.tree(tableId, version, nodeId),
      queryFn: ({ signal }: { signal: AbortSignal }) => engine().tree({ tableId, version: version || undefined, nodeId: nodeId || undefined }, { signal }),
      staleTime: Infinity,
      gcTime: 10 * 60_000,
      retry: false,
    })),
  });
  const states = new Map<string, ChildrenState>();
  results.forEach((r, i) => states.set(uniqueIds[i], r.data ? { status: 'ready', nodes: r.data } : r.error ? { status: 'error', error: r.error } : { status: 'loading' }));
  const dataStamp = results.map((r) => r.dataUpdatedAt + r.errorUpdatedAt).join(',');
  const roots = states.get('');
  const rows = useMemo(
    () => (roots?.status === 'ready' ? visibleRows(roots.nodes, (id) => states.get(id), expanded) : []),
    [dataStamp, expanded],
  );

  // The first root starts expanded in every format (Iceberg's metadata file, Paimon's snapshot, Delta's
  // log): its children are what a reader came for. Once, so collapsing it sticks.
  const opened = useRef(false);
  const firstRoot = roots?.status === 'ready' ? roots.nodes[0] : undefined;
  useEffect(() => {
    if (opened.current || !firstRoot) return;
    opened.current = true;
    if (firstRoot.hasChildren) setExpanded((prev) => (prev.has(firstRoot.id) ? prev : new Set([...prev, firstRoot.id])));
  }, [firstRoot]);

  // Labels are cut where siblings agree (one cut, in JS; CSS never cuts them again): what differs stays.
  const affixesByParent = useMemo(() => {
    const labels = new Map<string, string[]>();
    for (const r of rows) {
      if (r.type !== 'node') continue;
      const k = r.parentKey ?? '';
      let l = labels.get(k);
      if (!l) labels.set(k, (l = []));
      l.push(r.node.labelMessage ? formatRef(r.node.labelMessage, catalog) : r.node.label);
    }
    return new Map([...labels].map(([k, l]) => [k, commonAffixes(l)]));
  }, [rows, catalog]);

  // In a sandbox, the files the last write wrote are highlighted (compared key lists, sandbox/write-effect).
  const sandbox = useSandbox();
  const written = useMemo(() => new Set(sandbox.effect?.effect?.written.map((k) => k.key) ?? []), [sandbox.effect]);

  const parent = useRef<HTMLDivElement>(null);
  // The virtual list lives in <TreeRows> (it re-renders on every scroll frame); this component only when
  // the rows, the selection or the active row change.
  const scrollTo = useRef<(index: number) => void>(() => {});
  const [active, setActive] = useState(0);
  useEffect(() => { if (active >= rows.length && rows.length > 0) setActive(rows.length - 1); }, [rows.length, active]);

  const toggle = useCallback((key: string, open?: boolean) => setExpanded((s) => {
    const n = new Set(s);
    if (open ?? !n.has(key)) n.add(key); else n.delete(key);
    return n;
  }), []);

  const selectRow = (i: number) => {
    const r = rows[i];
    if (r?.type !== 'node') return;
    let parent: TreeNode | undefined;
    for (let j = i - 1; j >= 0 && r.parentKey !== undefined; j--) {
      const p = rows[j];
      if (p.key === r.parentKey && p.type === 'node') { parent = p.node; break; }
    }
    onSelect(r.node, r.key, { parent, index: r.index });
  };
  // Rows are memoised: their click handler must not change per render (it reads the latest state via a ref).
  const selectRowRef = useRef(selectRow);
  selectRowRef.current = selectRow;
  const onRowClick = useCallback((i: number) => { setActive(i); selectRowRef.current(i); }, []);
  const onKey = (e: React.KeyboardEvent) => {
    const a = treeKeyAction(rows, active, e.key, Math.floor((parent.current?.clientHeight ?? 400) / ROW));
    if (a.type === 'none') return;
    e.preventDefault();
    if (a.type === 'focus') { setActive(a.index); scrollTo.current(a.index); selectRow(a.index); }
    else if (a.type === 'expand') toggle(a.key, true);
    else if (a.type === 'collapse') toggle(a.key, false);
    else if (a.type === 'expand-all') setExpanded((prev) => new Set([...prev, ...a.keys]));
    else selectRow(a.index);
  };

  if (roots?.status === 'loading' || !roots) return <ProgressLine label={t('ui.tree.reading')} />;
  if (roots.status === 'error') return <ErrorPanel error={roots.error} />;
  if (roots.nodes.length === 0) return <p className="empty-state">{t('ui.tree.empty')}</p>;

  const loading = results.filter((r) => r.isPending).length;
  return (
    <div className="tree" data-testid="metadata-tree" data-loading={loading}>
      <div className="tree-help muted small">
        <span>{t('ui.tree.rowsShown', { count: rows.length })}</span>
        {loading > 0 && <span>{t('ui.tree.loadingNodes', { count: loading })}</span>}
        <span className="spacer" />
        <span><kbd className="kbd">↑</kbd><kbd className="kbd">↓</kbd> {t('ui.tree.key.move')} · <kbd className="kbd">→</kbd> {t('ui.tree.key.expand')} · <kbd className="kbd">←</kbd> {t('ui.tree.key.collapse')} · <kbd className="kbd">*</kbd> {t('ui.tree.key.expandSiblings')} · <kbd className="kbd">Enter</kbd> {t('ui.tree.key.inspect')}</span>
      </div>
      <div ref={parent} className="tree-body" role="tree" aria-label={t('ui.tree.label')} tabIndex={0} onKeyDown={onKey}
        aria-activedescendant={rows[active] ? `tree-row-${active}` : undefined}>
        <TreeRows rows={rows} affixesByParent={affixesByParent} scrollElement={parent} scrollTo={scrollTo} active={active} selectedKey={selectedKey}
          onRowClick={onRowClick} onToggle={toggle} written={written} />
      </div>
    </div>
  );
}

const NO_AFFIXES = { prefix: 0, suffix: 0 };
/** Row slots reused while scrolling (more than a 4K screen's rows plus overscan). */
const SLOTS = 256;

/**
 * The virtualised rows. Fixed row heights (no measuring), rows memoised on stable props, so a scroll
 * frame renders only the rows that came into view (issue 17: the tree of 100,000 rows scrolls smoothly).
 */
const TreeRows = memo(function TreeRows({ rows, affixesByParent, scrollElement, scrollTo, active, selectedKey, onRowClick, onToggle, written }: {
  rows: readonly TreeRow[];
  affixesByParent: ReadonlyMap<string, { prefix: number; suffix: number }>;
  scrollElement: React.RefObject<HTMLDivElement | null>;
  /** Filled in here: scrolls the list so row `index` shows (for the keyboard). */
  scrollTo: React.RefObject<(index: number) => void>;
  active: number;
  selectedKey?: string;
  onRowClick: (index: number) => void;
  onToggle: (key: string) => void;
  /** Keys the sandbox's last write wrote (highlighted as new). */
  written: ReadonlySet<string>;
}) {
  const v = useVirtualizer({ count: rows.length, getScrollElement: () => scrollElement.current, estimateSize: () => ROW, overscan: 12 });
  // The scroll element is the parent's div, mounted in the same commit: React attaches refs child-first, so
  // the virtualizer's layout effect saw no element and drew no row (memo() keeps this list from re-rendering
  // on its own). One more render after mount, when the ref is set, lets it find the element.
  const [, rendered] = useReducer((n: number) => n + 1, 0);
  useEffect(() => { rendered(); }, []);
  scrollTo.current = (index) => v.scrollToIndex(index, { align: 'auto' });
  const items = v.getVirtualItems();
  // Keyed by slot (index mod SLOTS), not by row: a row scrolled out hands its DOM to the row scrolled in,
  // which React updates in place instead of removing one subtree and building another (issue 17: removal
  // and creation were the largest part of a scroll frame). Items are consecutive indices, so the slots of
  // up to SLOTS items are distinct; a taller list falls back to row keys.
  const bySlot = items.length <= SLOTS;
  return (
    <div className="tree-rows" style={{ height: v.getTotalSize() }}>
      {items.map((item) => {
        const row = rows[item.index];
        return (
          <Row key={bySlot ? item.index % SLOTS : row.key} row={row} index={item.index}
            affixes={affixesByParent.get((row as { parentKey?: string }).parentKey ?? '') ?? NO_AFFIXES}
            active={item.index === active} selected={row.key === selectedKey} written={written} onRowClick={onRowClick} onToggle={onToggle} />
        );
      })}
    </div>
  );
});

const Row = memo(function Row({ row, index, affixes, active, selected, written, onRowClick, onToggle }: {
  row: TreeRow; index: number; affixes: { prefix: number; suffix: number }; active: boolean; selected: boolean; written: ReadonlySet<string>;
  onRowClick: (index: number) => void; onToggle: (key: string) => void;
}) {
  const tr = useMessages();
  const { t } = tr;
  const style = { transform: `translateY(${index * ROW}px)`, height: ROW, paddingLeft: 8 + row.depth * 18 };
  if (row.type !== 'node') {
    return (
      <div className={`tree-row tree-${row.type}`} style={style} id={`tree-row-${index}`} role="treeitem" aria-level={row.depth + 1}>
        {row.type === 'loading' && <span className="muted small">{t('ui.tree.loading')}</span>}
        {row.type === 'empty' && <span className="muted small">{t('ui.tree.emptyNode')}</span>}
        {row.type === 'error' && <span className="error-inline small" title={safeTitle(String((row.error as { message?: string })?.message ?? row.error))}>⚠ <SafeText text={String((row.error as { message?: string })?.message ?? t('ui.tree.failed'))} max={300} /></span>}
      </div>
    );
  }
  const n = row.node;
  const [glyph, color] = ICON[n.kind] ?? ['•', '#8a9099'];
  const summary = nodeSummary(n, tr);
  const deleted = n.details?.status === 'deleted';
  const isNew = written.size > 0 && isNewKey(written, n.location);
  return (
    <div id={`tree-row-${index}`} role="treeitem" aria-level={row.depth + 1} aria-expanded={n.hasChildren ? row.expanded : undefined}
      aria-selected={selected} aria-setsize={row.siblings} aria-posinset={row.index + 1}
      className={`tree-row${active ? ' active' : ''}${selected ? ' selected' : ''}${deleted ? ' deleted' : ''}${isNew ? ' sb-new' : ''}`} style={style} onClick={() => onRowClick(index)}
      data-kind={n.kind} data-new={isNew || undefined} title={safeTitle(n.path ?? n.location ?? (n.labelMessage ? tr.ref(n.labelMessage) : n.label))}>
      <button type="button" className="twisty-btn" tabIndex={-1} aria-hidden={!n.hasChildren} disabled={!n.hasChildren}
        onClick={(e) => { e.stopPropagation(); onToggle(row.key); }}>
        {n.hasChildren ? (row.expanded ? '▾' : '▸') : ''}
      </button>
      <span className="kind-icon" style={{ color }} aria-hidden>{glyph}</span>
      <bdi className="tree-label mono safe-text"><Marked text={distinctEllipsis(n.labelMessage ? tr.ref(n.labelMessage) : n.label, 48, affixes)} /></bdi>
      {isNew && <span className="sb-new-tag" title={t('ui.sandbox.newFile.title')}>{t('ui.sandbox.newFile')}</span>}
      <span className="tree-kind muted">{t('tree.kind', { kind: n.kind })}</span>
      {summary && <span className="tree-summary muted"><bdi className="safe-text"><Marked text={summary.length > 200 ? `${summary.slice(0, 199)}…` : summary} /></bdi></span>}
      {n.size !== undefined && <span className="tree-size num muted" title={t('ui.bytes.exact', { count: n.size })}>{formatBytes(n.size)}</span>}
    </div>
  );
});

export { rowKey };
