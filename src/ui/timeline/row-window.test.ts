import { describe, expect, it } from 'vitest';
import { rowRange, scrollTopFor } from './row-window.ts';

describe('rowRange', () => {
  it('covers the rows in view plus the overscan, clamped to the list', () => {
    // 10,000 rows of 20 px, a 200 px viewport at the top: rows 0–9 show, 10 more below.
    expect(rowRange(10_000, 20, 0, 200, 10)).toEqual({ start: 0, end: 20 });
    // Scrolled to 1,010 px: rows 50 (partly) … 60 (partly) show.
    expect(rowRange(10_000, 20, 1_010, 200, 10)).toEqual({ start: 40, end: 71 });
    // At the end: never past the last row.
    expect(rowRange(10_000, 20, 199_800, 200, 10)).toEqual({ start: 9_980, end: 10_000 });
    expect(rowRange(5, 20, 0, 200, 10)).toEqual({ start: 0, end: 5 });
  });

  it('every row that intersects the viewport is drawn', () => {
    for (const top of [0, 7, 19, 20, 21, 333, 1999]) {
      const { start, end } = rowRange(100, 20, top, 90, 0);
      for (let i = 0; i < 100; i++) {
        const visible = i * 20 < top + 90 && (i + 1) * 20 > top;
        if (visible) expect(i >= start && i < end, `row ${i} at scrollTop ${top}`).toBe(true);
      }
    }
  });

  it('is empty for an empty list or a negative scroll (overscroll bounce)', () => {
    expect(rowRange(0, 20, 0, 200, 10)).toEqual({ start: 0, end: 0 });
    expect(rowRange(50, 20, -40, 100, 0)).toEqual({ start: 0, end: 5 });
  });
});

describe('scrollTopFor', () => {
  it('moves as little as possible and not at all when the row is whole in view', () => {
    expect(scrollTopFor(3, 20, 0, 200)).toBe(0);
    expect(scrollTopFor(9, 20, 0, 200)).toBe(0);
    // Row 10 (200–220 px) is just below a 200 px view: bottom-aligned.
    expect(scrollTopFor(10, 20, 0, 200)).toBe(20);
    // Row 4 above a view scrolled to 100: top-aligned.
    expect(scrollTopFor(4, 20, 100, 200)).toBe(80);
    // A partly hidden row at the top is brought in whole.
    expect(scrollTopFor(5, 20, 110, 200)).toBe(100);
    expect(scrollTopFor(9_999, 20, 0, 200)).toBe(199_800);
  });
});
