/**
 * The outline of a table's timeline, sent to the page before its overview (issue 17): every version's
 * time and operation in two typed arrays, so the page can paint the shape of a long history (10,000
 * versions) while the overview is still being built and copied. The full, interactive timeline replaces
 * it as soon as the overview arrives; nothing waits for the outline.
 */
import type { VersionDto } from '../formats/table-format.ts';

/** The outline: versions in the order given (oldest first); typed arrays so they cross to the page by transfer. */
export interface TimelineSketchDto {
  readonly count: number;
  /** Each version's commit time, epoch ms. */
  readonly times: Float64Array;
  /** Each version's operation, as an index into `operations`. */
  readonly ops: Uint16Array;
  /** The distinct operation names. */
  readonly operations: readonly string[];
  /** Index of the current version, -1 when none is. */
  readonly current: number;
}

/** Histories shorter than this paint fully soon enough: no outline is sent for them. */
export const SKETCH_MIN_VERSIONS = 1000;

/**
 * The outline of `versions`. Must hold: `times[i]`/`operations[ops[i]]` are version i's timestamp and
 * operation; more than 65,535 distinct operation names fold the rest into the last index.
 */
export function timelineSketch(versions: readonly Pick<VersionDto, 'timestampMs' | 'operation' | 'isCurrent'>[]): TimelineSketchDto {
  const times = new Float64Array(versions.length);
  const ops = new Uint16Array(versions.length);
  const operations: string[] = [];
  const index = new Map<string, number>();
  let current = -1;
  for (let i = 0; i < versions.length; i++) {
    const v = versions[i]!;
    times[i] = v.timestampMs;
    let k = index.get(v.operation);
    if (k === undefined) {
      k = Math.min(operations.length, 0xffff);
      if (operations.length <= 0xffff) { operations.push(v.operation); index.set(v.operation, k); }
    }
    ops[i] = k;
    if (v.isCurrent) current = i;
  }
  return { count: versions.length, times, ops, operations, current };
}
