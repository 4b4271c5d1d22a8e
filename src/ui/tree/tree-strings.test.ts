import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../../core/api/table-dto.ts';
import { TreeStrings } from './tree-strings.ts';

/** A manifest's file rows as the engine sends them to the page (iceberg/inspect/tree.ts entryNode, after pageTreeNode). */
function fileRows(manifest: string, count: number): TreeNode[] {
  return Array.from({ length: count }, (_, i): TreeNode => ({
    id: `file:s3://bucket/t/data/day=${i % 3}/part-${manifest}-${i}.parquet`, kind: 'data-file', label: `part-${manifest}-${i}.parquet`,
    path: `s3://bucket/t/data/day=${i % 3}/part-${manifest}-${i}.parquet`, location: `t/data/day=${i % 3}/part-${manifest}-${i}.parquet`,
    size: 1000 + i, hasChildren: false, explanation: '',
    message: { key: 'tree.iceberg.dataFile', params: { fileFormat: 'PARQUET', records: String(10 + (i % 2)), partition: `day=${i % 3}`, manifest, deleted: i === 0 } },
    details: { status: i === 0 ? 'deleted' : 'added', recordCount: String(10 + (i % 2)), sequenceNumber: '7', snapshotId: '1234567890123456789', partition: `day=${i % 3}`, nothing: null },
  } as TreeNode));
}

describe('TreeStrings', () => {
  it('leaves every node deeply equal to what arrived, across answers sharing one table of values', () => {
    const strings = new TreeStrings();
    for (const m of ['m1.avro', 'm2.avro']) {
      const arrived = structuredClone(fileRows(m, 50));
      const expected = structuredClone(arrived);
      const out = strings.shareIn(arrived);
      expect(out).toBe(arrived);
      expect(out).toEqual(expected);
    }
    // The repeated values are held once each; names and paths (unique, or longer than 80) are not held at all.
    expect(strings.size).toBeLessThan(20);
  });

  it('keeps nodes without a message, details or location as they are', () => {
    const bare: TreeNode[] = [{ id: 'snap:1', kind: 'snapshot', label: 'snapshot 1', explanation: 'The first.', hasChildren: true }];
    expect(new TreeStrings().shareIn(structuredClone(bare))).toEqual(bare);
  });

  it('never holds more values than its cap', () => {
    const strings = new TreeStrings();
    for (let i = 0; i < 100_001; i++) expect(strings.of(`v${i}`)).toBe(`v${i}`);
    expect(strings.size).toBeLessThanOrEqual(100_000);
    expect(strings.size).toBeGreaterThan(0);
  });
});
