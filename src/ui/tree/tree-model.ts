/**
 * The metadata tree as the virtualised list draws it: the visible rows in order, from the roots, the
 * children loaded so far (by node id) and the set of expanded rows (by row key, the path of node ids from
 * the root, since one file may appear under two manifests).
 */
import type { TreeNode } from '../../core/api/table-dto.ts';
import { en } from '../../core/messages/en.ts';
import { translator, type Translator } from '../common/messages.ts';
import { formatCount } from '../common/format.ts';
import { TreeNodeColumns } from '../../worker/tree-columns.ts';
import { RowList, type RowSource } from './tree-row-list.ts';

/**
 * A level's nodes: the columns the engine worker sends (worker/tree-columns.ts; a node is made when its
 * row is read) or a plain array (tests, callers that have objects already).
 */
export type LevelNodes = readonly TreeNode[] | TreeNodeColumns;

export type ChildrenState =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly error: unknown }
  | { readonly status: 'ready'; readonly nodes: LevelNodes };

export type TreeRow =
  | { readonly type: 'node'; readonly key: string; readonly node: TreeNode; readonly depth: number; readonly parentKey?: string; readonly expanded: boolean; readonly index: number; readonly siblings: number }
  | { readonly type: 'loading' | 'error' | 'empty'; readonly key: string; readonly depth: number; readonly parentKey: string; readonly parentId: string; readonly error?: unknown };

/** Key of a row: its ancestors' node ids and its own, joined with a separator no id contains. */
export function rowKey(parentKey: string | undefined, nodeId: string): string {
  return parentKey === undefined ? nodeId : `${parentKey}\u0001${nodeId}`;
}

/** Node `i` of a level (0 ≤ i < length). */
export function nodeAt(nodes: LevelNodes, i: number): TreeNode {
  return (nodes instanceof TreeNodeColumns ? nodes.at(i) : nodes[i])!;
}

/** Node `i`'s id, without making the node. */
function idAt(nodes: LevelNodes, i: number): string {
  return nodes instanceof TreeNodeColumns ? nodes.id(i) : nodes[i]!.id;
}

/** Whether node `i` has children, without making the node. */
function hasChildrenAt(nodes: LevelNodes, i: number): boolean {
  return nodes instanceof TreeNodeColumns ? nodes.hasChildren(i) : nodes[i]!.hasChildren;
}

/**
 * Visible rows, depth-first. Must hold: a collapsed node hides its whole subtree; an expanded node
 * whose children are not loaded yet shows one `loading` (or `error`) row; no recursion (deep trees and
 * 100,000 siblings are fine).
 */
export function visibleRows(roots: LevelNodes, childrenOf: (nodeId: string) => ChildrenState | undefined, expanded: ReadonlySet<string>): TreeRow[] {
  return new TreeRowCache().build(roots, childrenOf, expanded).rows.toArray();
}

type NodeRow = Extract<TreeRow, { type: 'node' }>;
type MessageRow = Exclude<TreeRow, { type: 'node' }>;

/** An expanded row, as a one-row run, and the message rows it may show under it (built once each). */
interface OpenRow {
  readonly run: readonly [NodeRow];
  loading?: readonly [MessageRow];
  empty?: readonly [MessageRow];
}

/** Rows made and kept, over all levels of one cache, before the kept rows are let go (see {@link LevelRows}). */
const KEPT_ROWS = 512;

/** How many rows the levels of one cache keep, and the levels that keep some. */
interface RowBudget { kept: number; readonly levels: Set<LevelRows> }

/**
 * One level's rows (the children of one parent row), closed and, once needed, open. A closed row is made
 * when it is read (issue 17: made for all 100,000 files at expand time, the rows and their keys were 100,000
 * objects and 210,000 concatenated strings of the 1.6 million a heap snapshot found after the expand) and kept while
 * it may be drawn again: up to {@link KEPT_ROWS} rows over all levels, then every level lets its rows go
 * (a row read again is made again, equal; a row view redraws it once).
 */
