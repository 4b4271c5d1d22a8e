/**
 * The query result as a virtualised grid: the data grid's look and cells (data/grid-model.ts, the `dg-*`
 * styles) over rows already in memory (a result holds at most `maxRows`), only the rows under the viewport
 * drawn. Keyboard: arrows, PageUp/PageDown, Home/End.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import type { SqlColumnDto } from '../../core/api/sql/sql-contract.ts';
import type { GridColumnDto } from '../../core/api/table-dto.ts';
import { formatCount } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { cellText, columnWidth } from '../data/grid-model.ts';
import { gridKind, type ResultRow } from './result-model.ts';

const ROW = 22;

export function ResultGrid({ columns, rows }: { columns: readonly SqlColumnDto[]; rows: readonly ResultRow[] }) {
  const { t } = useMessages();
  const parent = useRef<HTMLDivElement>(null);
  const cols: GridColumnDto[] = columns.map((c) => ({ name: c.name, type: c.kind, kind: gridKind(c.kind) }));
  const widths = cols.map(columnWidth);
  const total = 56 + widths.reduce((a, b) => a + b, 0);
  const v = useVirtualizer({ count: rows.length, getScrollElement: () => parent.current, estimateSize: () => ROW, overscan: 20 });
  const [active, setActive] = useState<[number, number]>([0, 0]);

  const onKey = (e: React.KeyboardEvent) => {
    const page = Math.max(1, Math.floor((parent.current?.clientHeight ?? 400) / ROW) - 1);
    const last = Math.max(0, rows.length - 1);
    const [r, c] = active;
    const moves: Record<string, [number, number]> = {
      ArrowDown: [Math.min(last, r + 1), c], ArrowUp: [Math.max(0, r - 1), c], PageDown: [Math.min(last, r + page), c],
      PageUp: [Math.max(0, r - page), c], Home: [0, c], End: [last, c],
      ArrowRight: [r, Math.min(cols.length - 1, c + 1)], ArrowLeft: [r, Math.max(0, c - 1)],
    };
    const next = moves[e.key];
    if (!next) return;
    e.preventDefault();
    setActive(next);
    v.scrollToIndex(next[0], { align: 'auto' });
  };

  if (rows.length === 0) return <p className="empty-state" data-testid="query-no-rows">{t('ui.query.noRows')}</p>;
  return (
    <div ref={parent} className="data-grid query-grid" role="grid" aria-label={t('ui.query.resultLabel')} aria-rowcount={rows.length + 1}
      aria-colcount={cols.length} tabIndex={0} onKeyDown={onKey}>
      <div style={{ width: total, minWidth: '100%' }}>
        <div className="dg-head" role="row" style={{ width: total }}>
          <span className="dg-cell dg-rownum" role="columnheader">#</span>
          {cols.map((col, j) => (
            <span key={j} role="columnheader" className={`dg-cell ${col.kind === 'number' ? 'num' : ''}`} style={{ width: widths[j] }} title={`${col.name}: ${col.type}`}>
              {col.name}<span className="dg-type">{col.type}</span>
            </span>
          ))}
        </div>
        <div style={{ height: v.getTotalSize(), position: 'relative' }}>
          {v.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            return (
              <div key={item.index} role="row" aria-rowindex={item.index + 2} className={`dg-row${item.index === active[0] ? ' active' : ''}`}
                style={{ transform: `translateY(${item.start}px)`, height: ROW, width: total }} onClick={() => setActive([item.index, active[1]])}>
                <span className="dg-cell dg-rownum num">{formatCount(item.index + 1)}</span>
                {cols.map((col, j) => {
                  const text = cellText(row[j]);
                  return (
                    <span key={j} role="gridcell" className={`dg-cell ${col.kind === 'number' ? 'num' : ''}${text.isNull ? ' null' : ''}${item.index === active[0] && j === active[1] ? ' active-cell' : ''}`}
                      style={{ width: widths[j] }} title={text.full.length > 24 ? text.full : undefined}>{text.text}</span>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
