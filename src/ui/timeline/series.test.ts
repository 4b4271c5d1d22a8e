import { describe, expect, it } from 'vitest';
import type { VersionDto, VersionTotalsDto } from '../../core/api/table-dto.ts';
import { availableMetrics, metricAt, metricLabel, metricSeries } from './series.ts';

const v = (id: string, t: number, totals: VersionTotalsDto): VersionDto => ({ id, timestampMs: t, operation: 'append', summary: {}, totals, refs: [], isCurrent: false });

describe('metricSeries', () => {
  it('reads the normalised totals of any format and skips versions without them', () => {
    const versions = [
      v('1', 10, { records: { count: '5', live: true }, bytes: '1024' }),
      v('2', 20, { records: { count: '7', live: false, basis: 'before merging by primary key' } }),
      v('3', 30, {}),
    ];
    expect(metricSeries(versions, 'records')).toEqual([{ x: 10, y: 5, id: '1' }, { x: 20, y: 7, id: '2' }]);
    expect(metricSeries(versions, 'bytes')).toEqual([{ x: 10, y: 1024, id: '1' }]);
    expect(availableMetrics(versions)).toEqual(['records', 'bytes']);
  });

  it('labels records with what they count when any count is not live', () => {
    expect(metricLabel('records', [v('1', 10, { records: { count: '5', live: true } })])).toBe('Records');
    expect(metricLabel('records', [v('1', 10, { records: { count: '5', live: false, basis: 'before deletes' } })])).toBe('Records (before deletes)');
    expect(metricLabel('bytes', [])).toBe('Bytes');
  });
  it('the value at a selected version is its own, else the last one before it on the line', () => {
    const versions = [
      v('1', 10, { records: { count: '5', live: true }, bytes: '100' }),
      v('2', 20, { records: { count: '7', live: true } }),
      v('3', 30, { records: { count: '9', live: true }, bytes: '300' }),
    ];
    expect(metricAt(versions, versions[0], 'records')).toBe(5);
    expect(metricAt(versions, versions[1], 'records')).toBe(7);
    expect(metricAt(versions, versions[1], 'bytes')).toBe(100);
    expect(metricAt(versions, undefined, 'records')).toBe(9);
    expect(metricAt(versions, versions[0], 'deleteFiles')).toBeUndefined();
  });
});
