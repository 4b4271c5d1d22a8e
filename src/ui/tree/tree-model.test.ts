import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../../core/api/table-dto.ts';
import { type ChildrenState, TreeRowCache, rowKey, treeKeyAction, visibleRows } from './tree-model.ts';

const n = (id: string, hasChildren = false): TreeNode => ({ id, kind: 'manifest', label: id, explanation: '', hasChildren });

describe('visibleRows', () => {
  const roots = [n('meta', true)];
  const kids: Record<string, ChildrenState> = {
    meta: { status: 'ready', nodes: [n('list', true), n('stats')] },
    list: { status: 'ready', nodes: [n('m1', true), n('m2', true)] },
    m1: { status: 'ready', nodes: [n('f1'), n('f2')] },
    m2: { status: 'loading' },
  };
  const childrenOf = (id: string) => kids[id];

  it('shows only expanded subtrees, with loading rows for children on their way', () => {
    const k = (...ids: string[]) => ids.reduce<string | undefined>((p, id) => rowKey(p, id), undefined)!;
    const expanded = new Set([k('meta'), k('meta', 'list'), k('meta', 'list', 'm2')]);
    const rows = visibleRows(roots, childrenOf, expanded);
    expect(rows.map((r) => (r.type === 'node' ? `${r.depth}:${r.node.id}` : `${r.depth}:${r.type}`)))
      .toEqual(['0:meta', '1:list', '2:m1', '2:m2', '3:loading', '1:stats']);
    expanded.add(k('meta', 'list', 'm1'));
    expect(visibleRows(roots, childrenOf, expanded).map((r) => (r.type === 'node' ? r.node.id : r.type)))
      .toEqual(['meta', 'list', 'm1', 'f1', 'f2', 'm2', 'loading', 'stats']);
    expect(visibleRows(roots, childrenOf, new Set()).map((r) => r.key)).toEqual(['meta']);
  });

  // Speed is the UI bench's (bench/ui-bench.ts, tree of 100,000 rows), not a timed unit test's.
  it('lists 100,000 children of one node, in order', () => {
    const many: ChildrenState = { status: 'ready', nodes: Array.from({ length: 100_000 }, (_, i) => n(`f${i}`)) };
    const rows = visibleRows([n('m', true)], () => many, new Set(['m']));
    expect(rows).toHaveLength(100_001);
    expect(rows[100_000]).toMatchObject({ type: 'node', depth: 1 });
    expect((rows[100_000] as { node: { id: string } }).node.id).toBe('f99999');
  });

  it('a row cache rebuilds the same rows, reusing the row objects of levels it built before', () => {
    const k = (...ids: string[]) => ids.reduce<string | undefined>((p, id) => rowKey(p, id), undefined)!;
    const state: Record<string, ChildrenState> = { ...kids };
    const expanded = new Set([k('meta'), k('meta', 'list'), k('meta', 'list', 'm1'), k('meta', 'list', 'm2')]);
    const cache = new TreeRowCache();
    const first = cache.build(roots, (id) => state[id], expanded);
    expect(first.rows).toEqual(visibleRows(roots, (id) => state[id], expanded));
    expect([...first.levels.keys()]).toEqual(['', k('meta'), k('meta', 'list'), k('meta', 'list', 'm1')]);
    expect(first.levels.get(k('meta', 'list'))).toBe(kids.list.status === 'ready' ? kids.list.nodes : undefined);
    // m2's children arrive: only its level is new; every other row is the object built before.
    state.m2 = { status: 'ready', nodes: [n('f3'), n('f4')] };
    const second = cache.build(roots, (id) => state[id], expanded);
    expect(second.rows).toEqual(visibleRows(roots, (id) => state[id], expanded));
    expect(second.rows.map((r) => (r.type === 'node' ? r.node.id : r.type))).toEqual(['meta', 'list', 'm1', 'f1', 'f2', 'm2', 'f3', 'f4', 'stats']);
    const old = new Set(first.rows);
    expect(second.rows.filter((r) => !old.has(r)).map((r) => r.key)).toEqual([k('meta', 'list', 'm2', 'f3'), k('meta', 'list', 'm2', 'f4')]);
    // Collapsing a row gives back its closed row object; expanding it again, the same open one.
    const openM1 = second.rows[2];
    expanded.delete(k('meta', 'list', 'm1'));
    const third = cache.build(roots, (id) => state[id], expanded);
    expect(third.rows[2]).toMatchObject({ key: k('meta', 'list', 'm1'), expanded: false });
    expect(third.rows[3]).toBe(second.rows[5]);
    expanded.add(k('meta', 'list', 'm1'));
    expect(cache.build(roots, (id) => state[id], expanded).rows[2]).toBe(openM1);
  });

  it('keyboard: right expands then enters, left collapses then goes to the parent', () => {
    const expanded = new Set([rowKey(undefined, 'meta')]);
    const rows = visibleRows(roots, childrenOf, expanded);
    expect(treeKeyAction(rows, 1, 'ArrowRight')).toEqual({ type: 'expand', key: rows[1].key });
    expect(treeKeyAction(rows, 0, 'ArrowRight')).toEqual({ type: 'focus', index: 1 });
    expect(treeKeyAction(rows, 2, 'ArrowLeft')).toEqual({ type: 'focus', index: 0 });
    expect(treeKeyAction(rows, 0, 'ArrowLeft')).toEqual({ type: 'collapse', key: 'meta' });
    expect(treeKeyAction(rows, 0, 'ArrowUp')).toEqual({ type: 'focus', index: 0 });
    expect(treeKeyAction(rows, 0, 'End')).toEqual({ type: 'focus', index: rows.length - 1 });
    expect(treeKeyAction(rows, 1, 'Enter')).toEqual({ type: 'select', index: 1 });
    // `*` on the manifest list expands it and its collapsed siblings that have children.
    expect(treeKeyAction(rows, 1, '*')).toEqual({ type: 'expand-all', keys: [rows[1].key] });
    expect(treeKeyAction(rows, 2, '*')).toEqual({ type: 'expand-all', keys: [rows[1].key] });
    expect(treeKeyAction(rows, 0, '*')).toEqual({ type: 'none' });
  });
});

