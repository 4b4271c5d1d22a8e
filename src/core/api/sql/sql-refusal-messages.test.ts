/**
 * SQL refusals carry their catalog message (issue 20): a run's refusal and EXPLAIN's "a run would refuse"
 * render in zh-CN, and their English is what the CLI prints; the byte-limit refusal too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { isLakeError, type LakeError } from '../../errors.ts';
import { errorText } from '../../messages/message-parts.ts';
import { zh } from '../../messages/zh.ts';
import { runSql } from './run-sql.ts';
import type { SqlTableDto } from './sql-contract.ts';

const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];
let storage: MemoryStorage;

beforeAll(async () => {
  installNodeParquetWasm();
  storage = new MemoryStorage('sql refusals');
  const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
  await createTable(storage, { location: 'memory://refusals/t', formatVersion: 2, schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 'b', 'int')] } });
  await appendRows(storage, [{ id: 1n, b: 1 }, { id: 2n, b: 2 }]);
});

describe('SQL refusals in the reader\'s language', () => {
  it('EXPLAIN of a query a run refuses carries the refusal as a message, Chinese in zh-CN', async () => {
    const q = 'SELECT sum(DISTINCT x.b) AS s FROM t x JOIN t y ON x.id = y.id';
    const plan = await runSql(storage, { query: `EXPLAIN ${q}`, tables: TABLES });
    const refusal = plan.explain?.executor?.refusal;
    expect(refusal).toBeDefined();
    expect(plan.explain?.executor?.reason).toContain('refused: SUM(DISTINCT …) outside the columnar executor');
    expect(errorText(refusal!)).toContain('SUM(DISTINCT …) outside the columnar executor');
    // One "SQL" prefix, not two (a refusal once read "SQL 错误（…）：SQL：…" and "sql: sql: …").
    expect(errorText(refusal!, zh)).toMatch(/^SQL 错误（第 1 行，第 16 列）：SUM\(DISTINCT …\) 不在列式执行器中：squirreling 在那里会忽略 DISTINCT，答案会是错的$/);
    expect(plan.explain?.executor?.reason).not.toMatch(/sql: sql:/i);
  });

  it('a run of a refused query says "sql:" once, in English and in zh-CN', async () => {
    const q = 'SELECT sum(DISTINCT x.b) AS s FROM t x JOIN t y ON x.id = y.id';
    const e = await runSql(storage, { query: q, tables: TABLES }).catch((err: unknown) => err) as LakeError;
    expect(isLakeError(e, 'Unsupported')).toBe(true);
    expect(e.message.split('\n')[0]).toMatch(/^sql: SUM\(DISTINCT …\) outside the columnar executor.* at line 1, column 8$/);
    expect(errorText(e.ref!)).toBe(e.message.split('\n')[0]);
    expect(errorText(e.ref!, zh)).toMatch(/^SQL 错误（第 1 行，第 8 列）：SUM\(DISTINCT …\) 不在列式执行器中/);
  });

  it('a query over the byte limit is refused with its message (English unchanged)', async () => {
    const e = await runSql(storage, { query: 'SELECT * FROM t', tables: TABLES, maxBytes: 1 }).catch((err: unknown) => err) as LakeError;
    expect(isLakeError(e, 'Conflict')).toBe(true);
    expect(e.message).toMatch(/^sql: the query would fetch \d+ bytes, more than the 1 allowed$/);
    expect(errorText(e.ref!)).toBe(e.message);
    expect(errorText(e.ref!, zh)).toMatch(/^SQL：这个查询要读取 \d+ 字节，超过了允许的 1 字节$/);
  });
});
