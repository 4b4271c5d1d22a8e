/**
 * The lanes of the timeline, drawn as plain SVG: time on x, one lane per branch, a mark per version
 * coloured by operation (current ringed, selected circled), tags as flags, and behind them a faint area of
 * the chosen summary counter. Marks that would overlap are spread apart ({@link spreadMarks}), so every
 * version of a burst of commits is its own target; only when a lane has more versions than fit are
 * they thinned (pinned ones kept). Dragging across the plot zooms to that range.
 */
import { useMemo, useRef, useState } from 'react';
import type { OverviewVersionDto } from '../../core/api/table-dto.ts';
import { formatTime } from '../common/format.ts';
import type { LaneLayout } from './lanes.ts';
import { type Placed, placeMarks, timeTicks } from './mark-layout.ts';
import { OP_COLORS, opCategory } from './operations.ts';
import type { SeriesPoint } from './series.ts';
import { safeTitle, visibleText } from '../common/safe-text.ts';
import { useMessages } from '../common/messages.ts';
import { useLocale } from '../common/language.ts';

export const LABEL_W = 72;
const RIGHT = 14;
const TOP = 12;
const LANE_H = 21;
const AXIS_H = 16;

/** A lane's label as drawn: at most 10 characters (the label column is narrow), the rest cut with an ellipsis. */
export function laneText(label: string): string {
  return visibleText(label.length > 10 ? `${label.slice(0, 9)}…` : label);
}

export function lanesHeight(laneCount: number): number {
  return TOP + Math.max(1, laneCount) * LANE_H + AXIS_H;
}


export function TimelineLanes({ width, versions, layout, domain, selectedId, series, onSelect, onZoom }: {
  width: number;
  versions: readonly OverviewVersionDto[];
  layout: LaneLayout;
  domain: readonly [number, number];
  selectedId?: string;
  /** The counter drawn as a faint area behind the lanes (already downsampled). */
  series: readonly SeriesPoint[];
  /** `shift`: shift-click (compare with the selected version). */
  onSelect: (id: string, shift?: boolean) => void;
  onZoom: (domain: [number, number]) => void;
}) {
  const laneCount = Math.max(1, layout.lanes.length);
  const height = lanesHeight(laneCount);
  const plotW = Math.max(40, width - LABEL_W - RIGHT);
  const [d0, d1] = domain;
  const toX = (t: number) => LABEL_W + ((t - d0) / Math.max(1, d1 - d0)) * plotW;
  const toT = (x: number) => d0 + ((x - LABEL_W) / plotW) * (d1 - d0);
  const laneY = (lane: number) => TOP + lane * LANE_H + LANE_H / 2;

  const placed = useMemo(() => placeMarks(versions, layout, [d0, d1], LABEL_W, plotW, selectedId), [versions, layout, d0, d1, plotW, selectedId]);

  const tr = useMessages();
  const locale = useLocale();
  const ticks = useMemo(() => timeTicks(d0, d1, Math.max(2, Math.floor(plotW / 90)), locale), [d0, d1, plotW, locale]);
  const area = useMemo(() => {
    if (series.length < 2) return '';
    const max = Math.max(...series.map((p) => p.y), 1);
    const top = TOP; const bottom = height - AXIS_H;
    const y = (v: number) => bottom - (v / max) * (bottom - top) * 0.9;
    let d = `M${toX(series[0].x)},${bottom}`;
    let prevY = bottom;
    for (const p of series) { d += ` L${toX(p.x)},${prevY} L${toX(p.x)},${y(p.y)}`; prevY = y(p.y); }
    return `${d} L${LABEL_W + plotW},${prevY} L${LABEL_W + plotW},${bottom} Z`;
  }, [series, d0, d1, plotW, height]); // eslint-disable-line react-hooks/exhaustive-deps

  // Drag across the plot to zoom (a click without movement selects as usual).
  const drag = useRef<{ x0: number; moved: boolean } | null>(null);
  const [brush, setBrush] = useState<[number, number] | null>(null);
  const localX = (e: React.PointerEvent<SVGSVGElement>) => e.clientX - e.currentTarget.getBoundingClientRect().left;
  const clampX = (x: number) => Math.max(LABEL_W, Math.min(LABEL_W + plotW, x));

  return (
    <svg className="tl-svg" width={width} height={height} role="presentation"
      onPointerDown={(e) => { if (e.button === 0 && !(e.target as Element).closest('.tl-mark, .tl-flag')) { drag.current = { x0: clampX(localX(e)), moved: false }; } }}
      onPointerMove={(e) => {
        const d = drag.current;
        if (!d) return;
        const x = clampX(localX(e));
        if (Math.abs(x - d.x0) > 4) { d.moved = true; setBrush([Math.min(d.x0, x), Math.max(d.x0, x)]); }
      }}
      onPointerUp={() => {
        const d = drag.current;
        drag.current = null;
        if (d?.moved && brush) onZoom([toT(brush[0]), toT(brush[1])]);
        setBrush(null);
      }}
      onPointerLeave={() => { drag.current = null; setBrush(null); }}>
      {area && <path d={area} fill="#e8f0fe" stroke="#c9d9fb" strokeWidth={1} />}
      {layout.lanes.map((l, i) => (
        <g key={l.name}>
          <line x1={LABEL_W} x2={LABEL_W + plotW} y1={laneY(i)} y2={laneY(i)} stroke="#e4e4df" />
          <text x={LABEL_W - 8} y={laneY(i) + 4} textAnchor="end" fontSize={11} fill="#676d73" style={{ unicodeBidi: 'isolate' }}>
            <title>{safeTitle(tr.t('ui.timeline.laneTitle', { kind: l.kind, name: l.name }))}</title>
            {laneText(tr.t('ui.timeline.laneLabel', { kind: l.kind, name: l.name }))}
          </text>
        </g>
      ))}
      <line x1={LABEL_W} x2={LABEL_W + plotW} y1={height - AXIS_H} y2={height - AXIS_H} stroke="#c9c9c2" />
      {ticks.map((t) => (
        <g key={t.t} className="tl-tick">
          <line x1={toX(t.t)} x2={toX(t.t)} y1={height - AXIS_H} y2={height - AXIS_H + 4} stroke="#9aa0a6" />
          <text x={toX(t.t)} y={height - 3} textAnchor="middle" fontSize={10.5} fill="#676d73">{t.label}</text>
        </g>
      ))}
      {placed.map((p) => <Mark key={p.v.id} p={p} y={laneY(p.lane)} selected={p.v.id === selectedId} onSelect={onSelect} />)}
      {placed.filter((p) => p.v.refs.some((r) => r.type === 'tag')).map((p) => <Flag key={`f${p.v.id}`} p={p} y={laneY(p.lane)} onSelect={onSelect} flip={p.x > LABEL_W + plotW - 80} />)}
      {brush && <rect x={brush[0]} y={TOP - 4} width={brush[1] - brush[0]} height={height - AXIS_H - TOP + 4} fill="rgba(47,111,235,.12)" stroke="#2f6feb" />}
    </svg>
  );
}

