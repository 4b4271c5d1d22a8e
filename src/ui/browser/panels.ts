/**
 * Collapsible panels of the explorer (issue 12): the left rail, the timeline and the inspector each
 * collapse with a button and a one-key shortcut, and the page remembers it (localStorage), as it
 * remembers the rail's width. Shortcuts are ignored while typing in a field.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** One key per panel; shown in the toggles' titles. */
export const PANEL_KEYS = { rail: '[', inspector: ']', timeline: 't' } as const;
export type Panel = keyof typeof PANEL_KEYS;

const STORE = { rail: 'lakescope.rail', inspector: 'lakescope.inspector', timeline: 'lakescope.timeline' } as const;

function read(key: string): string | null {
  try { return localStorage.getItem(key); } catch { return null; }
}
function write(key: string, value: string): void {
  try { localStorage.setItem(key, value); } catch { /* storage off (private mode): not remembered */ }
}

/** Whether `panel` is collapsed, remembered across reloads, and its toggle. */
export function usePanelCollapsed(panel: Panel): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => read(STORE[panel]) === 'hidden');
  const toggle = useCallback(() => setCollapsed((c) => { write(STORE[panel], c ? 'shown' : 'hidden'); return !c; }), [panel]);
  return [collapsed, toggle];
}

/** Calls `fn` when `key` is pressed outside text fields, without Ctrl/Meta/Alt. */
export function useShortcut(key: string, fn: () => void): void {
  const ref = useRef(fn);
  ref.current = fn;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.key !== key || e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
      if (t && (/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || t.isContentEditable)) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return; // a write dialog is open
      e.preventDefault();
      ref.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [key]);
}

export const RAIL_MIN = 160;
export const RAIL_MAX = 560;
const RAIL_DEFAULT = 260;

/** Clamps a rail width to what the rail can be. */
export function clampRail(w: number): number {
  return Math.round(Math.max(RAIL_MIN, Math.min(RAIL_MAX, w)));
}

/** The rail width in px, remembered; `set` clamps. */
export function useRailWidth(): [number, (w: number) => void] {
  const [w, setW] = useState(() => { const n = Number(read('lakescope.railWidth')); return Number.isFinite(n) && n > 0 ? clampRail(n) : RAIL_DEFAULT; });
  const set = useCallback((next: number) => { const c = clampRail(next); setW(c); write('lakescope.railWidth', String(c)); }, []);
  return [w, set];
}
