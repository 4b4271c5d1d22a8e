import { describe, expect, it } from 'vitest';
import { abortable, nextTask, pool, poolSettled } from './async.ts';
import { isLakeError } from '../errors.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('pool', () => {
  it('keeps order and never exceeds the limit', async () => {
    let inFlight = 0;
    let peak = 0;
    const out = await pool([5, 1, 4, 2, 3, 0], 2, async (x) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await sleep(x);
      inFlight--;
      return x * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 0]);
    expect(peak).toBe(2);
  });
  it('stops starting new items after a failure', async () => {
    const started: number[] = [];
    await expect(pool([1, 2, 3, 4, 5], 1, async (x) => {
      started.push(x);
      if (x === 2) throw new Error('fail');
      return x;
    })).rejects.toThrow('fail');
    expect(started).toEqual([1, 2]);
  });
  it('rejects with Aborted when the signal fires', async () => {
    const ac = new AbortController();
    const p = pool([1, 2, 3, 4], 1, async (x) => { if (x === 2) ac.abort(); await sleep(1); return x; }, ac.signal);
    await expect(p).rejects.toSatisfy((e) => isLakeError(e, 'Aborted'));
  });
  it('empty input', async () => {
    expect(await pool([], 4, async () => 1)).toEqual([]);
  });
});

describe('abortable', () => {
  it('rejects on abort even when the work never settles', async () => {
    const ac = new AbortController();
    const p = abortable(new Promise(() => {}), ac.signal);
    ac.abort();
    await expect(p).rejects.toSatisfy((e) => isLakeError(e, 'Aborted'));
  });
});

describe('poolSettled', () => {
  it('keeps order and the limit, like pool', async () => {
    let inFlight = 0; let peak = 0;
    const out = await poolSettled([3, 1, 2], 2, async (x) => { inFlight++; peak = Math.max(peak, inFlight); await sleep(x); inFlight--; return x; });
    expect(out).toEqual([3, 1, 2]);
    expect(peak).toBe(2);
  });

  it('rejects with the first failure only once the calls in flight have finished, starting none after it', async () => {
    const finished: number[] = [];
    const started: number[] = [];
    const run = poolSettled([0, 1, 2, 3, 4], 3, async (x) => {
      started.push(x);
      if (x === 0) { await sleep(2); throw new Error('write 0 failed'); }
      await sleep(30);
      finished.push(x);
      return x;
    });
    await expect(run).rejects.toThrow('write 0 failed');
    expect(finished.sort()).toEqual([1, 2]); // both were in flight when 0 failed: awaited, not abandoned
    expect(started).not.toContain(3);
    // pool, by contrast, rejects while the others still run
    const late: number[] = [];
    await expect(pool([0, 1], 2, async (x) => { if (x === 0) throw new Error('x'); await sleep(30); late.push(x); })).rejects.toThrow('x');
    expect(late).toEqual([]);
  });

  it('an abort rejects with Aborted after the calls in flight settle', async () => {
    const ac = new AbortController();
    let running = 0;
    const run = poolSettled([1, 2, 3, 4], 2, async (_x, _i, signal) => {
      running++;
      try {
        await new Promise((resolve, reject) => {
          const t = setTimeout(resolve, 20);
          signal?.addEventListener('abort', () => { clearTimeout(t); setTimeout(() => reject(new Error('stopped')), 5); }, { once: true });
        });
      } finally {
        running--;
      }
    }, ac.signal);
    setTimeout(() => ac.abort(), 5);
    const err = await run.catch((e: unknown) => e);
    expect(running).toBe(0);
    expect(err instanceof Error && /stopped|abort/i.test(err.message)).toBe(true);
  });

  it('an abort while the last calls run rejects with Aborted even when they all succeed, as pool does', async () => {
    const ac = new AbortController();
    const run = poolSettled([1, 2], 2, async () => { await sleep(10); }, ac.signal);
    setTimeout(() => ac.abort(), 2);
    const err = await run.catch((e: unknown) => e);
    expect(isLakeError(err, 'Aborted')).toBe(true);
  });
});

describe('nextTask', () => {
  it('resolves after tasks queued before it, not as a microtask', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('queued task'));
    const waited = nextTask().then(() => order.push('after nextTask'));
    await Promise.resolve();
    await Promise.resolve();
    expect(order).toEqual([]);
    await waited;
    expect(order).toEqual(['queued task', 'after nextTask']);
  });

  it('without setImmediate (browsers, workers) resolves through a MessageChannel message, in a later task', async () => {
    const setImmediateOf = globalThis.setImmediate;
    (globalThis as { setImmediate?: unknown }).setImmediate = undefined;
    try {
      let done = false;
      const waited = nextTask().then(() => { done = true; });
      for (let i = 0; i < 10; i++) await Promise.resolve();
      expect(done).toBe(false);
      await waited;
      expect(done).toBe(true);
    } finally {
      globalThis.setImmediate = setImmediateOf;
    }
  });
});
