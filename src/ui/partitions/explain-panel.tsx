/**
 * "Explain" for a filter in the `--where` syntax: plan the selected version with it and show how much
 * planning skipped at each step (manifest list → manifests → row groups) and the reason for each skip.
 */
import { useState } from 'react';
import type { SkipDto } from '../../core/api/table-dto.ts';
import { formatCount } from '../common/format.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { useExplain } from '../queries/table-queries.ts';
import { SafeText } from '../common/safe-text-view.tsx';

const STEP_LABEL: Record<string, string> = {
  'manifest-list': 'Manifest list (partition summaries)', manifest: 'Manifest entries (partition values, column metrics)',
  'row-group': 'Parquet row groups (statistics)', limit: 'Limit reached',
  partitions: 'Partition paths (Hudi file groups)', 'file-groups': 'Replaced file groups (Hudi)', 'column-stats': 'Base file footers (column statistics)',
};

export function ExplainPanel({ tableId, version, columns, initial = '' }: { tableId: string; version: string; columns: readonly string[]; initial?: string }) {
  const [text, setText] = useState(initial);
  const [applied, setApplied] = useState<string | null>(initial ? initial : null);
  const q = useExplain(tableId, version, applied ?? '', applied !== null);
  const d = q.data;
  const isFilterError = q.error && (q.error as { code?: string }).code === 'DataInvalid';
  return (
    <div className="explain">
      <form className="filter-row" onSubmit={(e) => { e.preventDefault(); setApplied(text.trim()); }}>
        <input className="grow mono" value={text} onChange={(e) => setText(e.target.value)} aria-label="Filter (where)"
          placeholder={columns.length ? `e.g. ${exampleFilter(columns)}` : "e.g. id > 10 and region = 'eu'"} spellCheck={false} />
        <button type="submit" className="btn btn-primary btn-small">Explain</button>
      </form>
      <div className="hint">Syntax: <code>col = 1 and other &gt; 'x'</code>, <code>in (…)</code>, <code>is null</code>, <code>starts with 'a'</code>; quote names with spaces: <code>"Breed Name" = 'Dutch'</code>. Empty = no filter.</div>
      {q.isFetching && <ProgressLine label="Planning…" onCancel={q.cancel} />}
      {q.error && (isFilterError
        ? <div className="error-inline" role="alert"><SafeText text={String((q.error as { message?: string }).message)} max={1000} /></div>
        : <ErrorPanel error={q.error} onRetry={() => void q.refetch()} />)}
      {d && (
        <div className="explain-result" data-testid="explain-result">
          <p className="small">
            Version <span className="mono">{d.versionId}</span>{d.filter ? <> with <code>{d.filter}</code></> : ' without a filter'}: planned in {formatCount(d.elapsedMs)} ms.
          </p>
          <table className="grid compact counts" aria-label="Planning counts">
            <thead><tr><th>Step</th><th className="num">Total</th><th className="num">Read / matched</th><th className="num">Skipped</th></tr></thead>
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
          {d.notes.length > 0 && <ul className="notes small muted">{d.notes.map((n) => <li key={n}>{n}</li>)}</ul>}
          <SkipList skipped={d.skipped} truncated={d.skippedTruncated} />
          <details className="files-read">
            <summary>{formatCount(d.files.length)}{d.filesTruncated ? '+' : ''} file{d.files.length === 1 ? '' : 's'} to read</summary>
            <ul className="mono small">{d.files.slice(0, 500).map((f) => (
              <li key={f.path}>{f.path.split('/').pop()} <span className="muted">— {f.records ?? '?'} rows{f.deletes.length ? `, ${f.deletes.length} delete file${f.deletes.length > 1 ? 's' : ''}` : ''}{f.rowGroups ? `, row groups ${f.rowGroups.join(',')}` : ''}</span></li>
            ))}</ul>
          </details>
        </div>
      )}
    </div>
  );
}

function SkipList({ skipped, truncated }: { skipped: readonly SkipDto[]; truncated: boolean }) {
  if (skipped.length === 0) return <p className="muted small">Nothing was skipped: every manifest and file of the version might hold matching rows.</p>;
  const byStep = new Map<string, SkipDto[]>();
  for (const s of skipped) { const l = byStep.get(s.step) ?? []; l.push(s); byStep.set(s.step, l); }
  return (
    <div className="skips" aria-label="Skipped">
      {[...byStep].map(([step, list]) => (
        <details key={step} open={list.length <= 20}>
          <summary><strong>{STEP_LABEL[step] ?? step}</strong>: {formatCount(list.length)} skipped</summary>
          <ul className="small">
            {list.slice(0, 300).map((s, i) => (
              <li key={`${s.path}#${s.rowGroup ?? ''}#${i}`}>
                <span className="mono">{s.path.split('/').pop()}{s.rowGroup !== undefined ? ` · row group ${s.rowGroup}` : ''}</span>
                <span className="muted"> ({s.kind}) — </span>{s.reason}
              </li>
            ))}
            {list.length > 300 && <li className="muted">… {formatCount(list.length - 300)} more</li>}
          </ul>
        </details>
      ))}
      {truncated && <p className="muted small">The list was cut at 5,000 entries.</p>}
    </div>
  );
}

function exampleFilter(columns: readonly string[]): string {
  const c = columns[0];
  const name = /^[A-Za-z_][\w]*$/.test(c) ? c : `"${c}"`;
  return `${name} is not null`;
}
