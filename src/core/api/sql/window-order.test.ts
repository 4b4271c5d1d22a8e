/**
 * ORDER BY an ordinal of a select item holding a window function sorts by that output column, as Spark does
 * (window-order.ts); squirreling refused it. Windows run on squirreling only: 'auto' and 'squirreling' both.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { runSql } from './run-sql.ts';
import type { SqlTableDto } from './sql-contract.ts';

describe('ORDER BY the ordinal of a window column', () => {
  const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];
  const storage = new MemoryStorage('window order');
  beforeAll(async () => {
    installNodeParquetWasm();
    const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
    await createTable(storage, { location: 'memory://window-order/t', formatVersion: 2, schema: { type: 'struct', fields: [f(1, 'a', 'long', true), f(2, 'b', 'long')] } });
    await appendRows(storage, [{ a: 1n, b: 5n }, { a: 1n, b: 3n }, { a: 2n, b: 4n }, { a: 2n, b: 9n }, { a: 2n, b: 1n }]);
  });
  const run = async (query: string) => {
    const out = [];
    for (const executor of ['auto', 'squirreling'] as const) out.push(await runSql(storage, { query, tables: TABLES }, { executor }));
    expect(out[0]!.rows, query).toEqual(out[1]!.rows);
    return { names: out[0]!.columns.map((c) => c.name), rows: out[0]!.rows };
  };

  it('sorts by the window column, under its alias or its own name', async () => {
    // Row numbers within a: a=1 → b 3:1, 5:2; a=2 → b 1:1, 4:2, 9:3.
    expect(await run('SELECT a, row_number() OVER (PARTITION BY a ORDER BY b) AS r FROM t ORDER BY 1, 2 DESC')).toEqual({ names: ['a', 'r'], rows: [[1, 2], [1, 1], [2, 3], [2, 2], [2, 1]] });
    expect(await run('SELECT b, row_number() OVER (PARTITION BY a ORDER BY b) FROM t ORDER BY 2 DESC, 1')).toEqual({ names: ['b', 'row_number'], rows: [[9, 3], [4, 2], [5, 2], [1, 1], [3, 1]] });
    expect(await run('SELECT b, 10 - row_number() OVER (PARTITION BY a ORDER BY b DESC) AS x FROM t ORDER BY 2, 1')).toEqual({ names: ['b', 'x'], rows: [[1, 7], [4, 8], [3, 8], [9, 9], [5, 9]].sort((p, q) => p[1]! - q[1]! || p[0]! - q[0]!) });
  });
});
