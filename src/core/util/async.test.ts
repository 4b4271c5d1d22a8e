import { describe, expect, it } from 'vitest';
import { abortable, pool } from './async.ts';
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
