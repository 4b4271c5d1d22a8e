/**
 * The Query tab (issue 16): SQL over the open table (`t`) and every table of the warehouse (by path), with
 * time travel, change ranges and metadata tables. Run with Ctrl/Cmd+Enter; progress with files, bytes and
 * rows read and a cancel button; before a big read the tab says how much and asks. The result shows as a
 * virtualised grid or, when it has a time or category column and a numeric one, a chart; it copies and
 * downloads as CSV or Parquet. The URL holds the query that ran (a link reruns it); past queries of the
 * table are kept in this browser.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DetectedTableDto } from '../../core/api/dto.ts';
import type { SqlResultDto, SqlTableDto } from '../../core/api/sql/sql-contract.ts';
import type { PageOverviewDto } from '../../core/api/table-dto.ts';
import { formatBytes } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { columnTypes } from '../data/grid-model.ts';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { ErrorMessage, errorRefOf, UntranslatedMark } from '../errors/error-message.tsx';
import { useWarehouseScan } from '../queries/warehouse-queries.ts';
import { addToHistory, browserStore, loadHistory, type HistoryEntry } from './query-history.ts';
import { defaultQuery, queryExamples } from './query-examples.ts';
import { QueryHelp } from './query-help.tsx';
import { useSqlRun, type RunState } from './query-run.ts';
import { QueryResult } from './query-result.tsx';
import { errorPosition, loadConfirmBytes, saveConfirmBytes } from './result-model.ts';
import { SqlEditor } from './sql-editor.tsx';
import './query.css';

/** Metadata tables to complete until the table's overview names its own (`metadataTables`: the model's and the format's). */
const METADATA = ['snapshots', 'history', 'refs', 'manifests', 'files', 'partitions', 'entries'];

/** History key of the warehouse's own Query tab (a table's is its root path). */
const WAREHOUSE_SCOPE = '(warehouse)';

export default function QueryView({ warehouseId, table, overview, sql, onSql }: {
  warehouseId: string;
  /** The open table (called `t` in the query), with its overview; absent on the warehouse's own Query tab. */
  table?: DetectedTableDto;
  overview?: PageOverviewDto;
  /** The query in the URL (undefined = none). */
  sql?: string;
  /** Puts the query that runs into the URL. */
  onSql: (sql: string) => void;
}) {
  const { t } = useMessages();
  const store = useMemo(browserStore, []);
  const scope = table?.root ?? WAREHOUSE_SCOPE;
  const scan = useWarehouseScan(warehouseId);
  const pathOf = (x: DetectedTableDto) => x.root.replace(/\/$/, '') || x.name;
  // On the warehouse the examples use its first table by path.
  const subject = table ?? scan.data?.tables[0];
  const path = subject ? pathOf(subject) : '';
  const name = table ? 't' : path;
  const [history, setHistory] = useState<HistoryEntry[]>(() => loadHistory(store, scope));
  const [text, setText] = useState(sql ?? history[0]?.sql ?? (name ? defaultQuery(name) : ''));
  const [helpOpen, setHelpOpen] = useState(false);
  const editorBox = useRef<HTMLDivElement>(null);

  const tables: SqlTableDto[] = useMemo(() => [
    ...(table ? [{ name: 't', root: table.root, format: table.format }] : []),
    ...(scan.data?.tables ?? (table ? [table] : [])).map((x) => ({ name: pathOf(x), root: x.root, format: x.format })),
  ], [scan.data, table]);
  const columns = overview?.columns ?? [];
  const types = overview ? columnTypes(overview.schemas, overview.versions.find((v) => v.isCurrent)?.schemaId) : {};
  const source = useMemo(() => ({
    tables: [...tables.map((x) => ({ name: x.name, detail: x.format })), ...(table ? (overview?.metadataTables ?? METADATA).map((m) => ({ name: `t$${m}`, detail: t('ui.query.metadataTable') })) : [])],
    columns: columns.map((c) => ({ name: c, ...(types[c] ? { type: types[c] } : {}) })),
  }), [tables, table, columns, types, t, overview]);
  const examples = useMemo(() => (name ? queryExamples({
    path, name, columns,
    versions: (overview?.versions ?? []).map((v) => ({ id: v.id, timestampMs: v.timestampMs, refs: v.refs.map((r) => r.name) })),
  }) : []), [path, name, columns, overview]);
  // The warehouse's tab opens before its scan may have finished: the default query waits for a table to name.
  useEffect(() => { if (!text && name && sql === undefined) setText(defaultQuery(name)); }, [name]); // eslint-disable-line react-hooks/exhaustive-deps

  const onDone = (ran: string, result: SqlResultDto) => setHistory(addToHistory(store, scope, { sql: ran, at: Date.now(), rows: result.rows.length }));
  const [confirmBytes, setConfirmBytes] = useState(() => loadConfirmBytes(store));
  const { state, run, confirm, cancel } = useSqlRun(warehouseId, tables, onDone, confirmBytes);
  const ranFromUrl = useRef(false);
  const submit = (query = text) => {
    if (!query.trim()) return;
    ranFromUrl.current = true; // the URL is about to name this query: it runs here, not again on arrival
    onSql(query);
    run(query);
  };
  // A link (or Back) with a query runs it once on arrival; later URL changes replace the editor's text.
  useEffect(() => {
    if (sql === undefined) return;
    setText(sql);
    if (!ranFromUrl.current) { ranFromUrl.current = true; run(sql); }
  }, [sql, run]);

  const errorAt = state.status === 'error' && state.sql === text ? errorPosition(text, state.error as { message?: string; context?: Record<string, unknown> }) : undefined;
  const goToError = () => {
    const area = editorBox.current?.querySelector('textarea');
    if (!area || !errorAt) return;
    area.focus();
    area.setSelectionRange(errorAt.offset, errorAt.offset);
  };
  const busy = state.status === 'running';

  return (
    <div className="query-view" data-testid="query-view">
      <div className="query-bar">
        <button type="button" className="btn btn-primary btn-small" onClick={() => submit()} disabled={busy || !text.trim()} title={t('ui.query.runTitle')}>
          ▶ {t('ui.query.run')}
        </button>
        <span className="muted small query-keys">{table ? t('ui.query.runKeys') : t('ui.query.runKeysWarehouse')}</span>
        <label className="field inline">
          <span className="visually-hidden">{t('ui.query.history')}</span>
          <select value="" onChange={(e) => { if (e.target.value) setText(e.target.value); }} aria-label={t('ui.query.history')} disabled={history.length === 0}
            data-testid="query-history">
            <option value="">{history.length ? t('ui.query.historyCount', { count: history.length }) : t('ui.query.historyEmpty')}</option>
            {history.map((h) => <option key={h.sql} value={h.sql} title={h.sql}>{h.sql.replace(/\s+/g, ' ').slice(0, 90)}</option>)}
          </select>
        </label>
        <button type="button" className="btn btn-small" aria-expanded={helpOpen} onClick={() => setHelpOpen((o) => !o)}>{t('ui.query.helpButton')}</button>
      </div>
      <div ref={editorBox}>
        <SqlEditor value={text} onChange={setText} onRun={() => { if (!busy) submit(); }} source={source} errorAt={errorAt} />
      </div>
      {helpOpen && <QueryHelp examples={examples} open onToggle={setHelpOpen} confirmBytes={confirmBytes}
        onConfirmBytes={(b) => { setConfirmBytes(b); saveConfirmBytes(store, b); }} onUse={(q) => { setText(q); editorBox.current?.querySelector('textarea')?.focus(); }} />}
      <RunStatus state={state} onConfirm={confirm} onCancel={cancel} onGoToError={errorAt ? goToError : undefined} errorLine={errorAt}
        onRetry={() => { if (state.status !== 'idle') run(state.sql); }} />
      {state.status === 'done' && <QueryResult result={state.result} fileName={path.split('/').pop() || 'warehouse'} />}
      {state.status === 'idle' && <p className="empty-state small">{table ? t('ui.query.idle') : t('ui.query.idleWarehouse')}</p>}
    </div>
  );
}

