/**
 * One level of the metadata tree (the children of one node) as the engine worker sends it to the page:
 * a few strings and typed arrays instead of one object graph per node (issue 17).
 *
 * Why: structured clone turned each file row into ~13 heap objects on the page (the node, its message,
 * parameters and details, their property stores, four path-like strings), ~1.5 million for 100,000
 * rows. Every garbage collection during a scroll had to copy (young generation) or mark (old) them, and
 * the tree's worst frame was always such a collection (29–92 ms). Packed, a level is a handful of objects
 * whatever its size — the strings of 1,000 nodes are one large string that the collector neither copies
 * nor traces — and a node becomes an object only when its row is drawn ({@link TreeNodeColumns.at}).
 */
import type { TreeNode } from '../core/formats/table-format.ts';

/** Bit of {@link PackedTreeNodes.flags}: the node has children. */
const HAS_CHILDREN = 1;
/** Bit of {@link PackedTreeNodes.flags}: the node's label is a catalog message (`labelMessage`). */
const LABEL_MESSAGE = 2;

/**
 * Nodes as columns: node `i`'s id is `ids.slice(idEnds[i - 1] ?? 0, idEnds[i])`, likewise its label, and
 * its other fields are the JSON object in `rest` between `restEnds[i - 1]` and `restEnds[i]`. A node whose
 * fields JSON cannot carry exactly (a non-finite number, a negative zero) is sent whole in `whole`.
 */
export interface PackedTreeNodes {
  readonly count: number;
  readonly ids: string;
  readonly idEnds: Uint32Array;
  readonly labels: string;
  readonly labelEnds: Uint32Array;
  readonly rest: string;
  readonly restEnds: Uint32Array;
  readonly flags: Uint8Array;
  readonly whole: Readonly<Record<number, TreeNode>>;
}

/**
 * Packs `nodes`. Must hold: `new TreeNodeColumns(packTreeNodes(nodes)).at(i)` deep-equals `nodes[i]` for
 * every i (a property whose value is `undefined` is left out, as structured clone keeps it — the tests
 * compare with `toEqual`, which treats both alike).
 */
export function packTreeNodes(nodes: readonly TreeNode[]): PackedTreeNodes {
  const count = nodes.length;
  const idEnds = new Uint32Array(count);
  const labelEnds = new Uint32Array(count);
  const restEnds = new Uint32Array(count);
  const flags = new Uint8Array(count);
  const whole: Record<number, TreeNode> = {};
  const ids: string[] = [];
  const labels: string[] = [];
  const rests: string[] = [];
  let idLen = 0;
  let labelLen = 0;
  let restLen = 0;
  for (let i = 0; i < count; i++) {
    const node = nodes[i]!;
    const { id, label, ...others } = node;
    let rest = '{}';
    if (jsonExact(others)) rest = JSON.stringify(others);
    else whole[i] = node;
    ids.push(id);
    labels.push(label);
    rests.push(rest);
    idEnds[i] = idLen += id.length;
    labelEnds[i] = labelLen += label.length;
    restEnds[i] = restLen += rest.length;
    flags[i] = (node.hasChildren ? HAS_CHILDREN : 0) | (node.labelMessage ? LABEL_MESSAGE : 0);
  }
  return { count, ids: ids.join(''), idEnds, labels: labels.join(''), labelEnds, rest: rests.join(''), restEnds, flags, whole };
}

/** Whether JSON carries `v` exactly: no non-finite number, no negative zero, no bigint (the DTO has none). */
function jsonExact(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0);
  if (typeof v === 'bigint' || typeof v === 'function' || typeof v === 'symbol') return false;
  if (v === null || typeof v !== 'object') return true;
  if (Array.isArray(v)) return v.every(jsonExact);
  for (const k in v) if (!jsonExact((v as Record<string, unknown>)[k])) return false;
  return true;
}

/**
 * A packed level read by index. `id` and `label` are cheap (a slice of one string); `at` builds the node
 * (a new object on each call, except for a node sent whole: callers that draw rows keep the ones they show).
 */
export class TreeNodeColumns {
  constructor(private readonly p: PackedTreeNodes) {}

  /** Number of nodes. */
  get length(): number {
    return this.p.count;
  }

  /** Node `i`'s id (0 ≤ i < length). */
  id(i: number): string {
    return part(this.p.ids, this.p.idEnds, i);
  }

  /** Node `i`'s label (the English words when {@link hasLabelMessage}). */
  label(i: number): string {
    return part(this.p.labels, this.p.labelEnds, i);
  }

  /** Whether node `i` has children. */
  hasChildren(i: number): boolean {
    return (this.p.flags[i]! & HAS_CHILDREN) !== 0;
  }

  /** Whether node `i`'s label is shown from a catalog message (`labelMessage`). */
  hasLabelMessage(i: number): boolean {
    return (this.p.flags[i]! & LABEL_MESSAGE) !== 0;
  }

  /** Node `i` as an object, `undefined` outside `[0, length)`. */
  at(i: number): TreeNode | undefined {
    if (!(Number.isInteger(i) && i >= 0 && i < this.p.count)) return undefined;
    const whole = this.p.whole[i];
    if (whole) return whole;
    const rest = JSON.parse(part(this.p.rest, this.p.restEnds, i)) as Omit<TreeNode, 'id' | 'label'>;
    return { id: this.id(i), label: this.label(i), ...rest };
  }
}

/** Part `i` of a column: `joined` between the end of part `i - 1` (0 for the first) and `ends[i]`. */
function part(joined: string, ends: Uint32Array, i: number): string {
  return joined.slice(i === 0 ? 0 : ends[i - 1]!, ends[i]!);
}
