/** The schema diff: by field id, by name where ids are positions, nested paths, widening, reordering. */
import { describe, expect, it } from 'vitest';
import type { ColumnDto, SchemaDto } from '../../formats/table-format.ts';
import { columnNameMap, diffSchemas, isWidening } from './schema-diff.ts';

const col = (id: number, name: string, type: string, extra: Partial<ColumnDto> = {}): ColumnDto => ({ id, name, type, required: false, ...extra });
const schema = (schemaId: string, columns: ColumnDto[], extra: Partial<SchemaDto> = {}): SchemaDto => ({ schemaId, columns, identifierFieldIds: [], isCurrent: false, ...extra });

describe('diffSchemas', () => {
  it('by field id: a rename keeps the column; nested fields get dotted paths', () => {
    const a = schema('0', [col(1, 'id', 'long', { required: true }), col(2, 'loc', 'struct', { children: [col(3, 'lat', 'float'), col(4, 'lon', 'float')] })]);
    const b = schema('1', [col(1, 'key', 'long'), col(2, 'loc', 'struct', { children: [col(3, 'lat', 'double'), col(5, 'alt', 'int')] })]);
    expect(diffSchemas(a, b).changes).toEqual([
      { kind: 'renamed', fieldId: 1, before: 'id', after: 'key', from: 'id', to: 'key' },
      { kind: 'nullability', fieldId: 1, before: 'id', after: 'key', from: 'required', to: 'optional' },
      { kind: 'dropped', fieldId: 4, before: 'loc.lon', from: 'float' },
      { kind: 'added', fieldId: 5, after: 'loc.alt', to: 'int' },
      { kind: 'type-widened', fieldId: 3, before: 'loc.lat', after: 'loc.lat', from: 'float', to: 'double' },
    ]);
    expect(columnNameMap(a, b)).toEqual(new Map([['id', 'key'], ['loc', 'loc']]));
  });

  it('by name where ids are positions: inserting a column in front is an add, not a rename of everything', () => {
    const a = schema('0', [col(1, 'a', 'int'), col(2, 'b', 'string')], { idsArePositions: true });
    const b = schema('1', [col(1, 'z', 'int'), col(2, 'a', 'long'), col(3, 'b', 'string')], { idsArePositions: true });
    const d = diffSchemas(a, b);
    expect(d.matchedBy).toBe('name');
    expect(d.changes).toEqual([
      { kind: 'added', after: 'z', to: 'int' },
      { kind: 'type-widened', before: 'a', after: 'a', from: 'int', to: 'long' },
    ]);
  });

  it('reordering reports only the columns that moved', () => {
    const a = schema('0', [col(1, 'a', 'int'), col(2, 'b', 'int'), col(3, 'c', 'int'), col(4, 'd', 'int')]);
    const b = schema('1', [col(1, 'a', 'int'), col(3, 'c', 'int'), col(4, 'd', 'int'), col(2, 'b', 'int')]);
    expect(diffSchemas(a, b).changes).toEqual([{ kind: 'reordered', fieldId: 2, before: 'b', after: 'b', from: '1', to: '3' }]);
  });

  it('the same schema id: no changes', () => {
    const a = schema('0', [col(1, 'a', 'int')]);
    expect(diffSchemas(a, a).changes).toEqual([]);
  });
});

describe('isWidening', () => {
  it.each([
    ['int', 'long', true], ['INT', 'BIGINT', true], ['float', 'double', true], ['decimal(10,2)', 'decimal(12,2)', true],
    ['date', 'timestamp', true], ['long', 'int', false], ['decimal(10,2)', 'decimal(10,3)', false], ['string', 'binary', false],
    ['decimal(10,2)', 'decimal(11,3)', true], ['int', 'int', false],
  ])('%s → %s: %s', (from, to, want) => { expect(isWidening(from, to)).toBe(want); });
});
