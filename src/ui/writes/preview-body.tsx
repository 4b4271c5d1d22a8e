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
import { MessageText } from '../errors/error-message.tsx';
import { errorRef } from '../../core/messages/message-parts.ts';

/** Files listed per group; the rest are counted. */
const SHOWN = 200;

function fmt(n: number | undefined, bytes: boolean): string {
  if (n === undefined) return '?';
  return bytes ? formatBytes(n) : formatCount(n);
}

function TotalsTable({ preview }: { preview: WritePreviewDto }) {
  const tr = useMessages();
  const { t } = tr;
  const rows = totalsRows(preview.before, preview.after, tr);
  if (rows.length === 0) return null;
  return (
    <table className="ws-totals" aria-label={t('ui.preview.beforeAfter')}>
      <thead><tr><th /><th className="num">{t('ui.preview.before')}</th><th /><th className="num">{t('ui.preview.after')}</th><th className="num">{t('ui.preview.change')}</th></tr></thead>
      <tbody>
        {rows.map((r) => {
          const d = r.before !== undefined && r.after !== undefined ? r.after - r.before : undefined;
          return (
            <tr key={r.id} data-total={r.id}>
              <th scope="row">{r.label}</th>
              <td className="num">{fmt(r.before, r.bytes)}</td>
              <td className="muted">→</td>
              <td className="num" title={r.after === undefined ? t('ui.preview.afterUnknown') : undefined}>{fmt(r.after, r.bytes)}</td>
              <td className={`num ${d === undefined || d === 0 ? 'muted' : d < 0 ? 'ws-down' : 'ws-up'}`}>{d === undefined ? '' : d === 0 ? '=' : `${d > 0 ? '+' : '−'}${fmt(Math.abs(d), r.bytes)}`}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function FileGroups({ files, verb, label }: { files: readonly FileChangeDto[]; verb: 'written' | 'deleted'; label: string }) {
  const { t } = useMessages();
  const groups = groupFiles(files);
  const total = groups.reduce((s, g) => s + g.bytes, 0);
  return (
    <section className="ws-files" aria-label={label}>
      <h3>{label} <span className="muted small">{t('ui.preview.files', { count: files.length })}{total ? ` · ${formatBytes(total)}` : ''}</span></h3>
      {files.length === 0 && <p className="muted small">{t('ui.preview.nothing', { verb })}</p>}
      {groups.map((g) => (
        <details key={g.kind} className="ws-group" open={g.files.length <= 6}>
          <summary>
            <span>{formatCount(g.files.length)} {t('ui.preview.kind', { kind: g.kind })}</span>
            <span className="muted num">{g.bytes ? formatBytes(g.bytes) : ''}{g.unsized ? `${g.bytes ? ' + ' : ''}${t('ui.preview.unsized', { count: g.unsized })}` : ''}</span>
          </summary>
          <ul>
            {g.files.slice(0, SHOWN).map((f) => (
              <li key={f.key}>
                <span className="mono" title={safeTitle(f.key)}><InlineText text={middleEllipsis(f.key, 64)} /></span>
                <span className="muted num">{f.bytes !== undefined ? formatBytes(f.bytes) : f.note ? <MessageText text={f.note} message={f.noteMessage} /> : ''}</span>
                {f.bytes !== undefined && f.note && <span className="ws-file-note muted"><MessageText text={f.note} message={f.noteMessage} /></span>}
              </li>
            ))}
            {g.files.length > SHOWN && <li className="muted">{t('ui.deletes.more', { count: g.files.length - SHOWN })}</li>}
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
    <section className="ws-over-budget" data-testid="over-budget" aria-label={t('ui.writes.overBudget.label')}>
      <p><strong>{t('ui.writes.overBudget.title', { read: formatBytes(over.inputBytes), budget: formatBytes(over.budgetBytes) })}</strong></p>
      {sql ? (
        <>
          <p><MessageText text={t('ui.writes.overBudget.run', { engine: sql.engine })} message={sql.engineMessage && errorRef('ui.writes.overBudget.run', { engine: sql.engineMessage })} /></p>
          <pre className="mono ws-engine-sql" data-testid="engine-sql">{text}</pre>
          <CopyButton text={text} label={t('ui.writes.overBudget.copy')} />
          {sql.notes.map((n, i) => <p key={n} className="muted small"><MessageText text={n} message={sql.noteMessages?.[i]} /></p>)}
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

/**
 * The heading of the files a preview deletes: expire's become unreachable (its commit edits metadata; deleting them
 * is a second confirmation), VACUUM's are already referenced by no version within the retention (Delta protocol
 * "VACUUM"), the rest are deleted by the write itself.
 */
function deletesLabel(preview: WritePreviewDto, { t }: ReturnType<typeof useMessages>): string {
  if (preview.operation === 'vacuum') return t('ui.preview.vacuumFiles');
  return preview.deletesNeedSecondConfirmation ? t('ui.preview.unreachable') : t('ui.preview.toDelete');
}

export function PreviewBody({ preview }: { preview: WritePreviewDto }) {
  const tr = useMessages();
  const { t } = tr;
  return (
    <div className="ws-preview" data-testid="write-preview" data-operation={preview.operation}>
      <p className="ws-description"><MessageText text={preview.description} message={preview.descriptionMessage} /></p>
      {preview.overBudget && <OverBudgetPanel over={preview.overBudget} />}
      <div className="ws-totals-wrap">
        <TotalsTable preview={preview} />
        <p className="muted small" data-testid="rows-note">{rowsNote(preview.before, preview.after, tr)}</p>
      </div>
      <div className="ws-columns">
        <FileGroups files={preview.writes} verb="written" label={t('ui.preview.toWrite')} />
        <FileGroups files={preview.deletes} verb="deleted" label={deletesLabel(preview, tr)} />
      </div>
      {preview.warnings.length > 0 && (
        <ul className="ws-warnings" aria-label={t('ui.preview.warnings')}>
          {preview.warnings.map((w, i) => <li key={w}><MessageText text={w} message={preview.warningMessages?.[i]} /></li>)}
        </ul>
      )}
      {preview.concurrency && <p className={`ws-concurrency small${preview.concurrency.startsWith('Local folder') ? ' ws-weak' : ''}`}><MessageText text={preview.concurrency} message={preview.concurrencyMessage} /></p>}
    </div>
  );
}
