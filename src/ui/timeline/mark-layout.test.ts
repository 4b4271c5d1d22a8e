import { describe, expect, it } from 'vitest';
import { spreadMarks, timeTicks } from './mark-layout.ts';

const gaps = (xs: number[]) => xs.slice(1).map((x, i) => x - xs[i]);

describe('spreadMarks', () => {
  it('five commits on one pixel become five marks a gap apart, centred where they were', () => {
    const out = spreadMarks([300, 300, 300, 300, 300], 10, 0, 1000);
    expect(out).toEqual([280, 290, 300, 310, 320]);
  });

  it('leaves marks that do not collide where they are, and merges clusters that then collide', () => {
    expect(spreadMarks([10, 100, 200], 10, 0, 1000)).toEqual([10, 100, 200]);
    const out = spreadMarks([100, 100, 112, 112], 10, 0, 1000);
    for (const g of gaps(out)) expect(g).toBeGreaterThanOrEqual(10 - 1e-9);
    expect(out.reduce((a, b) => a + b) / 4).toBeCloseTo(106);
  });

  it('stays inside the plot, keeping the order and the gap', () => {
    const out = spreadMarks([0, 0, 0, 1000, 1000], 10, 0, 1000);
    expect(out[0]).toBe(0);
    expect(out[4]).toBe(1000);
    for (const g of gaps(out)) expect(g).toBeGreaterThanOrEqual(10);
  });

  it('shrinks the gap evenly when the marks cannot fit', () => {
    const out = spreadMarks(Array(11).fill(50), 10, 0, 50);
    expect(out[0]).toBe(0);
    expect(out[10]).toBeCloseTo(50);
    for (const g of gaps(out)) expect(g).toBeCloseTo(5);
  });
});

describe('timeTicks', () => {
  it('commits within one second: second ticks, no label twice', () => {
    const t0 = Date.UTC(2025, 2, 1, 12, 0, 0, 100);
    const ticks = timeTicks(t0 - 1000, t0 + 1800, 8, 'UTC');
    expect(ticks.map((t) => t.label)).toEqual(['12:00:00', '12:00:01']);
  });

  it('never repeats a label and ascends, whatever the span', () => {
    const t0 = Date.UTC(2025, 2, 1);
    for (const span of [500, 4_000, 90_000, 3_600_000, 86_400_000, 40 * 86_400_000, 900 * 86_400_000]) {
      for (const max of [3, 8, 14]) {
        const ticks = timeTicks(t0, t0 + span, max, 'Europe/Berlin');
        const labels = ticks.map((t) => t.label);
        expect(new Set(labels).size).toBe(labels.length);
        expect(ticks.length).toBeLessThanOrEqual(max + 1);
        for (let i = 1; i < ticks.length; i++) expect(ticks[i].t).toBeGreaterThan(ticks[i - 1].t);
      }
    }
  });

  it('day steps fall on midnight of the zone', () => {
    const t0 = Date.UTC(2025, 2, 1, 6);
    const ticks = timeTicks(t0, t0 + 10 * 86_400_000, 12, 'America/New_York');
    expect(ticks[0].label).toBe('Mar 2');
    expect(new Date(ticks[0].t).toISOString()).toBe('2025-03-02T05:00:00.000Z');
  });
});
