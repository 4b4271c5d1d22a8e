/**
 * The table page (notes/ui-design.md "Layout"): the timeline strip on top, the tabs for the selected
 * version in the centre, the inspector on the right. The table is opened in the worker; a format this
 * build cannot read falls back to the folder view (unread-table-page.tsx).
 */
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import type { DetectedTableDto } from '../../core/api/dto.ts';
import type { PageOverviewDto } from '../../core/api/table-dto.ts';
import type { TimelineStripProps } from '../timeline/timeline-strip.tsx';
import { CopyText, FormatBadge, ProgressLine } from '../common/widgets.tsx';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { DataView, type DataState } from '../data/data-view.tsx';
import { FilesTab } from '../explorer/files-tab.tsx';
import { OverviewTab } from '../explorer/overview-tab.tsx';
import { Inspector, type InspectorItem } from '../inspector/inspector.tsx';
import { useTableOverviewWithSketch } from '../queries/table-queries.ts';
import { TimelineSketch } from '../timeline/timeline-sketch.tsx';
import { useTableFiles } from '../queries/warehouse-queries.ts';
import { RawFileView } from '../raw/raw-file-view.tsx';
import { SchemaView } from '../schema/schema-view.tsx';
import { type DiffRoute, type Tab, tabsFor } from '../state/route.ts';
import { TreeView } from '../tree/tree-view.tsx';
import { WritesBar } from '../writes/writes-bar.tsx';
import { TableWritesProvider } from '../writes/table-writes.tsx';
import { WriteEffectPanel } from '../sandbox/write-effect-panel.tsx';
import { PANEL_KEYS, usePanelCollapsed, useShortcut } from './panels.ts';
import { TableWarnings } from './table-warnings.tsx';
import { UnreadTablePage } from './unread-table-page.tsx';
import { InlineText } from '../common/safe-text-view.tsx';
import { useMessages } from '../common/messages.ts';
import { errorText } from '../../core/messages/message-parts.ts';

/**
 * The timeline's chunk: fetched as soon as a table page mounts, in parallel with opening the table (not
 * after). Once loaded it is rendered directly: a lazy component suspends on its first render even when
 * its chunk is already here, and React may hold a revealed Suspense boundary back for up to 300 ms.
 */
let LoadedTimeline: typeof import('../timeline/timeline-strip.tsx').default | undefined;
const loadTimeline = () => import('../timeline/timeline-strip.tsx').then((m) => { LoadedTimeline = m.default; return m; });
const LazyTimeline = lazy(loadTimeline);

/**
 * Starts fetching the timeline's chunk before any table page mounts: for an address that names a table
 * (mount.tsx). Issue 17: fetched from the page's mount effect, the chunk arrived and ran while the table
 * page's first render and the outline competed for the main thread; started with the app, it is here
 * (and `LoadedTimeline` set) before the table opens. Never rejects: a failed fetch is retried on mount.
 */
export function preloadTimeline(): void {
  void loadTimeline().catch(() => {});
}
const PartitionsView = lazy(() => import('../partitions/partitions-view.tsx'));
const DiffPage = lazy(() => import('../diff/diff-page.tsx').then((m) => ({ default: m.DiffPage })));
const CompareMenu = lazy(() => import('../diff/compare-menu.tsx').then((m) => ({ default: m.CompareMenu })));
const LsmView = lazy(() => import('../lsm/lsm-view.tsx').then((m) => ({ default: m.LsmView })));
const HealthView = lazy(() => import('../health/health-view.tsx'));
const QueryView = lazy(() => import('../query/query-view.tsx'));


