/**
 * The row view of a diff (issue 15): rows added, removed and changed, virtualised (only the pages under
 * the viewport are read from the worker), changed cells highlighted with the value before in their title,
 * filters by kind, partition and changed column (kept in the URL), provenance of the hovered (or active)
 * row under the grid, export as CSV, progress and cancel while the row diff reads.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import type { TableDiffDto } from '../../core/api/diff/diff-dto.ts';
import type { TableFormatName } from '../../core/api/dto.ts';
import { formatCount } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { cellText } from '../data/grid-model.ts';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { DIFF_KINDS, type DiffKind, type DiffRoute } from '../state/route.ts';
import type { ChangeKind } from './diff-page.tsx';
import { KeyPicker } from './key-picker.tsx';
import { KIND_LABEL, KIND_SIGN } from './row-kinds.ts';
import { type DiffViewRow, diffCsv, rowViewColumns, isSameRowsRewrite, provenanceText, viewRowsOf } from './diff-model.ts';
import { DIFF_PAGE_ROWS, readAllRows, useRowDiff, useRowDiffPages } from './diff-queries.ts';
import { InlineText } from '../common/safe-text-view.tsx';
import { safeTitle, visibleText } from '../common/safe-text.ts';

const ROW = 22;
const COL_W = 140;
const SIGN = KIND_SIGN;
const SHOWN = { added: 'ui.diff.rows.shownAdded', removed: 'ui.diff.rows.shownRemoved', changed: 'ui.diff.rows.shownChanged' } as const satisfies Record<DiffKind, string>;

export function RowDiffView({ tableId, meta, diff, onDiff, onExplain }: {
  tableId: string; format: TableFormatName; meta: TableDiffDto; diff: DiffRoute; onDiff: (d: DiffRoute) => void; onExplain: (k: ChangeKind) => void;
}) {
  const { t } = useMessages();
  const rd = useRowDiff(tableId, diff.from, diff.to, diff.key);
  const s = rd.data;
  // A column filter means "rows where this column changed": only changed rows have changed columns.
  const kinds: readonly DiffKind[] = diff.kind ? [diff.kind] : diff.column ? ['changed'] : DIFF_KINDS;
  const filter = { partition: diff.partition, column: diff.column };
  const [range, setRange] = useState<[number, number]>([0, 40]);
  // Page 0 of every kind gives the filtered totals; then the pages under the viewport.
  const totalsQ = useRowDiffPages(s?.diffId, kinds.map((kind) => ({ kind, page: 0 })), filter);
  const totals = kinds.map((k) => totalsQ.loaded.get(`${k}:0`)?.total);
  const known = totals.every((x) => x !== undefined);
  const count = known ? (totals as number[]).reduce((a, b) => a + b, 0) : 0;
  const locate = (i: number): { kind: DiffKind; offset: number } | undefined => {
    let base = 0;
    for (let j = 0; j < kinds.length; j++) { const n = totals[j] ?? 0; if (i < base + n) return { kind: kinds[j], offset: i - base }; base += n; }
    return undefined;
  };
  const wanted = useMemo(() => {
    const out = new Map<string, { kind: DiffKind; page: number }>();
    for (let i = range[0]; i <= range[1]; i++) { const l = locate(i); if (l) out.set(`${l.kind}:${Math.floor(l.offset / DIFF_PAGE_ROWS)}`, { kind: l.kind, page: Math.floor(l.offset / DIFF_PAGE_ROWS) }); }
    return [...out.values()];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [range, totals.join(','), kinds.join(',')]);
  const pages = useRowDiffPages(s?.diffId, wanted, filter);
  const rowAt = (i: number): DiffViewRow | undefined => {
    const l = locate(i);
    if (!l) return undefined;
    const p = pages.loaded.get(`${l.kind}:${Math.floor(l.offset / DIFF_PAGE_ROWS)}`) ?? totalsQ.loaded.get(`${l.kind}:${Math.floor(l.offset / DIFF_PAGE_ROWS)}`);
    const r = p?.rows[l.offset % DIFF_PAGE_ROWS];
    return r ? viewRowsOf(l.kind, [r] as never)[0] : undefined;
  };

  const parent = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({
    count, getScrollElement: () => parent.current, estimateSize: () => ROW, overscan: 20,
    onChange: (inst) => { const it = inst.getVirtualItems(); if (it.length) setRange((r) => (r[0] === it[0].index && r[1] === it[it.length - 1].index ? r : [it[0].index, it[it.length - 1].index])); },
  });
  const [active, setActive] = useState(0);
  const [hover, setHover] = useState<number | undefined>();
  const [exporting, setExporting] = useState<string | undefined>();
  const shown = rowAt(hover ?? active);
  const cols = s ? rowViewColumns(s.columns, s.key, s.changedColumns, kinds.length === 1 && kinds[0] === 'changed') : [];
  const width = 40 + cols.length * COL_W;

  const onKey = (e: React.KeyboardEvent) => {
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[e.key];
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? count - 1 : step !== undefined ? active + step : undefined;
    if (to === undefined) return;
    e.preventDefault();
    const n = Math.max(0, Math.min(count - 1, to));
    setActive(n); setHover(undefined); v.scrollToIndex(n, { align: 'auto' });
  };
  const exportCsv = async () => {
    if (!s) return;
    setExporting(t('ui.diff.rows.exporting'));
    try {
      const all = await readAllRows(s.diffId, kinds, filter);
      const csv = diffCsv(s.columns, all.flatMap((p) => viewRowsOf(p.kind, p.rows as never)));
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      a.download = `diff-${diff.from}-${diff.to}.csv`;
      document.body.appendChild(a); a.click(); a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
      setExporting(undefined);
    } catch (e) { setExporting(t('ui.diff.rows.exportFailed', { message: (e as Error).message })); }
  };

  return (
    <div className="card diff-rows" data-testid="diff-rows">
      <h3>{t('ui.diff.rows.title')}</h3>
      {rd.cancelled && <div className="muted small" role="status" data-testid="diff-cancelled">{t('ui.diff.cancelled')} <button type="button" className="btn btn-small" onClick={rd.restart}>{t('ui.diff.restart')}</button></div>}
      {!rd.cancelled && rd.isPending && <ProgressLine label={t('ui.diff.reading')} progress={rd.progress} onCancel={rd.cancel} />}
      {rd.error && <ErrorPanel error={rd.error} onRetry={rd.restart} />}
      {s && (
        <>
          <div className="muted small diff-keyline">
            {s.key.length ? t('ui.diff.keyOf', { key: s.key.join(', '), source: s.keySource }) : t('ui.diff.keyNone')}{' '}
            <KeyPicker columns={s.columns} picked={diff.key ?? []} current={s.key} onPick={(key) => onDiff({ ...diff, key: key.length ? key : undefined })} />{' '}
            {s.schemaMapped && t('ui.diff.schemaMapped')}{' '}{t('ui.diff.readSummary', { files: s.read.files.length, skipped: s.read.skippedTasks })}
          </div>
          <div className="diff-toolbar" role="toolbar" aria-label={t('ui.diff.filters')}>
            <div className="seg" role="radiogroup" aria-label={t('ui.diff.kindLabel')}>
              <button type="button" role="radio" aria-checked={!diff.kind} className={!diff.kind ? 'on' : ''} onClick={() => onDiff({ ...diff, kind: undefined })}>{t('ui.diff.kind.all')} <span className="num">{formatCount(s.counts.added + s.counts.removed + s.counts.changed)}</span></button>
              {DIFF_KINDS.map((k) => (
                <button key={k} type="button" role="radio" aria-checked={diff.kind === k} className={diff.kind === k ? 'on' : ''}
                  onClick={() => { onDiff({ ...diff, kind: k }); onExplain(k); }}>
                  <span className={`chg dchg-${k}`}>{SIGN[k]}</span> {t(KIND_LABEL[k])} <span className="num">{formatCount(s.counts[k])}</span>
                </button>
              ))}
            </div>
            <label className="small">{t('ui.diff.rows.partition')}{' '}
              <select value={diff.partition ?? '\u0000'} onChange={(e) => onDiff({ ...diff, partition: e.target.value === '\u0000' ? undefined : e.target.value })}>
                <option value={'\u0000'}>{t('ui.diff.rows.allPartitions')}</option>
                {meta.partitions.map((p) => <option key={p.partition} value={p.partition}>{p.partition ? visibleText(p.partition) : t('ui.diff.unpartitioned')}</option>)}
              </select>
            </label>
            <label className="small">{t('ui.diff.rows.column')}{' '}
              <select value={diff.column ?? ''} onChange={(e) => onDiff({ ...diff, column: e.target.value || undefined })} disabled={s.key.length === 0}>
                <option value="">{t('ui.diff.rows.anyColumn')}</option>
                {s.columns.filter((c) => s.changedColumns.includes(c) || c === diff.column).map((c) => <option key={c} value={c}>{visibleText(c)}</option>)}
              </select>
            </label>
            <span className="spacer" />
            <button type="button" className="btn btn-small" onClick={() => void exportCsv()} disabled={!known || count === 0 || exporting === t('ui.diff.rows.exporting')}>{t('ui.diff.rows.export')}</button>
          </div>
          {exporting && <p className="small muted" role="status"><InlineText text={exporting} max={1000} /></p>}
          {(totalsQ.error ?? pages.error) && <ErrorPanel error={totalsQ.error ?? pages.error} />}
          {known && count === 0 ? (
            <p className="empty-state" data-testid="diff-rows-empty">
              {s.counts.added + s.counts.removed + s.counts.changed > 0 ? t('ui.diff.noRowsMatch') : isSameRowsRewrite(meta) || meta.rewrite ? t('ui.diff.noRowChangesCompaction') : t('ui.diff.noRowChanges')}
            </p>
          ) : (
            <div ref={parent} className="data-grid diff-grid" role="grid" aria-label={t('ui.diff.rows.grid')} aria-rowcount={count} tabIndex={0} onKeyDown={onKey}
              onMouseLeave={() => setHover(undefined)}>
              <div style={{ width, minWidth: '100%' }}>
                <div className="dg-head" role="row" style={{ width }}>
                  <span className="dg-cell dg-rownum" role="columnheader" title={t('ui.diff.kindLabel')}>±</span>
                  {cols.map((c) => <span key={c} role="columnheader" className={`dg-cell${diff.column === c ? ' dc-filter' : ''}`} style={{ width: COL_W }}><InlineText text={c} max={120} /></span>)}
                </div>
                <div style={{ height: v.getTotalSize(), position: 'relative' }}>
                  {v.getVirtualItems().map((it) => {
                    const r = rowAt(it.index);
                    return (
                      <div key={it.index} role="row" data-kind={r?.kind} className={`dg-row dr-${r?.kind ?? 'loading'}${it.index === active ? ' active' : ''}`}
                        style={{ transform: `translateY(${it.start}px)`, height: ROW, width }}
                        onMouseEnter={() => setHover(it.index)} onClick={() => setActive(it.index)}>
                        <span className="dg-cell dg-rownum" title={r?.kind}>{r ? SIGN[r.kind] : ''}</span>
                        {cols.map((c) => {
                          if (!r) return <span key={c} className="dg-cell dg-loading" style={{ width: COL_W }} />;
                          const txt = cellText(r.row[c]);
                          const changed = r.kind === 'changed' && r.changedColumns.includes(c);
                          return (
                            <span key={c} role="gridcell" className={`dg-cell${txt.isNull ? ' null' : ''}${changed ? ' dc-changed' : ''}`} style={{ width: COL_W }}
                              title={changed ? safeTitle(t('ui.diff.rows.wasNow', { was: cellText(r.before[c]).full, now: txt.full })) : txt.full.length > 18 ? safeTitle(txt.full) : undefined}>
                              {changed && <span className="dc-before"><InlineText text={cellText(r.before[c]).text} max={200} /></span>}<InlineText text={txt.text} max={200} />
                            </span>
                          );
                        })}
                      </div>
                    );
                  })}
                </div>
              </div>
            </div>
          )}
          <div className="diff-provenance small" role="status" aria-live="polite" data-testid="diff-provenance">
            {shown ? <><strong>{t(SHOWN[shown.kind])}</strong>{' '}{provenanceText(t, shown.kind, shown.provenance)}
              {shown.kind === 'changed' && <> {t('ui.diff.rows.before')} {provenanceText(t, 'removed', shown.beforeProvenance)}</>}</>
              : <span className="muted">{t('ui.diff.rows.hoverHint')}</span>}
          </div>
        </>
      )}
    </div>
  );
}
