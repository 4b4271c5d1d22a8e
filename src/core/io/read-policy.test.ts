import { describe, expect, it, vi } from 'vitest';
import { LakeError } from '../errors.ts';
import { readBackoffMs, withReadRetries, type ReadPolicy } from './read-policy.ts';

const io = (ctx = {}) => new LakeError('Io', "s3: read 'k': HTTP 500", { key: 'k', status: 500, ...ctx });

describe('read policy', () => {
  it('backs off exponentially with jitter inside [base/2, base] and never beyond the cap', () => {
    const p: ReadPolicy = { retries: 10, minWaitMs: 100, maxWaitMs: 1000, timeoutMs: 0 };
    expect([1, 2, 3, 4, 5, 9].map((r) => readBackoffMs({ ...p, random: () => 0 }, r))).toEqual([50, 100, 200, 400, 500, 500]);
    expect([1, 2, 3, 4, 5, 9].map((r) => readBackoffMs({ ...p, random: () => 0.999999 }, r))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it('retries retryable Io on a fake clock, then succeeds; never retries 4xx, Auth or NotFound', async () => {
    const waits: number[] = [];
    const policy: ReadPolicy = { retries: 4, minWaitMs: 100, maxWaitMs: 300, timeoutMs: 0, random: () => 0.5, sleep: async (ms) => { waits.push(ms); } };
    let n = 0;
    expect(await withReadRetries('w', {}, policy, async () => { if (++n < 4) throw io(); return 'ok'; })).toBe('ok');
    expect(waits).toEqual([75, 150, 225]);
    for (const e of [io({ status: 416 }), new LakeError('Auth', 'no'), new LakeError('NotFound', 'no')]) {
      let calls = 0;
      await expect(withReadRetries('w', {}, policy, async () => { calls++; throw e; })).rejects.toBe(e);
      expect(calls).toBe(1);
    }
  });

  it('gives up after `retries` with the count; throttling gets its own detail', async () => {
    const policy: ReadPolicy = { retries: 2, minWaitMs: 1, maxWaitMs: 1, timeoutMs: 0, sleep: async () => {} };
    const plain = await withReadRetries('w', {}, policy, async () => { throw io(); }).catch((e: LakeError) => e);
    expect(plain.message).toMatch(/retried 2 times/);
    expect(plain.context.throttled).toBeUndefined();
    const slow = await withReadRetries('w', {}, policy, async () => { throw io({ status: 503, s3Code: 'SlowDown' }); }).catch((e: LakeError) => e);
    expect(slow.code).toBe('Io');
    expect(slow.context).toMatchObject({ throttled: true, retries: 2, key: 'k' });
    expect(slow.message).toContain('the bucket is throttling requests (503 SlowDown); retried 2 times');
  });

  it('ends a stalled attempt at its time limit with Io naming the call (the attempt signal fires)', async () => {
    let aborted = false;
    const policy: ReadPolicy = { retries: 0, minWaitMs: 1, maxWaitMs: 1, timeoutMs: 50 };
    const e: LakeError = await withReadRetries("s3: read 'data/x.parquet'", { key: 'data/x.parquet' }, policy, (signal) => new Promise((_, reject) => {
      signal!.addEventListener('abort', () => { aborted = true; reject(new Error('aborted')); });
    })).then(() => { throw new Error('no timeout'); }, (err: LakeError) => err);
    expect(e.code).toBe('Io');
    expect(e.context).toMatchObject({ timedOut: true, timeoutMs: 50 });
    expect(e.message).toContain("s3: read 'data/x.parquet': no answer within 50 ms");
    expect(aborted).toBe(true);
  });

  it("the caller's abort is Aborted at once, never retried", async () => {
    const ctl = new AbortController();
    let calls = 0;
    const policy: ReadPolicy = { retries: 5, minWaitMs: 1, maxWaitMs: 1, timeoutMs: 1000, sleep: async () => {} };
    const p = withReadRetries('w', {}, policy, (signal) => new Promise((_, reject) => {
      calls++;
      signal!.addEventListener('abort', () => reject(new LakeError('Aborted', 'w: aborted')));
    }), ctl.signal);
    ctl.abort();
    await expect(p).rejects.toMatchObject({ code: 'Aborted' });
    expect(calls).toBe(1);
  });

  it('attempts share the time limits: a stalled one ends at its limit while others answer, and no timer is left behind', async () => {
    vi.useFakeTimers();
    try {
      const policy: ReadPolicy = { retries: 0, minWaitMs: 1, maxWaitMs: 1, timeoutMs: 1000 };
      const stall = (signal: AbortSignal | undefined) => new Promise<string>((_, reject) => signal!.addEventListener('abort', () => reject(new Error('aborted'))));
      const later = (ms: number, v: string) => () => new Promise<string>((r) => setTimeout(() => r(v), ms));
      const first = withReadRetries('a', { key: 'a' }, policy, stall).catch((e: LakeError) => e);
      await vi.advanceTimersByTimeAsync(400);
      const second = withReadRetries('b', { key: 'b' }, policy, stall).catch((e: LakeError) => e);
      const quick = withReadRetries('c', { key: 'c' }, policy, later(100, 'c done'));
      await vi.advanceTimersByTimeAsync(100);
      expect(await quick).toBe('c done');
      await vi.advanceTimersByTimeAsync(499); // t = 999: nothing has timed out yet
      let firstDone = false; void first.then(() => { firstDone = true; });
      await vi.advanceTimersByTimeAsync(0);
      expect(firstDone).toBe(false);
      await vi.advanceTimersByTimeAsync(1); // t = 1000: the first attempt's limit
      expect(await first).toMatchObject({ code: 'Io', context: { key: 'a', timedOut: true, timeoutMs: 1000 } });
      let secondDone = false; void second.then(() => { secondDone = true; });
      await vi.advanceTimersByTimeAsync(399);
      expect(secondDone).toBe(false);
      await vi.advanceTimersByTimeAsync(1); // t = 1400: the second's
      expect(await second).toMatchObject({ code: 'Io', context: { key: 'b', timedOut: true } });
      expect(vi.getTimerCount()).toBe(0);
      // An attempt that answers leaves no timer either (a timer left armed would keep a Node process alive).
      const d = withReadRetries('d', {}, policy, later(5, 'd done'));
      expect(vi.getTimerCount()).toBe(2); // its limit and its own 5 ms
      await vi.advanceTimersByTimeAsync(5);
      expect(await d).toBe('d done');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
