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
import { useMessages } from '../common/messages.ts';

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
                <span className="muted num">{f.bytes !== undefined ? formatBytes(f.bytes) : f.note ?? ''}</span>
              </li>
            ))}
            {g.files.length > SHOWN && <li className="muted">{t('ui.deletes.more', { count: g.files.length - SHOWN })}</li>}
          </ul>
        </details>
      ))}
    </section>
  );
}

export function PreviewBody({ preview }: { preview: WritePreviewDto }) {
  const tr = useMessages();
  const { t } = tr;
  return (
    <div className="ws-preview" data-testid="write-preview" data-operation={preview.operation}>
      <p className="ws-description">{preview.description}</p>
      <div className="ws-totals-wrap">
        <TotalsTable preview={preview} />
        <p className="muted small" data-testid="rows-note">{rowsNote(preview.before, preview.after, tr)}</p>
      </div>
      <div className="ws-columns">
        <FileGroups files={preview.writes} verb="written" label={t('ui.preview.toWrite')} />
        <FileGroups files={preview.deletes} verb="deleted" label={preview.deletesNeedSecondConfirmation ? t('ui.preview.unreachable') : t('ui.preview.toDelete')} />
      </div>
      {preview.warnings.length > 0 && (
        <ul className="ws-warnings" aria-label={t('ui.preview.warnings')}>
          {preview.warnings.map((w) => <li key={w}>{w}</li>)}
        </ul>
      )}
      {preview.concurrency && <p className={`ws-concurrency small${preview.concurrency.startsWith('Local folder') ? ' ws-weak' : ''}`}>{preview.concurrency}</p>}
    </div>
  );
}
