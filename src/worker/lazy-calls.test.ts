import { describe, expect, it } from 'vitest';
import { lazyCalls, lazyModule } from './lazy-calls.ts';

describe('lazy handler groups', () => {
  it('imports the group on the first call only, and forwards params and context', async () => {
    let loads = 0;
    const group = lazyModule(async () => {
      loads++;
      return { async double(p: { n: number }, ctx: { k: number }) { return p.n * 2 + ctx.k; }, hook: () => 7 };
    });
    const calls = lazyCalls(group, ['double']);
    expect(loads).toBe(0);
    expect(group.loaded()).toBeUndefined();
    expect(Object.keys(calls)).toEqual(['double']);
    expect(await calls.double({ n: 2 }, { k: 1 })).toBe(5);
    expect(await calls.double({ n: 3 }, { k: 0 })).toBe(6);
    expect(loads).toBe(1);
    expect(group.loaded()?.hook()).toBe(7);
  });

  it('a failed import is tried again on the next call', async () => {
    let loads = 0;
    const group = lazyModule(async () => {
      if (++loads === 1) throw new Error('chunk failed to load');
      return { async ping() { return 'pong'; } };
    });
    const calls = lazyCalls(group, ['ping']);
    await expect(calls.ping()).rejects.toThrow('chunk failed to load');
    expect(group.loaded()).toBeUndefined();
    expect(await calls.ping()).toBe('pong');
    expect(loads).toBe(2);
  });
});
