/**
 * A virtualised grid over a worker row cursor: only the pages under the viewport are asked for (200 rows
 * each), so the first rows show as soon as the first data file is read. Numbers right-aligned, nulls
 * marked, long values cut with a tooltip. Keyboard: arrows, PageUp/PageDown, Home/End.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import type { GridColumnDto, RowPageDto } from '../../core/api/table-dto.ts';
import { formatCount } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { Marked, SafeText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';
import { ErrorPanel, errorMessage } from '../errors/error-panel.tsx';
import { queryKeys } from '../queries/keys.ts';
import { PAGE_ROWS, useRows } from '../queries/table-queries.ts';
import { cellText, columnWidth, gridStatus } from './grid-model.ts';
import { ReadWarnings } from './read-warnings.tsx';

/** Row height: 25+ rows fit a 1440×900 window with the timeline open (issue 12). */
const ROW = 22;

export function DataGrid({ tableId, version, filter, columns, changesSince = '', types = {}, lead }: {
  tableId: string; version: string; filter: string; columns: readonly string[];
  /** What is being read, at the head of the row count's line. */
  lead?: ReactNode;
  /** Only records written after this version (the format's incremental query); '' = the whole version. */
  changesSince?: string;
  /** Column name → the format's type name (`string`, `long`, `decimal(10,2)`); Arrow's name where absent. */
  types?: Readonly<Record<string, string>>;
}) {
  const parent = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<[number, number]>([0, 40]);
  const neededPages = useMemo(() => {
    const out: number[] = [];
    for (let p = Math.floor(range[0] / PAGE_ROWS); p <= Math.floor(range[1] / PAGE_ROWS); p++) out.push(p);
    return out;
  }, [range]);
  const { cursor, loaded, error, fetching } = useRows(tableId, version, filter, columns, neededPages, changesSince);
  const client = useQueryClient();
  const tr = useMessages();
  const { t } = tr;
  // The page that knows most: a page that saw the end wins a tie on rowsRead (an earlier page can return with
  // every row read but before the cursor learned it was done; picking it left placeholder rows past the end).
  const latest = [...loaded.values()].sort((a, b) => b.rowsRead - a.rowsRead || Number(b.done) - Number(a.done))[0] as RowPageDto | undefined;
  const status = gridStatus(latest);
  const count = status.rowCount + (status.done ? 0 : PAGE_ROWS);
  const cols: readonly GridColumnDto[] = latest?.columns ?? cursor.data?.columns.map((name) => ({ name, type: '', kind: 'text' as const })) ?? [];
  const widths = cols.map(columnWidth);
  const total = 56 + widths.reduce((a, b) => a + b, 0);

  const v = useVirtualizer({
    count, getScrollElement: () => parent.current, estimateSize: () => ROW, overscan: 30,
    onChange: (inst) => {
      const items = inst.getVirtualItems();
      if (items.length === 0) return;
      const a = items[0].index; const b = items[items.length - 1].index;
      setRange((r) => (r[0] === a && r[1] === b ? r : [a, b]));
    },
  });
  const [active, setActive] = useState<[number, number]>([0, 0]);
  const rowAt = (i: number): Record<string, unknown> | undefined => loaded.get(Math.floor(i / PAGE_ROWS))?.rows[i % PAGE_ROWS];

  const onKey = (e: React.KeyboardEvent) => {
    const page = Math.max(1, Math.floor((parent.current?.clientHeight ?? 400) / ROW) - 1);
    const last = Math.max(0, count - 1);
    const moves: Record<string, () => [number, number]> = {
      ArrowDown: () => [Math.min(last, active[0] + 1), active[1]], ArrowUp: () => [Math.max(0, active[0] - 1), active[1]],
      PageDown: () => [Math.min(last, active[0] + page), active[1]], PageUp: () => [Math.max(0, active[0] - page), active[1]],
      Home: () => [0, active[1]], End: () => [last, active[1]],
      ArrowRight: () => [active[0], Math.min(cols.length - 1, active[1] + 1)], ArrowLeft: () => [active[0], Math.max(0, active[1] - 1)],
    };
    const m = moves[e.key];
    if (!m) return;
    e.preventDefault();
    const next = m();
    setActive(next);
    v.scrollToIndex(next[0], { align: 'auto' });
  };

  if (cursor.isPending) return <ProgressLine label={t('ui.data.planning')} />;
  if (error) {
    const code = (error as { code?: string }).code;
    return code === 'DataInvalid' && filter ? <div className="error-inline" role="alert"><SafeText text={errorMessage(error, tr)} max={1000} /></div> : <ErrorPanel error={error} onRetry={() => void cursor.refetch()} />;
  }
  const c = cursor.data;
  if (c?.versionId === '') return <p className="empty-state">{t('ui.empty.noVersions.data')}</p>;
  return (
    <div className="data-grid-wrap">
      <div className="grid-status small" role="status" data-testid="grid-status" data-rows={status.done ? status.rowCount : undefined}>
        {lead}{lead && <span className="muted"> · </span>}
        {status.done
          ? <><strong className="num">{formatCount(status.rowCount)}</strong> {t('ui.data.rowWord', { count: status.rowCount })}</>
          : <><span className="num">{formatCount(status.rowCount)}</span> {t('ui.data.rowsSoFar', { count: status.rowCount })}{fetching ? t('ui.data.readingMore') : t('ui.data.scrollMore')}
            {fetching && c && <button type="button" className="btn btn-link small" onClick={() => void client.cancelQueries({ queryKey: queryKeys.cursorPages(c.cursorId) })}> {t('ui.common.cancel')}</button>}</>}
        {c && <span className="muted"> · {t('ui.data.planned', { files: c.plannedFiles, records: c.plannedRecords ? formatCount(Number(c.plannedRecords)) : '' })}</span>}
        {latest?.cappedAt !== undefined && <span className="warn"> · {t('ui.data.capped', { count: formatCount(latest.cappedAt) })}</span>}
      </div>
      <ReadWarnings warnings={latest?.readWarnings} messages={latest?.readWarningMessages} />
      {status.done && status.rowCount === 0 ? <p className="empty-state">{t('ui.data.noRows', { filtered: Boolean(filter) })}</p> : (
        <div ref={parent} className="data-grid" role="grid" aria-label={t('ui.data.rowsLabel')} aria-rowcount={status.done ? status.rowCount : -1} aria-colcount={cols.length}
          tabIndex={0} onKeyDown={onKey}>
          <div style={{ width: total, minWidth: '100%' }}>
            <div className="dg-head" role="row" style={{ width: total }}>
              <span className="dg-cell dg-rownum" role="columnheader">#</span>
              {cols.map((col, j) => (
                <span key={col.name} role="columnheader" className={`dg-cell ${col.kind === 'number' ? 'num' : ''}`} style={{ width: widths[j] }} title={safeTitle(`${col.name}: ${types[col.name] ?? col.type}`)}>
                  <bdi className="safe-text"><Marked text={col.name} /></bdi><span className="dg-type">{types[col.name] ?? (col.type ? shortType(col.type) : '')}</span>
                </span>
              ))}
            </div>
            <div style={{ height: v.getTotalSize(), position: 'relative' }}>
              {v.getVirtualItems().map((item) => {
                const row = rowAt(item.index);
                return (
                  <div key={item.index} role="row" aria-rowindex={item.index + 2} className={`dg-row${item.index === active[0] ? ' active' : ''}`}
                    style={{ transform: `translateY(${item.start}px)`, height: ROW, width: total }} onClick={() => setActive([item.index, active[1]])}>
                    <span className="dg-cell dg-rownum num">{formatCount(item.index + 1)}</span>
                    {cols.map((col, j) => {
                      if (!row) return <span key={col.name} className="dg-cell dg-loading" style={{ width: widths[j] }} />;
                      const t = cellText(row[col.name]);
                      return (
                        <span key={col.name} role="gridcell" className={`dg-cell ${col.kind === 'number' ? 'num' : ''}${t.isNull ? ' null' : ''}${item.index === active[0] && j === active[1] ? ' active-cell' : ''}`}
                          style={{ width: widths[j] }} title={t.full.length > 24 ? safeTitle(t.full) : undefined}><bdi className="safe-text"><Marked text={t.text} /></bdi></span>
                      );
                    })}
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

function shortType(t: string): string {
  return t.replace(/<.*>/, '<…>').replace(/^Timestamp.*$/, 'timestamp').toLowerCase();
}
