/**
 * The pure part of the Health tab: bucket labels, the histogram bars of the chosen partition with which
 * bars hold small files, ratios for the cards, and the series the charts draw.
 */
import type { PartitionHealthDto, SizeBucketDto, TableHealthDto } from '../../core/api/table-health-dto.ts';
import type { Translator } from '../common/messages.ts';
import { partitionLabel } from '../partitions/partition-label.ts';

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** A power-of-two size as a number and unit: 4096 → [4, 'KiB']. */
function sizeParts(bytes: number): [number, string] {
  let v = bytes; let u = 0;
  while (v >= 1024 && u < UNITS.length - 1) { v /= 1024; u++; }
  return [v, UNITS[u]];
}

/** Short bucket labels for a chart axis: `< 1 KiB`, `1–4 KiB`, `256 KiB–1 MiB`, `≥ 1 GiB`. */
export function bucketLabel(b: SizeBucketDto): string {
  if (b.lowerBytes === 0) return `< ${sizeParts(b.upperBytes!).join(' ')}`;
  if (b.upperBytes === undefined) return `≥ ${sizeParts(b.lowerBytes).join(' ')}`;
  const [lo, lu] = sizeParts(b.lowerBytes); const [hi, hu] = sizeParts(b.upperBytes);
  return lu === hu ? `${lo}–${hi} ${hu}` : `${lo} ${lu}–${hi} ${hu}`;
}

export interface HistogramBar {
  readonly label: string;
  readonly files: number;
  /** The bucket starts below the small-file line (its files are small, or some of them when it straddles it). */
  readonly small: boolean;
}

/**
 * The bars of one partition (key from {@link partitionKey}) or of the whole table (key ''): every bucket,
 * empty ones too, so the reader sees how far the files are from the target size.
 */
export function histogramBars(h: TableHealthDto, key: string): HistogramBar[] {
  const counts = key === '' ? h.histogram : h.partitions.find((p) => partitionKey(p) === key)?.histogram ?? [];
  return h.buckets.map((b, i) => ({ label: bucketLabel(b), files: counts[i] ?? 0, small: b.lowerBytes < h.rule.smallFileBytes }));
}

/** A partition's identity in the view (spec id and text). */
export function partitionKey(p: PartitionHealthDto): string {
  return `${p.specId ?? ''}:${p.partition}`;
}

/** How a partition reads in a list ('(unpartitioned)' for the empty one in the reader's language, the spec when several exist). */
export function partitionName(p: PartitionHealthDto, manySpecs: boolean, tr: Translator): string {
  const name = partitionLabel(p.partition, p.partition === '', tr);
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
