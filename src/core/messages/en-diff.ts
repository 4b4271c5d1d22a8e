/**
 * English text of the diff page (issue 15) and the inspector's explanations of each kind of change in the
 * table's own format (teaching): what an added, removed, changed or rewritten row or file is made of there.
 */
import { plural } from './catalog.ts';

type Format = 'iceberg' | 'delta' | 'paimon' | 'hudi';
const n = (count: number, one: string, other: string): string => `${count.toLocaleString('en-US')} ${plural('en', count, { one, other })}`;

const ADDED: Record<Format, string> = {
  iceberg: 'An added row is in a data file the later snapshot lists and the earlier one does not (an append or overwrite wrote it), or it was brought back by a delete file no longer applied.',
  delta: 'An added row is in a data file an `add` action of the log put in the later version, or a deletion vector shrank.',
  paimon: 'An added row is a key whose merged value appears in the later snapshot: a new data file in its bucket (an APPEND commit) holds it with row kind +I or +U.',
  hudi: 'An added row is a record key that appears in a file slice of the later commit: a new base file or a log block of an upsert/insert.',
};
const REMOVED: Record<Format, string> = {
  iceberg: 'A removed row was deleted by a position delete file, an equality delete file or a deletion vector (format v3) added since, or its data file was removed (an overwrite or delete of whole files).',
  delta: 'A removed row had its data file dropped by a `remove` action (DELETE/MERGE rewrites files copy-on-write), or a deletion vector marks its position.',
  paimon: 'A removed row is a key whose merged value is gone: a later file in its bucket holds it with row kind -D (a DELETE), or its files were dropped (overwrite).',
  hudi: 'A removed row is a record key deleted by a delete block in a log file or by an empty payload, or whose file group was replaced.',
};
const CHANGED: Record<Format, string> = {
  iceberg: 'A changed row has the same identifier-field values (the table\'s key) with other values: typically an equality delete of the old row plus the new row in a new data file (merge-on-read), or a rewritten file (copy-on-write).',
  delta: 'A changed row has the same key (the one you picked) with other values: an UPDATE or MERGE rewrote its file, or a deletion vector hides the old row and a new file holds the new one.',
  paimon: 'A changed row has the same primary key with other values: a newer file of its bucket holds -U/+U (or just the new value); the merge engine keeps the latest.',
  hudi: 'A changed row has the same record key with other values: an upsert wrote the new value to a log block (merge-on-read) or a new base file version (copy-on-write).',
};
const REWRITTEN: Record<Format, string> = {
  iceberg: 'Rewritten files were removed and added by a `replace` snapshot (rewrite_data_files, compaction): same rows, fewer or larger files.',
  delta: 'Rewritten files were removed and added by OPTIMIZE (dataChange = false): same rows, other files.',
  paimon: 'Rewritten files were merged by a COMPACT snapshot: the LSM levels of a bucket merged into fewer files with the same merged rows.',
  hudi: 'Rewritten files come from clustering or compaction (a log-merged base file): same records, other file slices.',
};

