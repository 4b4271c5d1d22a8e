/**
 * The messages of en-writes2.ts (write previews: descriptions, file notes, warnings, commit notes) render exactly
 * the English their sites wrote before they carried a reference, and zh-CN renders each in Chinese with the same
 * data. Every key has a sample here. Real ones: delta/commit/preview-messages.test.ts, worker/engine-writes-dto.test.ts.
 */
import { describe } from 'vitest';
import { enWrites2 } from './en-writes2.ts';
import { errorRef, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);
const since = '2026-11-24T23:00:00.000Z';
const rows = { count: 2, where: 'id = 1', files: 1 };
const restored = { target: '3', next: '8', removed: 2, added: 1 };

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [r('note.write.onApply'), 'written on apply'],
  [r('note.write.both', { first: r('note.write.delta.withDv', { rows: '3' }), second: r('note.write.delta.untilVacuum') }),
    'with deletion vector (3 rows deleted); removed from the table (the file stays until VACUUM)'],
  [r('note.write.onApplyCreate'), 'written on apply (create-if-absent)'],
  [r('note.write.concurrency.joined', { storage: r('note.write.concurrency.fsa'), format: r('note.write.delta.concurrency') }),
    'Local folder (File System Access): the exclusive create of the next metadata file is enforced with Web Locks, which only coordinate tabs of this browser. '
    + 'Another program writing this folder at the same time (Spark, Flink, a second browser) is not excluded — make sure none is. '
    + 'Delta commits by creating the next _delta_log/NNNNNNNNNNNNNNNNNNNN.json only if it does not exist yet. '
    + 'A writer that loses the race reads the winning commit: appends move on to the next version; a write whose files were removed meanwhile (or a RESTORE after any change) fails with Conflict instead.'],
  [r('note.write.concurrency.s3'), 'Atomic commit: the next metadata file is created only if it does not exist yet (on S3: If-None-Match: *). '
    + 'If another writer commits first, this write fails with a conflict (or retries where the operation allows) — it never overwrites.'],
  [r('note.write.delta.appendLog'), 'written on apply (create-if-absent; the next free version if taken)'],
  [r('note.write.delta.addedBack'), 'added back (already in storage)'],
  [r('note.write.delta.optimizeOut', { count: 2 }), '2 or more, written on apply'],
  [r('note.write.delta.cdcDeleted'), 'change data (delta.enableChangeDataFeed): the deleted rows, written on apply'],
  [r('note.write.delta.cdcUpdated'), 'change data (delta.enableChangeDataFeed): the rows before and after, written on apply'],
  [r('note.write.delta.matchRemoved', { count: 2 }), '2 row(s) match; removed from the table'],
  [r('note.write.delta.matchRemovedDv', { count: 2 }), '2 row(s) match; removed from the table and re-added with a deletion vector'],
  [r('note.write.delta.appendNone'), 'WRITE (append): no rows to add.'],
  [r('note.write.delta.append', { count: 3, version: '5' }), "WRITE (append) 3 row(s) as new data file(s) in version 5. A blind append: another writer's commit meanwhile moves it to the next version."],
  [r('note.write.delta.appendPartitioned', { count: 3, columns: 'region, day', version: '5' }),
    "WRITE (append) 3 row(s) as new data file(s) (one per partition of region, day) in version 5. A blind append: another writer's commit meanwhile moves it to the next version."],
  [r('note.write.delta.noMatch', { op: 'DELETE', where: 'id = 1' }), 'DELETE: no row matches id = 1.'],
  [r('note.write.delta.deleteDv', rows), 'DELETE 2 row(s) matching id = 1 in 1 file(s): marked deleted in deletion vectors (the data files are not rewritten).'],
  [r('note.write.delta.deleteCow', rows), 'DELETE 2 row(s) matching id = 1 in 1 file(s): removed by rewriting the files that hold them (copy-on-write).'],
  [r('note.write.delta.updateDv', rows), 'UPDATE 2 row(s) matching id = 1 in 1 file(s): the old rows are marked deleted in deletion vectors (the data files are not rewritten), the updated rows written as new files.'],
  [r('note.write.delta.updateCow', rows), 'UPDATE 2 row(s) matching id = 1 in 1 file(s): the old rows are removed by rewriting the files that hold them (copy-on-write), the updated rows written as new files.'],
  [r('note.write.delta.optimizeNone'), 'Nothing to OPTIMIZE: no partition has two or more small files or a file with a deletion vector.'],
  [r('note.write.delta.optimize', { files: 4, bins: 2, bytes: '104,857,600' }),
    'OPTIMIZE: 4 file(s) in 2 bin(s) are rewritten as about 2 file(s) of at most 104,857,600 bytes, deletion vectors applied; the commit has dataChange=false (rows unchanged).'],
  [r('note.write.delta.restore', restored), 'RESTORE to version 3: a new version 8 whose live files are those of version 3 — 2 file(s) removed, 1 added back. History stays: this can itself be restored.'],
  [r('note.write.delta.restoreMetadata', restored), 'RESTORE to version 3: a new version 8 whose live files are those of version 3 — 2 file(s) removed, 1 added back, and its schema/properties. History stays: this can itself be restored.'],
  [r('note.write.delta.vacuumNone', { since }), `VACUUM: no file under the table is unreferenced and older than the retention (removed before ${since}).`],
  [r('note.write.delta.vacuum', { count: 3, since }), `VACUUM: 3 file(s) are referenced by no version within the retention (files removed before ${since}, and files no commit references) and can be deleted.`],
  [r('note.write.delta.vacuumGone', { since }), `Deleted files are gone for good: time travel to versions that used them (removed before ${since}) stops working. They are deleted only when you confirm deletion separately.`],
  [r('note.write.delta.vacuumConcurrency'), 'VACUUM commits nothing: it deletes unreferenced files, each on its own. The state is read again just before deleting, so a file that became needed meanwhile is kept.'],
  [r('note.write.delta.vacuumReportOnly'), 'Report only: nothing was deleted (deleting needs its own confirmation).'],
  [r('note.write.delta.vacuumKept', { count: 1 }), '1 file(s) became needed again since the preview and were kept.'],
  [r('note.write.paimon.concurrency'), 'Paimon commits by creating the next snapshot file (snapshot-N+1) or the tag file only if it does not exist yet; a concurrent commit makes this one fail instead of overwriting it.'],
  [r('note.write.paimon.destructiveConcurrency'), 'Not one atomic step: LATEST moves back first, then snapshot files are deleted newest first, tags next, and data files last. '
    + 'A commit that lands meanwhile stops it (Conflict) before anything is deleted; an interruption leaves unreferenced files, never a snapshot with missing files.'],
  [r('note.write.paimon.destructiveWarning'), 'This cannot be undone: the deleted snapshots and their data files are gone. Readers holding them fail. The non-destructive rollback (a new latest snapshot) is usually what you want.'],
  [r('note.write.paimon.rollbackManifest'), 'removes files added after the target, re-adds files it removed'],
  [r('note.write.paimon.expiredSnapshot'), 'expired snapshot, removed on apply'],
  [r('note.write.paimon.onlyExpired'), 'used only by expired snapshots; deleted only after the second confirmation'],
  [r('note.write.paimon.orphan'), 'orphan: no snapshot, tag or branch references it (older than a day); deleted only after the second confirmation'],
  [r('note.write.paimon.pointsAt', { id: '4' }), 'points at 4'],
  [r('note.write.paimon.expireSecond'), 'Files are deleted only when you confirm a second time; otherwise they stay as orphans, reported by the next expire.'],
  [r('note.write.paimon.compactSnapshot'), 'COMPACT snapshot, written on apply (create-if-absent)'],
  [r('note.write.paimon.dvVisible'), 'Deletion-vector tables: level-0 files (not shown by Paimon’s batch read until compacted) become visible once merged.'],
  [r('note.write.iceberg.compactNone'), 'Nothing to compact: no partition has enough small files or files with deletes'],
  [r('note.write.iceberg.compact', { files: 12, partitions: 2, bins: 2, deletes: 1 }), 'Rewrite 12 data file(s) in 2 partition(s) into about 2 file(s), applying their deletes, and drop 1 delete file(s) that then apply to nothing'],
  [r('note.write.iceberg.fromFiles', { count: 6 }), 'from 6 file(s)'],
  [r('note.write.iceberg.compactStays'), 'replaced files stay on storage (old snapshots still reference them) until those snapshots expire'],
  [r('note.write.iceberg.deleteStays'), 'removed and rewritten files stay on storage until the snapshots that use them expire'],
  [r('note.write.iceberg.expireMetadataOnly'), 'expiry edits metadata only; the listed files are deleted only when confirmed separately (deleteFiles), and time travel to expired snapshots stops working'],
  [r('note.write.delta.vacuumFailed', { count: 2, file: 'part-0001.parquet' }), '2 file(s) could not be deleted (e.g. part-0001.parquet); VACUUM again later.'],
];

/** Terms kept in English: format, feature, setting and API names. */
const KEPT = /^(delta|deletion|vector|vectors|time|travel|File|System|Access|Web|Locks|None|Match|Spark|Flink|json|NNNNNNNNNNNNNNNNNNNN|enableChangeDataFeed|dataChange|false|Conflict|schema|append|copy|write|on|VACUUM|RESTORE|OPTIMIZE|Paimon|snapshot|LATEST|deleteFiles|Iceberg|COMPACT|level|expire)$/i;

describe('en-writes2 / zh-writes2', () => {
  catalogSampleChecks(enWrites2, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+_#]+/, allowed: (w, next) => KEPT.test(w) || KEPT.test(next) });
});