describe('nodeSummary', () => {
  it('says what matters per kind', async () => {
    const { nodeSummary } = await import('./tree-model.ts');
    expect(nodeSummary({ ...n('m'), details: { content: 'data', partitionSpecId: 0, addedFiles: 3, existingFiles: null, deletedFiles: 0 } })).toBe('data · spec 0 · +3 ~? −0 files');
    expect(nodeSummary({ ...n('f'), kind: 'data-file', details: { status: 'added', recordCount: '1234', partition: 'd=2024-01-01' } })).toBe('added · 1,234 rows · d=2024-01-01');
    expect(nodeSummary({ ...n('x'), kind: 'metadata-file', details: { formatVersion: 2, snapshots: 3 } })).toBe('format v2 · 3 snapshots');
    // Paimon in its own terms: manifests count added and deleted files only; entries have a kind, a row count and a level.
    expect(nodeSummary({ ...n('pm'), details: { addedFiles: '3', deletedFiles: '0', schemaId: 0, buckets: null, levels: null } })).toBe('+3 −0 files');
    expect(nodeSummary({ ...n('pf'), kind: 'data-file', details: { kind: 'ADD', bucket: 0, level: 5, rowCount: '1234' } })).toBe('ADD · 1,234 rows · level 5');
    expect(nodeSummary({ ...n('ps'), kind: 'snapshot', details: { commitKind: 'COMPACT', totalRecordCount: '10' } })).toBe('COMPACT · 10 rows');
  });

  it('speaks the reader\'s language: Chinese words, the same counts and partition', async () => {
    const { nodeSummary } = await import('./tree-model.ts');
    const { translator } = await import('../common/messages.ts');
    const { zh } = await import('../../core/messages/zh.ts');
    const tr = translator(zh);
    expect(nodeSummary({ ...n('m'), details: { content: 'data', partitionSpecId: 0, addedFiles: 3, existingFiles: null, deletedFiles: 0 } }, tr)).toBe('数据 · 分区规范 0 · +3 ~? −0 个文件');
    expect(nodeSummary({ ...n('f'), kind: 'data-file', details: { status: 'added', recordCount: '1234', partition: 'd=2024-01-01' } }, tr)).toBe('新增 · 1,234 行 · d=2024-01-01');
    expect(nodeSummary({ ...n('x'), kind: 'metadata-file', details: { formatVersion: 2, snapshots: 3 } }, tr)).toBe('格式 v2 · 3 个快照');
    expect(nodeSummary({ ...n('pf'), kind: 'data-file', details: { kind: 'ADD', bucket: 0, level: 5, rowCount: '1234' } }, tr)).toBe('ADD · 1,234 行 · 第 5 层');
  });
});
