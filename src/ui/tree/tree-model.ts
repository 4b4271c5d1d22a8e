/**
 * The metadata tree as the virtualised list draws it: the visible rows in order, from the roots, the
 * children loaded so far (by node id) and the set of expanded rows (by row key, the path of node ids from
 * the root, since one file may appear under two manifests).
 */
import type { TreeNode } from '../../core/api/table-dto.ts';
import { en } from '../../core/messages/en.ts';
import { translator, type Translator } from '../common/messages.ts';
import { formatCount } from '../common/format.ts';

export type ChildrenState =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly error: unknown }
  | { readonly status: 'ready'; readonly nodes: readonly TreeNode[] };

export type TreeRow =
  | { readonly type: 'node'; readonly key: string; readonly node: TreeNode; readonly depth: number; readonly parentKey?: string; readonly expanded: boolean; readonly index: number; readonly siblings: number }
  | { readonly type: 'loading' | 'error' | 'empty'; readonly key: string; readonly depth: number; readonly parentKey: string; readonly parentId: string; readonly error?: unknown };

/** Key of a row: its ancestors' node ids and its own, joined with a separator no id contains. */
export function rowKey(parentKey: string | undefined, nodeId: string): string {
  return parentKey === undefined ? nodeId : `${parentKey}\u0001${nodeId}`;
}

/**
 * Visible rows, depth-first. Must hold: a collapsed node hides its whole subtree; an expanded node
 * whose children are not loaded yet shows one `loading` (or `error`) row; no recursion (deep trees and
 * 100,000 siblings are fine).
 */
export function visibleRows(roots: readonly TreeNode[], childrenOf: (nodeId: string) => ChildrenState | undefined, expanded: ReadonlySet<string>): TreeRow[] {
  return new TreeRowCache().build(roots, childrenOf, expanded).rows;
}

type NodeRow = Extract<TreeRow, { type: 'node' }>;

/** One level's rows (the children of one parent row), closed and, once needed, open. */
interface LevelRows { readonly closed: readonly NodeRow[]; readonly open: (NodeRow | undefined)[] }

/**
 * Builds the visible rows again and again (each expand, each level that arrives) while reusing the row
 * objects and keys of the levels it built before: a level is the same as long as its children array is
 * (the query results are immutable), so only the rows of levels new to it are allocated. Issue 17: when
 * `*` expanded 100 manifests, each of the 100 answers rebuilt all rows (up to 100,000, with their keys),
 * ~140 MB that outlived the young generation and came back as a 28 ms major GC in the middle of a scroll.
 */
export class TreeRowCache {
  private readonly levels = new WeakMap<readonly TreeNode[], Map<string, LevelRows>>();

  /**
   * The visible rows (as {@link visibleRows}) and, by parent key (`''` for the roots), the children
   * array each drawn level comes from.
   */
  build(roots: readonly TreeNode[], childrenOf: (nodeId: string) => ChildrenState | undefined, expanded: ReadonlySet<string>): { rows: TreeRow[]; levels: Map<string, readonly TreeNode[]> } {
    const out: TreeRow[] = [];
    const levels = new Map<string, readonly TreeNode[]>();
    type Frame = { level: LevelRows; i: number };
    const stack: Frame[] = [{ level: this.level(roots, undefined, 0), i: 0 }];
    levels.set('', roots);
    while (stack.length > 0) {
      const f = stack[stack.length - 1];
      if (f.i >= f.level.closed.length) { stack.pop(); continue; }
      const index = f.i++;
      const closed = f.level.closed[index];
      const isOpen = closed.node.hasChildren && expanded.has(closed.key);
      if (!isOpen) { out.push(closed); continue; }
      const row = (f.level.open[index] ??= { ...closed, expanded: true });
      out.push(row);
      const c = childrenOf(row.node.id);
      const base = { depth: row.depth + 1, parentKey: row.key, parentId: row.node.id };
      if (!c || c.status === 'loading') out.push({ type: 'loading', key: `${row.key}\u0001…`, ...base });
      else if (c.status === 'error') out.push({ type: 'error', key: `${row.key}\u0001!`, error: c.error, ...base });
      else if (c.nodes.length === 0) out.push({ type: 'empty', key: `${row.key}\u0001∅`, ...base });
      else {
        levels.set(row.key, c.nodes);
        stack.push({ level: this.level(c.nodes, row.key, row.depth + 1), i: 0 });
      }
    }
    return { rows: out, levels };
  }

  /** The rows of `nodes` under `parentKey`, built once (one file may show under two parents: keyed by both). */
  private level(nodes: readonly TreeNode[], parentKey: string | undefined, depth: number): LevelRows {
    let byParent = this.levels.get(nodes);
    if (!byParent) this.levels.set(nodes, (byParent = new Map()));
    const k = parentKey ?? '';
    let level = byParent.get(k);
    if (!level) {
      const closed = nodes.map((node, index): NodeRow => ({
        type: 'node', key: rowKey(parentKey, node.id), node, depth, parentKey, expanded: false, index, siblings: nodes.length,
      }));
      byParent.set(k, (level = { closed, open: [] }));
    }
    return level;
  }
}

