/**
 * The diff page's change-log mode (issue 15, `changes(a, b)`): the rows changed after the first version up
 * to and including the second, each with its change type (insert, delete, update before/after) and the
 * version that made it — for every format through the model. It says whether the rows come from the
 * format's own change log (Delta change data feed, Paimon changelog files, Hudi incremental query) or
 * were derived by comparing each version with its parent. The kind filter is the row view's (URL `dk`);
 * a picked key (URL `dkey`) pairs derived updates.
 */
import { noteKey } from '../../core/messages/note.ts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { ChangeType } from '../../core/api/diff/diff-dto.ts';
import { formatCount } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { cellText } from '../data/grid-model.ts';
import { InlineText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { DIFF_KINDS, type DiffKind, type DiffRoute } from '../state/route.ts';
import { changesOfKind, kindOfChange, updatedColumns } from './diff-model.ts';
import { CHANGES_LIMIT, useChanges } from './diff-queries.ts';
import { KeyPicker } from './key-picker.tsx';
import { KIND_LABEL, KIND_SIGN } from './row-kinds.ts';

const ROW = 22;
const COL_W = 140;
const TYPE_W = 120;
const VERSION_W = 110;
const TYPE_LABEL = {
  insert: 'ui.diff.changes.type.insert', delete: 'ui.diff.changes.type.delete',
  'update-before': 'ui.diff.changes.type.updateBefore', 'update-after': 'ui.diff.changes.type.updateAfter',
} as const satisfies Record<ChangeType, string>;

export function ChangesView({ tableId, diff, backwards, onDiff, onExplain }: {
  tableId: string; diff: DiffRoute; backwards: boolean; onDiff: (d: DiffRoute) => void;
  /** Show in the inspector how this format's change log is made. */
  onExplain: () => void;
}) {
  const tr = useMessages();
  const { t } = tr;
  const q = useChanges(tableId, diff.from, diff.to, diff.key, !backwards);
  const log = q.data;
  const { rows, counts } = changesOfKind(log?.rows ?? [], diff.kind);
  const cols = log?.columns ?? [];
  const width = TYPE_W + VERSION_W + cols.length * COL_W;
  const parent = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({ count: rows.length, getScrollElement: () => parent.current, estimateSize: () => ROW, overscan: 20 });

  if (backwards) {
    return (
      <div className="card diff-rows" data-testid="diff-changes">
        <h3>{t('ui.diff.changes.title')}</h3>
        <p className="small">{t('ui.diff.changes.backwards')} <button type="button" className="btn btn-small" onClick={() => onDiff({ ...diff, from: diff.to, to: diff.from })}>{t('ui.diff.swap')}</button></p>
      </div>
    );
  }
  return (
    <div className="card diff-rows" data-testid="diff-changes">
      <h3>{t('ui.diff.changes.title')}</h3>
      {q.cancelled && <div className="muted small" role="status" data-testid="diff-cancelled">{t('ui.diff.changes.cancelled')} <button type="button" className="btn btn-small" onClick={q.restart}>{t('ui.diff.restart')}</button></div>}
      {!q.cancelled && q.isPending && <ProgressLine label={t('ui.diff.changes.reading')} progress={q.progress} onCancel={q.cancel} />}
      {q.error && <ErrorPanel error={q.error} onRetry={q.restart} />}
      {log && (
        <>
          <p className="small" data-testid="diff-changes-source">
            <span className={`pill changes-source changes-${log.source}`}>{t(log.source === 'format' ? 'ui.diff.changes.fromFormat' : 'ui.diff.changes.derived')}</span>{' '}
            {log.source === 'format'
              ? t('ui.diff.changes.sourceFormat', { name: log.sourceName, rows: log.rows.length })
              : t('ui.diff.changes.sourceDerived', { rows: log.rows.length })}{' '}
            {t('ui.diff.changes.range', { from: log.from, to: log.to, versions: log.versions.length })}{' '}
            <button type="button" className="linklike" onClick={onExplain}>{t('ui.diff.changes.explain')}</button>
          </p>
          {log.source === 'format' && log.derivedVersions.length > 0 && (
            <p className="small" data-testid="diff-changes-derived-versions">{t('ui.diff.changes.derivedVersions', { name: log.sourceName, versions: log.derivedVersions.join(', ') })}</p>
          )}
          {log.upsertKey && <p className="small" data-testid="diff-changes-upsert">{t('ui.diff.changes.upsert', { key: log.upsertKey.join(', ') })}</p>}
          {log.notes.map((n) => <p key={noteKey(n)} className="muted small">{tr.note(n)}</p>)}
          {log.source === 'derived' && (
            <div className="muted small diff-keyline">
              {t('ui.diff.changes.keyHint')}{' '}
              <KeyPicker columns={log.columns} picked={diff.key ?? []} current={diff.key ?? []} onPick={(key) => onDiff({ ...diff, key: key.length ? key : undefined })} />
            </div>
          )}
          {log.truncated && <p className="warn small">{t('ui.diff.changes.truncated', { limit: CHANGES_LIMIT })}</p>}
          <div className="diff-toolbar" role="toolbar" aria-label={t('ui.diff.filters')}>
            <div className="seg" role="radiogroup" aria-label={t('ui.diff.kindLabel')}>
              <button type="button" role="radio" aria-checked={!diff.kind} className={!diff.kind ? 'on' : ''} onClick={() => onDiff({ ...diff, kind: undefined })}>{t('ui.diff.kind.all')} <span className="num">{formatCount(log.rows.length)}</span></button>
              {DIFF_KINDS.map((k: DiffKind) => (
                <button key={k} type="button" role="radio" aria-checked={diff.kind === k} className={diff.kind === k ? 'on' : ''} onClick={() => onDiff({ ...diff, kind: k })}>
                  <span className={`chg dchg-${k}`}>{KIND_SIGN[k]}</span> {t(KIND_LABEL[k])} <span className="num">{formatCount(counts[k])}</span>
                </button>
              ))}
            </div>
          </div>
          {rows.length === 0 ? <p className="empty-state" data-testid="diff-changes-empty">{t(log.rows.length ? 'ui.diff.noRowsMatch' : 'ui.diff.changes.none')}</p> : (
            <div ref={parent} className="data-grid diff-grid" role="grid" aria-label={t('ui.diff.changes.title')} aria-rowcount={rows.length} tabIndex={0}>
              <div style={{ width, minWidth: '100%' }}>
                <div className="dg-head" role="row" style={{ width }}>
                  <span className="dg-cell" role="columnheader" style={{ width: TYPE_W }}>{t('ui.diff.changes.colType')}</span>
                  <span className="dg-cell" role="columnheader" style={{ width: VERSION_W }}>{t('ui.diff.changes.colVersion')}</span>
                  {cols.map((c) => <span key={c} role="columnheader" className="dg-cell" style={{ width: COL_W }}><InlineText text={c} max={120} /></span>)}
                </div>
                <div style={{ height: v.getTotalSize(), position: 'relative' }}>
                  {v.getVirtualItems().map((it) => {
                    const r = rows[it.index]!;
                    const kind = kindOfChange(r.changeType);
                    const changed = updatedColumns(rows, it.index, cols);
                    return (
                      <div key={it.index} role="row" data-change={r.changeType} className={`dg-row dr-${kind}${r.changeType === 'update-before' ? ' dr-before' : ''}`}
                        style={{ transform: `translateY(${it.start}px)`, height: ROW, width }}>
                        <span role="gridcell" className={`dg-cell dg-rownum chg-type`} style={{ width: TYPE_W }}>{KIND_SIGN[kind]} {t(TYPE_LABEL[r.changeType])}</span>
                        <span role="gridcell" className="dg-cell mono" style={{ width: VERSION_W }} title={r.version}>{r.version}</span>
                        {cols.map((c) => {
                          const txt = cellText(r.row[c]);
                          return <span key={c} role="gridcell" className={`dg-cell${txt.isNull ? ' null' : ''}${changed.includes(c) ? ' dc-changed' : ''}`} style={{ width: COL_W }} title={txt.full.length > 18 ? safeTitle(txt.full) : undefined}><InlineText text={txt.text} max={200} /></span>;
                        })}
                      </div>
                    );
                  })}
                </div>
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}
