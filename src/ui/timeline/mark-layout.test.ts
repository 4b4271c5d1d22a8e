import { describe, expect, it } from 'vitest';
import type { VersionDto } from '../../core/api/table-dto.ts';
import { buildLanes } from './lanes.ts';
import { MARK_GAP, placeMarks, spreadMarks, timeTicks } from './mark-layout.ts';
import { paddedExtent } from './time-format.ts';

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
    const ticks = timeTicks(t0 - 1000, t0 + 1800, 8, 'en', 'UTC');
    expect(ticks.map((t) => t.label)).toEqual(['12:00:00', '12:00:01']);
  });

  it('never repeats a label and ascends, whatever the span', () => {
    const t0 = Date.UTC(2025, 2, 1);
    for (const span of [500, 4_000, 90_000, 3_600_000, 86_400_000, 40 * 86_400_000, 900 * 86_400_000]) {
      for (const max of [3, 8, 14]) {
        const ticks = timeTicks(t0, t0 + span, max, 'en', 'Europe/Berlin');
        const labels = ticks.map((t) => t.label);
        expect(new Set(labels).size).toBe(labels.length);
        expect(ticks.length).toBeLessThanOrEqual(max + 1);
        for (let i = 1; i < ticks.length; i++) expect(ticks[i].t).toBeGreaterThan(ticks[i - 1].t);
      }
    }
  });

  it('day steps fall on midnight of the zone', () => {
    const t0 = Date.UTC(2025, 2, 1, 6);
    const ticks = timeTicks(t0, t0 + 10 * 86_400_000, 12, 'en', 'America/New_York');
    expect(ticks[0].label).toBe('Mar 2');
    expect(new Date(ticks[0].t).toISOString()).toBe('2025-03-02T05:00:00.000Z');
  });

  it('labels in the locale it is given, one call after another (issue 20: a language switch is followed at once)', () => {
    const t0 = Date.UTC(2025, 2, 1, 6);
    const label = (locale: string) => timeTicks(t0, t0 + 10 * 86_400_000, 12, locale, 'America/New_York')[0].label;
    expect(label('en')).toBe('Mar 2');
    expect(label('zh-CN')).toBe('3月2日');
    expect(label('en')).toBe('Mar 2');
  });
});

describe('placeMarks', () => {
  const version = (id: string, t: number, parentId?: string): VersionDto => ({ id, parentId, timestampMs: t, operation: Number(id) % 2 ? 'APPEND' : 'COMPACT', summary: {}, totals: {}, refs: [], isCurrent: false });

  it('a table with 5 commits in one second (after a month of others) shows 5 distinct marks, in order', () => {
    const day = 86_400_000;
    const t0 = Date.UTC(2025, 2, 1);
    const versions = [version('1', t0), version('2', t0 + 10 * day, '1'), version('3', t0 + 30 * day, '2')];
    for (let i = 0; i < 5; i++) versions.push(version(String(4 + i), t0 + 30 * day + 200 + i * 150, String(3 + i)));
    versions[versions.length - 1] = { ...versions[versions.length - 1], isCurrent: true };
    const layout = buildLanes(versions);
    const placed = placeMarks(versions, layout, paddedExtent(versions.map((v) => v.timestampMs)), 72, 600);
    expect(placed.map((p) => p.v.id)).toEqual(versions.map((v) => v.id));
    expect(placed.every((p) => p.count === 1)).toBe(true);
    const burst = placed.slice(3).map((p) => p.x);
    expect(new Set(burst.map((x) => Math.round(x))).size).toBe(5);
    for (let i = 1; i < burst.length; i++) expect(burst[i] - burst[i - 1]).toBeGreaterThanOrEqual(MARK_GAP - 1e-9);
    for (const x of placed.map((p) => p.x)) { expect(x).toBeGreaterThanOrEqual(72); expect(x).toBeLessThanOrEqual(672); }
  });

  it('thins a lane only when its versions cannot fit, keeping the selected one', () => {
    const versions = Array.from({ length: 500 }, (_, i) => version(String(i + 1), i * 1000, i ? String(i) : undefined));
    const layout = buildLanes(versions);
    const placed = placeMarks(versions, layout, [0, 499_000], 0, 300, '250');
    expect(placed.length).toBeLessThan(500);
    expect(placed.some((p) => p.v.id === '250')).toBe(true);
    expect(placed.reduce((n, p) => n + p.count, 0)).toBe(500);
  });
});
