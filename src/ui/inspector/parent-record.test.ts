import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../../core/api/table-dto.ts';
import { recordMatches } from './parent-record.tsx';

const node = (path: string): TreeNode => ({ id: `file:${path}`, kind: 'data-file', label: path.split('/').pop()!, path, explanation: '', hasChildren: false });

describe('recordMatches', () => {
  it('accepts only the record that names the node’s file', () => {
    const rec = { status: 1, data_file: { file_path: 's3://b/t/data/a "x".parquet', record_count: '3' } };
    expect(recordMatches(rec, node('s3://b/t/data/a "x".parquet'))).toBe(true);
    expect(recordMatches(rec, node('s3://b/t/data/b.parquet'))).toBe(false);
    expect(recordMatches(undefined, node('x'))).toBe(false);
  });
});
