/**
 * The visible rows of the metadata tree as runs of the rows each level built once, read by list index
 * without one array of all rows (issue 17). Expanding 100 manifests answers 100 times, and each answer
 * rebuilt an array of up to 100,000 row pointers (plus the copies a growing array leaves behind): ~33 MB
 * of garbage that V8 collected as a mark-compact in the middle of the next scroll. A list of runs costs
 * a few numbers per expanded row instead, and a lookup is a binary search over the runs. A run may be a
 * level whose rows are made when read (tree-model.ts), so a walk that wants one depth asks `depthAt`.
 */
import type { TreeRow } from './tree-model.ts';

/** Rows by list index: a plain array (tests, callers that built one) or a {@link RowList}. */
export interface RowSource {
  readonly length: number;
  /** Row `index` (0 ≤ index < length), `undefined` outside the list. */
  at(index: number): TreeRow | undefined;
  /**
   * Row `index`'s depth without making the row, where the source can (a level's rows are made when read:
   * a walk that looks for one depth skips the others cheaply).
   */
  depthAt?(index: number): number | undefined;
}

/** A run of rows read by index: an array, or a level whose rows are made when read (tree-model.ts). */
export interface RowRun {
  at(index: number): TreeRow | undefined;
  /** The depth of every row of the run, when it is one level's. */
  readonly depth?: number;
}

/** An append-only list of runs `[from, to)` of row arrays that are not copied. */
export class RowList implements RowSource {
  /** List index of each run's first row, ascending. */
  private readonly starts: number[] = [];
  private readonly runs: RowRun[] = [];
  /** Index in its array of each run's first row. */
  private readonly offsets: number[] = [];
  private size = 0;

  /** Number of rows. */
  get length(): number {
    return this.size;
  }

  /** Appends rows `[from, to)` of `rows` (kept by reference: the run must not change afterwards). */
  push(rows: RowRun, from: number, to: number): void {
    if (to <= from) return;
    this.starts.push(this.size);
    this.runs.push(rows);
    this.offsets.push(from);
    this.size += to - from;
  }

  /** Row `index`, `undefined` outside `[0, length)`. */
  at(index: number): TreeRow | undefined {
    if (!(Number.isInteger(index) && index >= 0 && index < this.size)) return undefined;
    const k = this.runOf(index);
    return this.runs[k]!.at(this.offsets[k]! + index - this.starts[k]!);
  }

  /** Row `index`'s depth, without making a level's row. */
  depthAt(index: number): number | undefined {
    if (!(Number.isInteger(index) && index >= 0 && index < this.size)) return undefined;
    const k = this.runOf(index);
    return this.runs[k]!.depth ?? this.runs[k]!.at(this.offsets[k]! + index - this.starts[k]!)?.depth;
  }

  /** The last run starting at or before `index` (binary search). */
  private runOf(index: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= index) lo = mid; else hi = mid - 1;
    }
    return lo;
  }

  /** The rows as one array (tests, and callers that want every row once). */
  toArray(): TreeRow[] {
    const out: TreeRow[] = [];
    for (let k = 0; k < this.runs.length; k++) {
      const run = this.runs[k]!;
      const end = this.offsets[k]! + ((this.starts[k + 1] ?? this.size) - this.starts[k]!);
      for (let i = this.offsets[k]!; i < end; i++) out.push(run.at(i)!);
    }
    return out;
  }
}
