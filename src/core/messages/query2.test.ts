/**
 * The messages of en-query2.ts (why the columnar executor hands a query to squirreling, scan notes, EXPLAIN's
 * column) render exactly the English their sites wrote before they carried a reference, and zh-CN renders each
 * in Chinese with the same data; EXPLAIN of a query that falls back shows its reason in Chinese, not as English data.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../io/memory-storage.ts';
import { runSql } from '../api/sql/run-sql.ts';
import type { SqlTableDto } from '../api/sql/sql-contract.ts';
import { explainLines } from './explain-lines.ts';
import { enQuery2 } from './en-query2.ts';
import { errorRef, errorText, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { noteText } from './note.ts';
import { zh } from './zh.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [r('ui.query.reason.unresolved', { column: 'x.id' }), 'column x.id not resolved here'],
  [r('ui.query.reason.datedArithmetic', { operator: '-' }), 'date or timestamp arithmetic (-)'],
  [r('ui.query.reason.datedArithmetic', { operator: '*' }), 'date or timestamp arithmetic (*)'],
  [r('ui.query.reason.operator', { operator: '||' }), 'operator ||'],
  [r('ui.query.reason.decimalVsDated'), 'comparison of a decimal with a date or timestamp'],
  [r('ui.query.reason.caseOrdered'), 'CASE over a decimal, date or timestamp value'],
  [r('ui.query.reason.expressionKind', { node: 'subquery' }), 'subquery expressions'],
  [r('ui.query.reason.castObject'), 'CAST of an object'],
  [r('ui.query.reason.castTo', { type: 'DATE' }), 'CAST to DATE'],
  [r('ui.query.reason.mixedTypes', { fn: 'COALESCE' }), 'COALESCE over values of different types'],
  [r('ui.query.reason.aggregateHere', { fn: 'SUM' }), 'aggregate SUM here'],
  [r('ui.query.reason.filterOn', { fn: 'COUNT' }), 'FILTER on COUNT'],
  [r('ui.query.reason.arity', { fn: 'SUBSTRING' }), 'SUBSTRING arity'],
  [r('ui.query.reason.ofObject', { fn: 'UPPER' }), 'UPPER of an object'],
  [r('ui.query.reason.function', { fn: 'ROUND' }), 'function ROUND'],
  [r('ui.query.reason.aggregate', { fn: 'STDDEV' }), 'aggregate STDDEV'],
  [r('ui.query.reason.arguments', { fn: 'SUM' }), 'SUM arguments'],
  [r('ui.query.reason.aggregateOfType', { fn: 'AVG', type: 'date' }), 'AVG of a date'],
  [r('ui.query.reason.emptyGroup'), 'column of an empty group'],
  [r('ui.query.reason.starInAggregate'), '* in an aggregate query'],
  [r('ui.query.reason.noRelation', { table: 'u' }), 'no relation u'],
  [r('ui.query.reason.columnLacking'), 'a column the relation lacks'],
  [r('ui.query.reason.repeatedName', { name: 'id' }), 'two output columns named id'],
  [r('ui.query.note.changeSource', { source: 'changelog files' }), 'source: changelog files'],
  [r('ui.query.note.metadataOnly'), 'metadata only: read while planning, no data file'],
  [r('ui.query.plan.column'), 'plan'],
];

/** Latin words that may stand in Chinese text: SQL and type names. */
const TERMS = /^(case|cast|filter|decimal|date|sql|squirreling)$/i;

describe('en-query2 / zh-query2', () => {
  catalogSampleChecks(enQuery2, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}]+/, allowed: (w, next) => TERMS.test(w) || TERMS.test(next) });
});

describe('EXPLAIN of a query the columnar executor hands to squirreling', () => {
  const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];
  let storage: MemoryStorage;
  beforeAll(async () => {
    installNodeParquetWasm();
    storage = new MemoryStorage('sql fallbacks');
    const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
    await createTable(storage, { location: 'memory://fallbacks/t', formatVersion: 2, schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 'b', 'double')] } });
    await appendRows(storage, [{ id: 1n, b: 1.5 }, { id: 2n, b: 2.5 }]);
  });

  it('says why in the reader\'s language: the English reason unchanged for the CLI, the Chinese with the function apart', async () => {
    const plan = await runSql(storage, { query: 'EXPLAIN SELECT sqrt(b) AS x FROM t', tables: TABLES });
    const executor = plan.explain!.executor!;
    expect(executor).toMatchObject({ name: 'squirreling', reason: 'function SQRT' });
    expect(executor.reasonRef).toEqual({ key: 'ui.query.reason.function', params: { fn: 'SQRT' } });
    // The CLI's text: the same English line as before.
    expect(plan.rows.map((x) => x[0])).toContain('executor: squirreling (function SQRT)');
    const zhLine = explainLines(plan.explain!, zh).find((l) => l.some((p) => typeof p === 'string' && p.startsWith('执行器：')))!;
    expect(zhLine).toEqual(['执行器：', { data: 'squirreling' }, '（列式执行器不支持函数 ', { data: 'SQRT' }, '）']);
  });

  it('an aggregate it does not compile: the reason is a message too', async () => {
    const plan = await runSql(storage, { query: 'EXPLAIN SELECT median(b) AS m FROM t', tables: TABLES });
    const executor = plan.explain!.executor!;
    expect(executor.reason).toBe('aggregate MEDIAN');
    expect(errorText(executor.reasonRef!, zh)).toBe('列式执行器不支持聚合函数 MEDIAN');
  });

  it('a metadata table\'s scan note is a message (English as before)', async () => {
    const plan = await runSql(storage, { query: 'EXPLAIN SELECT * FROM "t$snapshots"', tables: TABLES });
    const notes = plan.explain!.scans[0]!.notes;
    expect(notes.map((n) => noteText(n))).toEqual(['metadata only: read while planning, no data file']);
    expect(notes.map((n) => noteText(n, zh))).toEqual(['只读元数据：在规划时读取，不读数据文件']);
    expect(plan.rows.map((x) => x[0])).toContain('  note: metadata only: read while planning, no data file');
  });
});
