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

  it('without field ids (Delta without column mapping, Hudi) fields are matched by path: a rename is a drop and an add', () => {
    const n = (name: string, type: string, extra: Partial<ColumnDto> = {}): ColumnDto => ({ name, type, required: false, ...extra });
    const a = s('0', [n('id', 'integer'), n('name', 'string'), n('loc', 'struct<lat: float>', { children: [n('lat', 'float')] })]);
    const b = s('1', [n('full_name', 'string'), n('id', 'long', { required: true }), n('loc', 'struct<lat: float, lon: double>', { children: [n('lat', 'float'), n('lon', 'double')] })]);
    const kinds = diffSchemas(a, b).map((x) => `${x.kind} ${x.path}${x.before !== undefined ? ` ${x.before}→${x.after}` : ''}`).sort();
    expect(kinds).toEqual([
      'added full_name',
      'added loc.lon',
      'dropped name string→undefined',
      'made-required id',
      'type-changed id integer→long',
    ]);
    expect(diffSchemas(a, b).every((x) => x.id === undefined)).toBe(true);
    expect(flattenSchema(b.columns).map((f) => [f.path, f.parentPath, f.id])).toEqual([['full_name', '', undefined], ['id', '', undefined], ['loc', '', undefined], ['loc.lat', 'loc', undefined], ['loc.lon', 'loc', undefined]]);
  });

  it('a schema with ids against one without (column mapping turned on) is compared by path', () => {
    const a = s('0', [{ name: 'x', type: 'int', required: false }, { name: 'y', type: 'int', required: false }]);
    const b = s('1', [c(2, 'y', 'int'), c(1, 'x', 'int')]);
    expect(diffSchemas(a, b).map((x) => `${x.kind} ${x.path}`).sort()).toEqual(['reordered x', 'reordered y']);
  });

  it('orders 17-digit ids (Hudi instant times) exactly; keeps the given order when an id is not a number', () => {
    // One millisecond apart, the same double: a numeric sort would leave them as given.
    const ids = ['20260403183944066', '20260403183944065'];
    expect(schemaHistory(ids.map((id) => s(id, []))).map((h) => h.to.schemaId)).toEqual([ids[1], ids[0]]);
    expect(schemaHistory([s('create', []), s('5', [])]).map((h) => h.to.schemaId)).toEqual(['create', '5']);
  });
});
