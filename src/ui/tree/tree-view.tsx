/**
 * The metadata tree of the selected version: metadata file → manifest list → manifests → entries, each
 * level loaded from the worker only when expanded, drawn as a windowed list of pooled DOM rows
 * (tree-row-pool.ts; 100,000 entries scroll like 10). Keyboard: arrows move/expand/collapse, Home/End,
 * PageUp/PageDown, `*` expands siblings, Enter selects into the inspector.
 */
import { useQueries } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TreeNode } from '../../core/api/table-dto.ts';
import { engine } from '../../worker/client.ts';
import { commonAffixes } from '../common/format.ts';
import { formatRef } from '../../core/messages/en.ts';
import { MessagesContext, translator, useMessages } from '../common/messages.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { queryKeys } from '../queries/keys.ts';
import { useSandbox } from '../sandbox/sandbox-context.ts';
import { TreeNodeColumns } from '../../worker/tree-columns.ts';
import { type ChildrenState, type LevelNodes, type TreeRow, TreeRowCache, nodeAt, parentIndex, rowKey, treeKeyAction } from './tree-model.ts';
import { TreeRowPool } from './tree-row-pool.ts';
import { RowList, type RowSource } from './tree-row-list.ts';
import type { RowContext } from './tree-row-view.ts';

export function TreeView({ tableId, version, selectedKey, onSelect }: {
  tableId: string;
  /** Version id ('' = current). */
  version: string;
  selectedKey?: string;
  /** `parent` and `index` locate the node's record in its parent file (a manifest entry, a manifest-list record). */
  onSelect: (node: TreeNode, key: string, where: { parent?: TreeNode; index: number }) => void;
}) {
  const { t } = useMessages();
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const ids = useMemo(() => ['', ...[...expanded].map((k) => k.split('\u0001').pop() as string)], [expanded]);
  const uniqueIds = useMemo(() => [...new Set(ids)], [ids]);
  const results = useQueries({
    queries: uniqueIds.map((nodeId) => ({
      queryKey: queryKeys.tree(tableId, version, nodeId),
      // A level comes as columns (worker/tree-columns.ts): a node becomes an object when its row is drawn.
      queryFn: ({ signal }: { signal: AbortSignal }) => engine().treeLevel({ tableId, version: version || undefined, nodeId: nodeId || undefined }, { signal })
        .then((packed) => new TreeNodeColumns(packed)),
      staleTime: Infinity,
      gcTime: 10 * 60_000,
      retry: false,
    })),
  });
  const states = new Map<string, ChildrenState>();
  results.forEach((r, i) => states.set(uniqueIds[i], r.data ? { status: 'ready', nodes: r.data } : r.error ? { status: 'error', error: r.error } : { status: 'loading' }));
  const dataStamp = results.map((r) => r.dataUpdatedAt + r.errorUpdatedAt).join(',');
  const roots = states.get('');
  // Rows are rebuilt per expand and per level that arrives, reusing the rows of the levels built before.
  const [rowCache] = useState(() => new TreeRowCache());
  const built = useMemo(
    () => (roots?.status === 'ready' ? rowCache.build(roots.nodes, (id) => states.get(id), expanded) : NO_ROWS),
    [dataStamp, expanded],
  );
  const rows = built.rows;

  // The first root starts expanded in every format (Iceberg's metadata file, Paimon's snapshot, Delta's
  // log): its children are what a reader came for. Once, so collapsing it sticks.
  const opened = useRef(false);
  const rootNodes = roots?.status === 'ready' ? roots.nodes : undefined;
  // Made once per answer (a node from columns is a new object per read).
  const firstRoot = useMemo(() => (rootNodes && rootNodes.length > 0 ? nodeAt(rootNodes, 0) : undefined), [rootNodes]);
  useEffect(() => {
    if (opened.current || !firstRoot) return;
    opened.current = true;
    if (firstRoot.hasChildren) setExpanded((prev) => (prev.has(firstRoot.id) ? prev : new Set([...prev, firstRoot.id])));
  }, [firstRoot]);

  const catalog = useContext(MessagesContext);
  // Labels are cut where siblings agree (one cut, in JS; CSS never cuts them again): what differs stays.
  // Per level, computed once per children array and language (levelAffixes), not per row on each rebuild.
  const affixesByParent = useMemo(
    () => new Map([...built.levels].map(([k, nodes]) => [k, levelAffixes(nodes, catalog)])),
    [built, catalog],
  );

  // In a sandbox, the files the last write wrote are highlighted (compared key lists, sandbox/write-effect).
  const sandbox = useSandbox();
  const written = useMemo(() => new Set(sandbox.effect?.effect?.written.map((k) => k.key) ?? []), [sandbox.effect]);

  // What every row shares; a new context rewrites the drawn rows (language, cuts, new files).
  const context = useMemo<RowContext>(() => ({
    tr: translator(catalog), affixes: (k) => affixesByParent.get(k) ?? NO_AFFIXES, written,
  }), [catalog, affixesByParent, written]);

  // The rows live in a pool of DOM rows (<TreeRows>); this component renders only when the rows, the
  // selection or the active row change, never per scroll frame.
  const pool = useRef<TreeRowPool | null>(null);
  const [active, setActive] = useState(0);
  useEffect(() => { if (active >= rows.length && rows.length > 0) setActive(rows.length - 1); }, [rows.length, active]);

  const toggle = useCallback((key: string, open?: boolean) => setExpanded((s) => {
    const n = new Set(s);
    if (open ?? !n.has(key)) n.add(key); else n.delete(key);
    return n;
  }), []);

  const selectRow = (i: number) => {
    const r = rows.at(i);
    if (r?.type !== 'node') return;
    const p = rows.at(parentIndex(rows, i) ?? -1);
    const parent = p?.type === 'node' ? p.node : undefined;
    onSelect(r.node, r.key, { parent, index: r.index });
  };
  const onRowClick = (i: number) => { setActive(i); selectRow(i); };
  const onKey = (e: React.KeyboardEvent) => {
    const a = treeKeyAction(rows, active, e.key, pool.current?.pageSize() ?? 20);
    if (a.type === 'none') return;
    e.preventDefault();
    if (a.type === 'focus') { setActive(a.index); pool.current?.scrollToIndex(a.index); selectRow(a.index); }
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
      <div className="tree-body" role="tree" aria-label={t('ui.tree.label')} tabIndex={0} onKeyDown={onKey}
        aria-activedescendant={rows.at(active) ? `tree-row-${active}` : undefined}>
        <TreeRows rows={rows} context={context} active={active} selectedKey={selectedKey} pool={pool} onRowClick={onRowClick} onToggle={toggle} />
      </div>
    </div>
  );
}

