/**
 * Query errors a person meets in the query tab carry their catalog message (issue 20): squirreling's own
 * messages mapped by pattern, our parser's, a missing table, and the typed-value refusals — checked on real
 * errors of real queries over the demo's sales/orders, in English (unchanged) and in Chinese.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { REPO_ROOT } from '../../../testing/fixtures.ts';
import { isLakeError, type LakeError } from '../../errors.ts';
import { errorText } from '../../messages/message-parts.ts';
import { zh } from '../../messages/zh.ts';
import { engineMessageRef } from './engine-messages.ts';
import { runSql } from './run-sql.ts';

// (The overflow case reads the rows.)
beforeAll(() => installNodeParquetWasm());
const storage = new FsStorage(join(REPO_ROOT, 'public/demo'), { readOnly: true });
const tables = [{ name: 't', root: 'sales/orders/', format: 'iceberg' as const }];

async function failure(query: string): Promise<LakeError> {
  const e = await runSql(storage, { query, tables }, { executor: 'squirreling' }).then(() => undefined, (x: unknown) => x);
  if (!isLakeError(e)) throw new Error(`expected a LakeError for ${query}, got ${String(e)}`);
  return e;
}

describe('query errors in the reader’s language', () => {
  const cases: [string, string, string][] = [
    ['SELECT order_id,\n       no_such_column\nFROM t', 'error.sql.columnNotFound',
      'SQL 错误（第 2 行，第 8 列）：没有列 "no_such_column"。可用的列：order_id, customer_id, order_ts, product, quantity, amount, status'],
    ['SELEC x FROM t', 'error.sql.expected', 'SQL 错误（第 1 行，第 1 列）：这里应为 SELECT，却是 "SELEC"'],
    ['SELECT * FROM nosuch', 'error.sql.tableFailed', 'SQL 错误（第 1 行，第 15 列）：nosuch：这个仓库中 "nosuch" 处没有表（已有的表：t）'],
    ['SELECT x.a FROM t', 'error.sql.tableNotFound', 'SQL 错误（第 1 行，第 8 列）：没有表 "x"（在 "x.a" 中）。可用的表：t'],
    ["SELECT * FROM t WHERE 'abc", 'error.sql.unclosedString', 'SQL 错误（第 1 行，第 23 列）：字符串没有结束引号'],
    ['SELECT foo(1) FROM t', 'error.sql.unknownFunction', 'SQL 错误（第 1 行，第 8 列）：未知函数 "foo"。你是不是想用 FLOOR, MOD, POW, COS？'],
    // (COALESCE(amount, 0) and COALESCE(amount, quantity) are decimals now — Spark's wider decimal; with a timestamp beside it, it is not.)
    ['SELECT COALESCE(amount, order_ts) > 5 FROM t', 'error.sql.typed.underFunction', ''],
    // decimal(10,2) × decimal(38,0) is decimal(38,2): every amount of a cent or more overflows it (Spark ANSI: an error).
    // (The expression as written: the engine's bigint suffix of the literal is not shown.)
    ['SELECT amount * 99999999999999999999999999999999999999 FROM t', 'error.sql.exact.decimalOverflow',
      'SQL 错误（第 1 行，第 8 列）：amount * 99999999999999999999999999999999999999：精确结果有 42 位数字，超过了 decimal 的 38 位'],
  ];
  for (const [query, inner, chinese] of cases) {
    it(`${query.replace(/\n/g, ' ')} → ${inner}`, async () => {
      const e = await failure(query);
      expect(e.ref?.key).toBe('error.sql.at');
      const message = e.ref!.params!.message as { key: string; params?: Record<string, unknown> };
      expect(message.key === inner || (message.key === 'error.sql' && (message.params!.message as { key: string }).key === inner)).toBe(true);
      // The English text of the reference is the message's first line: the CLI's text, unchanged.
      expect(errorText(e.ref!)).toBe(e.message.split('\n')[0]);
      if (chinese) expect(errorText(e.ref!, zh)).toBe(chinese);
      else expect(errorText(e.ref!, zh)).toMatch(/^SQL 错误（第 1 行，第 \d+ 列）：.*不在列式执行器中/);
    });
  }

  it('a message no pattern knows keeps no reference; a pattern whose rendering differs from the message refuses it', () => {
    expect(engineMessageRef('Window functions are not supported: ROW_NUMBER(...) OVER (...)')).toBeUndefined();
    expect(engineMessageRef('Column "a" not found. Available columns: a, b')).toEqual({ key: 'error.sql.columnNotFound', params: { column: 'a', known: 'a, b' } });
    expect(engineMessageRef('Column "a" not found')).toEqual({ key: 'error.sql.columnNotFound', params: { column: 'a' } });
    expect(engineMessageRef('Expected FROM but found end of query')).toEqual({ key: 'error.sql.expected', params: { expected: 'FROM' } });
  });
});
