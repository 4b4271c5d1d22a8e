/**
 * The pure part of the LSM tab: every level of a bucket from 0 to num-levels - 1 (empty ones too, so
 * the diagram shows where compaction moves data), box widths for files by size, and display texts.
 */
import type { LsmBucketView, LsmFileView, LsmLevelView } from '../../core/formats/paimon/index.ts';
import { en } from '../../core/messages/en.ts';
import { translator, type Translator } from '../common/messages.ts';

const EN = translator(en);

export interface DiagramLevel {
  readonly level: number;
  readonly files: readonly LsmFileView[];
  readonly view?: LsmLevelView;
}

/** Levels 0..max(numLevels - 1, highest level present), each with its files (empty when none). */
export function diagramLevels(bucket: LsmBucketView): DiagramLevel[] {
  const top = Math.max(bucket.numLevels - 1, ...bucket.levels.map((l) => l.level), 0);
  const byLevel = new Map(bucket.levels.map((l) => [l.level, l]));
  return Array.from({ length: top + 1 }, (_, level) => {
    const view = byLevel.get(level);
    return { level, files: view?.files ?? [], ...(view ? { view } : {}) };
  });
}

/** A diagram row: one level, or a run of empty middle levels drawn as one line. */
export type DiagramRow = { readonly kind: 'level'; readonly level: DiagramLevel } | { readonly kind: 'gap'; readonly from: number; readonly to: number };

/**
 * Rows to draw: level 0 and the top level always; two or more empty levels in between fold into one row,
 * except the levels in `keep` (e.g. a level whose files a commit just removed, drawn leaving).
 */
export function diagramRows(levels: readonly DiagramLevel[], keep: ReadonlySet<number> = new Set()): DiagramRow[] {
  const out: DiagramRow[] = [];
  const top = levels.length - 1;
  for (let i = 0; i < levels.length; i++) {
    let j = i;
    while (j < top && j > 0 && levels[j].files.length === 0 && !keep.has(j)) j++;
    if (j - i >= 2) { out.push({ kind: 'gap', from: i, to: j - 1 }); i = j - 1; continue; }
    out.push({ kind: 'level', level: levels[i] });
  }
  return out;
}

/**
 * Width of a file's box in percent of its level row: proportional to size within the bucket's largest
 * level, at least `min` so a tiny file stays clickable.
 */
export function boxWidths(levels: readonly DiagramLevel[], min = 3): Map<string, number> {
  const widest = Math.max(1, ...levels.map((l) => l.files.reduce((s, f) => s + f.fileSize, 0)));
  const out = new Map<string, number>();
  for (const l of levels) for (const f of l.files) out.set(f.key, Math.max(min, (100 * f.fileSize) / widest));
  return out;
}

/** `seq 12–30` (or `seq 12` when both ends agree). */
export function seqRange(min?: string, max?: string): string {
  if (min === undefined || max === undefined) return '';
  return min === max ? `seq ${min}` : `seq ${min}–${max}`;
}

/** A bucket's title in the reader's language: `f1=10 · bucket 0 of 2` (unpartitioned: `bucket 0 of 2`). */
export function bucketTitle(b: LsmBucketView, tr: Translator = EN): string {
  return tr.t('ui.lsm.bucketTitle', { partition: b.partition, bucket: b.bucket, total: b.totalBuckets > 0 || b.totalBuckets === -1 ? b.totalBuckets : 0 });
}

/** What a level is, in a few words (level 0 vs sorted-run levels), in the reader's language. */
export function levelNote(level: number, files: number, top: number, tr: Translator = EN): string {
  return tr.t('ui.lsm.levelNote', { level, files, top });
}

/** A file of a level, as a commit moved it. */
export interface MovedFile {
  readonly level: number;
  readonly file: LsmFileView;
}

/** What a commit changed in one bucket: files no longer in the table (by their old level) and new ones (by their level). */
export interface BucketChange {
  readonly left: readonly MovedFile[];
  readonly arrived: readonly MovedFile[];
}

const filesOf = (b: LsmBucketView | undefined): MovedFile[] => (b?.levels ?? []).flatMap((l) => l.files.map((file) => ({ level: l.level, file })));

/**
 * The files a commit removed from a bucket and the files it added, by file name. Must hold: a file in both
 * is neither (it stayed, whatever its level); a bucket absent before has only arrivals.
 */
export function bucketChange(before: LsmBucketView | undefined, after: LsmBucketView | undefined): BucketChange {
  const was = filesOf(before);
  const is = filesOf(after);
  const names = (fs: MovedFile[]) => new Set(fs.map((f) => f.file.fileName));
  const wasNames = names(was);
  const isNames = names(is);
  return { left: was.filter((f) => !isNames.has(f.file.fileName)), arrived: is.filter((f) => !wasNames.has(f.file.fileName)) };
}

/** Counts per level, lowest level first: files, and rows of arrivals. */
export function changeByLevel(files: readonly MovedFile[]): { level: number; count: number; rows: number }[] {
  const by = new Map<number, { count: number; rows: number }>();
  for (const f of files) {
    const c = by.get(f.level) ?? { count: 0, rows: 0 };
    by.set(f.level, { count: c.count + 1, rows: c.rows + Number(f.file.rowCount) });
  }
  return [...by].sort((a, b) => a[0] - b[0]).map(([level, c]) => ({ level, ...c }));
}

/** The id of a bucket across snapshots. */
export const bucketId = (b: LsmBucketView): string => `${b.partitionHex}|${b.bucket}`;
