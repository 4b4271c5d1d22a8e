/**
 * Which rows of the metadata tree are drawn for a scroll position (issue 17: 100,000 rows scroll like 10).
 * Rows have one fixed height, so every answer is arithmetic on `scrollTop` — nothing is measured, and a
 * scroll frame reads no layout but the scroll position itself.
 */

/** Rows `[start, end)` of the list, in list order. */
export interface RowRange {
  readonly start: number;
  readonly end: number;
}

/** The empty range. */
export const NO_ROWS: RowRange = { start: 0, end: 0 };

/**
 * The rows to draw: those the viewport `[scrollTop, scrollTop + viewport)` touches, plus `overscan` rows
 * on each side (drawn before they scroll in, so a fast scroll shows no gap), clamped to the `count` rows.
 * A scroll position past the end (a list that just got shorter) still draws its last rows.
 */
export function rowWindow(scrollTop: number, viewport: number, rowHeight: number, count: number, overscan: number): RowRange {
  if (count <= 0 || !(rowHeight > 0)) return NO_ROWS;
  const top = Math.max(0, Number.isFinite(scrollTop) ? scrollTop : 0);
  const height = Math.max(0, Number.isFinite(viewport) ? viewport : 0);
  const first = Math.min(count - 1, Math.floor(top / rowHeight));
  const pastLast = Math.max(first + 1, Math.min(count, Math.ceil((top + height) / rowHeight)));
  return { start: Math.max(0, first - overscan), end: Math.min(count, pastLast + overscan) };
}

/**
 * The scroll position that shows row `index` whole while moving as little as possible (WAI-ARIA tree
 * keyboard focus: the focused row scrolls into view): unchanged when it shows already, its top at the
 * viewport's top when it is above, its bottom at the viewport's bottom when it is below.
 */
export function scrollTopToShow(index: number, scrollTop: number, viewport: number, rowHeight: number): number {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewport) return Math.max(0, bottom - Math.max(viewport, rowHeight));
  return scrollTop;
}

/** Rows one PageUp/PageDown moves: the rows a viewport shows whole, at least one. */
export function rowsPerPage(viewport: number, rowHeight: number): number {
  return rowHeight > 0 ? Math.max(1, Math.floor(viewport / rowHeight)) : 1;
}

/**
 * How the drawn rows change from `prev` to `next` (both contiguous): the rows both draw (`kept`, which
 * keep their DOM as it is), and the rows that come in above (`head`) and below (`tail`) them. A jump
 * that keeps nothing draws all of `next` as `tail`. Rows of `prev` outside `kept` leave.
 */
export function rangeChange(prev: RowRange, next: RowRange): { kept: RowRange; head: RowRange; tail: RowRange } {
  const start = Math.max(prev.start, next.start);
  const end = Math.min(prev.end, next.end);
  if (start >= end) return { kept: NO_ROWS, head: NO_ROWS, tail: next };
  return { kept: { start, end }, head: { start: next.start, end: start }, tail: { start: end, end: next.end } };
}