class LevelRows {
  readonly open: (OpenRow | undefined)[] = [];
  private kept = new Map<number, NodeRow>();

  constructor(readonly nodes: LevelNodes, readonly parentKey: string | undefined, readonly depth: number, private readonly budget: RowBudget) {}

  get length(): number {
    return this.nodes.length;
  }

  /** Closed row `i`, `undefined` outside `[0, length)`. */
  at(i: number): NodeRow | undefined {
    if (!(Number.isInteger(i) && i >= 0 && i < this.nodes.length)) return undefined;
    let row = this.kept.get(i);
    if (row) return row;
    const node = nodeAt(this.nodes, i);
    row = { type: 'node', key: rowKey(this.parentKey, node.id), node, depth: this.depth, parentKey: this.parentKey, expanded: false, index: i, siblings: this.nodes.length };
    if (this.budget.kept >= KEPT_ROWS) {
      for (const level of this.budget.levels) level.kept = new Map();
      this.budget.levels.clear();
      this.budget.kept = 0;
    }
    this.kept.set(i, row);
    this.budget.levels.add(this);
    this.budget.kept++;
    return row;
  }
}

/** A level being listed: the indices of its expanded rows, the next of them, the next closed row. */
interface Frame { readonly level: LevelRows; readonly opens: readonly number[]; j: number; pos: number }

const NO_OPENS: readonly number[] = [];

/**
 * Builds the visible rows again and again (each expand, each level that arrives) while reusing the row
 * objects and keys of the levels it built before: a level is the same as long as its children array is
 * (the query results are immutable), so only the rows of levels new to it are allocated. Issue 17: when
 * `*` expanded 100 manifests, each of the 100 answers rebuilt all rows (up to 100,000, with their keys),
 * ~140 MB that outlived the young generation and came back as a 28 ms major GC in the middle of a scroll.
 * The rows come back as a {@link RowList} of runs of those levels, and a build visits the expanded
 * rows only (found from `expanded`, not by asking it about every row): its work and garbage do not grow
 * with the rows already shown. A closed row is made only when the list reads it.
 */
export class TreeRowCache {
  private readonly levels = new WeakMap<LevelNodes, Map<string, LevelRows>>();
  private readonly budget: RowBudget = { kept: 0, levels: new Set() };

  /**
   * The visible rows (as {@link visibleRows}) and, by parent key (`''` for the roots), the children
   * each drawn level comes from.
   */
  build(roots: LevelNodes, childrenOf: (nodeId: string) => ChildrenState | undefined, expanded: ReadonlySet<string>): { rows: RowList; levels: Map<string, LevelNodes> } {
    const out = new RowList();
    const levels = new Map<string, LevelNodes>();
    const openByParent = expandedByParent(expanded);
    const frame = (level: LevelRows, parentKey: string): Frame => ({ level, opens: openIndices(level, openByParent.get(parentKey)), j: 0, pos: 0 });
    const stack: Frame[] = [frame(this.level(roots, undefined, 0), '')];
    levels.set('', roots);
    while (stack.length > 0) {
      const f = stack[stack.length - 1]!;
      const closed = f.level;
      if (f.j >= f.opens.length) { out.push(closed, f.pos, closed.length); stack.pop(); continue; }
      const index = f.opens[f.j++]!;
      out.push(closed, f.pos, index);
      f.pos = index + 1;
      const open = (f.level.open[index] ??= { run: [{ ...closed.at(index)!, expanded: true }] });
      out.push(open.run, 0, 1);
      const row = open.run[0];
      const c = childrenOf(row.node.id);
      if (!c || c.status === 'loading') out.push((open.loading ??= [messageRow('loading', row)]), 0, 1);
      else if (c.status === 'error') out.push([{ ...messageRow('error', row), error: c.error }], 0, 1);
      else if (c.nodes.length === 0) out.push((open.empty ??= [messageRow('empty', row)]), 0, 1);
      else {
        levels.set(row.key, c.nodes);
        stack.push(frame(this.level(c.nodes, row.key, row.depth + 1), row.key));
      }
    }
    return { rows: out, levels };
  }

