/**
 * The metadata tree's rows as a pool of DOM rows, updated imperatively (issue 17: a tree of 100,000 rows
 * scrolls with a few ms of work per frame). React renders the list's container once; this pool owns its
 * children. A scroll frame reads one number (`scrollTop`, while layout is clean: in the scroll event),
 * drops the rows that left the window and writes only the rows that came in — reusing the dropped rows'
 * elements, written while detached and inserted in one fragment, so the DOM holds exactly the drawn rows
 * in list order (screen readers and `:first` selectors see the list as it reads). No React render, no
 * closure per row, no layout read after a write, no class on the list that would restyle every row.
 */
import { RowView, ROW_HEIGHT, type RowContext } from './tree-row-view.ts';
import type { RowSource } from './tree-row-list.ts';
import { NO_ROWS, type RowRange, rangeChange, rowWindow, rowsPerPage, scrollTopToShow } from './tree-window.ts';

/** Rows drawn above and below the viewport. */
const OVERSCAN = 8;

/** What the list shows; a new object (or any new field) redraws the rows it touches. */
export interface PoolState {
  /** The visible rows by list index (a {@link RowSource}: runs of each level's rows, not one array). */
  readonly rows: RowSource;
  readonly context: RowContext;
  /** Index of the keyboard's row. */
  readonly active: number;
  /** Key of the row shown in the inspector. */
  readonly selectedKey?: string;
}

/** What a click on a row asks for. */
export interface PoolEvents {
  /** A click on a node row (not on its twisty). */
  onRowClick(index: number): void;
  /** A click on a node's twisty. */
  onToggle(key: string): void;
}

/** The rows of one list, drawn into `container` (the tall list) inside `scroller` (the scrolling box). */
export class TreeRowPool {
  private readonly views = new WeakMap<Element, RowView>();
  /** Views in the DOM, in list order: `live[i]` shows row `range.start + i`. */
  private live: RowView[] = [];
  private readonly free: RowView[] = [];
  private range: RowRange = NO_ROWS;
  private state: PoolState | undefined;
  private scrollTop: number;
  private viewport: number;
  private height = -1;
  private readonly resize: ResizeObserver | undefined;

  constructor(private readonly scroller: HTMLElement, private readonly container: HTMLElement, private readonly events: PoolEvents) {
    this.scrollTop = scroller.scrollTop;
    this.viewport = scroller.clientHeight;
    scroller.addEventListener('scroll', this, { passive: true });
    container.addEventListener('click', this);
    if (typeof ResizeObserver !== 'undefined') {
      this.resize = new ResizeObserver((entries) => {
        const h = entries[entries.length - 1]?.contentRect.height;
        if (h !== undefined && h !== this.viewport) { this.viewport = h; this.draw(false); }
      });
      this.resize.observe(scroller);
    }
  }

  /** Shows `state`: rows that changed are rewritten (each view writes only what differs), the rest re-marked. */
  set(state: PoolState): void {
    const prev = this.state;
    this.state = state;
    const rewrite = !prev || prev.rows !== state.rows || prev.context !== state.context;
    if (rewrite) {
      const h = state.rows.length * ROW_HEIGHT;
      if (h !== this.height) { this.height = h; this.container.style.height = `${h}px`; }
      this.draw(true);
    } else if (prev.active !== state.active || prev.selectedKey !== state.selectedKey) {
      for (const v of this.live) this.markView(v);
    }
  }

  /** Rows a PageUp/PageDown moves. */
  pageSize(): number {
    return rowsPerPage(this.viewport, ROW_HEIGHT);
  }

  /** Scrolls as little as needed for row `index` to show whole. */
  scrollToIndex(index: number): void {
    const top = scrollTopToShow(index, this.scrollTop, this.viewport, ROW_HEIGHT);
    if (top === this.scrollTop) return;
    this.scrollTop = top;
    this.draw(false);
    this.scroller.scrollTop = top;
  }

  /** Stops listening and empties the list. */
  destroy(): void {
    this.scroller.removeEventListener('scroll', this);
    this.container.removeEventListener('click', this);
    this.resize?.disconnect();
    this.container.replaceChildren();
    this.live = [];
    this.range = NO_ROWS;
  }

  /** The DOM events the pool listens to (one listener object, no closure per row). */
  handleEvent(e: Event): void {
    if (e.type === 'scroll') {
      this.scrollTop = this.scroller.scrollTop;
      this.draw(false);
      return;
    }
    const target = e.target as Element | null;
    const twisty = target?.closest?.('.twisty-btn');
    const rowEl = target?.closest?.('.tree-row');
    const view = rowEl ? this.views.get(rowEl) : undefined;
    const row = view?.shown;
    if (!view || row?.type !== 'node') return;
    if (twisty) { if (row.node.hasChildren) this.events.onToggle(row.key); }
    else this.events.onRowClick(view.index);
  }

  /** Draws the window at the current scroll position; `all` rewrites the rows kept too (new rows or context). */
  private draw(all: boolean): void {
    const state = this.state;
    if (!state) return;
    const next = rowWindow(this.scrollTop, this.viewport, ROW_HEIGHT, state.rows.length, OVERSCAN);
    const prev = this.range;
    if (!all && next.start === prev.start && next.end === prev.end) return;
    const { kept, head, tail } = rangeChange(prev, next);
    const keepFrom = kept.start - prev.start;
    const keepTo = kept.end - prev.start;
    // Rows that left go back to the pool (out of the DOM first, so they are rewritten detached).
    for (let i = 0; i < this.live.length; i++) {
      if (i >= keepFrom && i < keepTo) continue;
      const v = this.live[i]!;
      v.el.remove();
      this.free.push(v);
    }
    const keptViews = kept.end > kept.start ? this.live.slice(keepFrom, keepTo) : [];
    if (all) for (const v of keptViews) this.writeView(v, v.index);
    const headViews = this.fill(head);
    const tailViews = this.fill(tail);
    if (headViews.length) this.container.insertBefore(this.fragment(headViews), keptViews[0]?.el ?? null);
    if (tailViews.length) this.container.append(this.fragment(tailViews));
    this.live = headViews.length ? [...headViews, ...keptViews, ...tailViews] : tailViews.length ? [...keptViews, ...tailViews] : keptViews;
    this.range = next;
  }

  /** Views (from the pool, or new) written with the rows of `range`, not yet in the DOM. */
  private fill(range: RowRange): RowView[] {
    const out: RowView[] = [];
    for (let i = range.start; i < range.end; i++) {
      let v = this.free.pop();
      if (!v) {
        v = new RowView(this.container.ownerDocument);
        this.views.set(v.el, v);
      }
      this.writeView(v, i);
      out.push(v);
    }
    return out;
  }

  private fragment(views: readonly RowView[]): DocumentFragment {
    const f = this.container.ownerDocument.createDocumentFragment();
    for (const v of views) f.append(v.el);
    return f;
  }

  private writeView(v: RowView, index: number): void {
    const state = this.state!;
    v.show(state.rows.at(index)!, index, state.context);
    this.markView(v);
  }

  private markView(v: RowView): void {
    const state = this.state!;
    v.mark(v.index === state.active, v.shown?.key === state.selectedKey);
  }
}
