/**
 * Where the timeline draws its marks and axis labels (issue 12: "commits within the same second draw as
 * one mark … and the axis repeats the same label").
 * - {@link spreadMarks}: marks closer than a minimum gap are pushed apart around their common centre,
 *   so five commits made within one second are five marks a pointer can hit. Time order is kept.
 * - {@link timeTicks}: ticks at round steps (1 s … 1 year) with labels as fine as the step; a label
 *   equal to an earlier one is dropped, so the axis never repeats itself.
 * - {@link placeMarks}: both per lane — every version its own mark while the lane has room, thinned
 *   (pinned versions kept) only when it has not.
 */
import type { OverviewVersionDto } from '../../core/api/table-dto.ts';
import { thinMarks } from './downsample.ts';
import type { LaneLayout } from './lanes.ts';
import { opCategory } from './operations.ts';

/** Minimum distance between two marks' centres in px (marks are 8–10 px wide). */
export const MARK_GAP = 11;

/** A version's mark: where it is drawn and how many versions it stands for (1 unless thinned). */
export interface Placed { readonly v: OverviewVersionDto; readonly x: number; readonly lane: number; readonly count: number }

/**
 * The marks of `versions` within `domain` (epoch ms) on a plot from `left` to `left + width` px. Must
 * hold: while a lane has at most width / MARK_GAP versions in view, each is its own mark, MARK_GAP apart
 * from its neighbours, in time order.
 */
export function placeMarks(versions: readonly OverviewVersionDto[], layout: LaneLayout, domain: readonly [number, number], left: number, width: number, selectedId?: string): Placed[] {
  const [d0, d1] = domain;
  const span = Math.max(1, d1 - d0);
  const out: Placed[] = [];
  const fit = Math.max(2, Math.floor(width / MARK_GAP));
  // One pass over the versions (not one per lane), keeping their order within each lane.
  const byLane: OverviewVersionDto[][] = Array.from({ length: Math.max(1, layout.lanes.length) }, () => []);
  for (const v of versions) {
    if (v.timestampMs < d0 || v.timestampMs > d1) continue;
    const lane = layout.laneOf.get(v.id) ?? 0;
    (byLane[lane] ?? byLane[0]).push(v);
  }
  for (let lane = 0; lane < byLane.length; lane++) {
    const inLane = byLane[lane];
    const kept = inLane.length <= fit
      ? inLane.map((v) => ({ v, count: 1 }))
      : thinMarks(inLane.map((v) => ({ id: v.id, x: v.timestampMs, lane, category: opCategory(v.operation), pinned: v.isCurrent || v.id === selectedId || v.refs.length > 0, v })), d0, d1, Math.max(2, Math.floor(fit / 2)))
        .map((m) => ({ v: m.v, count: m.count }));
    const xs = spreadMarks(kept.map((k) => left + ((k.v.timestampMs - d0) / span) * width), MARK_GAP, left + 5, left + width - 5);
    kept.forEach((k, i) => out.push({ v: k.v, x: xs[i], lane, count: k.count }));
  }
  return out;
}

/**
 * Positions for marks at `xs` (pixels, ascending) so that neighbours are at least `gap` apart, each
 * cluster of colliding marks centred on the mean of its wanted positions, kept inside [lo, hi] when it
 * fits. Must hold: the result is ascending, same length, and (when (n−1)·gap ≤ hi−lo) neighbours differ
 * by ≥ gap. When they cannot fit, the gap shrinks evenly (the caller thins marks before that).
 */
export function spreadMarks(xs: readonly number[], gap: number, lo: number, hi: number): number[] {
  const n = xs.length;
  if (n === 0) return [];
  const g = n > 1 ? Math.min(gap, Math.max(0, hi - lo) / (n - 1)) : gap;
  // Clusters as [first index, count, sum of wanted x]; merge while a cluster overlaps the previous one.
  const clusters: { first: number; count: number; sum: number }[] = [];
  const startOf = (c: { count: number; sum: number }) => c.sum / c.count - ((c.count - 1) * g) / 2;
  for (let i = 0; i < n; i++) {
    clusters.push({ first: i, count: 1, sum: xs[i] });
    while (clusters.length > 1) {
      const b = clusters[clusters.length - 1];
      const a = clusters[clusters.length - 2];
      if (startOf(a) + a.count * g <= startOf(b) + 1e-9) break;
      clusters.pop();
      a.count += b.count;
      a.sum += b.sum;
    }
  }
  const out = new Array<number>(n);
  for (const c of clusters) {
    const s = startOf(c);
    for (let k = 0; k < c.count; k++) out[c.first + k] = s + k * g;
  }
  // Pull the ends inside [lo, hi]: shift the run that overflows, pushing neighbours along.
  if (out[0] < lo) { out[0] = lo; for (let i = 1; i < n && out[i] < out[i - 1] + g; i++) out[i] = out[i - 1] + g; }
  if (out[n - 1] > hi) { out[n - 1] = hi; for (let i = n - 2; i >= 0 && out[i] > out[i + 1] - g; i--) out[i] = out[i + 1] - g; }
  return out;
}

