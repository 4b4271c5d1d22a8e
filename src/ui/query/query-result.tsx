/**
 * A finished query's result: what it read (rows, files, bytes, time), the rows as a grid or a chart, the
 * plan of an EXPLAIN, and the exports (copy / download CSV, download Parquet).
 */
import { noteKey } from '../../core/messages/note.ts';
import { Suspense, lazy, useState } from 'react';
import { explainLines } from '../../core/messages/explain-lines.ts';
import type { SqlExplainDto, SqlResultDto } from '../../core/api/sql/sql-contract.ts';
import { formatBytes } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { MessageText } from '../errors/error-message.tsx';
import { ReadWarnings } from '../data/read-warnings.tsx';
import { resultParquet } from './parquet-export.ts';
import { ResultGrid } from './result-grid.tsx';
import { chartFor, exportedResult, resultCsv } from './result-model.ts';

const ResultChart = lazy(() => import('./result-chart.tsx'));

export function QueryResult({ result, fileName }: { result: SqlResultDto; fileName: string }) {
  const tr = useMessages();
  const { t } = tr;
  const chart = chartFor(result.columns);
  const [view, setView] = useState<'table' | 'chart'>('table');
  const [note, setNote] = useState('');
  const bytes = result.scans.reduce((a, s) => a + (s.bytesFetched ?? 0), 0);
  const files = result.scans.reduce((a, s) => a + s.filesPlanned, 0);
  const skipped = result.scans.reduce((a, s) => a + s.filesSkipped, 0);
  // An EXPLAIN exports its plan as the tab shows it, in the reader's language (the engine's rows are the CLI's English).
  const exported = exportedResult(result, tr.catalog);
  const csv = () => resultCsv(exported.columns, exported.rows);
  const copy = async () => {
    try { await navigator.clipboard.writeText(csv()); setNote(t('ui.query.copied')); } catch { setNote(t('ui.query.copyFailed')); }
  };
  const download = (data: BlobPart, type: string, ext: string) => {
    const url = URL.createObjectURL(new Blob([data], { type }));
    const a = document.createElement('a');
    a.href = url; a.download = `${fileName}-query.${ext}`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const shown = chart && view === 'chart' ? 'chart' : 'table';
  const summary = [t('ui.query.rows', { count: result.rows.length }), t('ui.query.elapsed', { ms: Math.round(result.elapsedMs) }),
    ...(result.scans.length > 0 ? [t('ui.query.read', { files, skipped, bytes: formatBytes(bytes) })] : [])].join(' · ');

  return (
    <div className="query-result" data-testid="query-result">
      <div className="query-result-bar">
        <span className="small query-status" role="status" data-testid="query-status" data-rows={result.rows.length} title={summary}>
          <strong className="num">{t('ui.query.rows', { count: result.rows.length })}</strong>
          <span className="muted"> · {t('ui.query.elapsed', { ms: Math.round(result.elapsedMs) })}</span>
          {result.scans.length > 0 && <span className="muted"> · {t('ui.query.read', { files, skipped, bytes: formatBytes(bytes) })}</span>}
        </span>
        {result.truncated && <span className="warn small" title={t('ui.query.truncated', { count: result.rows.length })}>{t('ui.query.truncated', { count: result.rows.length })}</span>}
        {chart && !result.explain && (
          <div className="query-seg" role="radiogroup" aria-label={t('ui.query.viewLabel')}>
            {(['table', 'chart'] as const).map((v) => (
              <button key={v} type="button" role="radio" aria-checked={shown === v} className={shown === v ? 'on' : undefined} onClick={() => setView(v)}>
                {v === 'table' ? t('ui.query.viewTable') : t('ui.query.viewChart')}
              </button>
            ))}
          </div>
        )}
        <button type="button" className="btn btn-small" onClick={() => void copy()} disabled={result.rows.length === 0}>{t('ui.query.copyCsv')}</button>
        <button type="button" className="btn btn-small" onClick={() => download(csv(), 'text/csv;charset=utf-8', 'csv')} disabled={result.rows.length === 0}
          aria-label={t('ui.query.downloadCsv')} title={t('ui.query.downloadCsv')}>↓ CSV</button>
        <button type="button" className="btn btn-small" onClick={() => void resultParquet(exported.columns, exported.rows).then((b) => download(b, 'application/vnd.apache.parquet', 'parquet'), (e: unknown) => setNote(String((e as Error).message)))}
          disabled={result.rows.length === 0} aria-label={t('ui.query.downloadParquet')} title={t('ui.query.downloadParquet')}>↓ Parquet</button>
        {note && <span className="muted small" role="status">{note}</span>}
      </div>
      <ReadWarnings warnings={result.readWarnings} messages={result.readWarningMessages} />
      {result.notes.length > 0 && <ul className="query-notes muted small">{result.notes.map((n) => <li key={noteKey(n)}>{tr.note(n)}</li>)}</ul>}
      {result.explain?.executor?.refusal && (
        <p className="query-refusal small" data-testid="query-refusal"><strong>{t('ui.query.refused')}</strong> <MessageText message={result.explain.executor.refusal} text={result.explain.executor.reason ?? ''} /></p>
      )}
      {result.explain
        ? <ExplainPlan explain={result.explain} />
        : shown === 'chart' && chart
          ? <Suspense fallback={<ProgressLine label={t('ui.query.chartLoading')} />}><ResultChart spec={chart} columns={result.columns} rows={result.rows} /></Suspense>
          : <ResultGrid columns={result.columns} rows={result.rows} />}
    </div>
  );
}

/**
 * EXPLAIN's plan in the reader's language (issue 20): a line per catalog message, the names, paths, numbers
 * and the engine's query it quotes set apart (monospace); the CLI prints the same lines in English.
 */
function ExplainPlan({ explain }: { explain: SqlExplainDto }) {
  const { catalog } = useMessages();
  return (
    <div className="query-explain small" data-testid="query-explain">
      {explainLines(explain, catalog).map((line, i) => (
        <div key={i} className="query-explain-line">
          {line.map((p, j) => (typeof p === 'string' ? <span key={j}>{p}</span> : <span key={j} className="mono">{p.data}</span>))}
        </div>
      ))}
    </div>
  );
}
