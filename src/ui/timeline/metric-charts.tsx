/**
 * The Overview's charts: records, data files, delete files and bytes over time from the versions'
 * normalised totals (downsampled with LTTB), with the selected version marked. Lazy-loaded with recharts.
 */
import { useMemo } from 'react';
import { Area, AreaChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { OverviewVersionDto } from '../../core/api/table-dto.ts';
import { formatBytes, formatCount, formatTime } from '../common/format.ts';
import { lttb } from './downsample.ts';
import { buildLanes, mainLineVersions } from './lanes.ts';
import { availableMetrics, metricAt, metricLabel, metricSeries } from './series.ts';
import { paddedExtent, tickFormatter } from './time-format.ts';
import { useMessages } from '../common/messages.ts';
import { useLocale } from '../common/language.ts';

export default function MetricCharts({ versions, selectedId, onSelect }: { versions: readonly OverviewVersionDto[]; selectedId?: string; onSelect: (id: string) => void }) {
  const tr = useMessages();
  const mainLine = useMemo(() => mainLineVersions(versions, buildLanes(versions)), [versions]);
  const names = useMemo(() => availableMetrics(mainLine), [mainLine]);
  const domain = useMemo(() => paddedExtent(versions.map((v) => v.timestampMs)), [versions]);
  const locale = useLocale();
  const fmtTick = useMemo(() => tickFormatter(domain[0], domain[1], locale), [domain, locale]);
  const selected = versions.find((v) => v.id === selectedId);
  if (names.length === 0) return <p className="muted small">{tr.t('ui.metrics.none')}</p>;
  return (
    <>
    <p className="muted small">{tr.t('ui.metrics.note')}</p>
    <div className="metric-grid">
      {names.map((name) => {
        const m = { label: metricLabel(name, mainLine, tr) };
        const data = lttb(metricSeries(mainLine, name), 300);
        const fmt = name === 'bytes' ? formatBytes : formatCount;
        return (
          <figure key={name} className="metric-card" aria-label={tr.t('ui.metrics.overTime', { label: m.label })}>
            <figcaption><span>{m.label}</span><strong className="num" data-testid="metric-at-selected" title={selected ? tr.t('ui.metrics.at', { id: selected.id, current: selected.isCurrent }) : undefined}>
              {(() => { const at = metricAt(mainLine, selected, name); return at === undefined ? '—' : fmt(at); })()}</strong></figcaption>
            <ResponsiveContainer width="100%" height={120}>
              <AreaChart data={data} margin={{ top: 6, right: 8, bottom: 0, left: 0 }}
                onClick={(s: unknown) => { const id = (s as { activePayload?: { payload?: { id?: string } }[] })?.activePayload?.[0]?.payload?.id; if (id) onSelect(id); }}>
                <CartesianGrid stroke="#eeeeea" vertical={false} />
                <XAxis dataKey="x" type="number" domain={domain} scale="time" tickFormatter={fmtTick} tick={{ fontSize: 10 }} tickCount={4} />
                <YAxis allowDecimals={false} tickFormatter={(v: number) => (name === 'bytes' ? formatBytes(v) : compact(v))} tick={{ fontSize: 10 }} width={56} />
                <Tooltip isAnimationActive={false} labelFormatter={(x) => formatTime(Number(x)).local} formatter={(v) => [fmt(Number(v)), m.label]} />
                <Area dataKey="y" type="stepAfter" stroke="#2f6feb" fill="#e8f0fe" isAnimationActive={false} />
                {selected && <ReferenceLine x={selected.timestampMs} stroke="#1d2125" strokeDasharray="3 3" />}
              </AreaChart>
            </ResponsiveContainer>
          </figure>
        );
      })}
    </div>
    </>
  );
}

function compact(v: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(v);
}