function RunStatus({ state, onConfirm, onCancel, onGoToError, errorLine, onRetry }: {
  state: RunState; onConfirm: () => void; onCancel: () => void; onRetry: () => void;
  onGoToError?: () => void; errorLine?: { line: number; column: number };
}) {
  const { t } = useMessages();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => { if (state.status === 'confirm') confirmRef.current?.focus(); }, [state.status]);
  switch (state.status) {
    case 'running': {
      const p = state.progress;
      const label = !p ? t('ui.query.starting') : p.phase === 'plan' ? t('ui.query.planning') : p.phase === 'read' ? t('ui.query.reading') : t('ui.query.computing');
      return (
        <div className="query-progress" data-testid="query-progress">
          <ProgressLine label={label} progress={p ? { phase: p.phase, done: p.done, ...(p.total !== undefined ? { total: p.total } : {}), ...(p.bytes ? { bytes: p.bytes } : {}), ...(p.current ? { current: p.current } : {}) } : undefined} onCancel={onCancel} />
          {p?.rows !== undefined && <span className="muted small num" data-testid="query-rows-read">{t('ui.query.rowsSoFar', { count: p.rows })}</span>}
        </div>
      );
    }
    case 'confirm':
      return (
        <div className="query-confirm card" role="alertdialog" aria-labelledby="query-confirm-text" data-testid="query-confirm">
          <p id="query-confirm-text">{t('ui.query.confirm', { bytes: formatBytes(state.bytes) })}</p>
          <div className="query-confirm-actions">
            <button ref={confirmRef} type="button" className="btn btn-primary btn-small" onClick={onConfirm}>{t('ui.query.confirmRun')}</button>
            <button type="button" className="btn btn-small" onClick={onCancel}>{t('ui.query.confirmCancel')}</button>
          </div>
        </div>
      );
    case 'cancelled':
      return <p className="muted small" role="status" data-testid="query-cancelled">{t('ui.query.cancelled')} <button type="button" className="btn btn-link small" onClick={onRetry}>{t('ui.query.runAgain')}</button></p>;
    case 'error': {
      const e = state.error as { code?: string; message?: string };
      // Errors in the query itself (a wrong column, a syntax error) read best as text with its caret line.
      if (errorLine || e.code === 'DataInvalid' || e.code === 'NotFound') {
        // A translated message (issue 20) replaces the first line; the query line and its caret stay as written.
        const caret = (e.message ?? '').split('\n').slice(1);
        const translated = errorRefOf(state.error) !== undefined;
        return (
          <div className="query-error" role="alert" data-testid="query-error">
            {translated ? <ErrorMessage error={state.error} english={e.message}>{caret.length > 0 && <pre className="mono">{caret.join('\n')}</pre>}</ErrorMessage>
              : <><pre className="mono" lang="en">{e.message}</pre><UntranslatedMark /></>}
            {errorLine && onGoToError && (
              <button type="button" className="btn btn-small" onClick={onGoToError}>{t('ui.query.goToError', { line: errorLine.line, column: errorLine.column })}</button>
            )}
          </div>
        );
      }
      return <ErrorPanel error={state.error} onRetry={onRetry} />;
    }
    default:
      return null;
  }
}
