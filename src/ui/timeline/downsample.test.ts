import { describe, expect, it } from 'vitest';
import { lttb, thinMarks } from './downsample.ts';

describe('lttb', () => {
  it('keeps first, last and the spike, and returns exactly the threshold', () => {
    const data = Array.from({ length: 1000 }, (_, i) => ({ x: i, y: i === 500 ? 1000 : 1 }));
    const out = lttb(data, 50);
    expect(out).toHaveLength(50);
    expect(out[0]).toBe(data[0]);
    expect(out.at(-1)).toBe(data[999]);
    expect(out.some((p) => p.y === 1000)).toBe(true);
    for (let i = 1; i < out.length; i++) expect(out[i].x).toBeGreaterThan(out[i - 1].x);
  });

  it('returns short inputs unchanged', () => {
    const data = [{ x: 0, y: 0 }, { x: 1, y: 1 }];
    expect(lttb(data, 10)).toEqual(data);
  });
});

describe('thinMarks', () => {
  it('one mark per lane, bucket and category; pinned marks always kept; counts add up', () => {
    const marks = Array.from({ length: 10_000 }, (_, i) => ({ id: String(i), x: i, lane: i % 2, category: i % 3 === 0 ? 'delete' : 'append', pinned: i === 4321 }));
    const out = thinMarks(marks, 0, 9999, 100);
    expect(out.length).toBeLessThanOrEqual(100 * 2 * 2 + 1);
    expect(out.some((m) => m.id === '4321')).toBe(true);
    expect(out.reduce((n, m) => n + m.count, 0)).toBe(10_000);
  });

  it('drops marks outside the range', () => {
    const out = thinMarks([{ id: 'a', x: 5, lane: 0, category: 'x' }, { id: 'b', x: 50, lane: 0, category: 'x' }], 0, 10, 10);
    expect(out.map((m) => m.id)).toEqual(['a']);
  });
});
