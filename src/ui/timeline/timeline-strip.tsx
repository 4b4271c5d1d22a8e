/**
 * The timeline strip (notes/ui-design.md "Top strip"): every version on a time axis, one lane per branch
 * (main first), tags as flags, the current version ringed, each mark coloured by operation, a summary
 * counter as a faint area behind the lanes (drag across it to zoom), and the versions list beside it
 * (sortable, filterable, keyboard). Arrow keys on the lanes move the selection without adding a
 * history entry per key. It collapses to one line (state and shortcut owned by the table page).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TableFormatName } from '../../core/api/dto.ts';
import type { OverviewVersionDto } from '../../core/api/table-dto.ts';
import { formatBytes, formatCount, formatRecords, formatTime } from '../common/format.ts';
import { CopyText } from '../common/widgets.tsx';
import { lttb } from './downsample.ts';
import { buildLanes, mainLineVersions } from './lanes.ts';
import { FORMAT_OP_NAMES, OP_COLORS, opCategory } from './operations.ts';
import { type MetricName, availableMetrics, metricLabel, metricSeries } from './series.ts';
import { paddedExtent } from './time-format.ts';
import { TimelineLanes, lanesHeight } from './timeline-lanes.tsx';
import { nextVersion } from './timeline-nav.ts';
import { VersionsList } from './versions-list.tsx';
import { InlineText } from '../common/safe-text-view.tsx';
import { useMessages } from '../common/messages.ts';
import { SIDE_LIST_MIN } from './strip-layout.ts';

const MAX_SERIES_POINTS = 400;

export interface TimelineStripProps {
  readonly format: TableFormatName;
  readonly versions: readonly OverviewVersionDto[];
  readonly selectedId?: string;
  /** `replace`: the pick came from keys (no browser history entry for it). */
  readonly onSelect: (id: string, replace?: boolean) => void;
  readonly collapsed?: boolean;
  readonly onToggleCollapsed?: () => void;
  /** Shortcut of the collapse toggle, for its title. */
  readonly shortcut?: string;
  /** Shift-click on a version: compare it with the selected one (issue 15). */
  readonly onCompare?: (selectedId: string, otherId: string) => void;
}

