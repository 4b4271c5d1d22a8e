/**
 * English text of write previews (issue 20): the one-sentence description, the per-file notes, the warnings and
 * the storage's commit note that a preview shows before Confirm, and VACUUM's apply-time warnings. Each is the
 * exact English its site wrote before (core/formats/delta/commit/*, worker/engine-writes-storage.ts), so the CLI
 * and the tests that quote it are unchanged. Parameters: counts are numbers, keys/predicates/times strings (data).
 */

export const enWrites2 = {
  // File notes shared by formats.
  'note.write.onApply': () => 'written on apply',
  'note.write.onApplyCreate': () => 'written on apply (create-if-absent)',
  'note.write.both': (p: { first: string; second: string }) => `${p.first}; ${p.second}`,
  // How a commit is made atomic on this storage (worker/engine-writes-storage.ts).
  'note.write.concurrency.s3': () => 'Atomic commit: the next metadata file is created only if it does not exist yet (on S3: If-None-Match: *). '
    + 'If another writer commits first, this write fails with a conflict (or retries where the operation allows) — it never overwrites.',
  'note.write.concurrency.fsa': () => 'Local folder (File System Access): the exclusive create of the next metadata file is enforced with Web Locks, '
    + 'which only coordinate tabs of this browser. Another program writing this folder at the same time (Spark, Flink, a second browser) is not excluded — make sure none is.',
  'note.write.concurrency.joined': (p: { storage: string; format: string }) => `${p.storage} ${p.format}`,
  // Delta (Delta protocol "Action Reconciliation", "Deletion Vectors"; commit/prepared.ts and the operations).
  'note.write.delta.concurrency': () => 'Delta commits by creating the next _delta_log/NNNNNNNNNNNNNNNNNNNN.json only if it does not exist yet. '
    + 'A writer that loses the race reads the winning commit: appends move on to the next version; a write whose files were removed meanwhile (or a RESTORE after any change) fails with Conflict instead.',
  'note.write.delta.appendLog': () => 'written on apply (create-if-absent; the next free version if taken)',
  'note.write.delta.untilVacuum': () => 'removed from the table (the file stays until VACUUM)',
  'note.write.delta.withDv': (p: { rows: string }) => `with deletion vector (${p.rows} rows deleted)`,
  'note.write.delta.addedBack': () => 'added back (already in storage)',
  'note.write.delta.optimizeOut': (p: { count: number }) => `${p.count} or more, written on apply`,
  'note.write.delta.cdcDeleted': () => 'change data (delta.enableChangeDataFeed): the deleted rows, written on apply',
  'note.write.delta.cdcUpdated': () => 'change data (delta.enableChangeDataFeed): the rows before and after, written on apply',
  'note.write.delta.matchRemoved': (p: { count: number }) => `${p.count} row(s) match; removed from the table`,
  'note.write.delta.matchRemovedDv': (p: { count: number }) => `${p.count} row(s) match; removed from the table and re-added with a deletion vector`,
  'note.write.delta.appendNone': () => 'WRITE (append): no rows to add.',
  'note.write.delta.append': (p: { count: number; version: string }) => `WRITE (append) ${p.count} row(s) as new data file(s) in version ${p.version}. A blind append: another writer's commit meanwhile moves it to the next version.`,
  'note.write.delta.appendPartitioned': (p: { count: number; columns: string; version: string }) => `WRITE (append) ${p.count} row(s) as new data file(s) (one per partition of ${p.columns}) in version ${p.version}. A blind append: another writer's commit meanwhile moves it to the next version.`,
  'note.write.delta.noMatch': (p: { op: string; where: string }) => `${p.op}: no row matches ${p.where}.`,
  'note.write.delta.deleteDv': (p: { count: number; where: string; files: number }) => `DELETE ${p.count} row(s) matching ${p.where} in ${p.files} file(s): marked deleted in deletion vectors (the data files are not rewritten).`,
  'note.write.delta.deleteCow': (p: { count: number; where: string; files: number }) => `DELETE ${p.count} row(s) matching ${p.where} in ${p.files} file(s): removed by rewriting the files that hold them (copy-on-write).`,
  'note.write.delta.updateDv': (p: { count: number; where: string; files: number }) => `UPDATE ${p.count} row(s) matching ${p.where} in ${p.files} file(s): the old rows are marked deleted in deletion vectors (the data files are not rewritten), the updated rows written as new files.`,
  'note.write.delta.updateCow': (p: { count: number; where: string; files: number }) => `UPDATE ${p.count} row(s) matching ${p.where} in ${p.files} file(s): the old rows are removed by rewriting the files that hold them (copy-on-write), the updated rows written as new files.`,
  'note.write.delta.optimizeNone': () => 'Nothing to OPTIMIZE: no partition has two or more small files or a file with a deletion vector.',
  'note.write.delta.optimize': (p: { files: number; bins: number; bytes: string }) => `OPTIMIZE: ${p.files} file(s) in ${p.bins} bin(s) are rewritten as about ${p.bins} file(s) of at most ${p.bytes} bytes, deletion vectors applied; the commit has dataChange=false (rows unchanged).`,
  'note.write.delta.restore': (p: { target: string; next: string; removed: number; added: number }) => `RESTORE to version ${p.target}: a new version ${p.next} whose live files are those of version ${p.target} — ${p.removed} file(s) removed, ${p.added} added back. History stays: this can itself be restored.`,
  'note.write.delta.restoreMetadata': (p: { target: string; next: string; removed: number; added: number }) => `RESTORE to version ${p.target}: a new version ${p.next} whose live files are those of version ${p.target} — ${p.removed} file(s) removed, ${p.added} added back, and its schema/properties. History stays: this can itself be restored.`,
  'note.write.delta.vacuumNone': (p: { since: string }) => `VACUUM: no file under the table is unreferenced and older than the retention (removed before ${p.since}).`,
  'note.write.delta.vacuum': (p: { count: number; since: string }) => `VACUUM: ${p.count} file(s) are referenced by no version within the retention (files removed before ${p.since}, and files no commit references) and can be deleted.`,
  'note.write.delta.vacuumGone': (p: { since: string }) => `Deleted files are gone for good: time travel to versions that used them (removed before ${p.since}) stops working. They are deleted only when you confirm deletion separately.`,
  'note.write.delta.vacuumConcurrency': () => 'VACUUM commits nothing: it deletes unreferenced files, each on its own. The state is read again just before deleting, so a file that became needed meanwhile is kept.',
  'note.write.delta.vacuumReportOnly': () => 'Report only: nothing was deleted (deleting needs its own confirmation).',
  'note.write.delta.vacuumKept': (p: { count: number }) => `${p.count} file(s) became needed again since the preview and were kept.`,
  // Paimon (commit/write-model.ts, row-write-model.ts) and Iceberg (commit/*): commit notes and preview warnings.
  'note.write.paimon.concurrency': () => 'Paimon commits by creating the next snapshot file (snapshot-N+1) or the tag file only if it does not exist yet; a concurrent commit makes this one fail instead of overwriting it.',
  'note.write.paimon.destructiveConcurrency': () => 'Not one atomic step: LATEST moves back first, then snapshot files are deleted newest first, tags next, and data files last. '
    + 'A commit that lands meanwhile stops it (Conflict) before anything is deleted; an interruption leaves unreferenced files, never a snapshot with missing files.',
  'note.write.paimon.destructiveWarning': () => 'This cannot be undone: the deleted snapshots and their data files are gone. Readers holding them fail. The non-destructive rollback (a new latest snapshot) is usually what you want.',
  'note.write.paimon.rollbackManifest': () => 'removes files added after the target, re-adds files it removed',
  'note.write.paimon.expiredSnapshot': () => 'expired snapshot, removed on apply',
  'note.write.paimon.onlyExpired': () => 'used only by expired snapshots; deleted only after the second confirmation',
  'note.write.paimon.orphan': () => 'orphan: no snapshot, tag or branch references it (older than a day); deleted only after the second confirmation',
  'note.write.paimon.pointsAt': (p: { id: string }) => `points at ${p.id}`,
  'note.write.paimon.expireSecond': () => 'Files are deleted only when you confirm a second time; otherwise they stay as orphans, reported by the next expire.',
  'note.write.paimon.compactSnapshot': () => 'COMPACT snapshot, written on apply (create-if-absent)',
  'note.write.paimon.dvVisible': () => 'Deletion-vector tables: level-0 files (not shown by Paimon’s batch read until compacted) become visible once merged.',
  'note.write.iceberg.compactNone': () => 'Nothing to compact: no partition has enough small files or files with deletes',
  'note.write.iceberg.compact': (p: { files: number; partitions: number; bins: number; deletes: number }) => `Rewrite ${p.files} data file(s) in ${p.partitions} partition(s) into about ${p.bins} file(s), applying their deletes, and drop ${p.deletes} delete file(s) that then apply to nothing`,
  'note.write.iceberg.fromFiles': (p: { count: number }) => `from ${p.count} file(s)`,
  'note.write.iceberg.compactStays': () => 'replaced files stay on storage (old snapshots still reference them) until those snapshots expire',
  'note.write.iceberg.deleteStays': () => 'removed and rewritten files stay on storage until the snapshots that use them expire',
  'note.write.iceberg.expireMetadataOnly': () => 'expiry edits metadata only; the listed files are deleted only when confirmed separately (deleteFiles), and time travel to expired snapshots stops working',
  'note.write.delta.vacuumFailed': (p: { count: number; file: string }) => `${p.count} file(s) could not be deleted (e.g. ${p.file}); VACUUM again later.`,
};
