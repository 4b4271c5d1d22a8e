import { describe, expect, it } from 'vitest';
import type { VersionDto } from '../../core/api/table-dto.ts';
import { availableMetrics, metricSeries } from './series.ts';

const v = (id: string, t: number, summary: Record<string, string>): VersionDto => ({ id, timestampMs: t, operation: 'append', summary, refs: [], isCurrent: false });

describe('metricSeries', () => {
  it('reads Iceberg and Paimon counters and skips versions without them', () => {
    const versions = [v('1', 10, { 'total-records': '5', 'total-files-size': '1024' }), v('2', 20, { totalRecordCount: '7' }), v('3', 30, {})];
    expect(metricSeries(versions, 'records')).toEqual([{ x: 10, y: 5, id: '1' }, { x: 20, y: 7, id: '2' }]);
    expect(metricSeries(versions, 'bytes')).toEqual([{ x: 10, y: 1024, id: '1' }]);
    expect(availableMetrics(versions)).toEqual(['records', 'bytes']);
  });
});
