import { describe, expect, it } from 'vitest';
import { NO_ROWS, rangeChange, rowWindow, rowsPerPage, scrollTopToShow } from './tree-window.ts';

describe('rowWindow', () => {
  it('draws the rows the viewport touches plus overscan, clamped to the list', () => {
    // 26 px rows, a 400 px viewport at the top: rows 0..15 touch it (15 * 26 = 390 < 400), + 3 below.
    expect(rowWindow(0, 400, 26, 100_000, 3)).toEqual({ start: 0, end: 19 });
    // Scrolled to 2600 px = row 100 at the top; 2600 + 400 = 3000 px ends inside row 115.
    expect(rowWindow(2600, 400, 26, 100_000, 3)).toEqual({ start: 97, end: 119 });
    // A row partly scrolled out at the top is still drawn.
    expect(rowWindow(2613, 400, 26, 100_000, 0)).toEqual({ start: 100, end: 116 });
    // The end of the list: nothing past the last row.
    expect(rowWindow(100_000 * 26 - 400, 400, 26, 100_000, 3)).toEqual({ start: 99_981, end: 100_000 });
  });

  it('a short list draws every row; an empty list none', () => {
    expect(rowWindow(0, 400, 26, 5, 8)).toEqual({ start: 0, end: 5 });
    expect(rowWindow(0, 400, 26, 0, 8)).toEqual(NO_ROWS);
    expect(rowWindow(0, 400, 0, 10, 8)).toEqual(NO_ROWS);
  });

  it('a scroll position past the end (the list just got shorter) still draws the last rows', () => {
    expect(rowWindow(50_000, 400, 26, 10, 2)).toEqual({ start: 7, end: 10 });
  });

  it('a viewport not laid out yet (height 0) draws its first row and the overscan', () => {
    expect(rowWindow(260, 0, 26, 1000, 4)).toEqual({ start: 6, end: 15 });
  });

  it('bad numbers draw from the top rather than nothing or NaN', () => {
    expect(rowWindow(Number.NaN, 52, 26, 10, 0)).toEqual({ start: 0, end: 2 });
    expect(rowWindow(-100, 52, 26, 10, 0)).toEqual({ start: 0, end: 2 });
  });

  it('a steady scroll moves the window by the rows scrolled, never leaving a gap', () => {
    let prev = rowWindow(0, 640, 26, 100_000, 8);
    for (let top = 260; top < 20_000; top += 260) {
      const next = rowWindow(top, 640, 26, 100_000, 8);
      expect(next.start - prev.start).toBe(prev.start === 0 ? next.start : 10);
      // The viewport's rows are always inside the window.
      expect(next.start * 26).toBeLessThanOrEqual(top);
      expect(next.end * 26).toBeGreaterThanOrEqual(top + 640);
      prev = next;
    }
  });
});

describe('scrollTopToShow', () => {
  it('moves as little as needed (align auto)', () => {
    // Row 10 spans 260..286: shown whole in a 400 px viewport at 0.
    expect(scrollTopToShow(10, 0, 400, 26)).toBe(0);
    // Row 20 spans 520..546: below the viewport, its bottom goes to the viewport's bottom.
    expect(scrollTopToShow(20, 0, 400, 26)).toBe(146);
    // Row 2 spans 52..78: above a viewport at 100, its top goes to the top.
    expect(scrollTopToShow(2, 100, 400, 26)).toBe(52);
    // Partly cut at the bottom (row 15 spans 390..416): scrolls by the 16 px missing.
    expect(scrollTopToShow(15, 0, 400, 26)).toBe(16);
    // End of 100,000 rows.
    expect(scrollTopToShow(99_999, 0, 400, 26)).toBe(100_000 * 26 - 400);
  });

  it('a viewport shorter than a row shows the row from its top', () => {
    expect(scrollTopToShow(3, 0, 10, 26)).toBe(78);
  });
});

describe('rowsPerPage', () => {
  it('counts the rows a viewport shows whole, at least one', () => {
    expect(rowsPerPage(400, 26)).toBe(15);
    expect(rowsPerPage(10, 26)).toBe(1);
    expect(rowsPerPage(400, 0)).toBe(1);
  });
});

describe('rangeChange', () => {
  it('scrolling down keeps the overlap and brings rows in below', () => {
    expect(rangeChange({ start: 0, end: 40 }, { start: 10, end: 50 })).toEqual({
      kept: { start: 10, end: 40 }, head: { start: 10, end: 10 }, tail: { start: 40, end: 50 },
    });
  });

  it('scrolling up brings rows in above', () => {
    expect(rangeChange({ start: 10, end: 50 }, { start: 0, end: 40 })).toEqual({
      kept: { start: 10, end: 40 }, head: { start: 0, end: 10 }, tail: { start: 40, end: 40 },
    });
  });

  it('a window that grows on both sides (a taller viewport) brings rows in above and below', () => {
    expect(rangeChange({ start: 10, end: 20 }, { start: 5, end: 30 })).toEqual({
      kept: { start: 10, end: 20 }, head: { start: 5, end: 10 }, tail: { start: 20, end: 30 },
    });
  });

  it('a jump (End) keeps nothing and draws the whole new window', () => {
    expect(rangeChange({ start: 0, end: 40 }, { start: 99_960, end: 100_000 })).toEqual({
      kept: NO_ROWS, head: NO_ROWS, tail: { start: 99_960, end: 100_000 },
    });
    expect(rangeChange(NO_ROWS, { start: 0, end: 12 })).toEqual({ kept: NO_ROWS, head: NO_ROWS, tail: { start: 0, end: 12 } });
  });

  it('every row of the new window is kept or comes in exactly once', () => {
    const cases: [number, number, number, number][] = [[0, 40, 10, 50], [10, 50, 0, 40], [5, 9, 0, 100], [0, 100, 40, 45], [3, 7, 7, 9]];
    for (const [a, b, c, d] of cases) {
      const { kept, head, tail } = rangeChange({ start: a, end: b }, { start: c, end: d });
      const rows = [head, kept, tail].flatMap((r) => Array.from({ length: r.end - r.start }, (_, i) => r.start + i));
      expect(rows).toEqual(Array.from({ length: d - c }, (_, i) => c + i));
    }
  });
});
