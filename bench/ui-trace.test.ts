import { describe, expect, it } from 'vitest';
import { type TraceEvent, cpuWorkPerFrame, heapDuringFramesMiB, threadCpuWithin, workPerFrame } from './ui-trace.ts';

const MARK = 'lakescope:scroll-frame';
const mark = (ts: number, tts: number): TraceEvent => ({ name: MARK, cat: 'blink.user_timing', ph: 'I', ts, tts, pid: 1, tid: 1 });
const work = (name: string, ts: number, dur: number, tts: number, tdur: number, tid = 1): TraceEvent => ({ name, ph: 'X', ts, dur, tts, tdur, pid: 1, tid });

describe('cpuWorkPerFrame', () => {
  it('counts the thread\'s CPU time per frame, nested events once, other threads and non-work events not at all', () => {
    const events = [
      mark(0, 0), mark(16_000, 5_000), mark(32_000, 9_000),
      // Frame 1: a script task that waited for a core (10 ms wall, 3 ms CPU) with a nested layout, and a style update.
      work('FunctionCall', 1_000, 10_000, 100, 3_000), work('Layout', 2_000, 4_000, 200, 1_000), work('UpdateLayoutTree', 12_000, 1_000, 3_500, 500),
      // Not work (paint), and work on another thread.
      work('Paint', 13_000, 1_000, 4_000, 900), work('FunctionCall', 1_000, 5_000, 0, 5_000, 2),
      // Frame 2: 2 ms of CPU.
      work('EventDispatch', 17_000, 2_000, 6_000, 2_000),
    ];
    expect(cpuWorkPerFrame(events, MARK)).toEqual([3.5, 2]);
    // The wall-clock figure of the same frames includes the wait.
    expect(workPerFrame(events, MARK)).toEqual([11, 2]);
  });

  it('no figure without two marks carrying a thread clock', () => {
    expect(cpuWorkPerFrame([mark(0, 0)], MARK)).toEqual([]);
    expect(cpuWorkPerFrame([{ name: MARK, cat: 'blink.user_timing', ph: 'I', ts: 0, pid: 1, tid: 1 }, mark(1, 1)], MARK)).toEqual([]);
  });
});

const task = (ts: number, dur: number, tdur: number, tid = 1): TraceEvent & { tdur: number } => ({ name: 'RunTask', ph: 'X', ts, dur, tdur, pid: 7, tid });

describe('threadCpuWithin', () => {
  it('sums the thread time of top-level tasks in the window, nested ones once, partial ones in proportion', () => {
    const events = [
      task(0, 100, 40), // half inside [50, 1050): 20
      task(200, 300, 100), // inside: 100
      task(250, 50, 30), // nested in the previous one: not counted again
      task(600, 100, 80, 2), // another thread
      task(1000, 200, 60), // a quarter inside: 15
      { name: 'Paint', ph: 'X', ts: 700, dur: 10, pid: 7, tid: 1 },
    ];
    expect(threadCpuWithin(events, 7, 1, 50, 1050)).toBeCloseTo((20 + 100 + 15) / 1000);
    expect(threadCpuWithin(events, 7, 2, 0, 2000)).toBeCloseTo(0.08);
  });
});

describe('heapDuringFramesMiB', () => {
  const mark = (ts: number, tid = 1): TraceEvent => ({ name: 'f', cat: 'blink.user_timing', ph: 'R', ts, pid: 1, tid });
  const counters = (ts: number, used: number, tid = 1): TraceEvent => ({ name: 'UpdateCounters', ph: 'I', ts, pid: 1, tid, args: { data: { jsHeapSizeUsed: used } } });

  it('is the least heap the marks\' thread reported between its first and last mark', () => {
    const events = [mark(100), counters(50, 1 * 2 ** 20), counters(150, 70 * 2 ** 20), counters(200, 66 * 2 ** 20), counters(250, 10 * 2 ** 20, 2), mark(300), counters(350, 5 * 2 ** 20)];
    expect(heapDuringFramesMiB(events, 'f')).toBe(66);
  });

  it('has no figure without two marks or a sample between them', () => {
    expect(heapDuringFramesMiB([mark(100), counters(150, 2 ** 20)], 'f')).toBeUndefined();
    expect(heapDuringFramesMiB([mark(100), mark(200), counters(250, 2 ** 20)], 'f')).toBeUndefined();
  });
});
