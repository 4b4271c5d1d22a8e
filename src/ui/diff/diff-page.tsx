/**
 * The diff page (issue 15): two versions of a table side by side — a summary card (totals before → after,
 * files added / removed / rewritten), the schema diff, the partition change map (a heat map), the file
 * lists, and the row view. Opened by shift-clicking a second version on the timeline or from "Compare…";
 * the URL holds the two versions and the row filters (src/ui/state/route.ts), so a link reopens it.
 */
import { noteKey } from '../../core/messages/note.ts';
import type { TableDiffDto } from '../../core/api/diff/diff-dto.ts';
import type { TableFormatName } from '../../core/api/dto.ts';
import type { VersionTotalsDto } from '../../core/formats/table-format.ts';
import { formatCount, formatRecords } from '../common/format.ts';
import { useMessages, type Translator } from '../common/messages.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { ErrorPanel } from '../errors/error-panel.tsx';
import type { DiffRoute } from '../state/route.ts';
import { OP_COLORS, opCategory } from '../timeline/operations.ts';
import { byt, cnt, FileLists, PartitionMap, SchemaCard } from './diff-cards.tsx';
import { isSameRowsRewrite } from './diff-model.ts';
import { useTableDiff } from './diff-queries.ts';
import { ChangesView } from './changes-view.tsx';
import { RowDiffView } from './row-diff-view.tsx';
import './diff.css';
import { InlineText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';

/** Which kind of change the inspector explains. */
export type ChangeKind = 'added' | 'removed' | 'changed' | 'rewritten' | 'changes';

export function DiffPage({ tableId, format, diff, onDiff, onClose, onExplain }: {
  tableId: string;
  format: TableFormatName;
  diff: DiffRoute;
  /** New filters (or versions) for the URL. */
  onDiff: (next: DiffRoute) => void;
  onClose: () => void;
  onExplain: (kind: ChangeKind) => void;
}) {
  const { t } = useMessages();
  const q = useTableDiff(tableId, diff.from, diff.to);
  return (
    <section className="diff-page" aria-label={t('ui.diff.title', { from: diff.from, to: diff.to })}>
      <header className="diff-head">
        <h2>{t('ui.diff.title', { from: diff.from, to: diff.to })}</h2>
        <div className="diff-head-actions">
          {/* Swapping keeps the mode and the picked key: both still apply the other way round. */}
          <button type="button" className="btn btn-small" onClick={() => onDiff({ from: diff.to, to: diff.from, ...(diff.key ? { key: diff.key } : {}), ...(diff.mode ? { mode: diff.mode } : {}) })} title={t('ui.diff.swapTitle')}>{t('ui.diff.swap')}</button>
          <div className="seg" role="radiogroup" aria-label={t('ui.diff.mode.label')}>
            <button type="button" role="radio" aria-checked={!diff.mode} className={!diff.mode ? 'on' : ''} onClick={() => onDiff({ ...diff, mode: undefined })}>{t('ui.diff.mode.rows')}</button>
            <button type="button" role="radio" aria-checked={diff.mode === 'changes'} className={diff.mode === 'changes' ? 'on' : ''} onClick={() => onDiff({ ...diff, mode: 'changes', column: undefined })}>{t('ui.diff.mode.changes')}</button>
          </div>
          <button type="button" className="btn btn-small btn-quiet" onClick={onClose}>{t('ui.diff.close')}</button>
        </div>
      </header>
      {q.isPending && <ProgressLine label={t('ui.diff.planning')} />}
      {q.error && <ErrorPanel error={q.error} onRetry={() => void q.refetch()} />}
      {q.data && q.data.from.id === q.data.to.id && <p className="empty-state">{t('ui.diff.sameVersion')}</p>}
      {q.data && q.data.from.id !== q.data.to.id && (
        <>
          <SummaryCard d={q.data} onExplain={onExplain} />
          {diff.mode === 'changes' ? <ChangesView tableId={tableId} diff={diff} backwards={q.data.backwards} onDiff={onDiff} onExplain={() => onExplain('changes')} /> : (
            <>
              <div className="diff-grid2">
                <SchemaCard d={q.data} />
                <PartitionMap parts={q.data.partitions} selected={diff.partition} onSelect={(p) => onDiff({ ...diff, partition: p })} />
              </div>
              <FileLists d={q.data} />
              <RowDiffView tableId={tableId} format={format} meta={q.data} diff={diff} onDiff={onDiff} onExplain={onExplain} />
            </>
          )}
        </>
      )}
    </section>
  );
}

const recs = (t: VersionTotalsDto, tr: Translator) => formatRecords(t.records, tr) ?? '—';

function SummaryCard({ d, onExplain }: { d: TableDiffDto; onExplain: (k: ChangeKind) => void }) {
  const tr = useMessages();
  const { t } = tr;
  const a = d.from.totals; const b = d.to.totals;
  const rw = d.rewrite;
  return (
    <div className="card diff-summary" data-testid="diff-summary">
      <div className="diff-versions">
        <span><span className="op-pill" style={{ background: OP_COLORS[opCategory(d.from.operation)] }}><InlineText text={d.from.operation} max={60} /></span> <span className="mono"><InlineText text={d.from.id} /></span></span>
        <span aria-hidden>→</span>
        <span><span className="op-pill" style={{ background: OP_COLORS[opCategory(d.to.operation)] }}><InlineText text={d.to.operation} max={60} /></span> <span className="mono"><InlineText text={d.to.id} /></span></span>
        {d.refs.map((r) => <span key={`${r.type}${r.name}`} className={`pill ref-${r.type}`} title={safeTitle(`${r.type} ${r.name} → ${r.version}`)}><InlineText text={r.name} max={60} /></span>)}
      </div>
      {d.backwards && <p className="warn small">{t('ui.diff.backwards')}</p>}
      <dl className="diff-totals">
        <div><dt>{t('ui.diff.sum.rows')}</dt><dd>{recs(a, tr)} → {recs(b, tr)}</dd></div>
        <div><dt>{t('ui.diff.sum.dataFiles')}</dt><dd>{cnt(a.dataFiles)} → {cnt(b.dataFiles)}</dd></div>
        <div><dt>{t('ui.diff.sum.deleteFiles')}</dt><dd>{cnt(a.deleteFiles)} → {cnt(b.deleteFiles)}</dd></div>
        <div><dt>{t('ui.diff.sum.bytes')}</dt><dd>{byt(a.bytes)} → {byt(b.bytes)}</dd></div>
      </dl>
      <ul className="diff-counts">
        <li><button type="button" className="linklike" onClick={() => onExplain('added')}><span className="chg dchg-added">+{formatCount(d.files.added.length)}</span> {t('ui.diff.sum.filesAdded', { count: d.files.added.length })}</button></li>
        <li><button type="button" className="linklike" onClick={() => onExplain('removed')}><span className="chg dchg-removed">−{formatCount(d.files.removed.length)}</span> {t('ui.diff.sum.filesRemoved', { count: d.files.removed.length })}</button></li>
        {rw && <li><button type="button" className="linklike" onClick={() => onExplain('rewritten')}><span className="chg dchg-rewritten">{formatCount(rw.removedFiles)}→{formatCount(rw.addedFiles)}</span> {t('ui.diff.sum.rewritten')}</button></li>}
        <li><span className="num">{formatCount(d.files.deletesChanged.length)}</span> {t('ui.diff.sum.deletesChanged', { count: d.files.deletesChanged.length })}</li>
        <li className="muted"><span className="num">{formatCount(d.files.unchanged)}</span> {t('ui.diff.sum.unchanged')}</li>
      </ul>
      {rw && <p className="small diff-rewrite" data-testid="diff-rewrite">{t(isSameRowsRewrite(d) || rw.sameRows ? 'ui.diff.rewrittenSame' : 'ui.diff.rewrittenUnknown', { removed: rw.removedFiles, added: rw.addedFiles })}</p>}
      {d.notes.map((n) => <p key={noteKey(n)} className="muted small">{tr.note(n)}</p>)}
    </div>
  );
}
