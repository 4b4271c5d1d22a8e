import { describe, expect, it } from 'vitest';
import { diffLines, MAX_CELLS, withContext, type DiffLine } from './line-diff.ts';

const side = (d: DiffLine[], keep: '-' | '+') => d.filter((l) => l.op === '=' || l.op === keep).map((l) => l.text);

/** A deterministic pseudo-random sequence. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 2 ** 32; };
}

describe('diffLines', () => {
  it('marks a changed field as one removed and one added line, everything else kept', () => {
    const before = JSON.stringify({ 'current-snapshot-id': 1, snapshots: [{ id: 1 }], x: 'a' }, null, 2);
    const after = JSON.stringify({ 'current-snapshot-id': 2, snapshots: [{ id: 1 }, { id: 2 }], x: 'a' }, null, 2);
    const d = diffLines(before, after);
    expect(d.filter((l) => l.op === '-').map((l) => l.text.trim())).toEqual(['"current-snapshot-id": 1,']);
    expect(d.filter((l) => l.op === '+').map((l) => l.text.trim())).toEqual(['"current-snapshot-id": 2,', '},', '{', '"id": 2']);
  });

  it('always rebuilds both texts, and keeps a longest common subsequence (random edits)', () => {
    const r = rng(11);
    for (let round = 0; round < 200; round++) {
      const a = Array.from({ length: Math.floor(r() * 30) }, () => `l${Math.floor(r() * 6)}`);
      const b = a.filter(() => r() > 0.2).flatMap((l) => (r() < 0.2 ? [l, `n${Math.floor(r() * 6)}`] : [l]));
      const d = diffLines(a.join('\n'), b.join('\n'));
      expect(side(d, '-')).toEqual(a);
      expect(side(d, '+')).toEqual(b);
      // b was made from a by deletions and insertions of new lines only, so every surviving a line can be kept.
      const kept = d.filter((l) => l.op === '=').length;
      expect(kept).toBeGreaterThanOrEqual(b.filter((l) => l.startsWith('l')).length);
    }
  });

  it('past the size bound still rebuilds both texts (removed then added)', () => {
    const n = Math.ceil(Math.sqrt(MAX_CELLS)) + 2;
    const a = Array.from({ length: n }, (_, i) => `a${i}`).join('\n');
    const b = Array.from({ length: n }, (_, i) => `b${i}`).join('\n');
    const d = diffLines(a, b);
    expect(side(d, '-').join('\n')).toBe(a);
    expect(side(d, '+').join('\n')).toBe(b);
  });

  it('handles empty texts', () => {
    expect(diffLines('', 'x\ny')).toEqual([{ op: '+', text: 'x' }, { op: '+', text: 'y' }]);
    expect(diffLines('x', '')).toEqual([{ op: '-', text: 'x' }]);
  });
});

describe('withContext', () => {
  it('keeps changes and their neighbours, folding the rest into counted markers', () => {
    const a = Array.from({ length: 20 }, (_, i) => `l${i}`);
    const b = [...a];
    b[10] = 'changed';
    const c = withContext(diffLines(a.join('\n'), b.join('\n')), 2);
    expect(c).toEqual([{ op: '…', hidden: 8 }, { op: '=', text: 'l8' }, { op: '=', text: 'l9' }, { op: '-', text: 'l10' }, { op: '+', text: 'changed' },
      { op: '=', text: 'l11' }, { op: '=', text: 'l12' }, { op: '…', hidden: 7 }]);
  });
});
