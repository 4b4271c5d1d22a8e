import { describe, expect, it } from 'vitest';
import type { ColumnDto, SchemaDto, VersionDto } from '../../core/api/table-dto.ts';
import { diffSchemas, flattenSchema, isPromotion, schemaHistory, versionsBySchema } from './schema-diff.ts';

const c = (id: number, name: string, type: string, extra: Partial<ColumnDto> = {}): ColumnDto => ({ id, name, type, required: false, ...extra });
const s = (schemaId: string, columns: ColumnDto[]): SchemaDto => ({ schemaId, columns, identifierFieldIds: [], isCurrent: false });

describe('diffSchemas', () => {
  const v0 = s('0', [c(1, 'id', 'int', { required: true }), c(2, 'name', 'string'), c(3, 'loc', 'struct<lat: float>', { children: [c(4, 'lat', 'float')] }), c(5, 'old', 'string')]);
  const v1 = s('1', [c(2, 'full_name', 'string', { required: true }), c(1, 'id', 'long'), c(3, 'loc', 'struct<lat: double, lon: double>', { children: [c(4, 'lat', 'double'), c(6, 'lon', 'double')] }), c(7, 'price', 'decimal(10,2)')]);

  it('names each change by field id', () => {
    const kinds = diffSchemas(v0, v1).map((x) => `${x.kind} ${x.path}${x.before !== undefined ? ` ${x.before}→${x.after}` : ''}`).sort();
    expect(kinds).toEqual([
      'added loc.lon',
      'added price',
      'dropped old string→undefined',
      'made-optional id',
      'made-required full_name',
      'promoted id int→long',
      'promoted loc.lat float→double',
      'renamed full_name name→full_name',
      'reordered full_name 2→1',
      'reordered id 1→2',
    ]);
  });

  it('the same schema has no changes; history starts with none', () => {
    expect(diffSchemas(v0, v0)).toEqual([]);
    const h = schemaHistory([v1, v0]);
    expect(h.map((x) => x.to.schemaId)).toEqual(['0', '1']);
    expect(h[0].changes).toEqual([]);
    expect(h[1].changes.length).toBeGreaterThan(0);
  });

  it('promotion rules follow the spec', () => {
    expect(isPromotion('int', 'long')).toBe(true);
    expect(isPromotion('decimal(10,2)', 'decimal(12,2)')).toBe(true);
    expect(isPromotion('decimal(10,2)', 'decimal(12,3)')).toBe(false);
    expect(isPromotion('long', 'int')).toBe(false);
    expect(isPromotion('string', 'binary')).toBe(false);
  });

  it('flattens nested fields with dotted paths; groups versions by schema', () => {
    expect(flattenSchema(v1.columns).map((f) => f.path)).toEqual(['full_name', 'id', 'loc', 'loc.lat', 'loc.lon', 'price']);
    const versions = [{ id: 'a', schemaId: '0' }, { id: 'b', schemaId: '1' }, { id: 'c', schemaId: '1' }, { id: 'd' }] as VersionDto[];
    expect([...versionsBySchema(versions)].map(([k, l]) => [k, l.map((x) => x.id)])).toEqual([['0', ['a']], ['1', ['b', 'c']]]);
  });
});
