import { describe, expect, it } from 'vitest';
import type { DetectedTableDto, WarehouseScanDto } from '../../core/api/dto.ts';
import { buildRailTree, defaultExpanded, filterRailTree, visibleRows } from './rail-tree.ts';

const table = (root: string, format: DetectedTableDto['format']): DetectedTableDto => ({
  format, root, alsoReadableAs: [], name: root.replace(/\/$/, '').split('/').pop() as string, evidence: `${root}x`,
});

const scan: WarehouseScanDto = {
  root: '',
  tables: [table('delta/a/', 'delta'), table('delta/b/inner/', 'delta'), table('iceberg/t1/', 'iceberg'), table('paimon/p/', 'paimon')],
  folders: [
    { prefix: '', depth: 0, notDescended: false, truncated: false },
    { prefix: 'delta/', depth: 1, notDescended: false, truncated: false },
    { prefix: 'delta/b/', depth: 2, notDescended: false, truncated: false },
    { prefix: 'expected/', depth: 1, notDescended: false, truncated: false },
    { prefix: 'iceberg/', depth: 1, notDescended: false, truncated: false },
    { prefix: 'paimon/', depth: 1, notDescended: false, truncated: false },
  ],
  requests: 10,
};

describe('rail tree', () => {
  it('nests folders and tables and counts tables per folder', () => {
    const t = buildRailTree(scan);
    expect(t.tableCount).toBe(4);
    expect(t.children.map((c) => `${c.kind}:${c.name}:${c.tableCount}`)).toEqual(['folder:delta:2', 'folder:expected:0', 'folder:iceberg:1', 'folder:paimon:1']);
    const delta = t.children[0];
    expect(delta.children.map((c) => `${c.kind}:${c.name}`)).toEqual(['folder:b', 'table:a']);
    expect(delta.children[0].children[0]).toMatchObject({ kind: 'table', prefix: 'delta/b/inner/', depth: 3 });
  });

  it('shows rows of expanded folders only; defaults expand folders that hold tables', () => {
    const t = buildRailTree(scan);
    expect(visibleRows(t, new Set()).map((r) => r.prefix)).toEqual(['delta/', 'expected/', 'iceberg/', 'paimon/']);
    const exp = defaultExpanded(t);
    expect([...exp].sort()).toEqual(['delta/', 'delta/b/', 'iceberg/', 'paimon/']);
    expect(visibleRows(t, exp).map((r) => r.prefix)).toEqual([
      'delta/', 'delta/b/', 'delta/b/inner/', 'delta/a/', 'expected/', 'iceberg/', 'iceberg/t1/', 'paimon/', 'paimon/p/',
    ]);
  });

  it('filters by path or format, keeping ancestors', () => {
    const t = buildRailTree(scan);
    const f = filterRailTree(t, 'INNER');
    expect(f && visibleRows(f, new Set(), true).map((r) => r.prefix)).toEqual(['delta/', 'delta/b/', 'delta/b/inner/']);
    const byFormat = filterRailTree(t, 'paimon');
    expect(byFormat?.tableCount).toBe(1);
    expect(filterRailTree(t, 'nothing-like-this')).toBeNull();
    expect(filterRailTree(t, '  ')).toBe(t);
  });
});
