/**
 * The garbage collector's part of a UI bench scroll trace (`UIBENCH_TRACE_DIR`'s scroll-trace*.json): the
 * page's JS heap when the scroll starts, and each major/minor GC on the page's main thread during the
 * scroll (wall and CPU time, heap before and after), plus the CPU of V8's incremental marking steps
 * there. Issue 17: the tree scroll's longest frames were mark-compacts finishing the marking that
 * expanding 100 manifests started, so the heap and the GCs are what a change of the tree's data shows.
 *
 *   npx tsx bench/ui-gc.ts /tmp/tr/scroll-trace*.json
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { type TraceEvent, marks } from './ui-trace.ts';

const FRAME = 'lakescope:scroll-frame';

/** What one scroll trace says about the heap and the GCs on the scrolling thread. */
export interface ScrollGc {
  /** JS heap used (MB) at the first counter sample at or after the scroll's first frame mark. */
  heapAtStartMb: number;
  /** Each GC during the scroll: kind, wall and CPU ms, heap MB before → after. */
  gcs: { kind: string; wallMs: number; cpuMs: number; beforeMb: number; afterMb: number }[];
  /** CPU ms of incremental marking steps (V8.GC_MC_INCREMENTAL) during the scroll, and their count. */
  incrementalCpuMs: number;
  incrementalSteps: number;
}

const mb = (bytes: unknown) => Number((Number(bytes) / 1e6).toFixed(1));
const ms = (us: number | undefined) => Number(((us ?? 0) / 1000).toFixed(2));

/** The GC summary of the scroll in `events` (the thread the frame marks are on, between the first and last mark). */
export function scrollGc(events: readonly TraceEvent[]): ScrollGc {
  const fm = marks(events, FRAME);
  if (fm.length < 2) throw new Error('no scroll frame marks in this trace');
  const { pid, tid } = fm[0]!;
  const from = fm[0]!.ts;
  const to = fm[fm.length - 1]!.ts;
  const on = events.filter((e) => e.pid === pid && e.tid === tid).sort((a, b) => a.ts - b.ts);
  const counter = on.find((e) => e.name === 'UpdateCounters' && e.ts >= from);
  const inside = on.filter((e) => e.ts >= from && e.ts < to);
  const gcs = inside.filter((e) => e.name === 'MajorGC' || e.name === 'MinorGC').map((e) => ({
    kind: `${e.name} (${String(e.args?.type ?? '')})`, wallMs: ms(e.dur), cpuMs: ms(e.tdur),
    beforeMb: mb(e.args?.usedHeapSizeBefore), afterMb: mb(e.args?.usedHeapSizeAfter),
  }));
  const steps = inside.filter((e) => e.name === 'V8.GC_MC_INCREMENTAL');
  return {
    heapAtStartMb: mb(counter?.args?.data?.jsHeapSizeUsed),
    gcs,
    incrementalCpuMs: ms(steps.reduce((s, e) => s + (e.tdur ?? 0), 0)),
    incrementalSteps: steps.length,
  };
}

if (process.argv[1] && basename(process.argv[1]).startsWith('ui-gc')) {
  for (const file of process.argv.slice(2)) {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
    const s = scrollGc(Array.isArray(json) ? json : json.traceEvents ?? []);
    const gcs = s.gcs.map((g) => `${g.kind} ${g.wallMs} ms wall / ${g.cpuMs} ms CPU, ${g.beforeMb} → ${g.afterMb} MB`).join('; ') || 'none';
    console.log(`${file}: heap at scroll start ${s.heapAtStartMb} MB; GCs during the scroll: ${gcs}; incremental marking ${s.incrementalSteps} steps, ${s.incrementalCpuMs} ms CPU`);
  }
}