export interface Tick { readonly t: number; readonly label: string }

const S = 1000; const M = 60 * S; const H = 60 * M; const D = 24 * H;
/** Round steps, each with the finest field its labels need. */
const STEPS: readonly { ms: number; unit: 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year' }[] = [
  { ms: S, unit: 'second' }, { ms: 5 * S, unit: 'second' }, { ms: 15 * S, unit: 'second' }, { ms: 30 * S, unit: 'second' },
  { ms: M, unit: 'minute' }, { ms: 5 * M, unit: 'minute' }, { ms: 15 * M, unit: 'minute' }, { ms: 30 * M, unit: 'minute' },
  { ms: H, unit: 'hour' }, { ms: 3 * H, unit: 'hour' }, { ms: 6 * H, unit: 'hour' }, { ms: 12 * H, unit: 'hour' },
  { ms: D, unit: 'day' }, { ms: 2 * D, unit: 'day' }, { ms: 7 * D, unit: 'day' }, { ms: 14 * D, unit: 'day' },
  { ms: 30 * D, unit: 'month' }, { ms: 91 * D, unit: 'month' }, { ms: 365 * D, unit: 'year' },
];

const FORMATS: Record<(typeof STEPS)[number]['unit'], Intl.DateTimeFormatOptions> = {
  second: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  minute: { hour: '2-digit', minute: '2-digit' },
  hour: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  day: { month: 'short', day: 'numeric' },
  month: { year: 'numeric', month: 'short' },
  year: { year: 'numeric' },
};

/**
 * At most `maxTicks` ticks across [x0, x1] (epoch ms) at the smallest round step that fits, labelled in
 * `locale` (the reader's: `useLocale()`) and `timeZone` (the user's by default). Must hold: labels are
 * pairwise different and ticks ascend.
 */
export function timeTicks(x0: number, x1: number, maxTicks: number, locale: string, timeZone?: string): Tick[] {
  const span = Math.max(1, x1 - x0);
  const step = STEPS.find((s) => span / s.ms <= Math.max(1, maxTicks)) ?? STEPS[STEPS.length - 1];
  const fmt = dateFormat(locale, step.unit, timeZone);
  // Steps of a day or more fall on local midnights (offset by the zone), shorter ones on round UTC multiples.
  const offset = step.ms >= D ? zoneOffsetMs(x0, timeZone) : 0;
  const first = Math.ceil((x0 + offset) / step.ms) * step.ms - offset;
  const out: Tick[] = [];
  const seen = new Set<string>();
  for (let t = first; t <= x1 && out.length < maxTicks + 1; t += step.ms) {
    const label = fmt.format(t);
    if (seen.has(label)) continue;
    seen.add(label);
    out.push({ t, label });
  }
  return out;
}

/**
 * Formatters by locale, unit and zone, made once: building an Intl.DateTimeFormat costs far more than
 * formatting with one, and the ticks are recomputed on every zoom and resize (issue 17: the first paint).
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, unit: keyof typeof FORMATS | 'parts', timeZone?: string): Intl.DateTimeFormat {
  const key = `${locale}|${unit}|${timeZone ?? ''}`;
  let f = formats.get(key);
  if (!f) {
    f = unit === 'parts'
      ? new Intl.DateTimeFormat(locale, { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      : new Intl.DateTimeFormat(locale, { ...FORMATS[unit], hour12: false, ...(timeZone ? { timeZone } : {}) });
    formats.set(key, f);
  }
  return f;
}

/** Offset of `timeZone` from UTC at `t` in ms (east positive). */
function zoneOffsetMs(t: number, timeZone?: string): number {
  const parts = dateFormat('en-US', 'parts', timeZone).formatToParts(t);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(t / 1000) * 1000;
}
