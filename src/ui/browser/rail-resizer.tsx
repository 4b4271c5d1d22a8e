/**
 * The handle between the left rail and the page: drag it, or focus it and press ←/→ (Shift: bigger
 * steps, Home/End: narrowest/widest), to set the rail's width. The width is a CSS variable on the
 * workspace, remembered by {@link useRailWidth}.
 */
import { useEffect, useRef } from 'react';
import { RAIL_MAX, RAIL_MIN, clampRail, useRailWidth } from './panels.ts';
import { useMessages } from '../common/messages.ts';

export function RailResizer() {
  const [width, setWidth] = useRailWidth();
  const tr = useMessages();
  const ref = useRef<HTMLDivElement>(null);
  // The grid column follows the variable; set it on the workspace (the resizer's parent).
  useEffect(() => { ref.current?.parentElement?.style.setProperty('--rail-w', `${width}px`); }, [width]);
  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    const startX = e.clientX; const startW = width;
    const el = e.currentTarget;
    el.setPointerCapture(e.pointerId);
    const move = (ev: PointerEvent) => {
      const w = clampRail(startW + ev.clientX - startX);
      el.parentElement?.style.setProperty('--rail-w', `${w}px`);
      el.setAttribute('aria-valuenow', String(w));
    };
    const up = (ev: PointerEvent) => {
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      setWidth(startW + ev.clientX - startX);
    };
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const step = e.shiftKey ? 64 : 16;
    const next = e.key === 'ArrowLeft' ? width - step : e.key === 'ArrowRight' ? width + step : e.key === 'Home' ? RAIL_MIN : e.key === 'End' ? RAIL_MAX : undefined;
    if (next === undefined) return;
    e.preventDefault();
    setWidth(next);
  };
  return (
    <div ref={ref} className="rail-resizer" role="separator" aria-orientation="vertical" aria-label={tr.t('ui.rail.resize')} tabIndex={0}
      aria-valuenow={width} aria-valuemin={RAIL_MIN} aria-valuemax={RAIL_MAX} aria-controls="rail"
      title={tr.t('ui.rail.resizeTitle')} onPointerDown={onPointerDown} onKeyDown={onKeyDown} />
  );
}
