/** The warehouse browser: top bar, left rail of tables (from the breadth-first scan), and the selected page. */
import { Suspense, lazy, useState } from 'react';
import type { DetectedTableDto, TableFormatName, WarehouseScanDto } from '../../core/api/dto.ts';
import { formatCount } from '../common/format.ts';
import { type Translator, useMessages } from '../common/messages.ts';
import { FormatBadge, ProgressLine } from '../common/widgets.tsx';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { format } from '../../core/messages/en.ts';
import { useWarehouseScan } from '../queries/warehouse-queries.ts';
import { tableInRootListing } from '../state/deep-link-start.ts';
import type { Route, Tab } from '../state/route.ts';
import type { Session } from '../state/session.ts';
import { FolderPage } from './folder-page.tsx';
import { LeftRail } from './left-rail.tsx';
import { PANEL_KEYS, usePanelCollapsed, useShortcut } from './panels.ts';
import { RailResizer } from './rail-resizer.tsx';
import { TablePage } from './table-page.tsx';
import { InlineText } from '../common/safe-text-view.tsx';
import { LanguageSwitch } from '../common/language-switch.tsx';
import { SandboxContext } from '../sandbox/sandbox-context.ts';
import { SandboxControls, type OpenSandbox } from '../sandbox/sandbox-controls.tsx';
import { useSandboxState } from '../sandbox/use-sandbox-state.ts';
import { LessonPanel } from '../sandbox/lesson-panel.tsx';
import { lessonRoot, lessonsFor } from '../sandbox/lessons.ts';

const StoryPage = lazy(() => import('../story/story-page.tsx').then((m) => ({ default: m.StoryPage })));

const QueryView = lazy(() => import('../query/query-view.tsx'));

/**
 * The warehouse's name in the reader's language, drawn at each render (the worker's label is English and fixed
 * when it was opened, so it did not follow a language switch): the demo by its name, a sandbox after what it was
 * copied from (its badge says it is a sandbox), any other by the label of its location.
 */
function warehouseName(session: Session, tr: Translator): string {
  const source = session.sandbox?.source;
  if (source) return source.kind === 'demo' ? tr.t('ui.connect.way.demo') : tr.t('ui.sandbox.label.table', { table: source.root.replace(/\/$/, '') });
  if (session.kind === 'demo') return tr.t('ui.connect.way.demo');
  return session.labelMessage ? tr.ref(session.labelMessage) : session.label;
}

