/**
 * The messages of en-writes4.ts (Paimon write previews, Delta's CREATE TABLE preview) render exactly the English
 * their sites wrote before they carried a reference, and zh-CN renders each in Chinese with the same data. Every key
 * has a sample here. Real ones: paimon/commit/preview-messages.test.ts, delta/commit/preview-messages.test.ts.
 */
import { describe } from 'vitest';
import { enWrites4 } from './en-writes4.ts';
import { errorRef, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);
const all = r('note.write.paimon.where.all');
const merged = { buckets: 2, files: 5, id: '7' };
const rows = { count: 3, buckets: 2, id: '5', changelog: true };
const retain = r('note.write.paimon.expireWhy.retainMin', { count: 1 });

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [r('note.write.paimon.compactNoneUniversal', { where: all }), 'Nothing to compact: no bucket has a compaction due by Paimon’s universal strategy.'],
  [r('note.write.paimon.compactNoneFull', { where: r('note.write.paimon.where.partitions', { partitions: 'dt=2024-01-01, (unpartitioned)' }) }),
    'Nothing to compact in dt=2024-01-01, (unpartitioned): every bucket is already one file at the top level with nothing to drop.'],
  [r('note.write.paimon.compactUniversal', { where: r('note.write.paimon.where.bucket', { bucket: '3' }), ...merged }),
    'Universal compaction bucket 3: 2 bucket(s), 5 file(s) merged into 2 as snapshot 7 (commit kind COMPACT). Rows do not change.'],
  [r('note.write.paimon.compactFull', { where: r('note.write.paimon.where.both', { partitions: 'dt=1', bucket: '0' }), ...merged }),
    'Full compaction in dt=1 bucket 0: 2 bucket(s), 5 file(s) merged into 2 as snapshot 7 (commit kind COMPACT). Rows do not change.'],
  [r('note.write.paimon.compactInput', { level: 0, dv: true }), 'level 0, deletion vector applied; removed from the table (the file stays until expiration)'],
  [r('note.write.paimon.compactOutput', { level: 5, reason: 'full', files: 3, runs: 3, dropDelete: true }), 'level 5 (full; from 3 file(s), 3 sorted run(s), deletes dropped)'],
  [r('note.write.paimon.compactWritten', { level: 5, rows: '42' }), 'level 5, 42 rows'],
  [r('note.write.paimon.expireNone', { reason: r('note.write.paimon.expireWhy.nothing', { reason: r('note.write.paimon.expireWhy.none') }), orphans: 2 }),
    'No snapshot expires (nothing to expire: the table has no snapshots). 2 orphan file(s) can be deleted.'],
  [r('note.write.paimon.expireNone', { reason: r('note.write.paimon.expireWhy.consumer', { consumer: 'flink-job', id: '4' }), orphans: 0 }),
    "No snapshot expires (consumer 'flink-job' still needs snapshot 4)."],
  [r('note.write.paimon.expire', { first: '1', last: '3', count: 3, kept: '4', reason: r('note.write.paimon.expireWhy.time', { id: '4' }), files: 6, orphans: 1 }),
    'Expire snapshots 1–3 (3); the oldest kept is 4 (snapshot 4 is newer than the retention time (snapshot.time-retained)). 6 file(s) only they used and 1 orphan file(s) can then be deleted.'],
  [r('note.write.paimon.expire', { first: '1', last: '1', count: 1, kept: '2', reason: retain, files: 2, orphans: 0 }),
    'Expire snapshots 1–1 (1); the oldest kept is 2 (keeps the newest 1 snapshot(s) (snapshot.num-retained.min)). 2 file(s) only they used and 0 orphan file(s) can then be deleted.'],
  [r('note.write.paimon.expireLeft', { count: 4 }), '4 file(s) were left in storage (not confirmed for deletion).'],
  [r('note.write.paimon.rowsAppend', rows), 'Append 3 row(s) into 2 bucket(s) as snapshot 5: one level-0 file per bucket plus a changelog file, then a delta manifest and snapshot-5.'],
  [r('note.write.paimon.rowsUpsert', rows), 'Upsert 3 row(s) into 2 bucket(s) as snapshot 5: one level-0 file per bucket plus a changelog file, then a delta manifest and snapshot-5.'],
  [r('note.write.paimon.rowsDelete', { ...rows, changelog: false }), 'Delete 3 row(s) into 2 bucket(s) as snapshot 5: one level-0 file per bucket, then a delta manifest and snapshot-5.'],
  [r('note.write.paimon.rowsFile', { count: 2 }), '2 row(s), level 0'],
  [r('note.write.paimon.changelogFile'), 'changelog (changelog-producer = input)'],
  [r('note.write.paimon.deletedStay'), 'Deleted rows stay in older snapshots (time travel) until those expire; compaction drops the DELETE records.'],
  [r('note.write.paimon.createTag', { name: 'keep', id: '3' }), 'Create tag "keep" on snapshot 3: a copy of that snapshot\'s file that keeps it (and its files) readable after the snapshot expires.'],
  [r('note.write.paimon.createTagLatest', { name: 'keep' }), 'Create tag "keep" on snapshot latest: a copy of that snapshot\'s file that keeps it (and its files) readable after the snapshot expires.'],
  [r('note.write.paimon.tagFile', { id: '3' }), 'snapshot 3 JSON + tagCreateTime'],
  [r('note.write.paimon.tagFileLatest'), 'snapshot latest JSON + tagCreateTime'],
  [r('note.write.paimon.deleteTag', { name: 'keep', id: '3' }), 'Delete tag "keep" (snapshot 3).'],
  [r('note.write.paimon.deleteExpiredTag', { id: '3' }), 'Snapshot 3 has expired: the data, manifest and index files only this tag kept alive are deleted too, and the version can no longer be read.'],
  [r('note.write.paimon.rollback', { target: '2', next: '6' }),
    "Roll back to snapshot 2 without deleting anything: a new snapshot 6 (commit kind OVERWRITE) makes snapshot 2's content the latest. All history stays readable, and this rollback can itself be rolled back."],
  [r('note.write.paimon.destructive', { target: '2', snapshots: 3, tags: 1 }), 'Destructive rollback to snapshot 2: LATEST moves back, then 3 later snapshot(s), 1 later tag(s) and every file only they used are DELETED for good.'],
  [r('note.write.paimon.sizeNotLooked'), 'size not looked up'],
  [r('note.write.paimon.alreadyGone'), 'already gone'],
  [r('note.write.delta.create', { count: 2, columns: 'id, day', partitioned: true, partitions: 'day', reader: 3, writer: 7, withFeatures: true, features: 'deletionVectors' }),
    'CREATE TABLE: version 0 of a new Delta table with 2 column(s) (id, day), partitioned by day; protocol reader 3 / writer 7 with reader features deletionVectors.'],
  [r('note.write.delta.create', { count: 1, columns: 'id', partitioned: false, partitions: '', reader: 1, writer: 2, withFeatures: false, features: '' }),
    'CREATE TABLE: version 0 of a new Delta table with 1 column(s) (id), unpartitioned; protocol reader 1 / writer 2.'],
];

/** Terms kept in English: format, feature, setting and file names. */
const KEPT = /^(paimon|universal|bucket|snapshot|level|deletion|vector|sorted|run|COMPACT|OVERWRITE|LATEST|DELETE|delta|manifest|changelog|producer|input|JSON|tagCreateTime|consumer|num|retained|min|time|CREATE|TABLE|reader|writer|protocol|upsert)$/i;

describe('en-writes4 / zh-writes4', () => {
  catalogSampleChecks(enWrites4, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+_#]+/, allowed: (w, next) => KEPT.test(w) || KEPT.test(next) });
});