export const enDiff = {
  'ui.diff.title': (p: { from: string; to: string }) => `Diff ${p.from} → ${p.to}`,
  'ui.diff.compare': () => 'Compare…',
  'ui.diff.compareTitle': () => 'Compare two versions (or shift-click a second version on the timeline)',
  'ui.diff.close': () => 'Close diff',
  'ui.diff.shiftHint': () => 'Shift-click another version on the timeline to compare it with the selected one.',
  'ui.diff.planning': () => 'Comparing the two versions’ metadata (no data file is read)…',
  'ui.diff.reading': () => 'Reading the files that differ',
  'ui.diff.cancelled': () => 'The row diff was cancelled: nothing is being read.',
  'ui.diff.restart': () => 'Read the rows again',
  'ui.diff.backwards': () => 'The first version is later than the second: this diff runs backwards in time.',
  'ui.diff.noSchemaChange': () => 'The schema did not change.',
  'ui.diff.schemaMapped': () => 'The schema changed: rows are compared in the later version’s schema (columns added since read as null, dropped ones are left out).',
  'ui.diff.noRowChanges': () => 'No row changes.',
  'ui.diff.noRowChangesCompaction': () => 'No row changes — this was a compaction: the files were rewritten with the same rows.',
  'ui.diff.noRowsMatch': () => 'No rows match these filters.',
  'ui.diff.noFiles': () => 'No data file was added or removed.',
  'ui.diff.sameVersion': () => 'Both sides are the same version: there is nothing to compare.',
  'ui.diff.rewrittenSame': (p: { removed: number; added: number }) =>
    `Rewritten, same rows: ${n(p.removed, 'file', 'files')} replaced by ${n(p.added, 'file', 'files')} holding the same rows (a compaction). The row diff never reads them as changes.`,
  'ui.diff.rewrittenUnknown': (p: { removed: number; added: number }) =>
    `Rewritten: ${n(p.removed, 'file', 'files')} replaced by ${n(p.added, 'file', 'files')}; the metadata cannot tell whether the rows stayed the same — the row diff below answers.`,
  'ui.diff.keyNone': () => 'No key: rows are compared whole (a multiset diff), so an update shows as one row removed and one added. Pick key columns to see updates as changed rows.',
  'ui.diff.key.pick': () => 'Pick a key…',
  'ui.diff.key.change': () => 'Change the key…',
  'ui.diff.key.dialog': () => 'Key columns for the row diff',
  'ui.diff.key.legend': () => 'Match rows by these columns',
  'ui.diff.key.hint': () => 'A removed and an added row with the same values in these columns show as one changed row, its changed cells highlighted.',
  'ui.diff.key.apply': () => 'Match by these',
  'ui.diff.key.clear': () => 'Clear the pick',
  'ui.diff.key.cancel': () => 'Cancel',
  'ui.diff.keyOf': (p: { key: string; source: 'table' | 'user' | 'none' }) => `Rows matched by ${p.key} (${p.source === 'table' ? 'the table’s key' : 'the key you picked'}).`,
  'ui.diff.readSummary': (p: { files: number; skipped: number }) =>
    `Read ${n(p.files, 'file', 'files')} that differ; ${n(p.skipped, 'read task', 'read tasks')} live in both were skipped unread.`,
  'ui.diff.swap': () => '⇄ Swap',
  'ui.diff.swapTitle': () => 'Swap the two versions',
  'ui.diff.filters': () => 'Row filters',
  'ui.diff.kindLabel': () => 'Kind of change',
  'ui.diff.kind.all': () => 'All',
  'ui.diff.kind.added': () => 'Added',
  'ui.diff.kind.removed': () => 'Removed',
  'ui.diff.kind.changed': () => 'Changed',
  'ui.diff.mode.label': () => 'Show',
  'ui.diff.mode.rows': () => 'Row diff',
  'ui.diff.mode.changes': () => 'Change log',
  'ui.diff.changes.title': () => 'Change log',
  'ui.diff.changes.reading': () => 'Reading the changes',
  'ui.diff.changes.cancelled': () => 'The change log was cancelled: nothing is being read.',
  'ui.diff.changes.backwards': () => 'A change log runs forward in time, from the earlier version to the later one.',
  'ui.diff.changes.fromFormat': () => 'format’s own change log',
  'ui.diff.changes.derived': () => 'derived',
  'ui.diff.changes.sourceFormat': (p: { name: string; rows: number }) => `${n(p.rows, 'row', 'rows')} read from the ${p.name}.`,
  'ui.diff.changes.sourceDerived': (p: { rows: number }) =>
    `${n(p.rows, 'row', 'rows')} derived by Lakescope: each version compared with its parent (the format keeps no change log of its own here).`,
  'ui.diff.changes.range': (p: { from: string; to: string; versions: number }) => `After ${p.from} up to and including ${p.to}: ${n(p.versions, 'version', 'versions')}.`,
  'ui.diff.changes.truncated': (p: { limit: number }) => `Only the first ${p.limit.toLocaleString('en-US')} rows are shown.`,
  'ui.diff.changes.keyHint': () => 'Derived updates pair a deleted and an inserted row by a key: the table’s own, or one you pick.',
  'ui.diff.changes.none': () => 'No rows changed between these versions.',
  'ui.diff.changes.colType': () => 'Change',
  'ui.diff.changes.colVersion': () => 'Version',
  'ui.diff.changes.type.insert': () => 'insert',
  'ui.diff.changes.type.delete': () => 'delete',
  'ui.diff.changes.type.updateBefore': () => 'update, before',
  'ui.diff.changes.type.updateAfter': () => 'update, after',
  'ui.diff.explain.title': () => 'What the kinds of change mean',
  'ui.diff.explain.added': (p: { format: Format }) => ADDED[p.format],
  'ui.diff.explain.removed': (p: { format: Format }) => REMOVED[p.format],
  'ui.diff.explain.changed': (p: { format: Format }) => CHANGED[p.format],
  'ui.diff.explain.rewritten': (p: { format: Format }) => REWRITTEN[p.format],
};
