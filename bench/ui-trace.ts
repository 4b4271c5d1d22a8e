/**
 * Reading a Chromium trace (Playwright's `browser.startTracing`, JSON `traceEvents`) for the UI bench:
 * the main-thread work per frame (script + style + layout, nested events counted once) and the time from
 * a network response to a user-timing mark. Frame gaps in headless Chromium snap to the display's 16.7 ms,
 * so the bench measures the work inside each frame, not the gap between frames.
 */

export interface TraceEvent {
  readonly name: string; readonly cat?: string; readonly ph: string; readonly ts: number; readonly dur?: number;
  /** Thread clock (µs of CPU time the thread ran) at the start, and the CPU time inside the event. */
  readonly tts?: number; readonly tdur?: number;
  readonly pid: number; readonly tid: number; readonly args?: { data?: Record<string, unknown> } & Record<string, unknown>;
}

/** Main-thread events that are script, style or layout work (DevTools' "Scripting" and "Rendering" minus paint). */
export const WORK_EVENTS: ReadonlySet<string> = new Set([
  // script
  'FunctionCall', 'EvaluateScript', 'v8.evaluateModule', 'FireAnimationFrame', 'TimerFire', 'EventDispatch', 'RunMicrotasks',
  'v8.callFunction', 'V8.Execute', 'FireIdleCallback', 'XHRReadyStateChange', 'MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'V8.GC_MARK_COMPACTOR',
  // style and layout
  'UpdateLayoutTree', 'RecalculateStyles', 'Layout', 'UpdateLayerTree', 'HitTest', 'IntersectionObserverController::computeIntersections',
]);

/** Merges `[start, end)` intervals (µs). */
export function mergeIntervals(iv: Array<[number, number]>): Array<[number, number]> {
  const s = [...iv].sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [a, b] of s) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Total length of `merged` (sorted, disjoint) inside `[from, to)`. */
export function coveredWithin(merged: ReadonlyArray<readonly [number, number]>, from: number, to: number): number {
  let sum = 0;
  for (const [a, b] of merged) {
    if (b <= from) continue;
    if (a >= to) break;
    sum += Math.min(b, to) - Math.max(a, from);
  }
  return sum;
}

/** User-timing marks named `name` (instant or zero-length events), as {pid, tid, ts}. */
export function marks(events: readonly TraceEvent[], name: string): TraceEvent[] {
  return events.filter((e) => e.name === name && (e.cat ?? '').includes('blink.user_timing')).sort((a, b) => a.ts - b.ts);
}

/**
 * Work (ms) of the thread the `frameMark` marks are on, per frame between consecutive marks: script + style
 * + layout events merged so nested ones count once.
 */
export function workPerFrame(events: readonly TraceEvent[], frameMark: string): number[] {
  const ms = marks(events, frameMark);
  if (ms.length < 2) return [];
  const { pid, tid } = ms[0];
  const iv: Array<[number, number]> = [];
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid || e.ph !== 'X' || !WORK_EVENTS.has(e.name)) continue;
    iv.push([e.ts, e.ts + (e.dur ?? 0)]);
  }
  const merged = mergeIntervals(iv);
  const out: number[] = [];
  for (let i = 0; i + 1 < ms.length; i++) out.push(coveredWithin(merged, ms[i].ts, ms[i + 1].ts) / 1000);
  return out;
}

/**
 * The same work per frame in the thread's CPU time (trace `tts`/`tdur`): what the thread ran, without the
 * time it waited for a core. On a shared machine (load above the core count) wall durations include other
 * processes' slices, so this is the steadier figure. Frames are cut at the marks' thread clock.
 */
export function cpuWorkPerFrame(events: readonly TraceEvent[], frameMark: string): number[] {
  const ms = marks(events, frameMark).filter((m) => m.tts !== undefined);
  if (ms.length < 2) return [];
  const { pid, tid } = ms[0];
  const iv: Array<[number, number]> = [];
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid || e.ph !== 'X' || !WORK_EVENTS.has(e.name) || e.tts === undefined || e.tdur === undefined) continue;
    iv.push([e.tts, e.tts + e.tdur]);
  }
  const merged = mergeIntervals(iv);
  const out: number[] = [];
  for (let i = 0; i + 1 < ms.length; i++) out.push(coveredWithin(merged, ms[i].tts!, ms[i + 1].tts!) / 1000);
  return out;
}

/**
 * When (trace µs) the response of the last request before `before` whose URL matches `url` finished
 * loading (ResourceFinish), on any thread — the engine worker's fetches included.
 */
export function responseFinished(events: readonly TraceEvent[], url: RegExp, before: number): number | undefined {
  const urls = new Map<string, string>();
  for (const e of events) {
    if (e.name === 'ResourceSendRequest' && e.args?.data) urls.set(String(e.args.data.requestId), String(e.args.data.url));
  }
  let best: number | undefined;
  for (const e of events) {
    if (e.name !== 'ResourceFinish' || !e.args?.data || e.ts > before) continue;
    const u = urls.get(String(e.args.data.requestId));
    if (u !== undefined && url.test(u) && (best === undefined || e.ts > best)) best = e.ts;
  }
  return best;
}

/**
 * CPU time (ms, the thread clock: `tdur`) that thread `pid`/`tid` spent in top-level tasks between `from`
 * and `to` (trace µs). A task partly inside counts in proportion. On a loaded machine wall times of a
 * task stretch with the load while its thread time does not, so this is the steadier A/B figure.
 */
export function threadCpuWithin(events: readonly TraceEvent[], pid: number, tid: number, from: number, to: number): number {
  const tasks = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === 'RunTask' && (e.dur ?? 0) > 0 && e.ts < to && e.ts + (e.dur ?? 0) > from)
    .sort((a, b) => a.ts - b.ts);
  let sum = 0;
  let end = -Infinity;
  for (const e of tasks) {
    const dur = e.dur ?? 0;
    if (e.ts + dur <= end) continue; // nested in the previous top-level task
    end = e.ts + dur;
    const inside = Math.min(e.ts + dur, to) - Math.max(e.ts, from);
    sum += ((e as { tdur?: number }).tdur ?? dur) * (inside / dur);
  }
  return sum / 1000;
}

/**
 * The smallest JS heap (MiB) the thread of the `frameMark` marks reported between its first and last mark
 * (DevTools' `UpdateCounters` samples, `jsHeapSizeUsed`): about what the page keeps alive while it scrolls —
 * what a major GC in the middle of the scroll has to mark. Undefined without two marks or a sample.
 */
export function heapDuringFramesMiB(events: readonly TraceEvent[], frameMark: string): number | undefined {
  const ms = marks(events, frameMark);
  if (ms.length < 2) return undefined;
  const { pid, tid } = ms[0];
  const from = ms[0].ts;
  const to = ms[ms.length - 1].ts;
  let least = Infinity;
  for (const e of events) {
    if (e.name !== 'UpdateCounters' || e.pid !== pid || e.tid !== tid || e.ts < from || e.ts > to) continue;
    const used = e.args?.data?.jsHeapSizeUsed;
    if (typeof used === 'number' && used < least) least = used;
  }
  return Number.isFinite(least) ? least / 2 ** 20 : undefined;
}
