/**
 * The timeline strip (notes/ui-design.md "Top strip"): every version on a time axis, one lane per branch
 * (main first), tags as flags, the current version ringed, each mark coloured by operation; under it a
 * thin chart of a summary counter with a brush to zoom. Arrow keys move the selection. Loaded lazily
 * (recharts is the heaviest dependency of the page).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Area, AreaChart, Brush, ResponsiveContainer, Scatter, ScatterChart, XAxis, YAxis } from 'recharts';
import type { TableFormatName } from '../../core/api/dto.ts';
import type { VersionDto } from '../../core/api/table-dto.ts';
import { formatBytes, formatCount, formatRecords, formatTime } from '../common/format.ts';
import { CopyText } from '../common/widgets.tsx';
import { lttb, thinMarks, type Mark, type Thinned } from './downsample.ts';
import { buildLanes, mainLineVersions } from './lanes.ts';
import { FORMAT_OP_NAMES, OP_COLORS, OP_LABELS, type OpCategory, opCategory } from './operations.ts';
import { type MetricName, availableMetrics, metricLabel, metricSeries } from './series.ts';
import { paddedExtent, tickFormatter } from './time-format.ts';
import { nextVersion } from './timeline-nav.ts';

interface VersionMark extends Mark { readonly v: VersionDto; readonly category: OpCategory }

const LANE_H = 26;
const MAX_SERIES_POINTS = 400;

export interface TimelineStripProps {
  readonly format: TableFormatName;
  readonly versions: readonly VersionDto[];
  readonly selectedId?: string;
  readonly onSelect: (id: string) => void;
}

export default function TimelineStrip({ format, versions, selectedId, onSelect }: TimelineStripProps) {
  const layout = useMemo(() => buildLanes(versions), [versions]);
  const full = useMemo(() => paddedExtent(versions.map((v) => v.timestampMs)), [versions]);
  const [domain, setDomain] = useState<[number, number]>(full);
  useEffect(() => setDomain(full), [full]);
  const [metric, setMetric] = useState<MetricName | 'versions'>('records');
  const metrics = useMemo(() => availableMetrics(versions), [versions]);
  const shownMetric: MetricName | 'versions' = metric !== 'versions' && metrics.includes(metric) ? metric : (metrics.at(0) ?? 'versions');

  const marks = useMemo<VersionMark[]>(() => versions.map((v) => ({
    id: v.id, x: v.timestampMs, lane: layout.laneOf.get(v.id) ?? 0, category: opCategory(v.operation), v,
    pinned: v.isCurrent || v.refs.length > 0,
  })), [versions, layout]);
  const wrapRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(900);
  useEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth || 900));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  // One mark per ~5 px per lane and operation; the selected mark is always drawn.
  const shown = useMemo(() => {
    const pinnedSel = marks.map((m) => (m.id === selectedId ? { ...m, pinned: true } : m));
    return thinMarks(pinnedSel, domain[0], domain[1], Math.max(20, Math.floor(width / 5)));
  }, [marks, domain, width, selectedId]);

  // Counters follow the main line (lane 0): other branches' totals would zigzag the chart.
  const mainLine = useMemo(() => mainLineVersions(versions, layout), [versions, layout]);
  const series = useMemo(() => {
    const pts = shownMetric === 'versions'
      ? versions.map((v, i) => ({ x: v.timestampMs, y: i + 1, id: v.id }))
      : metricSeries(mainLine, shownMetric);
    return lttb(pts, MAX_SERIES_POINTS);
  }, [versions, mainLine, shownMetric]);

  const byCategory = useMemo(() => {
    const m = new Map<OpCategory, Thinned<VersionMark>[]>();
    for (const mk of shown) { const l = m.get(mk.category) ?? []; l.push(mk); m.set(mk.category, l); }
    return m;
  }, [shown]);
  const tags = useMemo(() => shown.filter((m) => m.v.refs.some((r) => r.type === 'tag')), [shown]);
  const categories = useMemo(() => [...new Set(marks.map((m) => m.category))], [marks]);
  const selected = versions.find((v) => v.id === selectedId);
  const fmtTick = useMemo(() => tickFormatter(domain[0], domain[1]), [domain]);
  const laneCount = Math.max(1, layout.lanes.length);
  const chartH = 40 + laneCount * LANE_H;

  const onKey = (e: React.KeyboardEvent) => {
    const id = nextVersion(versions, layout, selectedId, e.key);
    if (id === undefined) return;
    e.preventDefault();
    onSelect(id);
    const t = versions.find((v) => v.id === id)?.timestampMs;
    if (t !== undefined && (t < domain[0] || t > domain[1])) {
      const span = domain[1] - domain[0];
      setDomain([t - span / 2, t + span / 2]);
    }
  };

  const zoomed = domain[0] !== full[0] || domain[1] !== full[1];
  const Shape = (props: { cx?: number; cy?: number; payload?: Thinned<VersionMark> }) => {
    const { cx = 0, cy = 0, payload } = props;
    if (!payload) return null;
    const v = payload.v;
    const isSel = v.id === selectedId;
    const t = formatTime(v.timestampMs);
    const title = `${v.operation} · ${v.id}\n${t.local} (${t.utc})${payload.count > 1 ? `\n+${payload.count - 1} more ${OP_LABELS[payload.category]} commits here — zoom in` : ''}${v.refs.length ? `\n${v.refs.map((r) => `${r.type} ${r.name}`).join(', ')}` : ''}`;
    return (
      <g className="tl-mark" onClick={() => onSelect(v.id)} data-version={v.id}>
        <title>{title}</title>
        {isSel && <circle cx={cx} cy={cy} r={9} fill="none" stroke="#1d2125" strokeWidth={2} />}
        {v.isCurrent && <circle cx={cx} cy={cy} r={7} fill="#fff" stroke={OP_COLORS[payload.category]} strokeWidth={2} />}
        <circle cx={cx} cy={cy} r={payload.count > 1 ? 5 : 4} fill={OP_COLORS[payload.category]} stroke="#fff" strokeWidth={1} />
        <rect x={cx - 8} y={cy - 10} width={16} height={20} fill="transparent" />
      </g>
    );
  };
  const Flag = (props: { cx?: number; cy?: number; payload?: Thinned<VersionMark> }) => {
    const { cx = 0, cy = 0, payload } = props;
    if (!payload) return null;
    const names = payload.v.refs.filter((r) => r.type === 'tag').map((r) => r.name);
    const label = names.length > 1 ? `${names[0]} +${names.length - 1}` : names[0];
    return (
      <g className="tl-flag" onClick={() => onSelect(payload.v.id)}>
        <title>{`tag${names.length > 1 ? 's' : ''} ${names.join(', ')} → ${payload.v.id}`}</title>
        <line x1={cx} x2={cx} y1={cy - 4} y2={cy - 16} stroke="#444" strokeWidth={1} />
        <path d={`M${cx},${cy - 16} l9,3 l-9,3 z`} fill="#444" />
        <text x={cx + 11} y={cy - 10} fontSize={10} fill="#444">{label}</text>
      </g>
    );
  };

  return (
    <div className="timeline" ref={wrapRef} aria-label="Timeline" role="group">
      <div className="timeline-head">
        <span className="timeline-title">Timeline</span>
        <span className="muted small">{formatCount(versions.length)} version{versions.length === 1 ? '' : 's'}{layout.lanes.length > 1 ? ` · ${layout.lanes.length} lanes` : ''}</span>
        <ul className="legend" aria-label="Operation colours">
          {categories.map((c) => (
            <li key={c} title={`${OP_LABELS[c]}${FORMAT_OP_NAMES[format][c] ? ` — ${format}: ${FORMAT_OP_NAMES[format][c]}` : ''}`}>
              <span className="dot" style={{ background: OP_COLORS[c] }} />{FORMAT_OP_NAMES[format][c] ?? OP_LABELS[c]}
            </li>
          ))}
        </ul>
        <span className="spacer" />
        {zoomed && <button type="button" className="btn btn-small btn-quiet" onClick={() => setDomain(full)}>Reset zoom</button>}
        <span className="muted small kbd-hint"><kbd className="kbd">←</kbd><kbd className="kbd">→</kbd> move</span>
      </div>
      <div className="timeline-lanes" tabIndex={0} onKeyDown={onKey} aria-label="Versions on a time axis; arrow keys move the selection"
        aria-activedescendant={selectedId ? `tl-${selectedId}` : undefined} data-testid="timeline-lanes">
        <ResponsiveContainer width="100%" height={chartH}>
          <ScatterChart margin={{ top: 20, right: 16, bottom: 0, left: 0 }}>
            <XAxis type="number" dataKey="x" domain={domain} scale="time" tickFormatter={fmtTick} tick={{ fontSize: 11 }} height={20} tickCount={8} />
            <YAxis type="number" dataKey="lane" domain={[-0.5, laneCount - 0.5]} reversed ticks={layout.lanes.map((_, i) => i)} interval={0}
              tickFormatter={(i: number) => truncate(layout.lanes[i]?.name ?? '', 11)} width={78} tick={{ fontSize: 11 }} />
            {[...byCategory].map(([cat, data]) => (
              <Scatter key={cat} name={cat} data={data} isAnimationActive={false} shape={Shape as never} />
            ))}
            {tags.length > 0 && <Scatter name="tags" data={tags} isAnimationActive={false} shape={Flag as never} />}
          </ScatterChart>
        </ResponsiveContainer>
      </div>
      <div className="timeline-metric">
        <div className="metric-tabs" role="radiogroup" aria-label="Counter under the timeline">
          {[...metrics, 'versions' as const].map((m) => (
            <button key={m} type="button" role="radio" aria-checked={shownMetric === m} className={shownMetric === m ? 'active' : ''} onClick={() => setMetric(m)}>
              {m === 'versions' ? 'Versions' : metricLabel(m, versions)}
            </button>
          ))}
        </div>
        <div className="metric-chart">
          {series.length > 0 ? (
            <ResponsiveContainer width="100%" height={58}>
              <AreaChart data={series} margin={{ top: 4, right: 16, bottom: 0, left: 78 }}>
                <XAxis dataKey="x" type="number" domain={['dataMin', 'dataMax']} hide />
                <YAxis hide domain={[0, 'dataMax']} />
                <Area dataKey="y" type="stepAfter" stroke="#2f6feb" fill="#e8f0fe" isAnimationActive={false} dot={false} />
                {series.length > 2 && <Brush dataKey="x" height={14} travellerWidth={8} stroke="#9aa0a6" tickFormatter={() => ''}
                  onChange={(r: { startIndex?: number; endIndex?: number }) => {
                    if (r.startIndex === undefined || r.endIndex === undefined) return;
                    if (r.startIndex === 0 && r.endIndex === series.length - 1) { setDomain(full); return; }
                    const a = series[r.startIndex]?.x; const b = series[r.endIndex]?.x;
                    if (a !== undefined && b !== undefined && b > a) setDomain([a, b]);
                  }} />}
              </AreaChart>
            </ResponsiveContainer>
          ) : <div className="muted small pad">No summary counters recorded.</div>}
        </div>
      </div>
      {selected && <SelectedLine v={selected} />}
    </div>
  );
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

/** One line about the selected version under the chart. */
function SelectedLine({ v }: { v: VersionDto }) {
  const t = formatTime(v.timestampMs);
  const records = formatRecords(v.totals.records);
  const bytes = v.totals.bytes;
  const added = v.totals.added?.records;
  return (
    <div className="timeline-selected" data-testid="selected-version">
      <span className="op-pill" style={{ background: OP_COLORS[opCategory(v.operation)] }}>{v.operation}</span>
      <CopyText text={v.id} />
      <span title={t.utc}>{t.local}</span>
      {v.isCurrent && <span className="pill">current</span>}
      {v.refs.map((r) => <span key={r.name} className={`pill ref-${r.type}`}>{r.type === 'tag' ? '⚑ ' : '⎇ '}{r.name}</span>)}
      {records !== undefined && <span className="muted num">{records}</span>}
      {added !== undefined && <span className="muted num">{Number(added) >= 0 ? '+' : ''}{formatCount(Number(added))} this commit</span>}
      {bytes !== undefined && <span className="muted num">{formatBytes(Number(bytes))}</span>}
    </div>
  );
}
