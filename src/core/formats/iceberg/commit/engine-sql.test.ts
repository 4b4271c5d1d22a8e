import { describe, expect, it } from 'vitest';
import type { TableMetadata } from '../spec/table-metadata.ts';
import { icebergEngineSql } from './engine-sql.ts';

/** Just the facts the statements read: location, properties, schema and partition specs. */
const meta = {
  location: 's3://bucket/warehouse/sales/orders', properties: { 'write.target-file-size-bytes': '134217728' }, currentSchemaId: 0,
  schemas: [{ schemaId: 0, fields: [{ id: 1, name: 'id', required: true, type: { kind: 'long' } }, { id: 2, name: 'category', required: false, type: { kind: 'string' } }, { id: 3, name: 'ts', required: false, type: { kind: 'timestamptz' } }] }],
  partitionSpecs: [{ specId: 0, fields: [
    { sourceIds: [2], fieldId: 1000, name: 'category', transform: { kind: 'identity' } },
    { sourceIds: [3], fieldId: 1001, name: 'ts_day', transform: { kind: 'day' } },
  ] }],
} as unknown as TableMetadata;

describe('Iceberg engine SQL', () => {
  it('rewrite_data_files: the table property target, partitions as a where on identity columns (transforms named in a note)', () => {
    const sql = icebergEngineSql(meta, { kind: 'compact', partitions: [{ partition: 'category=odd/ts_day=2024-01-01', specId: '0' }, { partition: 'category=even/ts_day=2024-01-02' }] });
    expect(sql?.statements).toEqual([
      `CALL <catalog>.system.rewrite_data_files(table => 'sales.orders', options => map('target-file-size-bytes', '134217728'), where => 'category = "odd" OR category = "even"');`,
    ]);
    expect(sql?.notes.join(' ')).toContain('ts_day');
  });

  it('expire, rollback and set-current name the table and their arguments', () => {
    expect(icebergEngineSql(meta, { kind: 'expire', olderThanMs: Date.UTC(2024, 0, 2, 3, 4, 5), retainLast: 2 })?.statements)
      .toEqual([`CALL <catalog>.system.expire_snapshots(table => 'sales.orders', older_than => TIMESTAMP '2024-01-02 03:04:05.000', retain_last => 2);`]);
    expect(icebergEngineSql(meta, { kind: 'rollback', snapshotId: '123' })?.statements).toEqual([`CALL <catalog>.system.rollback_to_snapshot('sales.orders', 123);`]);
    expect(icebergEngineSql(meta, { kind: 'set-current', snapshotId: '9' })?.statements).toEqual([`CALL <catalog>.system.set_current_snapshot('sales.orders', 9);`]);
    expect(icebergEngineSql(meta, { kind: 'tag', name: 'x' })).toBeUndefined();
  });
});
