/**
 * The messages of en-writes5.ts (write actions' tooltips, the over-budget warning, VACUUM's delete list) render
 * exactly the English their sites wrote before they carried a reference, and zh-CN renders each in Chinese with the
 * same data. Every key has a sample here. Real ones: core/commit/capability-messages.test.ts.
 */
import { describe } from 'vitest';
import { enWrites5 } from './en-writes5.ts';
import { errorRef, type ErrorRef } from './message-parts.ts';
import { en, type MessageKey } from './en.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);

const MERGE_ENGINE = en['error.paimon.option.mergeEngine']();
const plain = (key: string, english: string): [ErrorRef, string] => [r(key), english];

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [r('note.write.cap.sentence', { text: r('error.paimon.create.option', { subsystem: 'paimon write', option: 'merge-engine', value: 'aggregation', reason: r('error.paimon.option.mergeEngine') }) }),
    `paimon write: merge-engine = aggregation: ${MERGE_ENGINE}.`],
  plain('note.write.cap.iceberg.rollback', 'Move main back to this snapshot, one of its ancestors (a new metadata file; no data is rewritten or deleted).'),
  plain('note.write.cap.iceberg.setCurrent', 'This snapshot is not an ancestor of the current one (another branch, or a rolled-back future): make it main’s current snapshot.'),
  plain('note.write.cap.iceberg.tag', 'Name this snapshot with a tag (kept when older snapshots expire).'),
  plain('note.write.cap.iceberg.branch', 'Start a branch at this snapshot; main is not changed.'),
  plain('note.write.cap.iceberg.expire', 'Remove old snapshots from the metadata; optionally delete the files only they used'),
  plain('note.write.cap.iceberg.compact', 'Rewrite small files (and files with deletes) into bigger ones'),
  plain('note.write.cap.iceberg.rewriteManifests', 'Regroup manifests (same files, fewer/larger manifests)'),
  [r('note.write.cap.delta.restore', { next: '9', version: '4' }), 'RESTORE: a new version 9 with the files of version 4 (the history stays; this can itself be restored).'],
  plain('note.write.cap.delta.optimize', 'OPTIMIZE: rewrite small files of each partition into bigger ones and apply deletion vectors (dataChange=false: rows do not change).'),
  plain('note.write.cap.delta.vacuum', 'VACUUM: report the files no version within the retention period needs (delta.deletedFileRetentionDuration, default 7 days); deleting them needs a second confirmation.'),
  plain('note.write.cap.delta.noExpire', 'Not a Delta operation.'),
  plain('note.write.cap.delta.append', 'WRITE (append): add rows as new data files in one new version.'),
  plain('note.write.cap.delta.deleteDv', 'DELETE rows matching a predicate: marked in deletion vectors.'),
  plain('note.write.cap.delta.deleteCow', 'DELETE rows matching a predicate: by rewriting the files that hold them (copy-on-write).'),
  plain('note.write.cap.delta.update', 'UPDATE rows matching a predicate to new values: the old rows deleted as DELETE does, the new ones written as new files.'),
  plain('note.write.cap.paimon.rollback', 'Non-destructive: a new latest snapshot with this snapshot’s content; history stays.'),
  plain('note.write.cap.paimon.rollbackDestructive', 'Deletes every later snapshot and tag, and the files only they used. Asks you to type a confirmation.'),
  plain('note.write.cap.paimon.tag', 'Create a tag on this snapshot (keeps it readable after the snapshot expires).'),
  [r('note.write.cap.paimon.removeTag', { name: 'gold' }), 'Delete tag “gold”.'],
  [r('note.write.cap.paimon.notYet', { action: 'rewrite-manifests' }), 'rewrite-manifests (not offered for Paimon tables yet)'],
  plain('note.write.cap.paimon.compact', 'Full compaction: merge every sorted run of each bucket into the top LSM level (deleted keys dropped, deletion vectors applied) as a COMPACT snapshot. Rows do not change.'),
  plain('note.write.cap.paimon.expire', 'Expire snapshots as Paimon does (snapshot.num-retained.min/max, snapshot.time-retained; tags and consumers keep theirs); files are deleted only after a second confirmation.'),
  plain('note.write.cap.paimon.append', 'Append rows (a form or pasted CSV): one new level-0 file per bucket, one new snapshot.'),
  plain('note.write.cap.paimon.upsert', 'Insert or replace rows by primary key (a form or pasted CSV): one level-0 file per bucket; the newest sequence number wins on read and compaction.'),
  plain('note.write.cap.paimon.delete', 'Delete rows by primary key: DELETE records (-D) in a level-0 file per bucket; the rows disappear on read and are dropped by compaction.'),
  [r('note.write.overBudget', { input: '3.0 GiB', budget: '2.0 GiB', engine: r('note.sql.engine.iceberg') }),
    "Not run here: it would read 3.0 GiB, more than this browser's budget of 2.0 GiB. Run it on a cluster with Spark SQL with the Iceberg runtime (below)."],
  plain('note.write.delta.cdcFile', 'change data file'),
  plain('note.sql.engine.delta', 'Spark SQL with Delta Lake'),
  plain('note.sql.engine.paimon', 'Spark SQL with Paimon'),
  [r('note.write.overBudgetNoSql', { input: '3.0 GiB', budget: '2.0 GiB' }), "Not run here: it would read 3.0 GiB, more than this browser's budget of 2.0 GiB. Run it with an engine on a cluster."],
  plain('ui.preview.vacuumFiles', 'Files VACUUM can delete'),
  [r('note.sql.delta.path', { path: '/data/t' }), "Replace /data/t with the table's URI as the cluster reaches it."],
  [r('note.sql.delta.retention', { setting: 'spark.databricks.delta.retentionDurationCheck.enabled = false' }), 'A retention under 7 days needs spark.databricks.delta.retentionDurationCheck.enabled = false.'],
  [r('note.sql.iceberg.catalog', { catalog: '<catalog>', name: 'db.t', location: 's3://b/wh/db/t' }),
    'Replace <catalog> with the name of the Spark catalog holding this table; "db.t" is read from its location (s3://b/wh/db/t).'],
  [r('note.sql.iceberg.transforms', { fields: 'ts_day, id_bucket' }), 'Partition field(s) ts_day, id_bucket are transforms of a column: the where clause cannot name them, so the statement covers every partition.'],
  [r('note.sql.utc', { setting: 'spark.sql.session.timeZone=UTC' }), 'The timestamp is UTC: run with spark.sql.session.timeZone=UTC.'],
  [r('note.sql.paimon.catalog', { name: 'shop.orders', location: 's3://b/wh/shop.db/orders' }),
    'Run in a Spark session whose current catalog is the Paimon catalog of this warehouse; "shop.orders" is read from the location (s3://b/wh/shop.db/orders).'],
  [r('note.sql.paimon.bucket', { bucket: '2' }), "sys.compact has no bucket argument: the statement compacts every bucket of the named partitions (Lakescope's preview was bucket 2)."],
  [r('note.write.undo', { what: r('note.write.undo.setMain', { id: '7' }) }), 'Undo: set main back to 7'],
  [r('ui.writes.undoTitle', { what: r('note.write.undo.removeRef', { refType: 'branch', name: 'dev' }) }), 'Undo — remove branch "dev"'],
  [r('note.write.undo', { what: r('note.write.undo.deleteTag', { name: 'gold' }) }), 'Undo: delete tag "gold"'],
  [r('note.write.undo', { what: r('note.write.undo.restore', { version: '4' }) }), 'Undo: restore version 4'],
  [r('note.write.undo', { what: r('note.write.undo.rollback', { id: '4' }) }), 'Undo: roll back to snapshot 4 (as a new snapshot)'],
  [r('note.write.undo', { what: r('note.write.undo.rollbackAgain', { id: '4' }) }), 'Undo: roll back to snapshot 4 (again as a new snapshot)'],
];

/** Terms kept in English: format, feature, setting and operation names. */
const KEPT = /^(main|snapshot|manifest|RESTORE|OPTIMIZE|VACUUM|deletion|vector|dataChange|false|delta|deletedFileRetentionDuration|WRITE|append|DELETE|UPDATE|copy|on|write|Paimon|bucket|LSM|COMPACT|sorted|run|num|retained|min|max|time|consumer|level|CSV|sequence|number|GiB|URI|Spark|catalog|where|UTC|sys|compact|Lakescope)$/i;

describe('en-writes5 / zh-writes5', () => {
  catalogSampleChecks(enWrites5, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+_#“”’]+/, allowed: (w, next) => KEPT.test(w) || KEPT.test(next) });
});
