/**
 * The body of a write preview: what will happen in one sentence, rows/files/bytes before → after, the
 * files to write and to delete (grouped by kind, with sizes), warnings, and how the commit is made
 * atomic on this storage.
 */
import type { FileChangeDto, WritePreviewDto } from '../../worker/engine-writes.ts';
import { formatBytes, formatCount, middleEllipsis } from '../common/format.ts';
import { groupFiles, totalsRows, rowsNote } from './write-model.ts';
import { InlineText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';
import { useState } from 'react';
import { useMessages } from '../common/messages.ts';
import { CopyButton } from '../common/widgets.tsx';
import { rewriteBudget, setRewriteBudget } from './rewrite-budget.ts';

const KIND_LABEL: Record<FileChangeDto['kind'], string> = {
  data: 'data files', delete: 'delete files', manifest: 'manifests', 'manifest-list': 'manifest lists', metadata: 'metadata / snapshot files',
  statistics: 'statistics files', 'version-hint': 'version hints', other: 'other files',
};
/** Files listed per group; the rest are counted. */
const SHOWN = 200;

function fmt(n: number | undefined, bytes: boolean): string {
  if (n === undefined) return '?';
  return bytes ? formatBytes(n) : formatCount(n);
}

function TotalsTable({ preview }: { preview: WritePreviewDto }) {
  const rows = totalsRows(preview.before, preview.after);
  if (rows.length === 0) return null;
  return (
    <table className="ws-totals" aria-label="Before and after">
      <thead><tr><th /><th className="num">before</th><th /><th className="num">after</th><th className="num">change</th></tr></thead>
      <tbody>
        {rows.map((r) => {
          const d = r.before !== undefined && r.after !== undefined ? r.after - r.before : undefined;
          return (
            <tr key={r.id} data-total={r.id}>
              <th scope="row">{r.label}</th>
              <td className="num">{fmt(r.before, r.bytes)}</td>
              <td className="muted">→</td>
              <td className="num" title={r.after === undefined ? 'known only after the write (deletes are applied while rewriting)' : undefined}>{fmt(r.after, r.bytes)}</td>
              <td className={`num ${d === undefined || d === 0 ? 'muted' : d < 0 ? 'ws-down' : 'ws-up'}`}>{d === undefined ? '' : d === 0 ? '=' : `${d > 0 ? '+' : '−'}${fmt(Math.abs(d), r.bytes)}`}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function FileGroups({ files, verb, label }: { files: readonly FileChangeDto[]; verb: string; label: string }) {
  const groups = groupFiles(files);
  const total = groups.reduce((s, g) => s + g.bytes, 0);
  return (
    <section className="ws-files" aria-label={label}>
      <h3>{label} <span className="muted small">{formatCount(files.length)} file{files.length === 1 ? '' : 's'}{total ? ` · ${formatBytes(total)}` : ''}</span></h3>
      {files.length === 0 && <p className="muted small">Nothing {verb}.</p>}
      {groups.map((g) => (
        <details key={g.kind} className="ws-group" open={g.files.length <= 6}>
          <summary>
            <span>{formatCount(g.files.length)} {KIND_LABEL[g.kind]}</span>
            <span className="muted num">{g.bytes ? formatBytes(g.bytes) : ''}{g.unsized ? `${g.bytes ? ' + ' : ''}${g.unsized} size${g.unsized === 1 ? '' : 's'} not known` : ''}</span>
          </summary>
          <ul>
            {g.files.slice(0, SHOWN).map((f) => (
              <li key={f.key}>
                <span className="mono" title={safeTitle(f.key)}><InlineText text={middleEllipsis(f.key, 64)} /></span>
                <span className="muted num">{f.bytes !== undefined ? formatBytes(f.bytes) : f.note ?? ''}</span>
                {f.bytes !== undefined && f.note && <span className="ws-file-note muted">{f.note}</span>}
              </li>
            ))}
            {g.files.length > SHOWN && <li className="muted">… and {formatCount(g.files.length - SHOWN)} more</li>}
          </ul>
        </details>
      ))}
    </section>
  );
}

/** A rewrite over the browser's budget: why it is not run, the engine SQL with a Copy button, and the budget setting. */
function OverBudgetPanel({ over }: { over: NonNullable<WritePreviewDto['overBudget']> }) {
  const { t } = useMessages();
  const [gib, setGib] = useState(() => String(+(rewriteBudget() / 1024 ** 3).toFixed(2)));
  const [saved, setSaved] = useState(false);
  const sql = over.engineSql;
  const text = sql?.statements.join('\n') ?? '';
  return (
    <section className="ws-over-budget" data-testid="over-budget" aria-label="Engine SQL">
      <p><strong>{t('ui.writes.overBudget.title', { read: formatBytes(over.inputBytes), budget: formatBytes(over.budgetBytes) })}</strong></p>
      {sql ? (
        <>
          <p>{t('ui.writes.overBudget.run', { engine: sql.engine })}</p>
          <pre className="mono ws-engine-sql" data-testid="engine-sql">{text}</pre>
          <CopyButton text={text} label={t('ui.writes.overBudget.copy')} />
          {sql.notes.map((n) => <p key={n} className="muted small">{n}</p>)}
        </>
      ) : <p>{t('ui.writes.overBudget.none')}</p>}
      <form className="ws-budget small" onSubmit={(e) => { e.preventDefault(); const v = Number(gib); if (v > 0) { setRewriteBudget(v * 1024 ** 3); setSaved(true); } }}>
        <label>{t('ui.writes.overBudget.budget')} <input type="number" min="0.01" step="any" value={gib} onChange={(e) => { setGib(e.target.value); setSaved(false); }} /></label>
        <button type="submit" className="btn btn-small">{t('ui.writes.overBudget.save')}</button>
        {saved && <span className="muted"> {t('ui.writes.overBudget.saved')}</span>}
      </form>
    </section>
  );
}

export function PreviewBody({ preview }: { preview: WritePreviewDto }) {
  return (
    <div className="ws-preview" data-testid="write-preview" data-operation={preview.operation}>
      <p className="ws-description">{preview.description}</p>
      {preview.overBudget && <OverBudgetPanel over={preview.overBudget} />}
      <div className="ws-totals-wrap">
        <TotalsTable preview={preview} />
        <p className="muted small" data-testid="rows-note">{rowsNote(preview.before, preview.after)}</p>
      </div>
      <div className="ws-columns">
        <FileGroups files={preview.writes} verb="is written" label="Files to write" />
        <FileGroups files={preview.deletes} verb="is deleted" label={preview.deletesNeedSecondConfirmation ? 'Files that become unreachable' : 'Files to delete'} />
      </div>
      {preview.warnings.length > 0 && (
        <ul className="ws-warnings" aria-label="Warnings">
          {preview.warnings.map((w) => <li key={w}>{w}</li>)}
        </ul>
      )}
      {preview.concurrency && <p className={`ws-concurrency small${preview.concurrency.startsWith('Local folder') ? ' ws-weak' : ''}`}>{preview.concurrency}</p>}
    </div>
  );
}
