import { describe, expect, it } from 'vitest';
import type { PartitionSpecDto } from '../../core/api/table-dto.ts';
import { fieldText, specHistory } from './spec-evolution.ts';

const spec = (specId: string, fields: [number, string, string, string][]): PartitionSpecDto => ({
  specId, isDefault: false, fields: fields.map(([fieldId, name, transform, src]) => ({ fieldId, name, transform, sourceIds: [1], sourceNames: [src] })),
});

describe('specHistory', () => {
  it('reports fields added and removed between consecutive specs', () => {
    const h = specHistory([spec('1', [[1000, 'd', 'identity', 'd'], [1001, 'i', 'identity', 'i']]), spec('0', [[1000, 'd', 'identity', 'd']])]);
    expect(h.map((s) => s.spec.specId)).toEqual(['0', '1']);
    expect(h[0].added).toEqual([]);
    expect(h[1].added.map((f) => f.name)).toEqual(['i']);
    expect(h[1].removed).toEqual([]);
  });

  it('a field turned void counts as removed (v1 partition evolution)', () => {
    const h = specHistory([spec('0', [[1000, 'd', 'day', 'ts']]), spec('1', [[1000, 'd', 'void', 'ts'], [1001, 'h', 'hour', 'ts']])]);
    expect(h[1].removed.map((f) => f.transform)).toEqual(['void']);
    expect(h[1].added.map((f) => f.name)).toEqual(['h']);
    expect(fieldText(h[0].spec.fields[0])).toBe('day(ts)');
  });
});
