/**
 * The three Roaring container kinds (RoaringFormatSpec): sorted arrays of 16-bit values (at most
 * 4096), 65536-bit bitmaps, and runs of consecutive values. Used by roaring.ts.
 */

/** Array containers hold at most this many values; more go into a bitmap. */
export const ARRAY_MAX = 4096;

/** One container: the low 16 bits of the positions in one 65536-wide chunk. */
export type Container =
  | { kind: 'array'; values: Uint16Array }
  | { kind: 'bitmap'; words: Uint32Array; card: number }
  | { kind: 'run'; runs: Uint16Array; card: number }; // pairs (start, length - 1)

/** Number of values in a container. */
export function cardinality(c: Container): number {
  return c.kind === 'array' ? c.values.length : c.card;
}

/** Membership of a 16-bit value: bit test, or binary search over sorted values / run starts. */
export function containerHas(c: Container, low: number): boolean {
  if (c.kind === 'bitmap') return (c.words[low >>> 5]! & (1 << (low & 31))) !== 0;
  if (c.kind === 'array') {
    const v = c.values;
    let lo = 0;
    let hi = v.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const x = v[mid]!;
      if (x === low) return true;
      if (x < low) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
  // Run container: the last run starting at or before `low` must cover it.
  const r = c.runs;
  let lo = 0;
  let hi = r.length / 2 - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (r[2 * mid]! <= low) { found = mid; lo = mid + 1; } else hi = mid - 1;
  }
  return found >= 0 && low <= r[2 * found]! + r[2 * found + 1]!;
}

/** Values in ascending order. */
export function* containerValues(c: Container): Generator<number> {
  if (c.kind === 'array') yield* c.values;
  else if (c.kind === 'run') {
    for (let i = 0; i < c.runs.length; i += 2) for (let v = c.runs[i]!; v <= c.runs[i]! + c.runs[i + 1]!; v++) yield v;
  } else {
    for (let w = 0; w < 2048; w++) {
      let word = c.words[w]!;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        yield w * 32 + bit;
        word &= word - 1;
      }
    }
  }
}

/** The smallest of array / bitmap / run encodings for sorted distinct 16-bit values. */
export function bestContainer(values: Uint16Array): Container {
  const runs: number[] = [];
  for (let i = 0; i < values.length;) {
    let j = i;
    while (j + 1 < values.length && values[j + 1] === values[j]! + 1) j++;
    runs.push(values[i]!, j - i);
    i = j + 1;
  }
  const runBytes = 2 + 2 * runs.length;
  const plainBytes = values.length <= ARRAY_MAX ? 2 * values.length : 8192;
  if (runBytes < plainBytes) return { kind: 'run', runs: Uint16Array.from(runs), card: values.length };
  if (values.length <= ARRAY_MAX) return { kind: 'array', values };
  const words = new Uint32Array(2048);
  for (const v of values) words[v >>> 5]! |= 1 << (v & 31);
  return { kind: 'bitmap', words, card: values.length };
}

/** Serialised size of a container body in the portable format. */
export function containerBytes(c: Container): number {
  return c.kind === 'array' ? 2 * c.values.length : c.kind === 'bitmap' ? 8192 : 2 + 2 * c.runs.length;
}
