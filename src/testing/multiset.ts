/** Test helper: multiset difference of canonical row texts, the oracle of the diff and change-log tests. */

/** `a − b` as multisets (each element of `b` cancels one equal element of `a`), sorted. */
export function multisetMinus(a: readonly string[], b: readonly string[]): string[] {
  const count = new Map<string, number>();
  for (const x of b) count.set(x, (count.get(x) ?? 0) + 1);
  const out: string[] = [];
  for (const x of a) { const c = count.get(x) ?? 0; if (c > 0) count.set(x, c - 1); else out.push(x); }
  return out.sort();
}
