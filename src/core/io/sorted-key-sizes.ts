/**
 * A static folder's key list (its `index.json`) as one sorted key array and a size per key, looked up by
 * binary search (issue 17). A map of 20,000 keys cost a big warehouse's connect ~50–90 ms in the engine
 * worker (hashing every key string fresh from JSON.parse, on cold code); the list usually arrives sorted,
 * so building this is one pass of comparisons of neighbours.
 */
import { HIGH_UNIT, compareKeys, sortKeys } from './list-page.ts';

/** Keys in {@link compareKeys} order, unique, each with its size. Must hold: a key listed twice keeps its last size. */
export class SortedKeySizes {
  /** The keys, ascending in {@link compareKeys} order, without repeats. */
  readonly keys: readonly string[];
  private readonly sizes: readonly number[];

  constructor(files: readonly { readonly key: string; readonly size: number }[]) {
    let ordered = files;
    if (!ascending(files)) {
      // Stable: of a key listed twice, the later entry stays later and its size wins below.
      const byKey = new Map<string, number>();
      for (const f of files) byKey.set(f.key, f.size);
      ordered = sortKeys([...byKey.keys()]).map((key) => ({ key, size: byKey.get(key)! }));
    }
    const keys: string[] = [];
    const sizes: number[] = [];
    for (const f of ordered) {
      if (keys.length > 0 && keys[keys.length - 1] === f.key) sizes[sizes.length - 1] = f.size;
      else { keys.push(f.key); sizes.push(f.size); }
    }
    this.keys = keys;
    this.sizes = sizes;
  }

  /** How many keys. */
  get size(): number {
    return this.keys.length;
  }

  /** The size of `keys[index]` (a listing walks the keys by index: no search per key). */
  sizeAt(index: number): number {
    return this.sizes[index]!;
  }

  /** The size listed for `key`, or undefined when it is not listed. */
  sizeOf(key: string): number | undefined {
    const keys = this.keys;
    let lo = 0;
    let hi = keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = compareKeys(keys[mid]!, key);
      if (c === 0) return this.sizes[mid];
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
}

/** True when the entries' keys never descend in {@link compareKeys} order (repeats allowed, side by side). */
function ascending(files: readonly { readonly key: string }[]): boolean {
  let prevHigh = files.length > 0 && HIGH_UNIT.test(files[0]!.key);
  for (let i = 1; i < files.length; i++) {
    const a = files[i - 1]!.key;
    const b = files[i]!.key;
    const high = HIGH_UNIT.test(b);
    // JS `<` is compareKeys' order unless both keys hold a code unit from U+D800 up (rare): then ask compareKeys.
    if (high && prevHigh ? compareKeys(a, b) > 0 : a > b) return false;
    prevHigh = high;
  }
  return true;
}
