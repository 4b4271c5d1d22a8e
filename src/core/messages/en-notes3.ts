/**
 * English text of the notes Hudi's plans and change logs and Paimon's change log attach (shown on the Data tab,
 * in EXPLAIN and the change view; issue 20, after en-notes2.ts). Each is the exact English the engine wrote
 * before it carried a reference (the CLI prints it unchanged). Instants, actions, files and columns are data.
 */

export const enNotes3 = {
  // Hudi: which instant a plan reads (formats/hudi/scan/time-travel.ts)
  'note.hudi.asOfArchived': (p: { instant: string; action: string; file: string }) => `read as of instant ${p.instant} (${p.action}) from the archived timeline (${p.file})`,
  'note.hudi.asOf': (p: { instant: string; action: string }) => `read as of instant ${p.instant} (${p.action})`,
  'note.hudi.completionTime': (p: { time: string; instant: string }) => `${p.time} is the completion time of instant ${p.instant}; read as of that instant`,
  'note.hudi.asOfTime': (p: { time: string; instant: string; zone: string }) =>
    `as of ${p.time}: instant ${p.instant} (requested times compared, as hudi-rs does; writer zone ${p.zone})`,
  'note.hudi.latest': (p: { instant: string; action: string }) => `latest completed instant ${p.instant} (${p.action})`,
  'note.hudi.noCommit': () => 'the table has no completed commit',
  // Hudi: how the plan found and pruned files (formats/hudi/scan/plan.ts)
  'note.hudi.listedHfile': () => 'listed the partition folders: the metadata table\'s files partition is enabled but is HFile-based, which this reader does not read',
  'note.hudi.listed': () => 'listed the partition folders (the table has no metadata table files partition)',
  'note.hudi.prunePartitions': () => 'file groups whose partition values cannot match the filter are skipped; the filter is evaluated on every row of the others after the merge',
  'note.hudi.filterAfterMerge': () =>
    'the filter is evaluated on every row after the merge (partition paths of this key generator do not hold the column values, so none is skipped by partition)',
  'note.hudi.columnStats': (p: { checked: number; withLogs: number; hfile: boolean }) =>
    `column statistics: the Parquet footers of ${p.checked} base file${p.checked === 1 ? '' : 's'} checked against the filter`
    + `${p.withLogs ? `; ${p.withLogs} slice${p.withLogs === 1 ? '' : 's'} with log files (or no base file) kept, as log records carry no statistics read here` : ''}`
    + `${p.hfile ? '; the metadata table\'s column_stats partition is HFile-based and not read' : ''}`,
  // Hudi: incremental reads (scan/incremental.ts, scan/change-log.ts)
  'note.hudi.incremental': (p: { begin?: string; end: string }) =>
    `incremental: records written after ${p.begin ?? 'the start'} up to ${p.end} (inclusive), latest values as of ${p.end}`,
  'note.hudi.noMetaFields': () =>
    'the table does not populate meta fields (hoodie.populate.meta.fields = false): records carry no _hoodie_commit_time, so Hudi\'s incremental query cannot answer',
  // Paimon's change log (formats/paimon/scan/change-log.ts)
  'note.paimon.noChangelogInRange': (p: { producer: string }) => `no snapshot in the range has changelog files (changelog-producer = ${p.producer})`,
  'note.paimon.noChangelogProducer': () => 'no snapshot in the range has changelog files (changelog-producer = none: Paimon writes none)',
  'note.paimon.changelogRead': (p: { producer: string; snapshots: string }) =>
    `changelog-producer = ${p.producer}: rows read from the changelog files of ${p.snapshots}, their row kinds +I, -U, +U, -D as insert, update-before, update-after, delete`,
  'note.paimon.changelogInput': (p: { keys: string }) =>
    `changelog-producer = input keeps the records as they were written: an update shows as an insert (+I) of the new value replacing the row of its key (${p.keys}), with no before image`,
  'note.paimon.noChangelogFiles': (p: { snapshots: string; count: number }) =>
    `${p.snapshots}: no changelog files (${p.count === 1 ? 'a snapshot' : 'snapshots'} that changed no rows through the writer, e.g. a compaction, or written without a changelog producer)`,
};
