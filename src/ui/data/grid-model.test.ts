import { describe, expect, it } from 'vitest';
import { cellText, columnWidth, gridStatus } from './grid-model.ts';

describe('grid model', () => {
  it('shows nulls, nested values and long strings', () => {
    expect(cellText(null)).toEqual({ text: 'null', full: 'null', isNull: true });
    expect(cellText({ a: [1, 2] }).text).toBe('{"a":[1,2]}');
    expect(cellText('x'.repeat(300)).text).toHaveLength(200);
    expect(cellText(12).text).toBe('12');
    expect(cellText(false).text).toBe('false');
  });

  it('numbers are narrower than text; long names widen the column', () => {
    expect(columnWidth({ name: 'n', type: 'Int64', kind: 'number' })).toBeLessThan(columnWidth({ name: 'n', type: 'Utf8', kind: 'text' }));
    expect(columnWidth({ name: 'a_very_long_column_name_indeed', type: 'Int64', kind: 'number' })).toBeGreaterThan(110);
  });

  it('the row count is exact once the scan is done (or capped)', () => {
    expect(gridStatus(undefined)).toEqual({ rowCount: 0, done: false });
    const page = { offset: 0, rows: [], columns: [], rowsRead: 21, done: true, filesRead: 2 };
    expect(gridStatus(page)).toEqual({ rowCount: 21, done: true });
    expect(gridStatus({ ...page, done: false, cappedAt: 21 })).toEqual({ rowCount: 21, done: true });
  });
});

describe('columnTypes', () => {
  it('heads each column with the version schema’s own type name, the current schema when the version names none', async () => {
    const { columnTypes } = await import('./grid-model.ts');
    const col = (name: string, type: string) => ({ id: 1, name, type, required: false });
    const schemas = [
      { schemaId: '0', columns: [col('id', 'int'), col('name', 'string')], identifierFieldIds: [], isCurrent: false },
      { schemaId: '1', columns: [col('id', 'long'), col('name', 'string'), col('price', 'decimal(10,2)')], identifierFieldIds: [], isCurrent: true },
    ];
    expect(columnTypes(schemas, '0')).toEqual({ id: 'int', name: 'string' });
    expect(columnTypes(schemas, undefined)).toEqual({ id: 'long', name: 'string', price: 'decimal(10,2)' });
    expect(columnTypes([], '0')).toEqual({});
  });
});