/** What a key press does in the tree (WAI-ARIA tree pattern). */
export type TreeAction =
  | { readonly type: 'focus'; readonly index: number }
  | { readonly type: 'expand'; readonly key: string }
  | { readonly type: 'collapse'; readonly key: string }
  | { readonly type: 'select'; readonly index: number }
  | { readonly type: 'expand-all'; readonly keys: readonly string[] }
  | { readonly type: 'none' };

/**
 * Up/Down move, Right expands (or enters), Left collapses (or goes to the parent), Home/End, Enter
 * selects, `*` expands every sibling of the row (WAI-ARIA tree pattern) — e.g. all manifests at once.
 */
export function treeKeyAction(rows: readonly TreeRow[], active: number, key: string, pageSize = 20): TreeAction {
  const row = rows[active];
  if (!row) return { type: 'none' };
  const clamp = (i: number) => ({ type: 'focus' as const, index: Math.max(0, Math.min(rows.length - 1, i)) });
  switch (key) {
    case 'ArrowDown': return clamp(active + 1);
    case 'ArrowUp': return clamp(active - 1);
    case 'PageDown': return clamp(active + pageSize);
    case 'PageUp': return clamp(active - pageSize);
    case 'Home': return clamp(0);
    case 'End': return clamp(rows.length - 1);
    case 'Enter': case ' ': return { type: 'select', index: active };
    case '*': {
      const keys = rows.filter((r) => r.type === 'node' && r.parentKey === row.parentKey && r.node.hasChildren && !r.expanded).map((r) => r.key);
      return keys.length ? { type: 'expand-all', keys } : { type: 'none' };
    }
    case 'ArrowRight':
      if (row.type !== 'node' || !row.node.hasChildren) return { type: 'none' };
      return row.expanded ? clamp(active + 1) : { type: 'expand', key: row.key };
    case 'ArrowLeft': {
      if (row.type === 'node' && row.expanded) return { type: 'collapse', key: row.key };
      const parent = row.parentKey;
      if (parent === undefined) return { type: 'none' };
      for (let i = active - 1; i >= 0; i--) if (rows[i].key === parent) return clamp(i);
      return { type: 'none' };
    }
    default: return { type: 'none' };
  }
}

/**
 * A short line of the facts that matter per node kind (status, counts, partition), for the row, in the
 * reader's language (`tr`; English by default, as the CLI and tests read it).
 */
export function nodeSummary(node: TreeNode, tr: Translator = translator(en)): string {
  const { t } = tr;
  const d = node.details ?? {};
  const unknown = (v: unknown) => v === null || v === undefined;
  const n = (v: unknown) => (unknown(v) ? '?' : formatCount(Number(v)));
  const word = (v: unknown) => t('tree.summary.word', { word: String(v) });
  switch (node.kind) {
    case 'manifest': {
      const parts = [unknown(d.content) ? undefined : word(d.content), d.partitionSpecId !== undefined ? t('tree.summary.spec', { id: String(d.partitionSpecId) }) : undefined].filter((x) => x !== undefined);
      // Only the counters the format records: Paimon manifests count added and deleted files, not existing ones.
      // (absent = not a counter of this format; null = a counter this manifest left out, shown as ?).
      const counts = [d.addedFiles !== undefined ? `+${n(d.addedFiles)}` : undefined,
        d.existingFiles !== undefined ? `~${n(d.existingFiles)}` : undefined,
        d.deletedFiles !== undefined ? `−${n(d.deletedFiles)}` : undefined].filter(Boolean);
      if (counts.length) parts.push(t('tree.summary.files', { counts: counts.join(' ') }));
      return parts.join(' · ');
    }
    case 'data-file': case 'delete-file': case 'deletion-vector': {
      const n0 = (v: unknown) => typeof v !== 'string';
      // Iceberg records `recordCount`, Paimon `rowCount` (and a DV its deleted rows as `recordCount`).
      // A Paimon DV index file counts vectors (one per data file), not rows.
      const rows = d.vectors !== undefined ? undefined : d.recordCount ?? d.rowCount;
      const vectors = !unknown(d.vectors) ? t('tree.summary.vectors', { count: Number(d.vectors) }) : undefined;
      const status = d.status ?? (n0(d.kind) ? undefined : d.kind);
      return [unknown(status) ? undefined : word(status), !unknown(rows) ? t('tree.summary.rows', { count: Number(rows) }) : vectors,
        d.level !== undefined ? t('tree.summary.level', { level: String(d.level) }) : undefined, d.partition || undefined].filter(Boolean).map(String).join(' · ');
    }
    case 'manifest-list': case 'snapshot':
      return [d.operation ?? d.commitKind, d.sequenceNumber !== undefined ? t('tree.summary.seq', { seq: String(d.sequenceNumber) }) : undefined,
        !unknown(d.totalRecordCount) ? t('tree.summary.rows', { count: Number(d.totalRecordCount) }) : undefined].filter(Boolean).map(String).join(' · ');
    case 'metadata-file':
      return d.formatVersion !== undefined ? t('tree.summary.formatVersion', { version: String(d.formatVersion), snapshots: Number(d.snapshots) }) : '';
    default:
      return '';
  }
}
