/**
 * The left rail's tree, built from a warehouse scan: folders (with how many tables lie below) and
 * tables. Pure functions, so filtering and keyboard movement are testable without a DOM.
 */
import type { DetectedTableDto, WarehouseScanDto } from '../../core/api/dto.ts';

export interface RailNode {
  readonly kind: 'folder' | 'table';
  readonly prefix: string;
  readonly name: string;
  readonly depth: number;
  readonly table?: DetectedTableDto;
  /** Folders only: the scan stopped at maxDepth here. */
  readonly notDescended?: boolean;
  readonly children: RailNode[];
  /** Tables at or below this node. */
  tableCount: number;
}

/** Builds the tree under `scan.root`. Children: folders first, then tables, each by name. */
export function buildRailTree(scan: WarehouseScanDto): RailNode {
  const root: RailNode = { kind: 'folder', prefix: scan.root, name: '/', depth: 0, children: [], tableCount: 0 };
  const byPrefix = new Map<string, RailNode>([[scan.root, root]]);
  const ensureFolder = (prefix: string): RailNode => {
    const existing = byPrefix.get(prefix);
    if (existing) return existing;
    const parentPrefix = prefix.slice(0, prefix.slice(0, -1).lastIndexOf('/') + 1);
    const parent = prefix.length <= scan.root.length ? root : ensureFolder(parentPrefix.length < scan.root.length ? scan.root : parentPrefix);
    const node: RailNode = { kind: 'folder', prefix, name: lastSegment(prefix), depth: parent.depth + 1, children: [], tableCount: 0 };
    parent.children.push(node);
    byPrefix.set(prefix, node);
    return node;
  };
  for (const f of scan.folders) {
    const n = ensureFolder(f.prefix);
    if (f.notDescended) (n as { notDescended?: boolean }).notDescended = true;
  }
  for (const t of scan.tables) {
    if (t.root === scan.root) { root.children.push({ kind: 'table', prefix: t.root, name: t.name, depth: 1, table: t, children: [], tableCount: 1 }); continue; }
    const parentPrefix = t.root.slice(0, t.root.slice(0, -1).lastIndexOf('/') + 1);
    const parent = ensureFolder(parentPrefix.length < scan.root.length ? scan.root : parentPrefix);
    parent.children.push({ kind: 'table', prefix: t.root, name: t.name, depth: parent.depth + 1, table: t, children: [], tableCount: 1 });
  }
  const finish = (n: RailNode): number => {
    n.children.sort((a, b) => (a.kind === b.kind ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.kind === 'folder' ? -1 : 1));
    if (n.kind === 'folder') n.tableCount = n.children.reduce((s, c) => s + finish(c), 0);
    return n.tableCount;
  };
  finish(root);
  return root;
}

function lastSegment(prefix: string): string {
  const t = prefix.replace(/\/$/, '');
  return t.slice(t.lastIndexOf('/') + 1);
}

/**
 * Keeps nodes whose path or format contains `query` (case-insensitive), their ancestors, and the whole
 * subtree of a matching folder. Empty query → the tree itself.
 */
export function filterRailTree(root: RailNode, query: string): RailNode | null {
  const q = query.trim().toLowerCase();
  if (!q) return root;
  const matches = (n: RailNode) => n.prefix.toLowerCase().includes(q) || (n.table?.format ?? '').includes(q);
  const walk = (n: RailNode): RailNode | null => {
    if (n !== root && matches(n)) return n;
    const kept = n.children.map(walk).filter((c): c is RailNode => c !== null);
    if (kept.length === 0) return null;
    return { ...n, children: kept, tableCount: kept.reduce((s, c) => s + c.tableCount, 0) };
  };
  return walk(root);
}

/** The rows on screen, in order: children of expanded folders only (all of them while filtering). */
export function visibleRows(root: RailNode, expanded: ReadonlySet<string>, expandAll = false): RailNode[] {
  const out: RailNode[] = [];
  const walk = (n: RailNode): void => {
    for (const c of n.children) {
      out.push(c);
      if (c.kind === 'folder' && (expandAll || expanded.has(c.prefix))) walk(c);
    }
  };
  walk(root);
  return out;
}

/** Folders to expand by default: every folder with a table below it, down to `maxDepth`. */
export function defaultExpanded(root: RailNode, maxDepth = 3): Set<string> {
  const out = new Set<string>();
  const walk = (n: RailNode): void => {
    for (const c of n.children) {
      if (c.kind === 'folder' && c.tableCount > 0 && c.depth <= maxDepth) { out.add(c.prefix); walk(c); }
    }
  };
  walk(root);
  return out;
}
