import { describe, expect, it } from 'vitest';
import type { TimelineSketchDto } from '../../core/api/timeline-sketch.ts';
import { sketchMarks } from './timeline-sketch.tsx';

/** The outline as the worker sends it (core/api timeline-sketch.ts; ui may not import core at runtime). */
function timelineSketch(versions: readonly { timestampMs: number; operation: string; isCurrent: boolean }[]): TimelineSketchDto {
  const operations = [...new Set(versions.map((v) => v.operation))];
  return {
    count: versions.length, times: Float64Array.from(versions, (v) => v.timestampMs),
    ops: Uint16Array.from(versions, (v) => operations.indexOf(v.operation)), operations, current: versions.findIndex((v) => v.isCurrent),
  };
}

describe('sketchMarks', () => {
  it('one mark per pixel column and operation category, inside the plot, on the lanes’ axis', () => {
    // 10,000 appends a minute apart and a delete every 100th: at 600 px the appends share columns.
    const versions = Array.from({ length: 10_000 }, (_, i) => ({ timestampMs: 1_700_000_000_000 + i * 60_000, operation: i % 100 === 99 ? 'delete' : 'append', isCurrent: i === 9_999 }));
    const marks = sketchMarks(timelineSketch(versions), 600);
    const plot = [72, 600 - 14];
    expect(marks.every((m) => m.x >= plot[0]! && m.x <= plot[1]!)).toBe(true);
    const appends = marks.filter((m) => m.category === 'append');
    const deletes = marks.filter((m) => m.category === 'delete');
    expect(new Set(appends.map((m) => m.x)).size).toBe(appends.length);
    expect(appends.length).toBeLessThanOrEqual(600 - 72 - 14 + 1);
    expect(deletes.length).toBe(100); // 100 deletes, each ~5 px apart: every one its own mark
    expect(marks.length).toBeLessThan(1_000);
  });

  it('an operation the colours do not know is drawn as other', () => {
    const marks = sketchMarks(timelineSketch([{ timestampMs: 1, operation: 'frobnicate', isCurrent: true }]), 300);
    expect(marks.map((m) => m.category)).toEqual(['other']);
  });
});
