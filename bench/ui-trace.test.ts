import { describe, expect, it } from 'vitest';
import { type TraceEvent, cpuWorkPerFrame, workPerFrame } from './ui-trace.ts';

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