export default function TimelineStrip({ format, versions, selectedId, onSelect, collapsed = false, onToggleCollapsed, shortcut, onCompare }: TimelineStripProps) {
  const compareWith = onCompare && selectedId ? (id: string) => { if (id !== selectedId) onCompare(selectedId, id); } : undefined;
  const layout = useMemo(() => buildLanes(versions), [versions]);
  const full = useMemo(() => paddedExtent(versions.map((v) => v.timestampMs)), [versions]);
  const [domain, setDomain] = useState<[number, number]>(full);
  useEffect(() => setDomain(full), [full]);
  const [metric, setMetric] = useState<MetricName | 'none'>('records');
  const metrics = useMemo(() => availableMetrics(versions), [versions]);
  const shownMetric: MetricName | 'none' = metric !== 'none' && metrics.includes(metric) ? metric : metric === 'none' ? 'none' : (metrics.at(0) ?? 'none');
  const mainLine = useMemo(() => mainLineVersions(versions, layout), [versions, layout]);
  const series = useMemo(() => (shownMetric === 'none' ? [] : lttb(metricSeries(mainLine, shownMetric), MAX_SERIES_POINTS)), [mainLine, shownMetric]);

  const wrapRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(900);
  // The plot's width, measured before the first paint (a layout effect renders again synchronously), so
  // the marks of 10,000 versions are placed once, at the right width, in the first frame (issue 17).
  const [plotW, setPlotW] = useState<number | undefined>();
  useLayoutEffect(() => {
    const measure = () => {
      setWidth(wrapRef.current?.clientWidth || 900);
      if (plotRef.current) setPlotW(plotRef.current.clientWidth || 600);
    };
    measure();
    const ro = new ResizeObserver(measure);
    if (wrapRef.current) ro.observe(wrapRef.current);
    if (plotRef.current) ro.observe(plotRef.current);
    return () => ro.disconnect();
  }, [collapsed]);
  const sideList = width >= SIDE_LIST_MIN;
  const [narrowView, setNarrowView] = useState<'lanes' | 'list'>('lanes');
  const showLanes = sideList || narrowView === 'lanes';
  const categories = useMemo(() => [...new Set(versions.map((v) => opCategory(v.operation)))], [versions]);
  const selected = versions.find((v) => v.id === selectedId);

  const onKey = (e: React.KeyboardEvent) => {
    const id = nextVersion(versions, layout, selectedId, e.key);
    if (id === undefined) return;
    e.preventDefault();
    onSelect(id, true);
    const t = versions.find((v) => v.id === id)?.timestampMs;
    if (t !== undefined && (t < domain[0] || t > domain[1])) {
      const span = domain[1] - domain[0];
      setDomain([t - span / 2, t + span / 2]);
    }
  };
  const zoomed = domain[0] !== full[0] || domain[1] !== full[1];
  const tr = useMessages();
  const toggleTitle = tr.t('ui.timeline.toggle', { show: collapsed, key: shortcut ?? '' });

  const list = <VersionsList versions={versions} selectedId={selectedId} onSelect={onSelect} onCompare={compareWith} />;
  return (
    <div className={`timeline${collapsed ? ' collapsed' : ''}${sideList && !collapsed ? ' side' : ''}`} ref={wrapRef} aria-label={tr.t('ui.unread.timeline')} role="group">
      <div className="timeline-left">
        <div className="timeline-head">
          <span className="timeline-title">{tr.t('ui.unread.timeline')}</span>
          <span className="muted small nowrap">{tr.t('ui.timeline.count', { versions: versions.length, lanes: layout.lanes.length })}</span>
          {collapsed ? (selected && <SelectedLine v={selected} inline />) : (
            <ul className="legend" aria-label={tr.t('ui.timeline.legend')}>
              {categories.map((c) => (
                <li key={c} title={`${tr.t('ui.op.category', { category: c })}${FORMAT_OP_NAMES[format][c] ? ` — ${format}: ${FORMAT_OP_NAMES[format][c]}` : ''}`}>
                  <span className="dot" style={{ background: OP_COLORS[c] }} />{FORMAT_OP_NAMES[format][c] ?? tr.t('ui.op.category', { category: c })}
                </li>
              ))}
            </ul>
          )}
          <span className="spacer" />
          {!collapsed && zoomed && <button type="button" className="btn btn-small btn-quiet" onClick={() => setDomain(full)}>{tr.t('ui.timeline.resetZoom')}</button>}
          {!collapsed && metrics.length > 0 && showLanes && (
            <select className="tl-metric" aria-label={tr.t('ui.timeline.counter')} value={shownMetric} onChange={(e) => setMetric(e.target.value as MetricName | 'none')}
              title={shownMetric === 'none' ? tr.t('ui.timeline.noCounter') : tr.t('ui.timeline.behind', { label: metricLabel(shownMetric, versions, tr) })}>
              {metrics.map((m) => <option key={m} value={m}>{tr.t('ui.metric.label', { name: m })}</option>)}
              <option value="none">{tr.t('ui.timeline.noCounter')}</option>
            </select>
          )}
          {!collapsed && !sideList && (
            <button type="button" className="btn btn-small" aria-pressed={narrowView === 'list'} onClick={() => setNarrowView((v) => (v === 'list' ? 'lanes' : 'list'))}
              title={narrowView === 'list' ? tr.t('ui.timeline.showLanes') : tr.t('ui.timeline.showList')}>
              {narrowView === 'list' ? tr.t('ui.timeline.lanes') : tr.t('ui.timeline.list')}
            </button>
          )}
          {onToggleCollapsed && (
            <button type="button" className="btn btn-small btn-quiet tl-toggle" onClick={onToggleCollapsed} aria-expanded={!collapsed} title={toggleTitle} aria-label={toggleTitle}>
              {collapsed ? `▾ ${tr.t('ui.timeline.show')}` : `▴ ${tr.t('ui.timeline.hide')}`}
            </button>
          )}
        </div>
        {!collapsed && showLanes && (
          <div className="timeline-plot" ref={plotRef}>
            <div className="timeline-lanes" tabIndex={0} onKeyDown={onKey} data-testid="timeline-lanes" style={{ height: lanesHeight(layout.lanes.length) }}
              aria-label={tr.t('ui.timeline.lanesLabel')} aria-activedescendant={selectedId ? `tl-${selectedId}` : undefined}>
              {plotW !== undefined && <TimelineLanes width={plotW} versions={versions} layout={layout} domain={domain} selectedId={selectedId} series={series}
                onSelect={(id, shift) => (shift && compareWith ? compareWith(id) : onSelect(id))} onZoom={setDomain} />}
            </div>
          </div>
        )}
        {!collapsed && !sideList && narrowView === 'list' && <div className="vl-slot narrow">{list}</div>}
        {!collapsed && selected && <SelectedLine v={selected} />}
      </div>
      {!collapsed && sideList && <div className="vl-slot">{list}</div>}
    </div>
  );
}

/** One line about the selected version under the lanes (or in the collapsed strip's head). */
function SelectedLine({ v, inline = false }: { v: OverviewVersionDto; inline?: boolean }) {
  const tr = useMessages();
  const t = formatTime(v.timestampMs);
  const records = formatRecords(v.totals.records, tr);
  const bytes = v.totals.bytes;
  const added = v.totals.added?.records;
  return (
    <div className={`timeline-selected${inline ? ' inline' : ''}`} data-testid="selected-version">
      <span className="op-pill" style={{ background: OP_COLORS[opCategory(v.operation)] }}><InlineText text={v.operation} max={60} /></span>
      <CopyText text={v.id} />
      <span title={t.utc}>{t.local}</span>
      {v.isCurrent && <span className="pill">{tr.t('ui.overview.currentPill')}</span>}
      {v.refs.map((r) => <span key={r.name} className={`pill ref-${r.type}`}>{r.type === 'tag' ? '⚑ ' : '⎇ '}<InlineText text={r.name} max={60} /></span>)}
      {records !== undefined && <span className="muted num">{records}</span>}
      {added !== undefined && <span className="muted num">{tr.t('ui.timeline.thisCommit', { count: `${Number(added) >= 0 ? '+' : ''}${formatCount(Number(added))}` })}</span>}
      {bytes !== undefined && <span className="muted num">{formatBytes(Number(bytes))}</span>}
    </div>
  );
}
