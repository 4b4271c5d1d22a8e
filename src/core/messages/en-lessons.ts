/**
 * English text of the guided lessons (issue 20) beyond the first one's steps (en-sandbox.ts): the lesson
 * list, and the Delta (logistics/shipments) and Paimon (inventory/stock) lessons (ui/sandbox/*-lesson.ts).
 */
import { plural } from './catalog.ts';

const n = (count: number): string => count.toLocaleString('en-US');
const files = (count: number): string => `${n(count)} ${plural('en', count, { one: 'file', other: 'files' })}`;

export const enLessons = {
  'ui.lessons.open': () => 'Lessons',
  'ui.lessons.open.title': () => 'Guided tours of about six steps, one per format, over tables of this sandbox: each step reads or writes the real table and points at the files',
  'ui.lessons.listHeading': () => 'Lessons in this sandbox',
  'ui.lessons.listTitle': () => 'Learn a format by doing',
  'ui.lessons.none': () => 'This sandbox holds none of the demo tables the lessons run on. Open the demo warehouse and choose “Try it here”.',
  'ui.lessons.toList': () => 'All lessons',
  'ui.lessons.heading': (p: { lesson: string; step: number; of: number }) => `${p.lesson} · step ${p.step} of ${p.of}`,
  'ui.lessons.iceberg.name': () => 'Iceberg lesson',
  'ui.lessons.iceberg.blurb': () => 'events/clicks: snapshots, manifests, deletion vectors in Puffin files, compaction, time travel, rollback.',
  'ui.lessons.delta.name': () => 'Delta lesson',
  'ui.lessons.delta.blurb': () => 'logistics/shipments: the _delta_log, add and remove actions, deletion vectors, OPTIMIZE, time travel, RESTORE.',
  'ui.lessons.paimon.name': () => 'Paimon lesson',
  'ui.lessons.paimon.blurb': () => 'inventory/stock: snapshots, LSM levels of a primary-key table, -D rows, full compaction, time travel, rollback.',

  'ui.lessons.delta.version.text': () => 'A Delta table is its log: _delta_log/ holds one JSON commit file per version (00…0.json, 00…1.json, …), each a list of actions — add a data file, remove one, change the metadata. A version is the sum of the commits up to it; every few versions a checkpoint (Parquet) sums them up so readers need not replay the whole log.',
  'ui.lessons.delta.append.text': () => 'An append writes new Parquet data files — one per partition it touches, here region=north and region=south — and one new commit file with an add action for each. No earlier file is touched: the next version is the old one plus these adds.',
  'ui.lessons.delta.append.action': () => 'Append four shipments (a real write)',
  'ui.lessons.delta.delete.text': () => 'With delta.enableDeletionVectors, a DELETE does not rewrite data files: for each file holding deleted rows it writes a deletion vector (a bitmap of row positions, in a deletion_vector_….bin file) and commits a remove of the file and an add of the same file carrying the deletionVector. Readers skip the marked rows.',
  'ui.lessons.delta.delete.action': () => 'Delete the delayed shipments (a real write)',
  'ui.lessons.delta.compact.text': () => 'OPTIMIZE rewrites the small files of each partition into bigger ones, applying the deletion vectors, and commits removes of the old files and adds of the new ones with dataChange false: the rows do not change. The old files stay in the folder for older versions until VACUUM deletes them.',
  'ui.lessons.delta.compact.action': () => 'OPTIMIZE the table now (a real write)',
  'ui.lessons.delta.timeTravel.text': () => 'Reading an older version replays the log only up to it (from the nearest checkpoint): the version before OPTIMIZE still names the small files and their deletion vectors, all still in the folder.',
  'ui.lessons.delta.rollback.text': () => 'RESTORE makes an older version’s files the table’s again by writing one new commit: it adds back the files that version had and removes the ones it did not. No data file is written or deleted, and the history keeps going forward — the restore is itself a version.',

  'ui.lessons.delta.result.version': (p: { version: string; versions: number; checkpoint: string; files: number }) => `The current version is ${p.version}, the newest of ${n(p.versions)} commits in _delta_log (last checkpoint: version ${p.checkpoint}). Reading it reads ${files(p.files)}.`,
  'ui.lessons.delta.result.append': (p: { version: string; rows: number; files: number; adds: number }) => `Version ${p.version} appended ${n(p.rows)} rows in ${n(p.files)} new data ${plural('en', p.files, { one: 'file', other: 'files' })}; its commit file holds ${n(p.adds)} add ${plural('en', p.adds, { one: 'action', other: 'actions' })}. No earlier file changed.`,
  'ui.lessons.delta.result.delete': (p: { version: string; removes: number; adds: number; vectors: number; dvFiles: number; rewritten: number }) => `Version ${p.version}: ${n(p.removes)} remove and ${n(p.adds)} add actions; the adds carry ${n(p.vectors)} deletion ${plural('en', p.vectors, { one: 'vector', other: 'vectors' })}, written to ${files(p.dvFiles)}; ${files(p.rewritten)} of data rewritten.`,
  'ui.lessons.delta.result.compact': (p: { version: string; files: number; removes: number; deleted: number }) => `Version ${p.version} (OPTIMIZE): ${n(p.files)} new data ${plural('en', p.files, { one: 'file', other: 'files' })}, ${n(p.removes)} removed from the table by the log — ${n(p.deleted)} deleted from the folder. See “What this write did”.`,
  'ui.lessons.delta.result.timeTravel': (p: { then: string; now: string; oldFiles: number; withVectors: number; nowFiles: number }) => `Version ${p.then} reads ${files(p.oldFiles)}, ${n(p.withVectors)} of them with a deletion vector; the current version ${p.now} reads ${files(p.nowFiles)}.`,
  'ui.lessons.delta.result.rollback': (p: { version: string; target: string; written: number; data: number; adds: number; removes: number }) => `Version ${p.version} restores version ${p.target}: ${files(p.written)} written, ${n(p.data)} of them data files; its commit re-adds ${files(p.adds)} and removes ${n(p.removes)}.`,

  'ui.lessons.paimon.version.text': () => 'A Paimon table’s version is a snapshot file, snapshot/snapshot-N (LATEST names the newest). It points at manifest lists, which point at manifests listing the data files of every bucket. In a primary-key table each bucket is an LSM tree: files on level 0 and on higher levels, merged by key when read.',
  'ui.lessons.paimon.append.text': () => 'An upsert writes the new rows, sorted by key, as new files on level 0 of each bucket it touches, then a manifest, manifest lists and a new snapshot (APPEND). Older files stay as they are: a read merges the runs and keeps the record with the highest sequence number.',
  'ui.lessons.paimon.append.action': () => 'Upsert four stock rows (a real write)',
  'ui.lessons.paimon.delete.text': () => 'A delete does not touch the files holding the rows: it writes DELETE (-D) records for the keys, again as level-0 files. A read merges them with the older runs and drops the deleted keys; compaction removes them for good.',
  'ui.lessons.paimon.delete.action': () => 'Delete SKU-0003 in both warehouses (a real write)',
  'ui.lessons.paimon.compact.text': () => 'A full compaction merges every sorted run of a bucket — level 0 included — into one run on the top level, applying the -D records (the LSM tab shows the levels and what universal compaction would pick). It commits a COMPACT snapshot; the rows do not change and the old files stay for older snapshots until they expire.',
  'ui.lessons.paimon.compact.action': () => 'Run a full compaction now (a real write)',
  'ui.lessons.paimon.timeTravel.text': () => 'Reading an older snapshot reads the files it lists: the snapshot before the compaction still has its level-0 files, which a read must merge by key; the current one reads the compacted top level.',
  'ui.lessons.paimon.rollback.text': () => 'A rollback (the non-destructive kind) writes a new latest snapshot whose content is an older snapshot’s: manifests that remove the later files and add back the earlier ones. No data file is written or deleted; every snapshot stays readable.',

  'ui.lessons.paimon.result.version': (p: { version: string; versions: number; files: number; buckets: number; level0: number }) => `The current snapshot is ${p.version}, one of ${n(p.versions)}. It lists ${files(p.files)} in ${n(p.buckets)} ${plural('en', p.buckets, { one: 'bucket', other: 'buckets' })}, ${n(p.level0)} of them on level 0.`,
  'ui.lessons.paimon.result.append': (p: { version: string; rows: number; files: number; level0: number; total0: number }) => `Snapshot ${p.version} wrote ${n(p.rows)} rows as ${files(p.files)} of data, ${n(p.level0)} on level 0; the table now has ${n(p.total0)} level-0 files. No older file changed.`,
  'ui.lessons.paimon.result.delete': (p: { version: string; deletes: number; files: number; level0: number; total0: number; deleted: number }) => `Snapshot ${p.version} recorded ${n(p.deletes)} -D ${plural('en', p.deletes, { one: 'row', other: 'rows' })} in ${files(p.files)}, ${n(p.level0)} on level 0; ${n(p.deleted)} files deleted, nothing rewritten. Level 0 now holds ${files(p.total0)}.`,
  'ui.lessons.paimon.result.compact': (p: { version: string; inputs: number; outputs: number; top: number; level0: number; filesNow: number }) => `Snapshot ${p.version} (COMPACT) merged ${files(p.inputs)} into ${n(p.outputs)} on level ${p.top}; level 0 now holds ${files(p.level0)}, the table ${files(p.filesNow)}.`,
  'ui.lessons.paimon.result.timeTravel': (p: { then: string; now: string; oldFiles: number; oldLevel0: number; nowFiles: number; nowLevel0: number }) => `Snapshot ${p.then} reads ${files(p.oldFiles)}, ${n(p.oldLevel0)} of them on level 0 (merged by key when read); the current snapshot ${p.now} reads ${files(p.nowFiles)}, ${n(p.nowLevel0)} on level 0.`,
  'ui.lessons.paimon.result.rollback': (p: { version: string; target: string; written: number; data: number; deleted: number; level0: number }) => `Snapshot ${p.version} makes snapshot ${p.target}’s content the latest: ${files(p.written)} written, ${n(p.data)} of them data files, ${n(p.deleted)} deleted. Level 0 holds ${files(p.level0)} again.`,

  'ui.lessons.hudi.name': () => 'Hudi tour',
  'ui.lessons.hudi.blurb': () => 'This Hudi table, read only (Lakescope does not write Hudi): the timeline, a file group’s base file and log files, time travel, an incremental read.',
  'ui.lessons.hudi.timeline.title': () => 'What a version is: the timeline',
  'ui.lessons.hudi.timeline.text': () => 'A Hudi table’s history is its timeline: files under .hoodie/ named by instant time and action (commit, deltacommit, clean, compaction, rollback …), each requested, inflight, then completed. A version is a completed instant; readers ignore the rest. Hudi is read-only in Lakescope, so this tour reads and never writes.',
  'ui.lessons.hudi.timeline.action': () => 'Read the timeline',
  'ui.lessons.hudi.fileGroup.title': () => 'Base files and log files',
  'ui.lessons.hudi.fileGroup.text': () => 'Rows live in file groups, each holding a set of record keys and named by a file id. A file group is a series of slices; the latest slice is a base file (Parquet, written by a commit or compaction) plus, on a merge-on-read table, log files whose blocks hold later upserts and deletes. A read merges the log blocks onto the base file by record key; compaction folds them into a new base file.',
  'ui.lessons.hudi.fileGroup.action': () => 'Find the newest slice with log files',
  'ui.lessons.hudi.timeTravel.text': () => 'Reading an older instant reads, for each file group, the slice as it was then: the base file and only the log files written up to that instant.',
  'ui.lessons.hudi.timeTravel.action': () => 'Plan a read of an older instant',
  'ui.lessons.hudi.incremental.title': () => 'What an incremental read reads',
  'ui.lessons.hudi.incremental.text': () => 'An incremental query asks for the records written after an instant: it reads only the files the later instants wrote and keeps the records whose commit time is after it — the way Hudi feeds downstream tables.',
  'ui.lessons.hudi.incremental.action': () => 'Read the changes since that instant',
  'ui.lessons.hudi.result.timeline': (p: { instants: number; version: string; operation: string; files: number }) => `The timeline holds ${n(p.instants)} completed ${plural('en', p.instants, { one: 'instant', other: 'instants' })}; the newest, ${p.version}, is a ${p.operation}. Reading it reads ${n(p.files)} file ${plural('en', p.files, { one: 'slice', other: 'slices' })}.`,
  'ui.lessons.hudi.result.empty': () => 'The newest instant reads no file.',
  'ui.lessons.hudi.result.fileGroup': (p: { instant: string; group: string; partition: string; base: number; logs: number }) => `At instant ${p.instant}, file group ${p.group} (partition ${p.partition}): its latest slice is ${n(p.base)} base file and ${files(p.logs)} of log blocks, merged by record key when read.`,
  'ui.lessons.hudi.result.timeTravel': (p: { then: string; now: string; oldFiles: number; oldLogs: number; nowFiles: number; nowLogs: number }) => `Instant ${p.then} reads ${n(p.oldFiles)} slices with ${files(p.oldLogs)} of log; the newest instant ${p.now} reads ${n(p.nowFiles)} slices with ${files(p.nowLogs)} of log.`,
  'ui.lessons.hudi.result.incremental': (p: { since: string; now: string; rows: number; files: number }) => `${n(p.rows)} ${plural('en', p.rows, { one: 'record was', other: 'records were' })} written after instant ${p.since} up to ${p.now}, read from ${files(p.files)}.`,
};

/** Reopening a sandbox after a reload (ui/sandbox/sandbox-resume.ts). */
export const enSandboxResume = {
  'ui.sandbox.resume': () => 'Open my sandbox',
  'ui.sandbox.resume.title': () => 'Your sandbox from an earlier visit is still in this browser, with every write made in it: open it instead of copying again',
};
