/**
 * The metric series under the timeline, from each version's normalised totals (what the format records
 * at commit time, so no file is read): records, data files, delete files, bytes.
 */
import type { OverviewVersionDto } from '../../core/api/table-dto.ts';
import { en } from '../../core/messages/en.ts';
import { translator, type Translator } from '../common/messages.ts';

export type MetricName = 'records' | 'files' | 'deleteFiles' | 'bytes';

type Pick = (v: OverviewVersionDto) => string | undefined;

export const METRICS: readonly { readonly name: MetricName; readonly label: string; readonly pick: Pick }[] = [
  { name: 'records', label: 'Records', pick: (v) => v.totals.records?.count },
  { name: 'files', label: 'Data files', pick: (v) => v.totals.dataFiles },
  { name: 'deleteFiles', label: 'Delete files', pick: (v) => v.totals.deleteFiles },
  { name: 'bytes', label: 'Bytes', pick: (v) => v.totals.bytes },
];

export interface SeriesPoint { readonly x: number; readonly y: number; readonly id: string }

/** The points of one metric, oldest first; versions whose totals lack the counter are skipped. */
export function metricSeries(versions: readonly OverviewVersionDto[], metric: MetricName): SeriesPoint[] {
  const pick = METRICS.find((m) => m.name === metric)?.pick;
  const out: SeriesPoint[] = [];
  if (!pick) return out;
  for (const v of versions) {
    const value = pick(v);
    if (value === undefined) continue;
    const y = Number(value);
    if (Number.isFinite(y)) out.push({ x: v.timestampMs, y, id: v.id });
  }
  return out;
}

/** The metrics that have at least one point (charts without data are not drawn). */
export function availableMetrics(versions: readonly OverviewVersionDto[]): MetricName[] {
  return METRICS.filter((m) => versions.some((v) => m.pick(v) !== undefined)).map((m) => m.name);
}

/**
 * The label of a metric over these versions: records say what they count (`Records (before deletes)`)
 * when any version's count is not the live row count, the basis of the newest such version.
 */
export function metricLabel(name: MetricName, versions: readonly OverviewVersionDto[], tr: Translator = translator(en)): string {
  const label = tr.t('ui.metric.label', { name });
  if (name !== 'records') return label;
  const notLive = versions.filter((v) => v.totals.records && !v.totals.records.live).at(-1);
  return notLive ? `${label} (${tr.t('ui.records.basis', { basis: notLive.totals.records!.basis ?? 'before deletes' })})` : label;
}

/**
 * The value of `metric` at `version` (its own totals), else at the newest version committed at or
 * before it on `line` — the figure a card shows for the selected version (issue 12: the cards showed
 * current totals while an older version was selected). Undefined when nothing records it.
 */
export function metricAt(line: readonly OverviewVersionDto[], version: OverviewVersionDto | undefined, metric: MetricName): number | undefined {
  const pick = METRICS.find((m) => m.name === metric)?.pick;
  if (!pick) return undefined;
  const own = version ? pick(version) : undefined;
  if (own !== undefined) return Number(own);
  const series = metricSeries(line, metric);
  if (!version) return series.at(-1)?.y;
  return series.filter((p) => p.x <= version.timestampMs).at(-1)?.y;
}
