/**
 * English text of the Health tab itself (its labels, cards, series and columns) and the rules it states beside
 * its numbers that the engine does not send — the page's part of the catalog. The rules and recommendations the
 * engine makes (core/api/table-health-*.ts) stay in en-health.ts, the engine's part (issue 17).
 */
import { plural } from './catalog.ts';
import { bytes, countIn } from './health-format.ts';

const count = countIn('en-US');
const n = (c: number, one: string, other: string): string => `${count(c)} ${plural('en', c, { one, other })}`;

export const enHealthView = {
  'health.rule.buckets': () => 'File sizes in log-scale buckets, each four times the one before.',
  'health.rule.deletes': () => 'Delete files: position and equality delete files and deletion vectors that apply to live data files, each counted once. Delete rows: the rows they record (for equality deletes, the keys — they may match more rows or none).',
  'health.healthy': () => 'Nothing to do: no partition has two or more small files or files with deletes, manifests are few, and no snapshot is past the retention age.',
  // The Health tab
  'ui.tabNote.health': () => 'File sizes per partition, small-file and delete ratios, the table’s history and what to do about it (compaction, manifest rewrites, snapshot expiry) with a preview of each.',
  'ui.health.loading': () => 'Reading the table’s files and history…',
  'ui.health.empty': () => 'This table has no data files yet (created, never written): nothing to measure.',
  'ui.health.histogram': () => 'File sizes',
  'ui.health.histogramAll': () => 'All partitions',
  'ui.health.partitionPick': () => 'Partition',
  'ui.health.smallLine': (p: { threshold: number }) => `small < ${bytes(p.threshold)}`,
  'ui.health.files': () => 'Files',
  'ui.health.card.smallFiles': () => 'Small files',
  'ui.health.card.deleteFiles': () => 'Delete files',
  'ui.health.card.deleteRows': () => 'Delete rows',
  'ui.health.card.manifests': () => 'Manifests',
  'ui.health.card.smallFilesValue': (p: { small: number; files: number }) => `${count(p.small)} of ${count(p.files)}`,
  'ui.health.card.deleteFilesValue': (p: { deleteFiles: number; dataFiles: number; withDeletes: number }) =>
    `${n(p.deleteFiles, 'delete file', 'delete files')} for ${n(p.dataFiles, 'data file', 'data files')}; ${count(p.withDeletes)} with deletes`,
  'ui.health.card.deleteRowsValue': (p: { deleteRows: number; dataRows: number; liveRows?: string }) =>
    `${count(p.deleteRows)} deleted of ${n(p.dataRows, 'row', 'rows')} in data files${p.liveRows !== undefined ? `; ${count(Number(p.liveRows))} live` : ''}`,
  'ui.health.card.deleteRowsUnknown': (p: { files: number }) => `${n(p.files, 'delete file does', 'delete files do')} not record how many rows ${p.files === 1 ? 'it deletes' : 'they delete'} (not counted)`,
  'ui.health.card.manifestsValue': (p: { manifests: number; bytes: number }) => `${bytes(p.bytes)} in all`,
  'ui.health.card.none': () => 'none',
  'ui.health.overTime': () => 'Over time',
  'ui.health.series.versions': () => 'Versions',
  'ui.health.series.dataFiles': () => 'Data files',
  'ui.health.series.deleteFiles': () => 'Delete files',
  'ui.health.series.metadata': () => 'Metadata file size',
  'ui.health.series.manifests': () => 'Manifests per version',
  'ui.health.series.empty': () => 'Not recorded for this table.',
  'ui.health.partitions': () => 'Partitions with the most small files',
  'ui.health.col.partition': () => 'Partition',
  'ui.health.col.files': () => 'Files',
  'ui.health.col.small': () => 'Small',
  'ui.health.col.withDeletes': () => 'With deletes',
  'ui.health.col.bytes': () => 'Bytes',
  'ui.health.col.avg': () => 'Average',
  'ui.health.recommendations': () => 'What to do',
  'ui.health.preview': () => 'Preview…',
  // The same with its reason (text already in the reader's language), each language's own colon.
  'ui.health.unavailableWhy': (p: { reason: string }) => `Not available here: ${p.reason}`,
  'ui.health.ratios': () => 'Ratios',
} as const;
