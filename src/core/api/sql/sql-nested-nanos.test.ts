/**
 * Nanosecond timestamps nested in a struct, list or map (Iceberg `struct<t: timestamp_ns>`,
 * `list<timestamp_ns>`): SQL output keeps their nine fraction digits, as it does for a top-level
 * nanosecond column, on both executors; `--format canonical` (canonicalSqlValue) floors them to
 * microseconds as scan's canonical form does. Values are the epoch nanoseconds this test writes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { runSql } from './run-sql.ts';
import type { SqlTableDto } from './sql-contract.ts';
import { canonicalSqlValue } from './sql-values.ts';

const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];
// 2008-12-28T00:00:00Z is 1230422400 s after the epoch; 1899-01-01T00:59:20Z is -2240521240 s.
const A = 1_230_422_400_000_123_456n;
const B = -2_240_521_240n * 1_000_000_000n + 1_001_001n;

let storage: MemoryStorage;
beforeAll(async () => {
  installNodeParquetWasm();
  storage = new MemoryStorage('sql nested nanos');
  await createTable(storage, {
    location: 'memory://nested/t', formatVersion: 3,
    schema: {
      type: 'struct', fields: [
        { id: 1, name: 'id', required: true, type: 'long' },
        { id: 2, name: 's', required: false, type: { type: 'struct', fields: [{ id: 4, name: 't', required: false, type: 'timestamp_ns' }, { id: 5, name: 'n', required: false, type: 'int' }] } },
        { id: 3, name: 'l', required: false, type: { type: 'list', 'element-id': 6, element: 'timestamp_ns', 'element-required': false } },
      ],
    },
  });
  await appendRows(storage, [{ id: 1n, s: { t: A, n: 1 }, l: [A, B] }, { id: 2n, s: { t: B, n: 2 }, l: [] }, { id: 3n, s: null, l: null }]);
});

describe('nanosecond timestamps inside structs and lists', () => {
  it('SELECT prints all nine digits on both executors; canonical output floors them to microseconds', async () => {
    const a = '2008-12-28T00:00:00.000123456Z';
    const b = '1899-01-01T00:59:20.001001001Z';
    const want = [[1, { t: a, n: 1 }, [a, b]], [2, { t: b, n: 2 }, []], [3, null, null]];
    for (const executor of ['auto', 'squirreling'] as const) {
      const r = await runSql(storage, { query: 'SELECT id, s, l FROM t ORDER BY id', tables: TABLES }, { executor });
      expect(r.rows, executor).toEqual(want);
    }
    const r = await runSql(storage, { query: 'SELECT s, l FROM t WHERE id = 1', tables: TABLES });
    expect(r.rows[0]!.map(canonicalSqlValue)).toEqual([{ t: '2008-12-28T00:00:00.000123Z', n: 1 }, ['2008-12-28T00:00:00.000123Z', '1899-01-01T00:59:20.001001Z']]);
  });
});
