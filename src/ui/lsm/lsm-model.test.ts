import { describe, expect, it } from 'vitest';
import type { LsmBucketView, LsmFileView } from '../../core/formats/paimon/index.ts';
import { boxWidths, bucketTitle, diagramLevels, diagramRows, levelNote, seqRange } from './lsm-model.ts';

const file = (key: string, size: number): LsmFileView => ({
  fileName: key, key, rowCount: '1', fileSize: size, minKey: '(1)', maxKey: '(2)', minSequenceNumber: '0', maxSequenceNumber: '1', schemaId: 0,
});

const bucket = (levels: { level: number; files: LsmFileView[] }[], numLevels = 6): LsmBucketView => ({
  partition: 'f1=10', partitionHex: '00', bucket: 0, totalBuckets: 2, sortedRuns: 0, compactionTrigger: 5, numLevels, compactionDue: false, nextCompaction: '',
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