  /** The rows of `nodes` under `parentKey`, one level object each (one file may show under two parents: keyed by both). */
  private level(nodes: LevelNodes, parentKey: string | undefined, depth: number): LevelRows {
    let byParent = this.levels.get(nodes);
    if (!byParent) this.levels.set(nodes, (byParent = new Map()));
    const k = parentKey ?? '';
    let level = byParent.get(k);
    if (!level) byParent.set(k, (level = new LevelRows(nodes, parentKey, depth, this.budget)));
    return level;
  }
}

/** The loading, error or empty row under the open row `parent` (the key's last part is no node id). */
function messageRow(type: MessageRow['type'], parent: NodeRow): MessageRow {
  const mark = type === 'loading' ? '…' : type === 'error' ? '!' : '∅';
  return { type, key: `${parent.key}\u0001${mark}`, depth: parent.depth + 1, parentKey: parent.key, parentId: parent.node.id };
}

/** The expanded keys by their parent's key (`''` for roots): a key's parent is the key up to its last separator. */
function expandedByParent(expanded: ReadonlySet<string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const key of expanded) {
    const cut = key.lastIndexOf('\u0001');
    const parent = cut < 0 ? '' : key.slice(0, cut);
    const set = out.get(parent);
    if (set) set.add(key); else out.set(parent, new Set([key]));
  }
  return out;
}

/**
 * Indices, ascending, of the rows of `level` that are open: in `keys` and with children (others stay
 * closed). Only a level with an expanded row is scanned (the roots, a manifest list's manifests), never a
 * level of files that has none, and by id (no row is made); a key shown twice in one level opens both
 * rows, as before. `keys` are the expanded keys whose parent is the level's: the part after the parent's
 * key and separator is a node id (ids contain no separator).
 */
function openIndices(level: LevelRows, keys: ReadonlySet<string> | undefined): readonly number[] {
  if (!keys) return NO_OPENS;
  const cut = level.parentKey === undefined ? 0 : level.parentKey.length + 1;
  const ids = new Set<string>();
  for (const k of keys) ids.add(k.slice(cut));
  const out: number[] = [];
  const nodes = level.nodes;
  for (let i = 0; i < nodes.length; i++) if (ids.has(idAt(nodes, i)) && hasChildrenAt(nodes, i)) out.push(i);
  return out;
}

/**
 * The list index of row `index`'s parent row, `undefined` for a root. Looks back at the rows one level up
 * only (a level's rows in between are not made).
 */
export function parentIndex(rows: RowSource, index: number): number | undefined {
  const row = rows.at(index);
  if (row?.parentKey === undefined) return undefined;
  for (let i = index - 1; i >= 0; i--) {
    if (rows.depthAt && rows.depthAt(i) !== row.depth - 1) continue;
    if (rows.at(i)!.key === row.parentKey) return i;
  }
  return undefined;
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
export function treeKeyAction(rows: RowSource, active: number, key: string, pageSize = 20): TreeAction {
  const row = rows.at(active);
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
      const keys: string[] = [];
      for (let i = 0; i < rows.length; i++) {
        // Siblings share the row's depth: rows of other depths are skipped without being made.
        if (rows.depthAt && rows.depthAt(i) !== row.depth) continue;
        const r = rows.at(i)!;
        if (r.type === 'node' && r.parentKey === row.parentKey && r.node.hasChildren && !r.expanded) keys.push(r.key);
      }
      return keys.length ? { type: 'expand-all', keys } : { type: 'none' };
    }
    case 'ArrowRight':
      if (row.type !== 'node' || !row.node.hasChildren) return { type: 'none' };
      return row.expanded ? clamp(active + 1) : { type: 'expand', key: row.key };
    case 'ArrowLeft': {
      if (row.type === 'node' && row.expanded) return { type: 'collapse', key: row.key };
      const i = parentIndex(rows, active);
      return i === undefined ? { type: 'none' } : clamp(i);
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