export function WarehouseView({ session, route, navigate, onClose, onOpenSandbox }: {
  session: Session;
  route: Route;
  navigate: (r: Route, replace?: boolean) => void;
  onClose: () => void;
  /** Opens a sandbox copied from this warehouse (or copied again on Reset). */
  onOpenSandbox: OpenSandbox;
}) {
  const sandbox = useSandboxState(session.sandbox !== undefined);
  const { t } = useMessages();
  const [lesson, setLesson] = useState(false);
  // The story tables come with the demo warehouse (and its sandbox copy).
  const storyAvailable = session.kind === 'demo' || session.sandbox?.source.kind === 'demo';
  const [railCollapsed, toggleRail] = usePanelCollapsed('rail');
  useShortcut(PANEL_KEYS.rail, toggleRail);
  const tr = useMessages();
  const railTitle = tr.t('ui.rail.toggle', { show: railCollapsed, key: PANEL_KEYS.rail });
  const scan = useWarehouseScan(session.warehouseId);
  const base: Route = { w: session.kind, loc: session.loc ?? {}, tab: 'overview' };
  const openTable = (root: string) => navigate({ ...base, table: root, tab: route.table === root ? route.tab : 'overview' });
  const openFolder = (prefix: string) => navigate({ ...base, folder: prefix });
  const setTab = (tab: Tab) => navigate({ ...route, tab, diff: undefined });

  const table = route.table ? findTable(scan.data, session, route.table) : undefined;
  // Lessons run in a sandbox, on the tables of the demo's layout it holds; read-only tours (Hudi) on the open table.
  const lessons = lessonsFor(session.sandbox ? scan.data?.tables ?? [] : undefined, table);
  const lessonAvailable = lessons.length > 0;
  const status = scan.isPending
    ? <ProgressLine label={tr.t('ui.warehouse.finding')} progress={scan.progress} onCancel={scan.cancel} />
    : scan.error ? <div className="rail-error"><ErrorPanel error={scan.error} bucket={session.bucket} endpoint={session.endpoint} onRetry={() => void scan.refetch()} /></div> : null;

  return (
    <SandboxContext.Provider value={sandbox}>
    <div className={`app${session.sandbox ? ' is-sandbox' : ''}`}>
      <header className="topbar">
        <button type="button" className="btn btn-small btn-quiet rail-toggle" onClick={toggleRail} aria-expanded={!railCollapsed} aria-controls="rail"
          title={railTitle} aria-label={railTitle}>{railCollapsed ? '☰' : '⇤'}</button>
        <button type="button" className="brand linklike" onClick={() => navigate(base)} title={tr.t('ui.warehouse.home')}><span className="logo" aria-hidden>◈</span> <span className="brand-name">Lakescope</span></button>
        <span className="sep" aria-hidden>/</span>
        <span className="warehouse-label" title={warehouseName(session, tr)}>{warehouseName(session, tr)}</span>
        {!session.warehouse.writable && <span className="pill" title={tr.t('ui.warehouse.readOnlyTitle')}>{tr.t('ui.warehouse.readOnly')}</span>}
        <span className="spacer" />
        {lessonAvailable && <button type="button" className="btn btn-small" aria-pressed={lesson} title={t('ui.lessons.open.title')} onClick={() => setLesson(!lesson)}>{t('ui.lessons.open')}</button>}
        {storyAvailable && <button type="button" className="btn btn-small" aria-pressed={route.story === true} title={t('ui.story.open.title')}
          onClick={() => navigate(route.story ? base : { ...base, story: true })}>{t('ui.story.open')}</button>}
        <SandboxControls session={session} table={route.table} onOpenSandbox={onOpenSandbox} />
        <LanguageSwitch />
        <button type="button" className="btn btn-small" onClick={onClose}>{tr.t('ui.warehouse.close')}</button>
      </header>
      <div className={`workspace${railCollapsed ? ' rail-collapsed' : ''}`}>
        {!railCollapsed && <div id="rail" className="rail-slot"><LeftRail scan={scan.data} selected={route.table ?? route.folder} onOpenTable={openTable} onOpenFolder={openFolder} status={status} /></div>}
        {!railCollapsed && <RailResizer />}
        <main className="main">
          {route.table && table && <TablePage key={table.root} warehouseId={session.warehouseId} table={table} tab={route.tab} onTab={setTab}
            version={route.version} onVersion={(version, replace) => navigate({ ...route, version }, replace)}
            data={{ where: route.where, cols: route.cols }} onData={(d) => navigate({ ...route, where: d.where, cols: d.cols })}
            diff={route.diff} onDiff={(diff) => navigate({ ...route, diff })}
            sql={route.sql} onSql={(sql) => navigate({ ...route, sql }, true)} />}
          {route.table && !table && scan.isPending && <ProgressLine label={tr.t('ui.warehouse.findingTable')} progress={scan.progress} />}
          {route.table && !table && !scan.isPending && (
            <ErrorPanel error={{ code: 'NotFound', message: format('error.warehouse.noTable'), ref: { key: 'error.warehouse.noTable' }, context: { prefix: route.table } }} />
          )}
          {!route.table && route.folder !== undefined && (
            <FolderPage warehouseId={session.warehouseId} prefix={route.folder} onOpenTable={openTable} onOpenFolder={openFolder} />
          )}
          {!route.table && route.folder === undefined && route.tab === 'query' && (
            <WarehouseQuery warehouseId={session.warehouseId} sql={route.sql} onSql={(sql) => navigate({ ...route, sql }, true)} onBack={() => navigate(base)} />
          )}
          {!route.table && route.folder === undefined && route.story && (
            <Suspense fallback={<ProgressLine label={tr.t('ui.warehouse.finding')} />}>
              <StoryPage warehouseId={session.warehouseId} tables={scan.data?.tables} onBack={() => navigate(base)}
                onOpenVersion={(root, version) => navigate({ ...base, table: root, tab: 'tree', ...(version !== undefined ? { version } : {}) })} />
            </Suspense>
          )}
          {!route.table && route.folder === undefined && route.tab !== 'query' && !route.story && <WarehouseHome session={session} scan={scan.data} onOpenTable={openTable} onOpenFolder={openFolder}
            onQuery={() => navigate({ ...base, tab: 'query' })} />}
        </main>
      </div>
      {lesson && lessonAvailable && <LessonPanel warehouseId={session.warehouseId} lessons={lessons} openTable={table}
        initial={lessons.find((l) => lessonRoot(l, table) === route.table)?.id} onClose={() => setLesson(false)}
        onShowTable={(root) => { if (route.table !== root) openTable(root); }} />}
    </div>
    </SandboxContext.Provider>
  );
}

