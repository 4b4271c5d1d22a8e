import { describe, expect, it } from 'vitest';
import type { VersionDto, VersionTotalsDto } from '../../core/api/table-dto.ts';
import { availableMetrics, metricLabel, metricSeries } from './series.ts';

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
});
