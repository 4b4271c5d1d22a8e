/**
 * English text of Paimon write previews (issue 20) — compaction, expire, row writes, tags and rollbacks: their
 * descriptions, the per-file "level N" notes and warnings — and of Delta's CREATE TABLE preview. Each is the exact
 * English its site wrote before (core/formats/paimon/commit/*, delta/commit/create-table.ts), so the CLI and the
 * tests that quote it are unchanged. Parameters: counts and levels are numbers; ids, names, keys strings (data).
 */

export const enWrites4 = {
  // Compaction (commit/maintenance-model.ts; Paimon's MergeTreeCompactManager). `where` is one of the where.* messages
  // (a data parameter is never empty: the UI marks it, so an empty one would still count as text).
  'note.write.paimon.where.all': () => '',
  'note.write.paimon.where.partitions': (p: { partitions: string }) => ` in ${p.partitions}`,
  'note.write.paimon.where.bucket': (p: { bucket: string }) => ` bucket ${p.bucket}`,
  'note.write.paimon.where.both': (p: { partitions: string; bucket: string }) => ` in ${p.partitions} bucket ${p.bucket}`,
  'note.write.paimon.compactNoneUniversal': (p: { where: string }) => `Nothing to compact${p.where}: no bucket has a compaction due by Paimon’s universal strategy.`,
  'note.write.paimon.compactNoneFull': (p: { where: string }) => `Nothing to compact${p.where}: every bucket is already one file at the top level with nothing to drop.`,
  'note.write.paimon.compactUniversal': (p: { where: string; buckets: number; files: number; id: string }) =>
    `Universal compaction${p.where}: ${p.buckets} bucket(s), ${p.files} file(s) merged into ${p.buckets} as snapshot ${p.id} (commit kind COMPACT). Rows do not change.`,
  'note.write.paimon.compactFull': (p: { where: string; buckets: number; files: number; id: string }) =>
    `Full compaction${p.where}: ${p.buckets} bucket(s), ${p.files} file(s) merged into ${p.buckets} as snapshot ${p.id} (commit kind COMPACT). Rows do not change.`,
  'note.write.paimon.compactInput': (p: { level: number; dv: boolean }) => `level ${p.level}${p.dv ? ', deletion vector applied' : ''}; removed from the table (the file stays until expiration)`,
  'note.write.paimon.compactOutput': (p: { level: number; reason: string; files: number; runs: number; dropDelete: boolean }) =>
    `level ${p.level} (${p.reason}; from ${p.files} file(s), ${p.runs} sorted run(s)${p.dropDelete ? ', deletes dropped' : ''})`,
  'note.write.paimon.compactWritten': (p: { level: number; rows: string }) => `level ${p.level}, ${p.rows} rows`,
  // Expire (commit/expire.ts: why expiration stops where it does; maintenance-model.ts: the preview).
  'note.write.paimon.expireWhy.none': () => 'the table has no snapshots',
  'note.write.paimon.expireWhy.retainMin': (p: { count: number }) => `keeps the newest ${p.count} snapshot(s) (snapshot.num-retained.min)`,
  'note.write.paimon.expireWhy.consumer': (p: { consumer: string; id: string }) => `consumer '${p.consumer}' still needs snapshot ${p.id}`,
  'note.write.paimon.expireWhy.time': (p: { id: string }) => `snapshot ${p.id} is newer than the retention time (snapshot.time-retained)`,
  'note.write.paimon.expireWhy.nothing': (p: { reason: string }) => `nothing to expire: ${p.reason}`,
  'note.write.paimon.expire': (p: { first: string; last: string; count: number; kept: string; reason: string; files: number; orphans: number }) =>
    `Expire snapshots ${p.first}–${p.last} (${p.count}); the oldest kept is ${p.kept} (${p.reason}). ${p.files} file(s) only they used and ${p.orphans} orphan file(s) can then be deleted.`,
  'note.write.paimon.expireNone': (p: { reason: string; orphans: number }) => `No snapshot expires (${p.reason}).${p.orphans ? ` ${p.orphans} orphan file(s) can be deleted.` : ''}`,
  'note.write.paimon.expireLeft': (p: { count: number }) => `${p.count} file(s) were left in storage (not confirmed for deletion).`,
  // Row writes (commit/row-write-model.ts).
  'note.write.paimon.rowsAppend': (p: { count: number; buckets: number; id: string; changelog: boolean }) =>
    `Append ${p.count} row(s) into ${p.buckets} bucket(s) as snapshot ${p.id}: one level-0 file per bucket${p.changelog ? ' plus a changelog file' : ''}, then a delta manifest and snapshot-${p.id}.`,
  'note.write.paimon.rowsUpsert': (p: { count: number; buckets: number; id: string; changelog: boolean }) =>
    `Upsert ${p.count} row(s) into ${p.buckets} bucket(s) as snapshot ${p.id}: one level-0 file per bucket${p.changelog ? ' plus a changelog file' : ''}, then a delta manifest and snapshot-${p.id}.`,
  'note.write.paimon.rowsDelete': (p: { count: number; buckets: number; id: string; changelog: boolean }) =>
    `Delete ${p.count} row(s) into ${p.buckets} bucket(s) as snapshot ${p.id}: one level-0 file per bucket${p.changelog ? ' plus a changelog file' : ''}, then a delta manifest and snapshot-${p.id}.`,
  'note.write.paimon.rowsFile': (p: { count: number }) => `${p.count} row(s), level 0`,
  'note.write.paimon.changelogFile': () => 'changelog (changelog-producer = input)',
  'note.write.paimon.deletedStay': () => 'Deleted rows stay in older snapshots (time travel) until those expire; compaction drops the DELETE records.',
  // Tags and rollbacks (commit/write-model.ts).
  'note.write.paimon.createTag': (p: { name: string; id: string }) => `Create tag "${p.name}" on snapshot ${p.id}: a copy of that snapshot's file that keeps it (and its files) readable after the snapshot expires.`,
  'note.write.paimon.createTagLatest': (p: { name: string }) => `Create tag "${p.name}" on snapshot latest: a copy of that snapshot's file that keeps it (and its files) readable after the snapshot expires.`,
  'note.write.paimon.tagFile': (p: { id: string }) => `snapshot ${p.id} JSON + tagCreateTime`,
  'note.write.paimon.tagFileLatest': () => 'snapshot latest JSON + tagCreateTime',
  'note.write.paimon.deleteTag': (p: { name: string; id: string }) => `Delete tag "${p.name}" (snapshot ${p.id}).`,
  'note.write.paimon.deleteExpiredTag': (p: { id: string }) => `Snapshot ${p.id} has expired: the data, manifest and index files only this tag kept alive are deleted too, and the version can no longer be read.`,
  'note.write.paimon.rollback': (p: { target: string; next: string }) =>
    `Roll back to snapshot ${p.target} without deleting anything: a new snapshot ${p.next} (commit kind OVERWRITE) makes snapshot ${p.target}'s content the latest. All history stays readable, and this rollback can itself be rolled back.`,
  'note.write.paimon.destructive': (p: { target: string; snapshots: number; tags: number }) =>
    `Destructive rollback to snapshot ${p.target}: LATEST moves back, then ${p.snapshots} later snapshot(s), ${p.tags} later tag(s) and every file only they used are DELETED for good.`,
  'note.write.paimon.sizeNotLooked': () => 'size not looked up',
  'note.write.paimon.alreadyGone': () => 'already gone',
  // Delta CREATE TABLE (delta/commit/create-table.ts; protocol "Protocol Evolution").
  'note.write.delta.create': (p: { count: number; columns: string; partitioned: boolean; partitions: string; reader: number; writer: number; withFeatures: boolean; features: string }) =>
    `CREATE TABLE: version 0 of a new Delta table with ${p.count} column(s) (${p.columns})${p.partitioned ? `, partitioned by ${p.partitions}` : ', unpartitioned'}; protocol reader ${p.reader} / writer ${p.writer}${p.withFeatures ? ` with reader features ${p.features}` : ''}.`,
};
