/**
 * The query result as a chart (recharts, loaded with this file only when a chart is shown): a line over a
 * time column, bars per category, one series per numeric column (result-model.ts picks them).
 */
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SqlColumnDto } from '../../core/api/sql/sql-contract.ts';
import { formatTime } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { useLocale } from '../common/language.ts';
import { paddedExtent, tickFormatter } from '../timeline/time-format.ts';
import { chartPoints, type ChartSpec, type ResultRow } from './result-model.ts';

const COLORS = ['#2f6feb', '#d08a1a', '#00806b', '#7248c2'];
const compact = (v: number) => new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 }).format(v);

export default function ResultChart({ spec, columns, rows }: { spec: ChartSpec; columns: readonly SqlColumnDto[]; rows: readonly ResultRow[] }) {
  const { t } = useMessages();
  const locale = useLocale();
  const { points, leftOut } = chartPoints(spec, rows);
  const xName = columns[spec.x]!.name;
  const series = spec.ys.map((y, k) => ({ key: `s${k}`, name: columns[y]!.name, color: COLORS[k % COLORS.length]! }));
  const caption = t(spec.type === 'line' ? 'ui.query.chart.line' : 'ui.query.chart.bar', { x: xName, ys: series.map((s) => s.name).join(', ') });
  if (points.length === 0) return <p className="empty-state">{t('ui.query.chart.empty')}</p>;
  const margin = { top: 8, right: 16, bottom: 4, left: 4 };
  const yAxis = <YAxis tick={{ fontSize: 11 }} width={56} tickFormatter={compact} />;
  const legend = series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null;
  let chart: React.ReactElement;
  if (spec.type === 'line') {
    const domain = paddedExtent(points.map((p) => p.x as number));
    const fmt = tickFormatter(domain[0], domain[1], locale);
    chart = (
      <LineChart data={points} margin={margin}>
        <CartesianGrid stroke="#eeeeea" vertical={false} />
        <XAxis dataKey="x" type="number" scale="time" domain={domain} tickFormatter={fmt} tick={{ fontSize: 11 }} tickCount={6} />
        {yAxis}
        <Tooltip isAnimationActive={false} labelFormatter={(x) => formatTime(Number(x)).utc} />
        {legend}
        {series.map((s) => <Line key={s.key} dataKey={s.key} name={s.name} stroke={s.color} dot={points.length <= 60} strokeWidth={2} isAnimationActive={false} connectNulls />)}
      </LineChart>
    );
  } else {
    chart = (
      <BarChart data={points} margin={margin}>
        <CartesianGrid stroke="#eeeeea" vertical={false} />
        <XAxis dataKey="x" tick={{ fontSize: 11 }} interval="preserveStartEnd" height={points.length > 8 ? 48 : 24}
          angle={points.length > 8 ? -25 : 0} textAnchor={points.length > 8 ? 'end' : 'middle'} />
        {yAxis}
        <Tooltip isAnimationActive={false} />
        {legend}
        {series.map((s) => <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} isAnimationActive={false} />)}
      </BarChart>
    );
  }
  return (
    <figure className="query-chart" aria-label={caption} data-testid="query-chart" data-chart={spec.type}>
      <figcaption className="muted small">{caption}{leftOut > 0 ? ` ${t('ui.query.chart.leftOut', { count: leftOut })}` : ''}</figcaption>
      <div className="query-chart-body"><ResponsiveContainer width="100%" height="100%">{chart}</ResponsiveContainer></div>
    </figure>
  );
}
