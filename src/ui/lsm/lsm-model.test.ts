import { describe, expect, it } from 'vitest';
import type { LsmBucketView, LsmFileView } from '../../core/formats/paimon/index.ts';
import { boxWidths, bucketChange, bucketTitle, changeByLevel, diagramLevels, diagramRows, levelNote, seqRange } from './lsm-model.ts';

const file = (key: string, size: number): LsmFileView => ({
  fileName: key, key, rowCount: '1', fileSize: size, minKey: '(1)', maxKey: '(2)', minSequenceNumber: '0', maxSequenceNumber: '1', schemaId: 0,
});

const bucket = (levels: { level: number; files: LsmFileView[] }[], numLevels = 6): LsmBucketView => ({
  partition: 'f1=10', partitionHex: '00', bucket: 0, totalBuckets: 2, sortedRuns: 0, compactionTrigger: 5, numLevels, compactionDue: false, nextCompaction: '', nextCompactionMessage: '',
  levels: levels.map((l) => ({ level: l.level, files: l.files, sortedRuns: l.level === 0 ? l.files.length : 1, rowCount: '0', totalSize: 0 })),
});

describe('LSM diagram model', () => {
  it('draws every level from 0 to num-levels - 1, empty ones included', () => {
    const levels = diagramLevels(bucket([{ level: 5, files: [file('a', 10)] }, { level: 0, files: [file('b', 1)] }]));
    expect(levels.map((l) => [l.level, l.files.length])).toEqual([[0, 1], [1, 0], [2, 0], [3, 0], [4, 0], [5, 1]]);
    // A level above num-levels (a table whose option changed) is still drawn.
    expect(diagramLevels(bucket([{ level: 3, files: [file('a', 1)] }], 2)).map((l) => l.level)).toEqual([0, 1, 2, 3]);
  });

  it('box widths are proportional to size within the widest level, with a clickable minimum', () => {
    const w = boxWidths(diagramLevels(bucket([{ level: 0, files: [file('s', 1)] }, { level: 5, files: [file('a', 300), file('b', 100)] }])));
    expect(w.get('a')).toBe(75);
    expect(w.get('b')).toBe(25);
    expect(w.get('s')).toBe(3);
  });

  it('texts', () => {
    expect(seqRange('3', '3')).toBe('seq 3');
    expect(seqRange('3', '9')).toBe('seq 3–9');
    expect(seqRange(undefined, '9')).toBe('');
    expect(bucketTitle(bucket([]))).toBe('f1=10 · bucket 0 of 2');
    expect(bucketTitle({ ...bucket([]), partition: '', totalBuckets: -1 })).toBe('bucket 0 (dynamic)');
    expect(levelNote(0, 2, 5)).toMatch(/2 sorted runs/);
    expect(levelNote(5, 0, 5)).toMatch(/full compaction/);
    expect(levelNote(2, 3, 5)).toMatch(/1 sorted run of 3 files/);
  });
});

describe('folded rows', () => {
  it('keeps level 0 and the top level, folds runs of two or more empty middle levels', () => {
    const rows = diagramRows(diagramLevels(bucket([{ level: 5, files: [file('a', 1)] }, { level: 2, files: [file('b', 1)] }])));
    expect(rows.map((r) => (r.kind === 'gap' ? `${r.from}-${r.to}` : String(r.level.level)))).toEqual(['0', '1', '2', '3-4', '5']);
    const empty = diagramRows(diagramLevels(bucket([])));
    expect(empty.map((r) => (r.kind === 'gap' ? `${r.from}-${r.to}` : String(r.level.level)))).toEqual(['0', '1-4', '5']);
  });
});

describe('what a commit changed in a bucket', () => {
  it('files gone by their old level, new files by their level; files that stayed are neither', () => {
    const before = bucket([{ level: 0, files: [file('a', 1), file('b', 1)] }, { level: 5, files: [file('c', 9)] }]);
    const after = bucket([{ level: 5, files: [file('d', 10)] }, { level: 4, files: [file('e', 1)] }]);
    const change = bucketChange(before, after);
    expect(change.left.map((f) => [f.level, f.file.fileName])).toEqual([[0, 'a'], [0, 'b'], [5, 'c']]);
    expect(change.arrived.map((f) => [f.level, f.file.fileName])).toEqual([[5, 'd'], [4, 'e']]);
    expect(changeByLevel(change.left)).toEqual([{ level: 0, count: 2, rows: 2 }, { level: 5, count: 1, rows: 1 }]);
    expect(changeByLevel(change.arrived).map((c) => c.level)).toEqual([4, 5]);
    const kept = bucketChange(before, bucket([{ level: 0, files: [file('a', 1), file('b', 1), file('n', 1)] }, { level: 5, files: [file('c', 9)] }]));
    expect(kept).toEqual({ left: [], arrived: [{ level: 0, file: file('n', 1) }] });
    expect(bucketChange(undefined, before).arrived).toHaveLength(3);
  });

  it('a level a commit emptied is kept as its own row (its files are drawn leaving)', () => {
    const levels = diagramLevels(bucket([{ level: 5, files: [file('a', 1)] }]));
    expect(diagramRows(levels).map((r) => r.kind)).toEqual(['level', 'gap', 'level']);
    expect(diagramRows(levels, new Set([2])).map((r) => (r.kind === 'gap' ? `${r.from}-${r.to}` : r.level.level))).toEqual([0, 1, 2, '3-4', 5]);
  });
});
