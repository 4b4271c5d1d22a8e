import { describe, expect, it } from 'vitest';
import { timelineSketch } from './timeline-sketch.ts';

describe('timelineSketch', () => {
  it('keeps each version’s time and operation, operations as a table, and the current one', () => {
    const versions = [
      { timestampMs: 1_700_000_000_000, operation: 'append', isCurrent: false },
      { timestampMs: 1_700_000_060_000, operation: 'delete', isCurrent: false },
      { timestampMs: 1_700_000_120_000, operation: 'append', isCurrent: true },
      { timestampMs: 1_700_000_180_000, operation: 'replace', isCurrent: false },
    ];
    const s = timelineSketch(versions);
    expect(s.count).toBe(4);
    expect([...s.times]).toEqual(versions.map((v) => v.timestampMs));
    expect(s.operations).toEqual(['append', 'delete', 'replace']);
    expect([...s.ops]).toEqual([0, 1, 0, 2]);
    expect(s.current).toBe(2);
  });

  it('an empty history and one without a current version', () => {
    expect(timelineSketch([])).toMatchObject({ count: 0, operations: [], current: -1 });
    expect(timelineSketch([{ timestampMs: 1, operation: 'WRITE', isCurrent: false }]).current).toBe(-1);
  });
});