/** The table at `root` from the scan, or from the root listing while the scan is still running. */
function findTable(scan: WarehouseScanDto | undefined, session: Session, root: string): DetectedTableDto | undefined {
  return scan?.tables.find((t) => t.root === root) ?? tableInRootListing(session.warehouse, root);
}

/** The warehouse's own Query tab: SQL over all its tables, each by its path (issue 16). */
function WarehouseQuery({ warehouseId, sql, onSql, onBack }: { warehouseId: string; sql?: string; onSql: (sql: string) => void; onBack: () => void }) {
  const { t } = useMessages();
  return (
    <section className="home warehouse-query" aria-label={t('ui.query.warehouseTitle')}>
      <header className="page-head">
        <div className="page-title"><h1>{t('ui.query.warehouseTitle')}</h1></div>
        <button type="button" className="btn btn-small btn-quiet" onClick={onBack}>{t('ui.query.warehouseBack')}</button>
      </header>
      <Suspense fallback={<ProgressLine label={t('ui.query.starting')} />}>
        <QueryView warehouseId={warehouseId} sql={sql} onSql={onSql} />
      </Suspense>
    </section>
  );
}

function WarehouseHome({ session, scan, onOpenTable, onOpenFolder, onQuery }: {
  session: Session;
  scan?: WarehouseScanDto;
  onOpenTable: (root: string) => void;
  onOpenFolder: (prefix: string) => void;
  onQuery: () => void;
}) {
  const tr = useMessages();
  const { t } = tr;
  const byFormat = new Map<TableFormatName, number>();
  for (const t of scan?.tables ?? []) byFormat.set(t.format, (byFormat.get(t.format) ?? 0) + 1);
  const root = session.warehouse.root;
  return (
    <section className="home" aria-label={t('ui.warehouse.label')}>
      <header className="page-head">
        <div className="page-title"><h1>{warehouseName(session, tr)}</h1></div>
        {/* A sandbox's storage is this browser's private folder: its English description (`folder "demo"`) says nothing more.
            Nor does a description the connection's English name already holds (a folder, s3://bucket/prefix): the heading says it in the reader's language. */}
        {session.kind !== 'demo' && !session.sandbox && !session.label.includes(session.warehouse.description) && <span className="muted small mono">{session.warehouse.description}</span>}
      </header>
      {scan && (
        <div className="stat-row">
          <div className="stat"><div className="stat-value num">{formatCount(scan.tables.length)}</div><div className="stat-label">{t('ui.warehouse.tables')}</div></div>
          {[...byFormat].map(([f, n]) => (
            <div className="stat" key={f}><div className="stat-value num">{formatCount(n)}</div><div className="stat-label"><FormatBadge format={f} /></div></div>
          ))}
          <div className="stat"><div className="stat-value num">{formatCount(scan.folders.length)}</div><div className="stat-label">{t('ui.warehouse.otherFolders')}</div></div>
          <div className="stat"><div className="stat-value num">{formatCount(scan.requests)}</div><div className="stat-label">{t('ui.warehouse.requests')}</div></div>
          {scan.tables.length > 0 && <button type="button" className="btn btn-small home-query" onClick={onQuery}>{t('ui.query.warehouseOpen')}</button>}
        </div>
      )}
      {session.warehouse.readme !== undefined && (
        <article className="readme" aria-label="README">
          <div className="label">README</div>
          <pre>{session.warehouse.readme}</pre>
        </article>
      )}
      {scan && scan.tables.length === 0 && (
        <p className="empty-state">{t('ui.warehouse.noTables')}</p>
      )}
      <div className="label">{t('ui.warehouse.topLevel')}</div>
      <ul className="folder-list">
        {root.folders.map((f) => (
          <li key={f.prefix}>
            <button type="button" className="linklike" title={`${f.name}/`} onClick={() => (f.table ? onOpenTable(f.prefix) : onOpenFolder(f.prefix))}><span className="mono"><InlineText text={f.name} />/</span></button>
            {f.table && <FormatBadge format={f.table.format} />}
          </li>
        ))}
        {root.files.map((f) => <li key={f.key} className="muted mono">{f.name}</li>)}
      </ul>
    </section>
  );
}
