/**
 * The rows a fixed-height list draws and where it scrolls to show one (issue 17). The versions list has
 * rows of one height, so its window is plain arithmetic: no per-row measurement of 10,000 versions and no
 * layout read before the first paint (a general virtualiser measured every row and read the scroll range
 * twice while the timeline first painted, ~40 ms of the ~150 ms the page spent on it).
 */

/** First (inclusive) and last (exclusive) row to draw, `overscan` rows either side of the view. */
export interface RowRange { readonly start: number; readonly end: number }

/**
 * The rows of a list of `count` rows of `rowHeight` px that show in a viewport of `height` px scrolled to
 * `scrollTop`, widened by `overscan` rows each side. Must hold: 0 ≤ start ≤ end ≤ count; every row that
 * intersects the viewport is inside [start, end).
 */
export function rowRange(count: number, rowHeight: number, scrollTop: number, height: number, overscan: number): RowRange {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const top = Math.max(0, scrollTop);
  const first = Math.floor(top / rowHeight);
  const last = Math.ceil((top + Math.max(0, height)) / rowHeight);
  return { start: Math.min(count, Math.max(0, first - overscan)), end: Math.min(count, last + overscan) };
}

/**
 * The scrollTop that brings row `index` into a viewport of `height` px now at `scrollTop`, moving as little
 * as possible (the virtualiser's `align: 'auto'`): unchanged when the row is already whole in view.
 */
export function scrollTopFor(index: number, rowHeight: number, scrollTop: number, height: number): number {
  const rowTop = index * rowHeight;
  const rowBottom = rowTop + rowHeight;
  if (rowTop < scrollTop) return rowTop;
  if (rowBottom > scrollTop + height) return Math.max(0, rowBottom - height);
  return scrollTop;
}
