/**
 * "Explain" for a filter in the `--where` syntax: plan the selected version with it and show how much
 * planning skipped at each step (manifest list → manifests → row groups) and the reason for each skip.
 */
import { noteKey } from '../../core/messages/note.ts';
import { useState } from 'react';
import type { SkipDto } from '../../core/api/table-dto.ts';
import { formatCount } from '../common/format.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { ErrorPanel, errorMessage } from '../errors/error-panel.tsx';
import { useExplain } from '../queries/table-queries.ts';
import { SafeText } from '../common/safe-text-view.tsx';
import { useMessages } from '../common/messages.ts';


export function ExplainPanel({ tableId, version, columns, initial = '' }: { tableId: string; version: string; columns: readonly string[]; initial?: string }) {
  const tr = useMessages();
  const { t } = tr;
  const [text, setText] = useState(initial);
  const [applied, setApplied] = useState<string | null>(initial ? initial : null);
  const q = useExplain(tableId, version, applied ?? '', applied !== null);
  const d = q.data;
  const isFilterError = q.error && (q.error as { code?: string }).code === 'DataInvalid';
  return (
    <div className="explain">
      <form className="filter-row" onSubmit={(e) => { e.preventDefault(); setApplied(text.trim()); }}>
        <input className="grow mono" value={text} onChange={(e) => setText(e.target.value)} aria-label={t('ui.explain.filterLabel')}
          placeholder={t('ui.explain.placeholder', { example: columns.length ? exampleFilter(columns) : "id > 10 and region = 'eu'" })} spellCheck={false} />
        <button type="submit" className="btn btn-primary btn-small">{t('ui.explain.run')}</button>
      </form>
      <div className="hint">{t('ui.explain.syntax')}<code>col = 1 and other &gt; 'x'</code>, <code>in (…)</code>, <code>is null</code>, <code>starts with 'a'</code>{t('ui.explain.quote')}<code>"Breed Name" = 'Dutch'</code>{t('ui.explain.empty')}</div>
      {q.isFetching && <ProgressLine label={t('ui.filesTab.planning')} onCancel={q.cancel} />}
      {q.error && (isFilterError
        ? <div className="error-inline" role="alert"><SafeText text={errorMessage(q.error, tr)} max={1000} /></div>
        : <ErrorPanel error={q.error} onRetry={() => void q.refetch()} />)}
      {d && (
        <div className="explain-result" data-testid="explain-result">
          <p className="small">
            {t('ui.explain.version')}<span className="mono">{d.versionId}</span>{d.filter ? <>{t('ui.explain.with')}<code>{d.filter}</code></> : t('ui.explain.without')}{t('ui.explain.planned', { ms: formatCount(d.elapsedMs) })}
          </p>
          <table className="grid compact counts" aria-label={t('ui.explain.counts')}>
            <thead><tr><th>{t('ui.explain.col.step')}</th><th className="num">{t('ui.explain.col.total')}</th><th className="num">{t('ui.explain.col.read')}</th><th className="num">{t('ui.explain.col.skipped')}</th></tr></thead>
            <tbody>
              {Object.entries(d.counts).map(([step, c]) => (
                <tr key={step}>
                  <td>{step.replace(/([A-Z])/g, ' $1').toLowerCase()}</td>
                  <td className="num">{c.total === undefined ? '' : formatCount(c.total)}</td>
                  <td className="num">{formatCount(c.read ?? c.matched ?? (c.total !== undefined && c.skipped !== undefined ? c.total - c.skipped : 0))}</td>
                  <td className="num">{c.skipped === undefined ? '' : formatCount(c.skipped)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {d.notes.length > 0 && <ul className="notes small muted">{d.notes.map((n) => <li key={noteKey(n)}>{tr.note(n)}</li>)}</ul>}
          <SkipList skipped={d.skipped} truncated={d.skippedTruncated} />
          <details className="files-read">
            <summary>{t('ui.explain.toRead', { count: d.files.length, files: `${formatCount(d.files.length)}${d.filesTruncated ? '+' : ''}` })}</summary>
            <ul className="mono small">{d.files.slice(0, 500).map((f) => (
              <li key={f.path}>{f.path.split('/').pop()} <span className="muted">{t('ui.explain.fileLine', { records: f.records ?? '?', deletes: f.deletes.length, rowGroups: f.rowGroups ? f.rowGroups.join(',') : '' })}</span></li>
            ))}</ul>
          </details>
        </div>
      )}
    </div>
  );
}

function SkipList({ skipped, truncated }: { skipped: readonly SkipDto[]; truncated: boolean }) {
  const { t } = useMessages();
  if (skipped.length === 0) return <p className="muted small">{t('ui.explain.nothingSkipped')}</p>;
  const byStep = new Map<string, SkipDto[]>();
  for (const s of skipped) { const l = byStep.get(s.step) ?? []; l.push(s); byStep.set(s.step, l); }
  return (
    <div className="skips" aria-label={t('ui.explain.col.skipped')}>
      {[...byStep].map(([step, list]) => (
        <details key={step} open={list.length <= 20}>
          <summary><strong>{t('ui.explain.step', { step })}</strong>{t('ui.explain.skipped', { count: formatCount(list.length) })}</summary>
          <ul className="small">
            {list.slice(0, 300).map((s, i) => (
              <li key={`${s.path}#${s.rowGroup ?? ''}#${i}`}>
                <span className="mono">{s.path.split('/').pop()}{s.rowGroup !== undefined ? t('ui.explain.rowGroup', { index: s.rowGroup }) : ''}</span>
                <span className="muted"> ({s.kind}) — </span>{s.reason}
              </li>
            ))}
            {list.length > 300 && <li className="muted">{t('ui.json.more', { count: list.length - 300 })}</li>}
          </ul>
        </details>
      ))}
      {truncated && <p className="muted small">{t('ui.explain.cut')}</p>}
    </div>
  );
}

function exampleFilter(columns: readonly string[]): string {
  const c = columns[0];
  const name = /^[A-Za-z_][\w]*$/.test(c) ? c : `"${c}"`;
  return `${name} is not null`;
}
