import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../../core/api/table-dto.ts';
import { packTreeNodes, TreeNodeColumns } from '../../worker/tree-columns.ts';
import { type ChildrenState, type LevelNodes, type TreeRow, TreeRowCache, nodeAt, parentIndex, rowKey, treeKeyAction, visibleRows } from './tree-model.ts';

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
    expect(first.rows.toArray()).toEqual(visibleRows(roots, (id) => state[id], expanded));
    expect([...first.levels.keys()]).toEqual(['', k('meta'), k('meta', 'list'), k('meta', 'list', 'm1')]);
    expect(first.levels.get(k('meta', 'list'))).toBe(kids.list.status === 'ready' ? kids.list.nodes : undefined);
    // m2's children arrive: only its level is new; every other row is the object built before.
    state.m2 = { status: 'ready', nodes: [n('f3'), n('f4')] };
    const second = cache.build(roots, (id) => state[id], expanded);
    expect(second.rows.toArray()).toEqual(visibleRows(roots, (id) => state[id], expanded));
    expect(second.rows.toArray().map((r) => (r.type === 'node' ? r.node.id : r.type))).toEqual(['meta', 'list', 'm1', 'f1', 'f2', 'm2', 'f3', 'f4', 'stats']);
    const old = new Set(first.rows.toArray());
    expect(second.rows.toArray().filter((r) => !old.has(r)).map((r) => r.key)).toEqual([k('meta', 'list', 'm2', 'f3'), k('meta', 'list', 'm2', 'f4')]);
    // Collapsing a row gives back its closed row object; expanding it again, the same open one.
    const openM1 = second.rows.at(2);
    expanded.delete(k('meta', 'list', 'm1'));
    const third = cache.build(roots, (id) => state[id], expanded);
    expect(third.rows.at(2)).toMatchObject({ key: k('meta', 'list', 'm1'), expanded: false });
    expect(third.rows.at(3)).toBe(second.rows.at(5));
    expanded.add(k('meta', 'list', 'm1'));
    expect(cache.build(roots, (id) => state[id], expanded).rows.at(2)).toBe(openM1);
  });

  it('a rebuild with 100,000 rows shown reads none of them (issue 17: no work or garbage per shown row per arriving level)', () => {
    // 100 manifests of 1,000 files each, all expanded; the 100th manifest's files arrive last. Each file
    // node counts the reads of its fields: a build that walks every shown row reads each one's hasChildren.
    let reads = 0;
    const file = (id: string): TreeNode => {
      const node = n(id);
      return new Proxy(node, { get: (t, k) => { reads++; return t[k as keyof TreeNode]; } });
    };
    const manifests = Array.from({ length: 100 }, (_, i) => n(`m${i}`, true));
    const files = manifests.map((m) => Array.from({ length: 1000 }, (_, i) => file(`${m.id}f${i}`)));
    const state: Record<string, ChildrenState> = { list: { status: 'ready', nodes: manifests } };
    manifests.forEach((m, i) => { state[m.id] = i < 99 ? { status: 'ready', nodes: files[i]! } : { status: 'loading' }; });
    const expanded = new Set([rowKey(undefined, 'list'), ...manifests.map((m) => rowKey('list', m.id))]);
    const cache = new TreeRowCache();
    const list = [n('list', true)];
    expect(cache.build(list, (id) => state[id], expanded).rows.length).toBe(1 + 100 + 99_000 + 1);
    state.m99 = { status: 'ready', nodes: files[99]! };
    reads = 0;
    const { rows } = cache.build(list, (id) => state[id], expanded);
    // The new level's 1,000 rows are built (their ids read once each); the 99,000 shown before are not visited.
    expect(reads).toBeLessThanOrEqual(1000);
    expect(rows.length).toBe(100_101);
    expect(rows.at(100_100)).toMatchObject({ type: 'node', depth: 2, index: 999, key: rowKey(rowKey('list', 'm99'), 'm99f999') });
    expect(rows.at(2)).toMatchObject({ key: rowKey(rowKey('list', 'm0'), 'm0f0') });
    expect(rows.at(1002)).toMatchObject({ key: rowKey('list', 'm1'), expanded: true });
    reads = 0;
    expect(cache.build(list, (id) => state[id], expanded).rows.length).toBe(100_101);
    expect(reads).toBe(0);
  });

  it('the row list reads every row where the array of all rows has it (random trees, expansions and answers)', () => {
    let seed = 7;
    const rnd = (k: number) => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed % k; };
    for (let round = 0; round < 30; round++) {
      const kidsOf = new Map<string, ChildrenState>();
      const make = (prefix: string, depth: number): TreeNode[] => Array.from({ length: rnd(6) }, (_, i) => {
        const id = `${prefix}.${i}`;
        const node = n(id, depth < 3 && rnd(2) === 0);
        if (node.hasChildren) {
          const pick = rnd(5);
          kidsOf.set(id, pick === 0 ? { status: 'loading' } : pick === 1 ? { status: 'error', error: new Error(id) } : { status: 'ready', nodes: make(id, depth + 1) });
        }
        return node;
      });
      const roots = make('r', 0);
      const expanded = new Set<string>();
      const walk = (nodes: readonly TreeNode[], parent: string | undefined) => nodes.forEach((x) => {
        const key = rowKey(parent, x.id);
        if (rnd(3) > 0) expanded.add(key);
        const c = kidsOf.get(x.id);
        if (c?.status === 'ready') walk(asArray(c.nodes), key);
      });
      walk(roots, undefined);
      expanded.add('no\u0001such\u0001row');
      // One id twice among siblings (one file under one manifest twice): both rows open alike.
      if (roots.length > 0) roots.push(roots[0]!);
      const { rows } = new TreeRowCache().build(roots, (id) => kidsOf.get(id), expanded);
      const reference = referenceRows(roots, (id) => kidsOf.get(id), expanded);
      expect(Array.from({ length: rows.length }, (_, i) => rows.at(i))).toEqual(reference);
      expect(rows.toArray()).toEqual(reference);
      // The same levels as the worker's columns: the same rows, row by row, and depths without making rows.
      const packed = new Map([...kidsOf].map(([id, c]) => [id, c.status === 'ready' ? { status: 'ready' as const, nodes: columns(asArray(c.nodes)) } : c]));
      const fromColumns = new TreeRowCache().build(columns(roots), (id) => packed.get(id), expanded).rows;
      expect(Array.from({ length: fromColumns.length }, (_, i) => fromColumns.at(i))).toEqual(reference);
      expect(Array.from({ length: fromColumns.length }, (_, i) => fromColumns.depthAt(i))).toEqual(reference.map((r) => r.depth));
      for (let i = 0; i < reference.length; i++) {
        // The nearest row above with the parent's key (a root shown twice has its subtree twice).
        const want = reference.slice(0, i).findLastIndex((r) => r.key === reference[i]!.parentKey);
        expect(parentIndex(fromColumns, i)).toBe(want < 0 ? undefined : want);
      }
    }
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

/** A level's nodes as an array. */
function asArray(nodes: LevelNodes): TreeNode[] {
  return Array.from({ length: nodes.length }, (_, i) => nodeAt(nodes, i));
}

/** Nodes as the engine worker sends them to the page. */
function columns(nodes: readonly TreeNode[]): TreeNodeColumns {
  return new TreeNodeColumns(packTreeNodes(nodes));
}

/** The visible rows by the plain recursive definition (what the row cache must give, row by row). */
function referenceRows(nodes: readonly TreeNode[], childrenOf: (id: string) => ChildrenState | undefined, expanded: ReadonlySet<string>, parentKey?: string, depth = 0): TreeRow[] {
  return nodes.flatMap((node, index): TreeRow[] => {
    const key = rowKey(parentKey, node.id);
    const open = node.hasChildren && expanded.has(key);
    const row: TreeRow = { type: 'node', key, node, depth, parentKey, expanded: open, index, siblings: nodes.length };
    if (!open) return [row];
    const c = childrenOf(node.id);
    const base = { depth: depth + 1, parentKey: key, parentId: node.id };
    if (!c || c.status === 'loading') return [row, { type: 'loading', key: `${key}\u0001…`, ...base }];
    if (c.status === 'error') return [row, { type: 'error', key: `${key}\u0001!`, error: c.error, ...base }];
    if (c.nodes.length === 0) return [row, { type: 'empty', key: `${key}\u0001∅`, ...base }];
    return [row, ...referenceRows(asArray(c.nodes), childrenOf, expanded, key, depth + 1)];
  });
}

describe('RowList', () => {
  it('reads nothing outside its rows', async () => {
    const { RowList } = await import('./tree-row-list.ts');
    const list = new RowList();
    const rows = visibleRows([n('a'), n('b'), n('c')], () => undefined, new Set());
    list.push(rows, 1, 3);
    list.push(rows, 0, 0);
    list.push(rows, 0, 1);
    expect([list.length, list.at(-1), list.at(3), list.at(0.5)]).toEqual([3, undefined, undefined, undefined]);
    expect(list.toArray().map((r) => r.key)).toEqual(['b', 'c', 'a']);
  });
});
