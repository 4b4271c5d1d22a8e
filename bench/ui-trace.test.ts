import { describe, expect, it } from 'vitest';
import { type TraceEvent, threadCpuWithin } from './ui-trace.ts';

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
