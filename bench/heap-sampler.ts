/**
 * Peak heap over a stretch of work: samples V8's used heap every `intervalMs` (a timer, so it samples
 * whenever the measured work yields to the event loop — planning awaits I/O per manifest) and once at
 * the end. With `node --expose-gc` it collects garbage first so the baseline is the live heap.
 */
import { getHeapStatistics } from 'node:v8';

/** Peak and baseline of V8's used heap (bytes) over the work between `start` and `stop`. */
export class HeapSampler {
  private peak = 0;
  private base = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly intervalMs = 5) {}

  start(): void {
    (globalThis as { gc?: () => void }).gc?.();
    this.base = getHeapStatistics().used_heap_size;
    this.peak = this.base;
    this.timer = setInterval(() => this.sample(), this.intervalMs);
  }

  /** Stops sampling; returns the peak used heap and the peak above the baseline taken at `start`. */
  stop(): { peakBytes: number; aboveBaseBytes: number } {
    this.sample();
    clearInterval(this.timer);
    return { peakBytes: this.peak, aboveBaseBytes: this.peak - this.base };
  }

  private sample(): void {
    const used = getHeapStatistics().used_heap_size;
    if (used > this.peak) this.peak = used;
  }
}

/** Runs `fn` under a sampler. */
export async function withPeakHeap<T>(fn: () => Promise<T>): Promise<[T, { peakBytes: number; aboveBaseBytes: number }]> {
  const s = new HeapSampler();
  s.start();
  try {
    const r = await fn();
    return [r, s.stop()];
  } catch (e) {
    s.stop();
    throw e;
  }
}
