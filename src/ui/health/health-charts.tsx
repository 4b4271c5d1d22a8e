/**
 * The Health tab's charts (recharts): the file-size histogram with small-file buckets in amber, and small
 * multiples over time — versions, data and delete files, metadata file size, manifests per version.
 */
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TableHealthDto } from '../../core/api/table-health-dto.ts';
import { formatBytes, formatCount, formatTime } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { useLocale } from '../common/language.ts';
import { paddedExtent, tickFormatter } from '../timeline/time-format.ts';
import { type HistogramBar, recordedCounters, versionSeries } from './health-model.ts';
import { visibleText } from '../common/safe-text.ts';

const SMALL = '#d08a1a';
const OK = '#2f6feb';
const compact = (v: number) => new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(v);

export function SizeHistogram({ bars, caption }: { bars: readonly HistogramBar[]; caption: string }) {
  const { t } = useMessages();
  return (
    <figure className="health-histogram" aria-label={caption} data-testid="health-histogram">
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={[...bars]} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
          <CartesianGrid stroke="#eeeeea" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 10 }} interval={0} height={40} angle={-25} textAnchor="end" />
          <YAxis allowDecimals={false} tick={{ fontSize: 10 }} width={44} tickFormatter={compact} />
          <Tooltip isAnimationActive={false} formatter={(v) => [formatCount(Number(v)), t('ui.health.files')]} />
          <Bar dataKey="files" isAnimationActive={false}>
            {bars.map((b) => <Cell key={b.label} fill={b.small ? SMALL : OK} />)}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

function Chart({ title, children, empty }: { title: string; children: React.ReactElement; empty: boolean }) {
  const { t } = useMessages();
  return (
    <figure className="metric-card health-series" aria-label={title}>
      <figcaption><span>{title}</span></figcaption>
      {empty ? <p className="muted small health-series-empty">{t('ui.health.series.empty')}</p>
        : <ResponsiveContainer width="100%" height={130}>{children}</ResponsiveContainer>}
    </figure>
  );
}

export function HealthSeries({ health }: { health: TableHealthDto }) {
  const { t } = useMessages();
  const locale = useLocale();
  const data = versionSeries(health);
  const domain = paddedExtent(data.map((d) => d.x));
  const fmtTick = tickFormatter(domain[0], domain[1], locale);
  const counters = recordedCounters(health);
  const timeAxis = <XAxis dataKey="x" type="number" domain={domain} scale="time" tickFormatter={fmtTick} tick={{ fontSize: 10 }} tickCount={4} />;
  const label = (x: unknown) => formatTime(Number(x)).local;
  const manifests = (health.manifests ?? []).map((m) => ({ x: m.timestampMs, manifests: m.manifests }));
  return (
    <div className="metric-grid">
      <Chart title={t('ui.health.series.versions')} empty={data.length === 0}>
        <LineChart data={data} margin={{ top: 6, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#eeeeea" vertical={false} />{timeAxis}
          <YAxis allowDecimals={false} tick={{ fontSize: 10 }} width={40} tickFormatter={compact} />
          <Tooltip isAnimationActive={false} labelFormatter={label} formatter={(v) => [formatCount(Number(v)), t('ui.health.series.versions')]} />
          <Line dataKey="versions" type="stepAfter" stroke={OK} dot={false} isAnimationActive={false} />
        </LineChart>
      </Chart>
      <Chart title={`${t('ui.health.series.dataFiles')} · ${t('ui.health.series.deleteFiles')}`} empty={counters.length === 0}>
        <LineChart data={data} margin={{ top: 6, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#eeeeea" vertical={false} />{timeAxis}
          <YAxis allowDecimals={false} tick={{ fontSize: 10 }} width={40} tickFormatter={compact} />
          <Tooltip isAnimationActive={false} labelFormatter={label} formatter={(v, name) => [formatCount(Number(v)), name === 'dataFiles' ? t('ui.health.series.dataFiles') : t('ui.health.series.deleteFiles')]} />
          <Legend iconSize={8} wrapperStyle={{ fontSize: 10 }} formatter={(name) => (name === 'dataFiles' ? t('ui.health.series.dataFiles') : t('ui.health.series.deleteFiles'))} />
          {counters.includes('dataFiles') && <Line dataKey="dataFiles" type="stepAfter" stroke={OK} dot={false} isAnimationActive={false} connectNulls />}
          {counters.includes('deleteFiles') && <Line dataKey="deleteFiles" type="stepAfter" stroke="#c9372c" dot={false} isAnimationActive={false} connectNulls />}
        </LineChart>
      </Chart>
      <Chart title={t('ui.health.series.metadata')} empty={health.states.length === 0}>
        <LineChart data={[...health.states]} margin={{ top: 6, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#eeeeea" vertical={false} />
          <XAxis dataKey="sequence" type="number" domain={['dataMin', 'dataMax']} tick={{ fontSize: 10 }} tickCount={5} allowDecimals={false} />
          <YAxis tick={{ fontSize: 10 }} width={56} tickFormatter={(v: number) => formatBytes(v)} />
          <Tooltip isAnimationActive={false} labelFormatter={(_x, p) => visibleText(String((p?.[0]?.payload as { name?: string } | undefined)?.name ?? ''))} formatter={(v) => [formatBytes(Number(v)), t('ui.health.series.metadata')]} />
          <Line dataKey="bytes" stroke="#6b5bd2" dot={health.states.length < 40} isAnimationActive={false} />
        </LineChart>
      </Chart>
      <Chart title={t('ui.health.series.manifests')} empty={manifests.length === 0}>
        <LineChart data={manifests} margin={{ top: 6, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#eeeeea" vertical={false} />{timeAxis}
          <YAxis allowDecimals={false} tick={{ fontSize: 10 }} width={40} tickFormatter={compact} />
          <Tooltip isAnimationActive={false} labelFormatter={label} formatter={(v) => [formatCount(Number(v)), t('ui.health.series.manifests')]} />
          <Line dataKey="manifests" type="stepAfter" stroke="#1f8a4c" dot={manifests.length < 40} isAnimationActive={false} />
        </LineChart>
      </Chart>
    </div>
  );
}