function Mark({ p, y, selected, onSelect }: { p: Placed; y: number; selected: boolean; onSelect: (id: string, shift?: boolean) => void }) {
  const { v, x, count } = p;
  const cat = opCategory(v.operation);
  const tr = useMessages();
  const t = formatTime(v.timestampMs);
  const title = `${v.operation} · ${v.id}\n${t.local} (${t.utc})${count > 1 ? `\n${tr.t('ui.timeline.moreHere', { count: count - 1, category: cat })}` : ''}${v.refs.length ? `\n${v.refs.map((r) => tr.t('ui.timeline.refTitle', { type: r.type, name: r.name })).join(', ')}` : ''}`;
  return (
    <g className="tl-mark" onClick={(e) => onSelect(v.id, e.shiftKey)} data-version={v.id} id={`tl-${v.id}`} aria-selected={selected}>
      <title>{safeTitle(title)}</title>
      {selected && <circle cx={x} cy={y} r={8.5} fill="none" stroke="#1d2125" strokeWidth={2} />}
      {v.isCurrent && <circle cx={x} cy={y} r={6.5} fill="#fff" stroke={OP_COLORS[cat]} strokeWidth={2} />}
      <circle cx={x} cy={y} r={count > 1 ? 5 : 4} fill={OP_COLORS[cat]} stroke="#fff" strokeWidth={1} />
      <rect x={x - 5.5} y={y - 10} width={11} height={20} fill="transparent" />
    </g>
  );
}

/** A tag flag; `flip` draws it leftwards near the right edge so its label is not cut. */
function Flag({ p, y, onSelect, flip }: { p: Placed; y: number; onSelect: (id: string, shift?: boolean) => void; flip: boolean }) {
  const tr = useMessages();
  const names = p.v.refs.filter((r) => r.type === 'tag').map((r) => r.name);
  const label = names.length > 1 ? `${names[0]} +${names.length - 1}` : names[0];
  return (
    <g className="tl-flag" onClick={(e) => onSelect(p.v.id, e.shiftKey)}>
      <title>{safeTitle(tr.t('ui.timeline.flagTitle', { names, id: p.v.id }))}</title>
      <line x1={p.x} x2={p.x} y1={y - 4} y2={y - 14} stroke="#444" strokeWidth={1} />
      <path d={`M${p.x},${y - 14} l${flip ? -8 : 8},3 l${flip ? 8 : -8},3 z`} fill="#444" />
      <text x={p.x + (flip ? -10 : 10)} y={y - 8} fontSize={10} fill="#444" textAnchor={flip ? 'end' : 'start'} style={{ unicodeBidi: 'isolate' }}>{visibleText((label ?? '').slice(0, 60))}</text>
    </g>
  );
}
