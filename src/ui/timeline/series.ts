/**
 * The metric series under the timeline, from each version's summary counters (what the format records
 * at commit time, so no file is read): records, data files, delete files, bytes.
 */
import type { VersionDto } from '../../core/api/table-dto.ts';

export type MetricName = 'records' | 'files' | 'deleteFiles' | 'bytes';

export const METRICS: readonly { readonly name: MetricName; readonly label: string; readonly keys: readonly string[] }[] = [
  { name: 'records', label: 'Records (before deletes)', keys: ['total-records', 'totalRecordCount', 'numRecords', 'num_records'] },
  { name: 'files', label: 'Data files', keys: ['total-data-files', 'numFiles', 'num_files'] },
  { name: 'deleteFiles', label: 'Delete files', keys: ['total-delete-files', 'numDeletionVectors', 'num_delete_files'] },
  { name: 'bytes', label: 'Bytes', keys: ['total-files-size', 'sizeInBytes', 'total_size'] },
];

export interface SeriesPoint { readonly x: number; readonly y: number; readonly id: string }

/** The points of one metric, oldest first; versions whose summary lacks the counter are skipped. */
export function metricSeries(versions: readonly VersionDto[], metric: MetricName): SeriesPoint[] {
  const keys = METRICS.find((m) => m.name === metric)?.keys ?? [];
  const out: SeriesPoint[] = [];
  for (const v of versions) {
    const key = keys.find((k) => v.summary[k] !== undefined);
    if (key === undefined) continue;
    const y = Number(v.summary[key]);
    if (Number.isFinite(y)) out.push({ x: v.timestampMs, y, id: v.id });
  }
  return out;
}

/** The metrics that have at least one point (charts without data are not drawn). */
export function availableMetrics(versions: readonly VersionDto[]): MetricName[] {
  return METRICS.filter((m) => versions.some((v) => m.keys.some((k) => v.summary[k] !== undefined))).map((m) => m.name);
}