const NO_AFFIXES = { prefix: 0, suffix: 0 };
const NO_ROWS: ReturnType<TreeRowCache['build']> = { rows: new RowList(), levels: new Map() };

/** Sibling affixes of one level by its children (immutable query data) and the catalog they were cut in. */
const affixesOfLevel = new WeakMap<LevelNodes, { catalog: unknown; affixes: { prefix: number; suffix: number } }>();

/** What the labels of `nodes` (siblings) share at both ends, in `catalog`'s language; computed once per level and language. */
function levelAffixes(nodes: LevelNodes, catalog: Parameters<typeof formatRef>[1]): { prefix: number; suffix: number } {
  const hit = affixesOfLevel.get(nodes);
  if (hit && hit.catalog === catalog) return hit.affixes;
  const label = (n: TreeNode) => (n.labelMessage ? formatRef(n.labelMessage, catalog) : n.label);
  // Columns give a label without making the node, unless it is a catalog message.
  const labels = nodes instanceof TreeNodeColumns
    ? Array.from({ length: nodes.length }, (_, i) => (nodes.hasLabelMessage(i) ? label(nodes.at(i)!) : nodes.label(i)))
    : nodes.map(label);
  const affixes = commonAffixes(labels);
  affixesOfLevel.set(nodes, { catalog, affixes });
  return affixes;
}

/**
 * The list's container; its rows belong to a {@link TreeRowPool} (issue 17: a scroll frame renders
 * nothing in React — the pool writes the rows that came into view). Mounted with the tree's body (its
 * parent, the scrolling element), so the pool exists whenever there are rows.
 */
function TreeRows({ rows, context, active, selectedKey, pool, onRowClick, onToggle }: {
  rows: RowSource;
  context: RowContext;
  active: number;
  selectedKey?: string;
  /** Filled in here while mounted (the keyboard scrolls through it). */
  pool: React.RefObject<TreeRowPool | null>;
  onRowClick: (index: number) => void;
  onToggle: (key: string) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const events = useRef({ onRowClick, onToggle });
  events.current = { onRowClick, onToggle };
  useLayoutEffect(() => {
    const el = list.current!;
    const p = new TreeRowPool(el.parentElement!, el, {
      onRowClick: (i) => events.current.onRowClick(i),
      onToggle: (k) => events.current.onToggle(k),
    });
    pool.current = p;
    return () => { p.destroy(); pool.current = null; };
  }, [pool]);
  useLayoutEffect(() => { pool.current?.set({ rows, context, active, selectedKey }); }, [pool, rows, context, active, selectedKey]);
  return <div ref={list} className="tree-rows" />;
}

export { rowKey };
