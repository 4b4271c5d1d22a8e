import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutlineWaits } from './outline-shown.ts';

describe('createOutlineWaits', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  const t = { warehouseId: 'w1', root: 't/' };
  /** Whether `p` has settled after the microtasks that are due now. */
  async function settled(p: Promise<unknown>): Promise<boolean> {
    let done = false;
    void p.then(() => { done = true; });
    await vi.advanceTimersByTimeAsync(0);
    return done;
  }

  it('a wait ends when the page says the outline is shown, and not before', async () => {
    const waits = createOutlineWaits(100);
    const wait = waits.wait(t, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(99);
    expect(await settled(wait)).toBe(false);
    expect(waits.shown({ warehouseId: 'w1', root: 'other/' })).toBe(false);
    expect(waits.shown({ warehouseId: 'w2', root: 't/' })).toBe(false);
    expect(await settled(wait)).toBe(false);
    expect(waits.shown(t)).toBe(true);
    expect(await settled(wait)).toBe(true);
    expect(waits.shown(t)).toBe(false); // once
  });

  it('a wait nobody ends ends at its bound; an aborted one at once; both resolve, never reject', async () => {
    const waits = createOutlineWaits(100);
    const bounded = waits.wait(t, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled(bounded)).toBe(true);
    expect(waits.shown(t)).toBe(false);

    const abort = new AbortController();
    const aborted = waits.wait(t, abort.signal);
    abort.abort();
    expect(await settled(aborted)).toBe(true);
    const already = waits.wait(t, abort.signal);
    expect(await settled(already)).toBe(true);
  });

  it('a newer wait for the same table ends the older one; shown ends the newer', async () => {
    const waits = createOutlineWaits(100);
    const older = waits.wait(t, new AbortController().signal);
    const newer = waits.wait(t, new AbortController().signal);
    expect(await settled(older)).toBe(true);
    expect(await settled(newer)).toBe(false);
    expect(waits.shown(t)).toBe(true);
    expect(await settled(newer)).toBe(true);
  });
});
