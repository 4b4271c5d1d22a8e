/**
 * The first string of a list that repeats an earlier one — planning's duplicate-file guard over every
 * live data file of a snapshot (spec "Scan Planning": a file is live at most once).
 *
 * Why by hand and not a `Set<string>`: with a million files the Set was an eighth of the plan (issue 17:
 * 591 ms of a 4.9 s plan of 1,000,000 entries, 30× its time at 100,000 — not linear). Each insertion
 * hashes a string the heap has long since moved out of the cache, and each of the table's ~20 doublings
 * reads every string's cached hash again, by pointer, all over a heap of 650 MB; the table's own ~40 MB
 * were garbage once the check ended. Here each string is read once, in list order, into a 32-bit hash
 * kept in a typed array: growing the table touches no string, and a string is compared with another only
 * when their hashes are equal. The hash is seeded per process, so no list can be made to collide on purpose.
 */

const SEED = (Math.random() * 0x1_0000_0000) >>> 0;

/** FNV-1a over the UTF-16 code units, seeded and mixed with the length. */
function hashOf(s: string): number {
  let h = (0x811c9dc5 ^ SEED ^ s.length) >>> 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  // A final mix, so nearby hashes (strings differing in their last code unit) land far apart in the table.
  h ^= h >>> 16; h = Math.imul(h, 0x85ebca6b); h ^= h >>> 13;
  return h >>> 0;
}

/**
 * The positions `[earlier, later]` of the first string that equals an earlier one (the smallest `later`),
 * or undefined when all `n` strings differ. `at(i)` must give the same string for the same `i` each time.
 * `hash` is for tests (a weak one makes every string collide): equal hashes are never taken for equal strings.
 */
export function firstRepeat(n: number, at: (i: number) => string, hash: (s: string) => number = hashOf): [number, number] | undefined {
  let capacity = 16;
  while (capacity < n * 2) capacity *= 2; // at most half full: short probe runs
  const mask = capacity - 1;
  const slots = new Int32Array(capacity); // position + 1 of the string in each slot; 0: empty
  const hashes = new Uint32Array(capacity);
  for (let i = 0; i < n; i++) {
    const s = at(i);
    const h = hash(s) >>> 0;
    for (let j = h & mask; ; j = (j + 1) & mask) {
      const held = slots[j]!;
      if (held === 0) { slots[j] = i + 1; hashes[j] = h; break; }
      if (hashes[j] === h && at(held - 1) === s) return [held - 1, i];
    }
  }
  return undefined;
}