export interface TablePageProps {
  readonly warehouseId: string;
  readonly table: DetectedTableDto;
  readonly tab: Tab;
  readonly onTab: (tab: Tab) => void;
  /** Selected version id from the URL (undefined = current). */
  readonly version?: string;
  /** `replace`: keyboard steps replace the history entry instead of adding one per key. */
  readonly onVersion: (id: string | undefined, replace?: boolean) => void;
  /** The Data tab's filter and columns (kept in the URL). */
  readonly data: DataState;
  readonly onData: (next: DataState) => void;
  /** The open diff of two versions (issue 15), shown in place of the tab's content; undefined closes it. */
  readonly diff?: DiffRoute;
  readonly onDiff: (next: DiffRoute | undefined) => void;
  /** The Query tab's SQL (kept in the URL) and the setter for the query that runs. */
  readonly sql?: string;
  readonly onSql: (sql: string) => void;
}

/** The timeline strip, as the loaded component or (before its chunk is here) the lazy one. */
/**
 * Compare's place while its chunk loads: the same button, disabled, so the tabs row is laid out once (a late Compare
 * pushed the actions under the tabs a moment after the bar had put its buttons in More — a jump a slow machine saw
 * for seconds, and e2e tabs-row's More test with it).
 */
function ComparePlaceholder({ versions }: { versions: number }) {
  const { t } = useMessages();
  if (versions < 2) return null;
  return <div className="compare-menu" aria-hidden="true"><button type="button" className="btn btn-small" disabled tabIndex={-1}>{t('ui.diff.compare')}</button></div>;
}

function TimelineStrip({ Component, ...props }: { Component: React.ComponentType<TimelineStripProps> } & TimelineStripProps) {
  return <Component {...props} />;
}

export function TablePage(props: TablePageProps) {
  const { warehouseId, table } = props;
  const { query: q, sketch } = useTableOverviewWithSketch(warehouseId, table.root, table.format);
  const tr = useMessages();
  useEffect(() => { void loadTimeline().catch(() => {}); }, []);
  if (q.error && (q.error as { code?: string }).code === 'Unsupported') return <UnreadTablePage {...props} />;
  return (
    <section className="table-page explorer" aria-label={tr.t('ui.table.label', { name: table.name })}>
      <header className="page-head">
        <div className="page-title">
          <h1><InlineText text={table.name} max={200} /></h1>
          <FormatBadge format={table.format} size="large" />
          {table.alsoReadableAs.map((f) => <span key={f} className="muted small">{tr.t('ui.table.also', { format: f })}</span>)}
          <CopyText text={table.root} className="page-path" />
        </div>
      </header>
      {/* The timeline's frame first, where the strip will be (no jump when it comes), then what is being read. */}
      {q.isPending && <TimelineSketch {...(sketch ? { sketch } : {})} />}
      {q.isPending && <ProgressLine label={tr.t('ui.table.opening')} />}
      {q.error && <ErrorPanel error={q.error} onRetry={() => void q.refetch()} />}
      {q.data && <Explorer {...props} tableId={q.data.tableId} overview={q.data.overview} />}
    </section>
  );
}

