/**
 * Keeping charts fast with 10,000 versions (notes/ui-design.md "charts downsample"):
 * - {@link lttb}: Largest-Triangle-Three-Buckets (Steinarsson 2013) for the metric lines — keeps the
 *   visual shape (peaks, drops) with a few hundred points. About 40 lines, so written here rather than
 *   adding a dependency.
 * - {@link thinMarks}: for the lane marks, one mark per lane, pixel bucket and operation category, but
 *   never dropping a mark that matters (current, selected, a ref's target).
 */

export interface Point { readonly x: number; readonly y: number }

/** At most `threshold` points of `data` (sorted by x), first and last kept. */
export function lttb<T extends Point>(data: readonly T[], threshold: number): T[] {
  if (threshold >= data.length || threshold < 3) return [...data];
  const out: T[] = [data[0]];
  const every = (data.length - 2) / (threshold - 2);
  let a = 0;
  for (let i = 0; i < threshold - 2; i++) {
    // Average of the next bucket: the third triangle corner.
    const nextStart = Math.floor((i + 1) * every) + 1;
    const nextEnd = Math.min(Math.floor((i + 2) * every) + 1, data.length);
    let avgX = 0; let avgY = 0;
    for (let j = nextStart; j < nextEnd; j++) { avgX += data[j].x; avgY += data[j].y; }
    const n = Math.max(1, nextEnd - nextStart);
    avgX /= n; avgY /= n;
    const start = Math.floor(i * every) + 1;
    const end = Math.floor((i + 1) * every) + 1;
    let best = start; let bestArea = -1;
    for (let j = start; j < end; j++) {
      const area = Math.abs((data[a].x - avgX) * (data[j].y - data[a].y) - (data[a].x - data[j].x) * (avgY - data[a].y));
      if (area > bestArea) { bestArea = area; best = j; }
    }
    out.push(data[best]);
    a = best;
  }
  out.push(data[data.length - 1]);
  return out;
}

export interface Mark {
  readonly id: string;
  readonly x: number;
  readonly lane: number;
  readonly category: string;
  /** Never dropped (current, selected, ref target). */
  readonly pinned?: boolean;
}

/** A kept mark and how many marks it stands for (itself included). */
export type Thinned<M extends Mark> = M & { readonly count: number };

/**
 * Thins marks within [x0, x1] to at most one per (lane, bucket, category), with `buckets` buckets across
 * the range; pinned marks are always kept. Marks outside the range are dropped.
 */
export function thinMarks<M extends Mark>(marks: readonly M[], x0: number, x1: number, buckets: number): Thinned<M>[] {
  const span = Math.max(1e-9, x1 - x0);
  const kept = new Map<string, { mark: M; count: number }>();
  const pinned: Thinned<M>[] = [];
  for (const m of marks) {
    if (m.x < x0 || m.x > x1) continue;
    if (m.pinned) { pinned.push({ ...m, count: 1 }); continue; }
    const b = Math.min(buckets - 1, Math.floor(((m.x - x0) / span) * buckets));
    const key = `${m.lane}|${b}|${m.category}`;
    const k = kept.get(key);
    if (k) k.count++;
    else kept.set(key, { mark: m, count: 1 });
  }
  const out = [...kept.values()].map(({ mark, count }) => ({ ...mark, count }));
  return [...out, ...pinned].sort((a, b) => a.x - b.x);
}
