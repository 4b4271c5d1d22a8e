import { describe, expect, it } from 'vitest';
import type { GridColumnDto } from '../../core/api/table-dto.ts';
import { chartFor, chartPoints, errorPosition, needsConfirm, positionOf, resultCsv, MAX_BARS } from './result-model.ts';

const col = (name: string, kind: GridColumnDto['kind']): GridColumnDto => ({ name, type: '', kind });

describe('resultCsv', () => {
  it('quotes, keeps nulls empty and guards cells a spreadsheet would run', () => {
    const csv = resultCsv([col('a', 'text'), col('n', 'number')], [
      { a: '=HYPERLINK("x")', n: '-1' }, { a: '+1', n: null }, { a: '@SUM(A1)', n: '3' }, { a: 'plain, "q"', n: '2' }, { a: '-x', n: 0 },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'a,n', '"\'=HYPERLINK(""x"")",\'-1', "'+1,", "'@SUM(A1),3", '"plain, ""q""",2', "'-x,0", '',
    ]);
  });
});

describe('chartFor', () => {
  it('draws a line over a time column, bars per category, nothing without both kinds', () => {
    expect(chartFor([col('day', 'time'), col('n', 'number'), col('region', 'text')])).toEqual({ type: 'line', x: 'day', ys: ['n'] });
    expect(chartFor([col('region', 'text'), col('n', 'number'), col('s', 'number')])).toEqual({ type: 'bar', x: 'region', ys: ['n', 's'] });
    expect(chartFor([col('n', 'number')])).toBeNull();
    expect(chartFor([col('region', 'text'), col('day', 'time')])).toBeNull();
  });
});

describe('chartPoints', () => {
  it('sorts time ascending as epoch ms, drops null times, reads decimal strings', () => {
    const { points } = chartPoints({ type: 'line', x: 'd', ys: ['n'] }, [
      { d: '2024-03-02', n: '5' }, { d: null, n: '1' }, { d: '2024-03-01T12:00:00Z', n: '7.5' }, { d: '2024-03-03 00:00:00', n: null },
    ]);
    expect(points).toEqual([
      { x: Date.UTC(2024, 2, 1, 12), n: 7.5 }, { x: Date.UTC(2024, 2, 2), n: 5 }, { x: Date.UTC(2024, 2, 3), n: null },
    ]);
  });

  it('keeps category order and caps the bars', () => {
    const rows = Array.from({ length: MAX_BARS + 3 }, (_, i) => ({ c: `k${i}`, n: i }));
    const { points, leftOut } = chartPoints({ type: 'bar', x: 'c', ys: ['n'] }, rows);
    expect(points.length).toBe(MAX_BARS);
    expect(points[0]).toEqual({ x: 'k0', n: 0 });
    expect(leftOut).toBe(3);
  });
});

describe('errorPosition', () => {
  const sql = 'SELECT id,\n  nope\nFROM t';
  it('reads an offset or line/column from the context, or line/column from the message', () => {
    expect(errorPosition(sql, { context: { position: 13 } })).toEqual({ offset: 13, line: 2, column: 3 });
    expect(errorPosition(sql, { context: { line: 2, column: 3 } })).toEqual({ offset: 13, line: 2, column: 3 });
    expect(errorPosition(sql, { message: 'sql: unknown column "nope" at line 2, column 3' })).toEqual({ offset: 13, line: 2, column: 3 });
    expect(errorPosition(sql, { message: 'sql: syntax error at position 11' })?.line).toBe(2);
    expect(errorPosition(sql, { message: 'sql: table not found' })).toBeUndefined();
  });

  it('clamps positions outside the query', () => {
    expect(errorPosition(sql, { context: { position: 999 } })?.offset).toBe(sql.length);
    expect(errorPosition(sql, { context: { line: 9, column: 99 } })).toEqual(positionOf(sql, sql.length));
  });
});

describe('needsConfirm', () => {
  it('asks only above the threshold and only when the estimate is known', () => {
    expect(needsConfirm(undefined)).toBe(false);
    expect(needsConfirm(10, 10)).toBe(false);
    expect(needsConfirm(11, 10)).toBe(true);
  });
});
