import { describe, expect, it } from 'vitest';
import type { SqlColumnDto } from '../../core/api/sql/sql-contract.ts';
import type { SqlExplainDto } from '../../core/api/sql/sql-contract.ts';
import { en } from '../../core/messages/en.ts';
import { zh } from '../../core/messages/zh.ts';
import { CONFIRM_BYTES, chartFor, chartPoints, errorPosition, errorSpan, exportedResult, loadConfirmBytes, positionOf, refusedBytes, resultCsv, saveConfirmBytes, MAX_BARS } from './result-model.ts';

const col = (name: string, kind: SqlColumnDto['kind']): SqlColumnDto => ({ name, kind });

describe('resultCsv', () => {
  it('quotes, keeps nulls empty and guards cells a spreadsheet would run', () => {
    const csv = resultCsv([col('a', 'string'), col('n', 'decimal'), col('a', 'string')], [
      ['=HYPERLINK("x")', '-1', 'x'], ['+1', null, 'x'], ['@SUM(A1)', '3', 'x'], ['plain, "q"', '2', 'x'], ['-x', 0, 'x'],
    ]);
    expect(csv.split('\r\n').map((l) => l.replace(/,x$/, ''))).toEqual([
      'a,n,a', '"\'=HYPERLINK(""x"")",\'-1', "'+1,", "'@SUM(A1),3", '"plain, ""q""",2', "'-x,0", '',
    ]);
  });
});

describe('exportedResult', () => {
  const explain: SqlExplainDto = {
    text: '', engineQuery: 'SELECT median(b) AS m FROM t', bytesToFetch: 2048,
    executor: { name: 'squirreling', reason: 'aggregate MEDIAN', reasonRef: { key: 'ui.query.reason.aggregate', params: { fn: 'MEDIAN' } } },
    scans: [{ ref: 't', relation: 't', table: 't', root: '', format: 'iceberg', kind: 'metadata', metadataTable: 'snapshots', counts: {}, filesPlanned: 0, filesSkipped: 0, bytesToFetch: 0, notes: [{ key: 'ui.query.note.metadataOnly' }] }],
  } as unknown as SqlExplainDto;
  // What the engine returns for an EXPLAIN: its English text, a line a row.
  const english = ['t  (iceberg metadata $snapshots) as t', '  note: metadata only: read while planning, no data file', 'engine query: SELECT median(b) AS m FROM t',
    'executor: squirreling (aggregate MEDIAN)', 'total bytes to fetch: 2,048'];
  const result = { columns: [col('plan', 'string')], rows: english.map((l) => [l]), explain };

  it('exports an EXPLAIN as the tab shows it: in zh-CN the plan\'s lines and its column in Chinese', () => {
    // In English, what it exported before: the engine's rows under `plan`.
    expect(resultCsv(exportedResult(result, en).columns, exportedResult(result, en).rows)).toBe(resultCsv(result.columns, result.rows));
    const z = exportedResult(result, zh);
    expect(z.columns).toEqual([{ name: '执行计划', kind: 'string' }]);
    expect(z.rows.map((r) => r[0])).toEqual(['t  （iceberg 元数据 $snapshots）记为 t', '  说明：只读元数据：在规划时读取，不读数据文件', '引擎执行的查询：SELECT median(b) AS m FROM t',
      '执行器：squirreling（列式执行器不支持聚合函数 MEDIAN）', '总共要读取的字节数：2,048']);
  });

  it('leaves any other result as it is', () => {
    const plain = { columns: [col('n', 'bigint')], rows: [['1']] };
    expect(exportedResult(plain, zh)).toBe(plain);
  });
});

describe('chartFor', () => {
  it('draws a line over a time column, bars per category, nothing without both kinds', () => {
    expect(chartFor([col('n', 'bigint'), col('day', 'date'), col('region', 'string')])).toEqual({ type: 'line', x: 1, ys: [0] });
    expect(chartFor([col('region', 'string'), col('n', 'number'), col('s', 'decimal')])).toEqual({ type: 'bar', x: 0, ys: [1, 2] });
    expect(chartFor([col('n', 'number')])).toBeNull();
    expect(chartFor([col('region', 'string'), col('day', 'timestamp')])).toBeNull();
    expect(chartFor([col('x', 'null'), col('n', 'number')])).toBeNull();
  });
});

describe('chartPoints', () => {
  it('sorts time ascending as epoch ms, drops null times, reads decimal strings', () => {
    const { points } = chartPoints({ type: 'line', x: 1, ys: [0] }, [
      ['5', '2024-03-02'], ['1', null], ['7.5', '2024-03-01T12:00:00Z'], [null, '2024-03-03 00:00:00'],
    ]);
    expect(points).toEqual([
      { x: Date.UTC(2024, 2, 1, 12), s0: 7.5 }, { x: Date.UTC(2024, 2, 2), s0: 5 }, { x: Date.UTC(2024, 2, 3), s0: null },
    ]);
  });

  it('keeps category order and caps the bars', () => {
    const rows = Array.from({ length: MAX_BARS + 3 }, (_, i) => [`k${i}`, i]);
    const { points, leftOut } = chartPoints({ type: 'bar', x: 0, ys: [1] }, rows);
    expect(points.length).toBe(MAX_BARS);
    expect(points[0]).toEqual({ x: 'k0', s0: 0 });
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

describe('the ask-before-reading threshold', () => {
  it('reads the refusal of a run over the limit, and nothing else', () => {
    expect(refusedBytes({ code: 'Conflict', message: 'sql: …', context: { bytesToFetch: 141_312, maxBytes: 65_536 } })).toBe(141_312);
    expect(refusedBytes({ code: 'DataInvalid', context: { bytesToFetch: 1 } })).toBeUndefined();
    expect(refusedBytes({ code: 'Conflict', context: {} })).toBeUndefined();
    expect(refusedBytes(null)).toBeUndefined();
  });

  it('keeps the chosen threshold, and falls back to the default for anything else', () => {
    const m = new Map<string, string>();
    const store = { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => { m.set(k, v); } };
    expect(loadConfirmBytes(store)).toBe(CONFIRM_BYTES);
    saveConfirmBytes(store, Infinity);
    expect(loadConfirmBytes(store)).toBe(Infinity);
    saveConfirmBytes(store, 65_536);
    expect(loadConfirmBytes(store)).toBe(65_536);
    m.set('lakescope.queryConfirmBytes', '12345');
    expect(loadConfirmBytes(store)).toBe(CONFIRM_BYTES);
  });
});

describe('errorSpan', () => {
  it('covers the word at the offset, one character on an operator, past the end for end of input', () => {
    const sql = 'SELECT nope, "a b" FROM t WHERE x >';
    expect(errorSpan(sql, 7)).toEqual([7, 11]);
    expect(errorSpan(sql, 9)).toEqual([7, 11]);
    expect(errorSpan(sql, 13)).toEqual([13, 18]);
    expect(errorSpan(sql, sql.length - 1)).toEqual([sql.length - 1, sql.length]);
    expect(errorSpan(sql, sql.length)).toEqual([sql.length, sql.length + 1]);
  });
});
