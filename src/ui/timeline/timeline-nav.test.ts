import { describe, expect, it } from 'vitest';
import type { VersionDto } from '../../core/api/table-dto.ts';
import { buildLanes } from './lanes.ts';
import { nextVersion } from './timeline-nav.ts';
import { paddedExtent, tickFormatter } from './time-format.ts';

const v = (id: string, t: number, parentId?: string, refs: VersionDto['refs'] = []): VersionDto => ({ id, parentId, timestampMs: t, operation: 'append', summary: {}, totals: {}, refs, isCurrent: id === '3' });

describe('nextVersion', () => {
  const versions = [v('1', 10), v('2', 20, '1'), v('4', 25, '2', [{ name: 'b', type: 'branch' }]), v('3', 30, '2', [{ name: 'main', type: 'branch' }])];
  const layout = buildLanes(versions);

  it('moves in time with left/right, to the ends with Home/End, and clamps', () => {
    expect(nextVersion(versions, layout, '2', 'ArrowRight')).toBe('4');
    expect(nextVersion(versions, layout, '2', 'ArrowLeft')).toBe('1');
    expect(nextVersion(versions, layout, '1', 'ArrowLeft')).toBe('1');
    expect(nextVersion(versions, layout, '3', 'ArrowRight')).toBe('3');
    expect(nextVersion(versions, layout, '2', 'End')).toBe('3');
    expect(nextVersion(versions, layout, undefined, 'Home')).toBe('1');
    expect(nextVersion(versions, layout, '2', 'x')).toBeUndefined();
  });

  it('up/down jump to the nearest version in the neighbouring lane', () => {
    expect(nextVersion(versions, layout, '3', 'ArrowDown')).toBe('4');
    expect(nextVersion(versions, layout, '4', 'ArrowUp')).toBe('2');
    expect(nextVersion(versions, layout, '4', 'ArrowDown')).toBeUndefined();
  });
});

describe('time axis', () => {
  it('pads the extent and never returns an empty range', () => {
    expect(paddedExtent([5000, 5000])).toEqual([4000, 6000]);
    const [a, b] = paddedExtent([0, 100_000]);
    expect(a).toBeLessThan(0);
    expect(b).toBeGreaterThan(100_000);
  });

  it('chooses coarser ticks for longer ranges', () => {
    const day = 86_400_000;
    expect(tickFormatter(0, 1000, 'en')(0)).toMatch(/\d\d:\d\d:\d\d/);
    expect(tickFormatter(0, 10 * day, 'en')(0)).toMatch(/:/);
    expect(tickFormatter(0, 40 * day, 'en')(0)).not.toMatch(/:/);
  });

  it('formats in the locale it is given', () => {
    const day = 86_400_000;
    const t = Date.UTC(2025, 2, 15, 12);
    expect(tickFormatter(0, 400 * day, 'en')(t)).toBe('Mar 2025');
    expect(tickFormatter(0, 400 * day, 'zh-CN')(t)).toBe('2025年3月');
  });
});
