/**
 * The metric series under the timeline, from each version's normalised totals (what the format records
 * at commit time, so no file is read): records, data files, delete files, bytes.
 */
import type { VersionDto } from '../../core/api/table-dto.ts';

export type MetricName = 'records' | 'files' | 'deleteFiles' | 'bytes';

type Pick = (v: VersionDto) => string | undefined;

const METRICS: readonly { readonly name: MetricName; readonly label: string; readonly pick: Pick }[] = [
  { name: 'records', label: 'Records', pick: (v) => v.totals.records?.count },
  { name: 'files', label: 'Data files', pick: (v) => v.totals.dataFiles },
  { name: 'deleteFiles', label: 'Delete files', pick: (v) => v.totals.deleteFiles },
  { name: 'bytes', label: 'Bytes', pick: (v) => v.totals.bytes },
];

export interface SeriesPoint { readonly x: number; readonly y: number; readonly id: string }

/** The points of one metric, oldest first; versions whose totals lack the counter are skipped. */
export function metricSeries(versions: readonly VersionDto[], metric: MetricName): SeriesPoint[] {
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
export function availableMetrics(versions: readonly VersionDto[]): MetricName[] {
  return METRICS.filter((m) => versions.some((v) => m.pick(v) !== undefined)).map((m) => m.name);
}

/**
 * The label of a metric over these versions: records say what they count (`Records (before deletes)`)
 * when any version's count is not the live row count, the basis of the newest such version.
 */
export function metricLabel(name: MetricName, versions: readonly VersionDto[]): string {
  const label = METRICS.find((m) => m.name === name)?.label ?? name;
  if (name !== 'records') return label;
  const notLive = versions.filter((v) => v.totals.records && !v.totals.records.live).at(-1);
  return notLive ? `${label} (${notLive.totals.records!.basis ?? 'before deletes'})` : label;
}