function Explorer({ warehouseId, table, tab, onTab, version, onVersion, data, onData, diff, onDiff, sql, onSql, tableId, overview }: TablePageProps & { tableId: string; overview: PageOverviewDto }) {
  const files = useTableFiles(warehouseId, table.root);
  const tr = useMessages();
  const current = overview.versions.find((v) => v.isCurrent);
  const selected = overview.versions.find((v) => v.id === version) ?? current;
  const versionParam = selected && !selected.isCurrent ? selected.id : current?.id ?? '';
  const [item, setItem] = useState<InspectorItem | null>(selected ? { kind: 'version', version: selected } : null);
  const [treeKey, setTreeKey] = useState<string | undefined>();
  const [collapsed, toggleInspector] = usePanelCollapsed('inspector');
  const [timelineCollapsed, toggleTimeline] = usePanelCollapsed('timeline');
  useShortcut(PANEL_KEYS.inspector, toggleInspector);
  useShortcut(PANEL_KEYS.timeline, toggleTimeline);
  const [rawKey, setRawKey] = useState<string | undefined>(overview.stateKey);
  const tabsRef = useRef<HTMLDivElement>(null);
  const TABS = tabsFor(overview.format);
  // Draw what is known first (issue 17): the timeline paints in the first frame after the overview
  // arrives; the tabs, tree and inspector (and the worker calls they start) follow in the next one.
  const [restShown, setRestShown] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => { timer = setTimeout(() => setRestShown(true), 0); });
    return () => { cancelAnimationFrame(frame); if (timer !== undefined) clearTimeout(timer); };
  }, []);

  // A version picked elsewhere (deep link, Back) shows in the inspector too.
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  useEffect(() => { if (selectedRef.current) setItem({ kind: 'version', version: selectedRef.current }); }, [selected?.id]);
  // A version shown in the inspector is read from the latest overview, so a write (rollback, tag) that
  // changes which version is current or its refs shows there at once.
  const shownItem: InspectorItem | null = item?.kind === 'version'
    ? { kind: 'version', version: overview.versions.find((v) => v.id === item.version.id) ?? item.version }
    : item;
  // Shift-click compares: the earlier version is "before" whichever was clicked first.
  const compare = (a: string, b: string) => {
    const [x, y] = [a, b].map((id) => overview.versions.find((v) => v.id === id)?.timestampMs ?? 0);
    onDiff(x <= y ? { from: a, to: b } : { from: b, to: a });
  };
  const selectVersion = (id: string, replace?: boolean) => onVersion(overview.versions.find((v) => v.id === id)?.isCurrent ? undefined : id, replace);
  const openRaw = (key: string) => { setRawKey(key); onTab('raw'); };
  const onTabsKey = (e: React.KeyboardEvent) => {
    const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!d) return;
    e.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + d + TABS.length) % TABS.length];
    onTab(next);
    tabsRef.current?.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus();
  };

  return (
    <TableWritesProvider warehouseId={warehouseId} root={table.root} format={overview.format} versions={overview.versions} schemas={overview.schemas} onVersion={onVersion}>
      <Suspense fallback={<div className="timeline timeline-skeleton muted small" aria-busy>{tr.t('ui.table.loadingTimeline')}</div>}>
        {overview.versions.length > 0
          ? <TimelineStrip Component={LoadedTimeline ?? LazyTimeline} format={overview.format} versions={overview.versions} selectedId={selected?.id} onSelect={selectVersion}
            collapsed={timelineCollapsed} onToggleCollapsed={toggleTimeline} shortcut={PANEL_KEYS.timeline} onCompare={compare} />
          : <div className="timeline timeline-empty muted small">{tr.t('ui.table.noVersions')}</div>}
      </Suspense>
      <TableWarnings warnings={overview.warnings} warningMessages={overview.warningMessages} writeRefusal={overview.writeRefusal} writeRefusalMessage={overview.writeRefusalMessage} />
      {!restShown ? <div className={`explorer-body${collapsed ? ' inspector-collapsed' : ''}`} aria-busy /> : <div className={`explorer-body${collapsed ? ' inspector-collapsed' : ''}`}>
        <div className="explorer-main">
          <div className="tabs-row">
            <div className="tabs" role="tablist" aria-label={tr.t('ui.table.views')} ref={tabsRef} onKeyDown={onTabsKey}>
              {TABS.map((t) => (
                <button key={t} type="button" role="tab" data-tab={t} aria-selected={!diff && tab === t} tabIndex={tab === t ? 0 : -1}
                  className={`tab${!diff && tab === t ? ' active' : ''}`} onClick={() => onTab(t)}>{tr.t('ui.tab.label', { tab: t })}</button>
              ))}
            </div>
            {/* Compare and the writes bar wrap together: beside the tabs while they fit, else on a line of their own. */}
            <div className="tabs-actions">
              <Suspense fallback={<ComparePlaceholder versions={overview.versions.length} />}><CompareMenu versions={overview.versions} selectedId={selected?.id} onCompare={(from, to) => onDiff({ from, to })} /></Suspense>
              <WritesBar warehouseId={warehouseId} root={table.root} format={overview.format} versions={overview.versions} selected={selected} writeRefusal={overview.writeRefusalMessage ? errorText(overview.writeRefusalMessage, tr.catalog) : overview.writeRefusal} />
            </div>
          </div>
          <WriteEffectPanel root={table.root} />
          {diff && (
            <div className="tab-body diff-body">
              <Suspense fallback={<ProgressLine label={tr.t('ui.table.loadingDiff')} />}>
                <DiffPage tableId={tableId} format={overview.format} diff={diff} onDiff={onDiff} onClose={() => onDiff(undefined)} onExplain={(change) => setItem({ kind: 'change', change })} />
              </Suspense>
            </div>
          )}
          {!diff && <div className="tab-body" role="tabpanel" aria-label={tr.t('ui.tab.label', { tab })}>
            {tab === 'overview' && <OverviewTab overview={overview} selected={selected} files={files.data} onSelectVersion={selectVersion} onOpenRaw={openRaw} />}
            {tab === 'tree' && (selected
              ? <TreeView key={versionParam} tableId={tableId} version={versionParam} selectedKey={treeKey} onSelect={(node, key, where) => { setTreeKey(key); setItem({ kind: 'node', node, ...where }); }} />
              : <p className="empty-state">{tr.t('ui.table.noTreeVersion')}</p>)}
            {tab === 'partitions' && (
              <Suspense fallback={<ProgressLine label={tr.t('ui.table.loadingCharts')} />}>
                <PartitionsView tableId={tableId} version={versionParam} specs={overview.partitionSpecs} format={overview.format} partitioning={overview.partitioning} columns={overview.columns} onSelectPartition={(stat) => setItem({ kind: 'partition', stat })} />
              </Suspense>
            )}
            {tab === 'schema' && <SchemaView schemas={overview.schemas} versions={overview.versions} selectedVersion={selected} onSelectField={(field, schemaId) => setItem({ kind: 'field', field, schemaId })} onSelectVersion={selectVersion} />}
            {tab === 'files' && <FilesTab tableId={tableId} version={versionParam} root={table.root} folder={files.data} onSelectFile={(file) => setItem({ kind: 'file', file })} onOpenRaw={openRaw} />}
            {tab === 'data' && <DataView tableId={tableId} versions={overview.versions} schemas={overview.schemas} selectedId={versionParam} columns={overview.columns} state={data} onState={onData} incremental={overview.incremental === true} />}
            {tab === 'query' && (
              <Suspense fallback={<ProgressLine label={tr.t('ui.table.loadingQuery')} />}>
                <QueryView warehouseId={warehouseId} table={table} overview={overview} sql={sql} onSql={onSql} />
              </Suspense>
            )}
            {tab === 'lsm' && TABS.includes('lsm') && (
              <Suspense fallback={<ProgressLine label={tr.t('ui.table.loadingLsm')} />}>
                <LsmView warehouseId={warehouseId} root={table.root} version={versionParam} />
              </Suspense>
            )}
            {tab === 'health' && (
              <Suspense fallback={<ProgressLine label={tr.t('ui.table.loadingCharts')} />}>
                <HealthView tableId={tableId} version={versionParam} warehouseId={warehouseId} root={table.root} format={overview.format} />
              </Suspense>
            )}
            {tab === 'raw' && <RawFileView warehouseId={warehouseId} root={table.root} files={files.data?.files} metadataFiles={overview.states} selectedKey={rawKey} onSelect={setRawKey} />}
          </div>}
        </div>
        <Inspector item={shownItem} format={overview.format} warehouseId={warehouseId} tableId={tableId} version={versionParam} collapsed={collapsed} onToggle={toggleInspector} onOpenRaw={openRaw} shortcut={PANEL_KEYS.inspector} />
      </div>}
    </TableWritesProvider>
  );
}
