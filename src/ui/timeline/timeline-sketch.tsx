/**
 * The timeline's outline while a long history's overview is still on its way (issue 17): one canvas
 * with a mark per commit time, coloured by operation, the current version ringed, on the same axis as
 * the lanes. Drawn from the worker's early partial answer (core/api timeline-sketch.ts); the interactive
 * timeline strip replaces it when the overview arrives. It is a picture, not a control: no keys, no
 * selection, nothing to wait for.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { TimelineSketchDto } from '../../core/api/timeline-sketch.ts';
import { useMessages } from '../common/messages.ts';
import { type OpCategory, OP_COLORS, opCategory } from './operations.ts';
import { paddedExtent } from './time-format.ts';
import { SIDE_LIST_MIN } from './strip-layout.ts';

/** Same geometry as the lanes (timeline-lanes.tsx), so the marks do not jump when the strip replaces this. */
const LABEL_W = 72;
const RIGHT = 14;
const TOP = 12;
const LANE_H = 21;
const AXIS_H = 16;
const HEIGHT = TOP + LANE_H + AXIS_H;
const CATEGORIES = Object.keys(OP_COLORS) as OpCategory[];

/** The time range the lanes will show for these versions (time-format.ts paddedExtent, over a typed array). */
function extentOf(times: Float64Array): [number, number] {
  if (times.length === 0) return paddedExtent([]);
  let lo = times[0]!; let hi = lo;
  for (let i = 1; i < times.length; i++) { const t = times[i]!; if (t < lo) lo = t; else if (t > hi) hi = t; }
  return paddedExtent([lo, hi]);
}

/** Where each mark goes: one per (pixel column, operation category), so 10,000 commits are a few hundred draws. */
export function sketchMarks(sketch: TimelineSketchDto, width: number, extent = extentOf(sketch.times)): { x: number; category: OpCategory }[] {
  const plotW = Math.max(40, width - LABEL_W - RIGHT);
  const [d0, d1] = extent;
  const span = Math.max(1, d1 - d0);
  const cats = sketch.operations.map((op) => CATEGORIES.indexOf(opCategory(op)));
  const seen = new Uint8Array(Math.ceil(plotW) + 1);
  const out: { x: number; category: OpCategory }[] = [];
  for (let i = 0; i < sketch.count; i++) {
    const col = Math.round(((sketch.times[i]! - d0) / span) * plotW);
    const c = cats[sketch.ops[i]!] ?? CATEGORIES.indexOf('other');
    const bit = 1 << c;
    if (seen[col]! & bit) continue;
    seen[col] = seen[col]! | bit;
    out.push({ x: LABEL_W + col, category: CATEGORIES[c]! });
  }
  return out;
}

/** Draws the lanes' two rules and, with a sketch, its marks and the current version's ring, `width` CSS pixels wide. */
function drawSketch(canvas: HTMLCanvasElement, width: number, sketch: TimelineSketchDto | undefined): void {
  const g = canvas.getContext('2d');
  if (!g) return;
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(HEIGHT * dpr);
  g.scale(dpr, dpr);
  const y = TOP + LANE_H / 2;
  g.strokeStyle = '#e4e4df';
  g.beginPath(); g.moveTo(LABEL_W, y + 0.5); g.lineTo(width - RIGHT, y + 0.5); g.stroke();
  g.strokeStyle = '#c9c9c2';
  g.beginPath(); g.moveTo(LABEL_W, HEIGHT - AXIS_H + 0.5); g.lineTo(width - RIGHT, HEIGHT - AXIS_H + 0.5); g.stroke();
  if (!sketch) return;
  const extent = extentOf(sketch.times);
  // One path per colour: a few fills instead of one per mark.
  const byCategory = new Map<OpCategory, number[]>();
  for (const m of sketchMarks(sketch, width, extent)) {
    const xs = byCategory.get(m.category);
    if (xs) xs.push(m.x); else byCategory.set(m.category, [m.x]);
  }
  for (const [category, xs] of byCategory) {
    g.fillStyle = OP_COLORS[category];
    g.beginPath();
    for (const x of xs) { g.moveTo(x + 3.5, y); g.arc(x, y, 3.5, 0, 2 * Math.PI); }
    g.fill();
  }
  if (sketch.current >= 0) {
    const [d0, d1] = extent;
    const x = LABEL_W + ((sketch.times[sketch.current]! - d0) / Math.max(1, d1 - d0)) * Math.max(40, width - LABEL_W - RIGHT);
    g.strokeStyle = '#1d2125';
    g.lineWidth = 2;
    g.beginPath(); g.arc(x, y, 6.5, 0, 2 * Math.PI); g.stroke();
  }
}

/**
 * The timeline's place while a table opens: its frame and empty lanes at once, the outline's marks when `sketch`
 * comes. Mounted before the outline (table-page.tsx), so the outline's arrival only draws: the frame is laid out
 * and its width known (a ResizeObserver reports it after a layout the page does anyway), where mounting it then
 * cost a DOM insert, a forced layout and a restyle on a main thread still busy mounting the page (issue 17).
 */
export function TimelineSketch({ sketch, listSlot = true }: { sketch?: TimelineSketchDto; /** Keep the versions list's place on a wide page (false where no strip follows in place: the connecting screen). */ listSlot?: boolean }) {
  const tr = useMessages();
  const ref = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | undefined>();
  const [frameWidth, setFrameWidth] = useState<number | undefined>();
  useLayoutEffect(() => {
    const canvas = ref.current;
    const frame = frameRef.current;
    if (!canvas || !frame || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      for (const e of entries) {
        // The frame as the strip measures its own (clientWidth, padding included; layout is clean in a callback).
        const w = e.target === canvas ? Math.round(e.contentRect.width) : frame.clientWidth;
        if (w) (e.target === canvas ? setWidth : setFrameWidth)(w);
      }
    });
    observer.observe(canvas);
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);
  // The strip's rule (strip-layout.ts): the versions list's slot beside the lanes only on a wide page.
  const side = listSlot && (frameWidth === undefined || frameWidth >= SIDE_LIST_MIN);
  useLayoutEffect(() => {
    const canvas = ref.current;
    // Before the observer's first report, only an outline is worth the layout that reading the width forces.
    if (!canvas || (width === undefined && !sketch)) return;
    drawSketch(canvas, width ?? (canvas.clientWidth || 600), sketch);
  }, [sketch, width]);
  // Laid out as the strip is (on a wide page lanes left, the versions list's slot right), so the marks
  // stay where the lanes will draw them.
  return (
    <div className={`timeline-frame timeline-sketch${side ? ' side' : ''}`} ref={frameRef} aria-busy>
      <div className="timeline-left">
        <div className="timeline-head">
          <span className="timeline-title">{tr.t('ui.unread.timeline')}</span>
          {sketch && <span className="muted small nowrap">{tr.t('ui.timeline.sketch', { versions: sketch.count })}</span>}
        </div>
        <canvas
          ref={ref} className={sketch ? 'tl-sketch' : 'tl-sketch-empty'} style={{ width: '100%', height: HEIGHT, display: 'block' }}
          {...(sketch ? { role: 'img', 'aria-label': tr.t('ui.timeline.sketchLabel', { versions: sketch.count }) } : { 'aria-hidden': true })}
        />
      </div>
      {side && <div className="vl-slot" />}
    </div>
  );
}
