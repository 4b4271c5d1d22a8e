/**
 * One string instance per repeated value of the tree's nodes on the page (issue 17). Structured clone
 * copies every string it carries, so 100,000 file rows came with 100,000 copies of each repeated value —
 * the node kind, the message key, the file format, the status, the manifest's name, the partition, the
 * snapshot id and sequence number — ~12 strings per row that the page keeps for as long as the tree shows
 * and that every garbage collection during a scroll had to copy or mark. Swapped for the first instance of
 * each value on arrival, the copies die young instead.
 */
import type { TreeNode } from '../../core/api/table-dto.ts';

/** Longer values are names and paths, almost never repeated: not looked up. */
const MAX_LENGTH = 80;
/** The table of instances is dropped when it grows past this many values (a tree of many distinct values). */
const MAX_VALUES = 100_000;

/** The instances seen so far, by value. */
export class TreeStrings {
  private readonly seen = new Map<string, string>();

  /** How many values are held (never more than the cap). */
  get size(): number {
    return this.seen.size;
  }

  /** The first instance of `s` (or `s` itself, when too long to share or the first of its value). */
  of(s: string): string {
    if (s.length > MAX_LENGTH) return s;
    const known = this.seen.get(s);
    if (known !== undefined) return known;
    if (this.seen.size >= MAX_VALUES) this.seen.clear();
    this.seen.set(s, s);
    return s;
  }

  /**
   * `nodes` with their repeated strings shared. Must hold: every node equal (deeply) to what it was; the
   * nodes are changed in place (they were just cloned for this page, nothing else holds them).
   */
  shareIn(nodes: TreeNode[]): TreeNode[] {
    for (const n of nodes) {
      const w = n as { -readonly [K in keyof TreeNode]: TreeNode[K] };
      w.kind = this.of(w.kind) as TreeNode['kind'];
      if (w.details) this.shareValues(w.details);
      if (w.message) {
        const m = w.message as { key: string; params?: object };
        m.key = this.of(m.key);
        if (m.params) this.shareValues(m.params);
      }
    }
    return nodes;
  }

  /** The object's own string values shared, in place (other values, nested references included, as they are). */
  private shareValues(r: object): void {
    const w = r as Record<string, unknown>;
    for (const k in w) {
      const v = w[k];
      if (typeof v === 'string') w[k] = this.of(v);
    }
  }
}
