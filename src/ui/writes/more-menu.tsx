/**
 * The writes bar's overflow (issue 20, layout in both languages): the bar shares the tabs row with the
 * tabs, and a long label (Chinese or English) must never push a button over a tab. `useFit` measures the
 * bar and tells how many of its buttons fit; the rest go into `MoreMenu`, a menu button (aria-haspopup,
 * arrows / Home / End move, Escape closes and gives focus back) listing them in the same order.
 */
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useMessages } from '../common/messages.ts';
import { useMenuButton } from './menu-button.ts';

/** One entry of the More menu: a button of the bar that did not fit (disabled ones stay, with their reason). */
export interface MoreItem {
  readonly id: string;
  readonly label: string;
  readonly title?: string;
  readonly disabled?: boolean;
  /** A group heading shown before the first item of a group (e.g. the Maintain menu's items). */
  readonly group?: string;
  readonly run: () => void;
}

/** Width assumed for the More button before it has been drawn once. */
const MORE_GUESS = 72;
/** What a shrinking text of the bar (its label, the read-only note) keeps at least. */
const TEXT_MIN = 72;

/**
 * How many of the bar's items (its children marked `data-fit`, in order) fit in one line next to its other
 * children and, when some do not, the More button (`data-fit-more`). Widths are measured while an item is
 * drawn and remembered, so a hidden item still counts; `key` (the items' labels) starts over when they change.
 * Must hold: the items shown plus the More button never need more than the bar's width; shrinking texts
 * (`data-fit-shrink`) are counted at a small minimum, they cut themselves with an ellipsis.
 * Also returns the bar's least width: its other children and the More button with none of the items (a bar
 * that is `contain: inline-size` takes it as `min-width`, so its parent's wrapping weighs what it must show,
 * never the buttons it could move into More).
 */
export function useFit(bar: RefObject<HTMLElement | null>, count: number, key: string): readonly [fit: number, least: number] {
  const [fit, setFit] = useState(count);
  const [least, setLeast] = useState(0);
  const widths = useRef(new Map<number, number>());
  const moreWidth = useRef(MORE_GUESS);
  const lastKey = useRef(key);
  if (lastKey.current !== key) {
    lastKey.current = key;
    widths.current = new Map();
  }

  const measure = useCallback(() => {
    const el = bar.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const gap = parseFloat(style.columnGap) || 0;
    const avail = el.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
    let fixed = 0;
    let parts = 0;
    for (const child of el.children) {
      const c = child as HTMLElement;
      if (c.dataset.fitMore !== undefined) { if (!c.hidden) moreWidth.current = c.getBoundingClientRect().width; continue; }
      const i = c.dataset.fit;
      if (i !== undefined) { if (!c.hidden) widths.current.set(Number(i), c.getBoundingClientRect().width); continue; }
      if (getComputedStyle(c).display === 'none') continue;
      // A text already squeezed (the bar too narrow) counts at its whole width, so buttons go to More before it is cut.
      const w = Math.max(c.getBoundingClientRect().width, c.scrollWidth);
      fixed += c.dataset.fitShrink !== undefined ? Math.min(w, TEXT_MIN) : w;
      parts++;
    }
    const pad = (parseFloat(style.paddingLeft) || 0) + (parseFloat(style.paddingRight) || 0);
    setLeast(Math.ceil(pad + fixed + Math.max(0, parts - 1) * gap + (count > 0 ? (parts > 0 ? gap : 0) + moreWidth.current : 0)));
    // Items not measured yet (never drawn): draw them all once, then measure again.
    for (let i = 0; i < count; i++) if (!widths.current.has(i)) { setFit(count); return; }
    let used = fixed + Math.max(0, parts - 1) * gap;
    let n = 0;
    for (; n < count; n++) {
      const w = widths.current.get(n)! + (parts + n > 0 ? gap : 0);
      const rest = n + 1 < count ? moreWidth.current + gap : 0;
      if (used + w + rest > avail + 0.5) break;
      used += w;
    }
    setFit(n);
  }, [bar, count]);

  // Before paint: a change of labels draws every item once (to measure it), then keeps the ones that fit.
  useLayoutEffect(() => { setFit(count); }, [key, count]);
  useLayoutEffect(() => { measure(); });
  useEffect(() => {
    const el = bar.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const ro = new ResizeObserver(() => measure());
    ro.observe(el);
    return () => ro.disconnect();
  }, [bar, measure]);
  return [Math.min(fit, count), least] as const;
}

/** The "More ▾" menu button and its menu of the bar's items that did not fit. */
export function MoreMenu({ items, label, testId }: { items: readonly MoreItem[]; label: string; testId?: string }) {
  const { t } = useMessages();
  const { open, setOpen, button, menu, onKey } = useMenuButton();

  return (
    <div className="ws-menu-wrap" data-fit-more="">
      <button ref={button} type="button" className="btn btn-small" aria-haspopup="menu" aria-expanded={open} data-testid={testId}
        title={label} onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => { if (e.key === 'ArrowDown') { e.preventDefault(); setOpen(true); } }}>
        {t('ui.tabs.more')} ▾
      </button>
      {open && (
        <div ref={menu} className="ws-menu" role="menu" aria-label={label} onKeyDown={onKey}>
          {items.map((it, i) => (
            <div key={it.id} className="ws-menu-entry" role="none">
              {it.group && it.group !== items[i - 1]?.group && <div className="ws-menu-group muted small" role="presentation">{it.group}</div>}
              <button type="button" role="menuitem" tabIndex={-1} aria-disabled={it.disabled || undefined} className={it.disabled ? 'disabled' : undefined}
                onClick={() => { if (it.disabled) return; setOpen(false); it.run(); }}>
                {it.label}
                {it.title && <span className="muted small">{it.title}</span>}
              </button>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
