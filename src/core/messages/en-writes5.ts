/**
 * English text of what the writes bar shows before a preview (issue 20): each action's one-sentence description
 * (the tooltip of an available button) and a refusal quoted as a sentence (the tooltip of a disabled one), and the
 * over-budget warning core/commit/engine-sql.ts puts first in a preview; plus VACUUM's delete-list label. Each is
 * the exact English its site wrote before (formats' capabilities, engine-sql.ts), so the CLI and tests are unchanged.
 */

export const enWrites5 = {
  // A refusal quoted as the reason of a disabled action (paimon/commit/row-write-model.ts): its text and a full stop.
  'note.write.cap.sentence': (p: { text: string }) => `${p.text}.`,
  // Iceberg (commit/capabilities.ts).
  'note.write.cap.iceberg.rollback': () => 'Move main back to this snapshot, one of its ancestors (a new metadata file; no data is rewritten or deleted).',
  'note.write.cap.iceberg.setCurrent': () => 'This snapshot is not an ancestor of the current one (another branch, or a rolled-back future): make it main’s current snapshot.',
  'note.write.cap.iceberg.tag': () => 'Name this snapshot with a tag (kept when older snapshots expire).',
  'note.write.cap.iceberg.branch': () => 'Start a branch at this snapshot; main is not changed.',
  'note.write.cap.iceberg.expire': () => 'Remove old snapshots from the metadata; optionally delete the files only they used',
  'note.write.cap.iceberg.compact': () => 'Rewrite small files (and files with deletes) into bigger ones',
  'note.write.cap.iceberg.rewriteManifests': () => 'Regroup manifests (same files, fewer/larger manifests)',
  // Delta (commit/write-model.ts).
  'note.write.cap.delta.restore': (p: { next: string; version: string }) => `RESTORE: a new version ${p.next} with the files of version ${p.version} (the history stays; this can itself be restored).`,
  'note.write.cap.delta.optimize': () => 'OPTIMIZE: rewrite small files of each partition into bigger ones and apply deletion vectors (dataChange=false: rows do not change).',
  'note.write.cap.delta.vacuum': () => 'VACUUM: report the files no version within the retention period needs (delta.deletedFileRetentionDuration, default 7 days); deleting them needs a second confirmation.',
  'note.write.cap.delta.noExpire': () => 'Not a Delta operation.',
  'note.write.cap.delta.append': () => 'WRITE (append): add rows as new data files in one new version.',
  'note.write.cap.delta.deleteDv': () => 'DELETE rows matching a predicate: marked in deletion vectors.',
  'note.write.cap.delta.deleteCow': () => 'DELETE rows matching a predicate: by rewriting the files that hold them (copy-on-write).',
  'note.write.cap.delta.update': () => 'UPDATE rows matching a predicate to new values: the old rows deleted as DELETE does, the new ones written as new files.',
  // Paimon (commit/write-model.ts, maintenance-model.ts, row-write-model.ts).
  'note.write.cap.paimon.rollback': () => 'Non-destructive: a new latest snapshot with this snapshot’s content; history stays.',
  'note.write.cap.paimon.rollbackDestructive': () => 'Deletes every later snapshot and tag, and the files only they used. Asks you to type a confirmation.',
  'note.write.cap.paimon.tag': () => 'Create a tag on this snapshot (keeps it readable after the snapshot expires).',
  'note.write.cap.paimon.removeTag': (p: { name: string }) => `Delete tag “${p.name}”.`,
  'note.write.cap.paimon.notYet': (p: { action: string }) => `${p.action} (not offered for Paimon tables yet)`,
  'note.write.cap.paimon.compact': () => 'Full compaction: merge every sorted run of each bucket into the top LSM level (deleted keys dropped, deletion vectors applied) as a COMPACT snapshot. Rows do not change.',
  'note.write.cap.paimon.expire': () => 'Expire snapshots as Paimon does (snapshot.num-retained.min/max, snapshot.time-retained; tags and consumers keep theirs); files are deleted only after a second confirmation.',
  'note.write.cap.paimon.append': () => 'Append rows (a form or pasted CSV): one new level-0 file per bucket, one new snapshot.',
  'note.write.cap.paimon.upsert': () => 'Insert or replace rows by primary key (a form or pasted CSV): one level-0 file per bucket; the newest sequence number wins on read and compaction.',
  'note.write.cap.paimon.delete': () => 'Delete rows by primary key: DELETE records (-D) in a level-0 file per bucket; the rows disappear on read and are dropped by compaction.',
  // Over the browser's budget (core/commit/engine-sql.ts): sizes as formatBytes writes them, the engine's name (data).
  'note.write.overBudget': (p: { input: string; budget: string; engine: string }) => `Not run here: it would read ${p.input}, more than this browser's budget of ${p.budget}. Run it on a cluster with ${p.engine} (below).`,
  'note.write.overBudgetNoSql': (p: { input: string; budget: string }) => `Not run here: it would read ${p.input}, more than this browser's budget of ${p.budget}. Run it with an engine on a cluster.`,
  // What Undo does after a write (AppliedChange.undo; the toast's tooltip and the undo preview's title).
  'note.write.undo': (p: { what: string }) => `Undo: ${p.what}`,
  'ui.writes.undoTitle': (p: { what: string }) => `Undo — ${p.what}`,
  'note.write.undo.setMain': (p: { id: string }) => `set main back to ${p.id}`,
  'note.write.undo.removeRef': (p: { refType: string; name: string }) => `remove ${p.refType} "${p.name}"`,
  'note.write.undo.deleteTag': (p: { name: string }) => `delete tag "${p.name}"`,
  'note.write.undo.restore': (p: { version: string }) => `restore version ${p.version}`,
  'note.write.undo.rollback': (p: { id: string }) => `roll back to snapshot ${p.id} (as a new snapshot)`,
  'note.write.undo.rollbackAgain': (p: { id: string }) => `roll back to snapshot ${p.id} (again as a new snapshot)`,
  // A change data file a DELETE/UPDATE wrote (delta/commit/row-changes.ts, the result's written list; Delta PROTOCOL.md "Add CDC File").
  'note.write.delta.cdcFile': () => 'change data file',
  // The engine the SQL offered past the budget runs on (formats' commit/engine-sql.ts EngineSql.engine): product names kept.
  'note.sql.engine.iceberg': () => 'Spark SQL with the Iceberg runtime',
  'note.sql.engine.delta': () => 'Spark SQL with Delta Lake',
  'note.sql.engine.paimon': () => 'Spark SQL with Paimon',
  // What to adjust in the engine SQL offered past the budget (formats' commit/engine-sql.ts): names, paths, settings are data.
  'note.sql.delta.path': (p: { path: string }) => `Replace ${p.path} with the table's URI as the cluster reaches it.`,
  'note.sql.delta.retention': (p: { setting: string }) => `A retention under 7 days needs ${p.setting}.`,
  'note.sql.iceberg.catalog': (p: { catalog: string; name: string; location: string }) => `Replace ${p.catalog} with the name of the Spark catalog holding this table; "${p.name}" is read from its location (${p.location}).`,
  'note.sql.iceberg.transforms': (p: { fields: string }) => `Partition field(s) ${p.fields} are transforms of a column: the where clause cannot name them, so the statement covers every partition.`,
  'note.sql.utc': (p: { setting: string }) => `The timestamp is UTC: run with ${p.setting}.`,
  'note.sql.paimon.catalog': (p: { name: string; location: string }) => `Run in a Spark session whose current catalog is the Paimon catalog of this warehouse; "${p.name}" is read from the location (${p.location}).`,
  'note.sql.paimon.bucket': (p: { bucket: string }) => `sys.compact has no bucket argument: the statement compacts every bucket of the named partitions (Lakescope's preview was bucket ${p.bucket}).`,
  // VACUUM's delete list (ui/writes/preview-body.tsx): files already unreferenced, not made unreachable as by expire.
  'ui.preview.vacuumFiles': () => 'Files VACUUM can delete',
};
