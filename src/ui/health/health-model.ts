/**
 * The pure part of the Health tab: bucket labels, the histogram bars of the chosen partition with which
 * bars hold small files, ratios for the cards, and the series the charts draw.
 */
import type { PartitionHealthDto, SizeBucketDto, TableHealthDto } from '../../core/api/table-health-dto.ts';
import { formatBytes } from '../common/format.ts';

/** `< 1.00 KiB`, `1.00 KiB – 4.00 KiB`, `≥ 1.00 GiB`. */
export function bucketLabel(b: SizeBucketDto): string {
  if (b.lowerBytes === 0) return `< ${formatBytes(b.upperBytes!)}`;
  if (b.upperBytes === undefined) return `≥ ${formatBytes(b.lowerBytes)}`;
  return `${formatBytes(b.lowerBytes)} – ${formatBytes(b.upperBytes)}`;
}

export interface HistogramBar {
  readonly label: string;
  readonly files: number;
  /** The bucket starts below the small-file line (its files are small, or some of them when it straddles it). */
  readonly small: boolean;
}

/**
 * The bars of one partition (key from {@link partitionKey}) or of the whole table (key ''), trimmed to the
 * buckets from the first to the last non-empty one so the chart uses its width.
 */
export function histogramBars(h: TableHealthDto, key: string): HistogramBar[] {
  const counts = key === '' ? h.histogram : h.partitions.find((p) => partitionKey(p) === key)?.histogram ?? [];
  const bars = h.buckets.map((b, i) => ({ label: bucketLabel(b), files: counts[i] ?? 0, small: b.lowerBytes < h.rule.smallFileBytes }));
  const first = bars.findIndex((b) => b.files > 0);
  if (first < 0) return [];
  let last = bars.length - 1;
  while (bars[last].files === 0) last--;
  return bars.slice(first, last + 1);
}

/** A partition's identity in the view (spec id and text). */
export function partitionKey(p: PartitionHealthDto): string {
  return `${p.specId ?? ''}:${p.partition}`;
}

/** How a partition reads in a list ('(unpartitioned)' for the empty one, the spec when several exist). */
export function partitionName(p: PartitionHealthDto, manySpecs: boolean): string {
  const name = p.partition || '(unpartitioned)';
  return manySpecs && p.specId !== undefined ? `${name} · spec ${p.specId}` : name;
}

/** `42%` (whole percent; `<1%` for a non-zero share below one percent; `—` without a whole). */
export function percent(part: number, whole: number): string {
  if (whole <= 0) return '—';
  const p = (100 * part) / whole;
  return p > 0 && p < 1 ? '<1%' : `${Math.round(p)}%`;
}

export interface SeriesPoint { readonly x: number; readonly [name: string]: number | undefined }

/**
 * Versions (all of them), data files and delete files (only on the current version's line: another
 * branch's counters are another history, and mixing them draws a zigzag) by commit time.
 */
export function versionSeries(h: TableHealthDto): SeriesPoint[] {
  return h.versions.map((v) => ({
    x: v.timestampMs, versions: v.versions, ...(v.onCurrentLine ? { dataFiles: v.dataFiles, deleteFiles: v.deleteFiles } : {}),
  }));
}

/** Which of the per-version counters the versions record at all. */
export function recordedCounters(h: TableHealthDto): ('dataFiles' | 'deleteFiles')[] {
  return (['dataFiles', 'deleteFiles'] as const).filter((k) => h.versions.some((v) => v[k] !== undefined));
}
