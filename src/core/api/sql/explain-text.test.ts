/**
 * EXPLAIN's plan text (issue 20): the English lines are what the CLI printed before the plan became catalog
 * messages, byte for byte; in zh-CN every label is Chinese and the names, paths and numbers stand apart as data.
 */
import { describe, expect, it } from 'vitest';
import { errorRef } from '../../messages/message-parts.ts';
import { zh } from '../../messages/zh.ts';
import { explainLines, explainText } from './explain-text.ts';
import type { SqlExplainDto } from './sql-contract.ts';

const PLAN: Omit<SqlExplainDto, 'text'> = {
  scans: [
    {
      ref: '"sales/orders" FOR VERSION AS OF 5', relation: 't', format: 'iceberg', kind: 'data', version: '5', columns: ['id', 'region'], filter: "region = 'eu'",
      counts: { manifests: { total: 3, read: 2, skipped: 1 }, 'row-group': { total: 1200, matched: 1100 } },
      filesPlanned: 4, filesSkipped: 2, rowGroupsPlanned: 5, rowGroupsSkipped: 1, bytesToFetch: 123456, bytesFetched: 2048,
      notes: [{ key: 'note.noSnapshotYet' }, 'an English note not yet in the catalog'],
    },
    { ref: '"t$snapshots"', relation: 't_snapshots', format: 'delta', kind: 'metadata', metadataTable: 'snapshots', counts: {}, filesPlanned: 0, filesSkipped: 0, bytesToFetch: 0, notes: ['metadata only'] },
    { ref: 'CHANGES', relation: 'c', format: 'paimon', kind: 'changes', fromVersion: '1', version: '3', counts: {}, filesPlanned: 1, filesSkipped: 0, bytesToFetch: 10, notes: [] },
  ].map((s) => ({ table: s.relation, root: '', ...s })) as SqlExplainDto['scans'],
  engineQuery: '  SELECT count(*) FROM t  ',
  executor: {
    name: 'squirreling', reason: 'a HashJoin step (join, subquery, CTE, set operation or window); 2 operator(s) rewritten to three-valued-logic or typed-value functions',
    reasonRef: errorRef('ui.query.reason.and', { first: errorRef('ui.query.reason.step', { node: 'HashJoin' }), second: errorRef('ui.query.reason.rewritten', { count: 2 }) }),
  },
  bytesToFetch: 123466,
};

/** The text main's explain-text.ts printed for PLAN (the CLI's EXPLAIN output). */
const ENGLISH = `"sales/orders" FOR VERSION AS OF 5  (iceberg data, version 5) as t
  columns: id, region
  pushed filter: region = 'eu'
  manifests: total 3, read 2, skipped 1
  row-group: total 1,200, matched 1,100
  files: 4 to read, 2 skipped
  row groups: 5 to read, 1 skipped
  bytes to fetch: 123,456
  bytes fetched: 2,048
  note: the table has no snapshot yet
  note: an English note not yet in the catalog
"t$snapshots"  (delta metadata $snapshots) as t_snapshots
  note: metadata only
CHANGES  (paimon changes, versions (1, 3]) as c
  columns: all
  pushed filter: none
  files: 1 to read, 0 skipped
  bytes to fetch: 10
engine query: SELECT count(*) FROM t
executor: squirreling (a HashJoin step (join, subquery, CTE, set operation or window); 2 operator(s) rewritten to three-valued-logic or typed-value functions)
total bytes to fetch: 123,466`;

describe('EXPLAIN text', () => {
  it('in English is the CLI\'s text, unchanged', () => {
    expect(explainText(PLAN)).toBe(ENGLISH);
    // The reason's English (what run-sql.ts writes) is the English of its catalog message.
    expect(explainText({ ...PLAN, executor: { ...PLAN.executor!, reasonRef: undefined } })).toBe(ENGLISH);
  });

  it('in zh-CN: Chinese labels, the same data', () => {
    const text = explainText(PLAN, zh);
    expect(text.split('\n')).toHaveLength(ENGLISH.split('\n').length);
    expect(text).toContain('"sales/orders" FOR VERSION AS OF 5  （iceberg 数据，版本 5）记为 t');
    expect(text).toContain('  列：id, region');
    expect(text).toContain("  下推的过滤条件：region = 'eu'");
    expect(text).toContain('  manifests：总数 3，读取 2，跳过 1');
    expect(text).toContain('  row-group：总数 1,200，匹配 1,100');
    expect(text).toContain('  文件：读取 4 个，跳过 2 个');
    expect(text).toContain('  说明：该表还没有快照');
    expect(text).toContain('  列：全部');
    expect(text).toContain('  下推的过滤条件：无');
    expect(text).toContain('CHANGES  （paimon 变更，版本 (1, 3]）记为 c');
    expect(text).toContain('执行器：squirreling（计划中有 HashJoin 步骤（连接、子查询、CTE、集合运算或窗口函数）；2 个运算符改写为三值逻辑或类型化取值函数）');
    expect(text).toContain('总共要读取的字节数：123,466');
    // No English label is left: what remains in ASCII letters is data (names, the query, the English note).
    const words = explainLines(PLAN, zh).flatMap((line) => line.filter((p): p is string => typeof p === 'string')).join(' ');
    expect((words.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => w !== 'CTE')).toEqual([]);
  });

  it('sets the data apart: names, numbers and the query are data pieces', () => {
    const [head] = explainLines(PLAN, zh);
    expect(head).toEqual([{ data: '"sales/orders" FOR VERSION AS OF 5' }, '  （', { data: 'iceberg' }, ' 数据，版本 ', { data: '5' }, '）记为 ', { data: 't' }]);
    const query = explainLines(PLAN, zh).find((l) => l[0] === '引擎执行的查询：');
    expect(query).toEqual(['引擎执行的查询：', { data: 'SELECT count(*) FROM t' }]);
  });
});
