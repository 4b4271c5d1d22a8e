/**
 * A line diff (longest common subsequence), for showing what a write changed in a metadata file.
 *
 * Hand-written rather than a library: no diff package is a dependency, the inputs are small (a pretty-printed
 * metadata.json, a Delta log entry, a Paimon snapshot: hundreds to a few thousand lines) and only whole lines
 * are compared. Common leading and trailing lines are stripped first (a commit mostly appends to the end or
 * changes a few fields), so the quadratic table is over the changed middle only; past {@link MAX_CELLS}
 * cells it gives up on alignment and reports the middle as removed then added (still correct, less tidy).
 */

/** One line of a diff: kept (`=`), removed (`-`, only in the old text) or added (`+`, only in the new). */
export interface DiffLine {
  readonly op: '=' | '-' | '+';
  readonly text: string;
}

/** Upper bound of the LCS table (lines of the old middle × lines of the new middle). */
export const MAX_CELLS = 4_000_000;

/** The lines of `before` and `after` in order, each marked kept, removed or added. Must hold: the `=`/`-` lines are `before`, the `=`/`+` lines are `after`. */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const am = a.slice(head, a.length - tail);
  const bm = b.slice(head, b.length - tail);
  const out: DiffLine[] = a.slice(0, head).map((text) => ({ op: '=', text }));
  out.push(...middle(am, bm));
  out.push(...a.slice(a.length - tail).map((text) => ({ op: '=' as const, text })));
  return out;
}

function splitLines(s: string): string[] {
  if (s === '') return [];
  const lines = s.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function middle(a: string[], b: string[]): DiffLine[] {
  if (a.length * b.length > MAX_CELLS || a.length === 0 || b.length === 0) {
    return [...a.map((text) => ({ op: '-' as const, text })), ...b.map((text) => ({ op: '+' as const, text }))];
  }
  // lcs[i][j] = length of the LCS of a[i..] and b[j..], flattened.
  const w = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * w);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * w + j] = a[i] === b[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) { out.push({ op: '=', text: a[i] }); i++; j++; }
    else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) out.push({ op: '-', text: a[i++] });
    else out.push({ op: '+', text: b[j++] });
  }
  while (i < a.length) out.push({ op: '-', text: a[i++] });
  while (j < b.length) out.push({ op: '+', text: b[j++] });
  return out;
}

/**
 * The diff cut to the changed lines with `context` kept lines around each change; a run of hidden kept
 * lines becomes one `{ op: '…', hidden }` marker.
 */
export function withContext(lines: readonly DiffLine[], context = 3): (DiffLine | { readonly op: '…'; readonly hidden: number })[] {
  const near = new Uint8Array(lines.length);
  lines.forEach((l, i) => {
    if (l.op === '=') return;
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) near[k] = 1;
  });
  const out: (DiffLine | { op: '…'; hidden: number })[] = [];
  let hidden = 0;
  lines.forEach((l, i) => {
    if (near[i]) {
      if (hidden) out.push({ op: '…', hidden });
      hidden = 0;
      out.push(l);
    } else hidden++;
  });
  if (hidden) out.push({ op: '…', hidden });
  return out;
}
