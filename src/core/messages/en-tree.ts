/**
 * English explanations of metadata tree nodes, one key per kind of node and format (DESIGN.md "tree(version)").
 * Parameters are named; counts go through `plural`.
 */
import { plural } from './catalog.ts';

const n = (count: number | string, one: string, other: string): string => `${count} ${plural('en', count, { one, other })}`;
const deleted = (d: boolean): string => (d ? ' It is marked DELETED: kept for history, not read.' : '');
const inPartition = (p: string): string => (p ? ` in partition ${p}` : '');

export const enTree = {
  // Iceberg (spec: https://iceberg.apache.org/spec/)
  'tree.iceberg.metadata': (p: { formatVersion: number; via: string; relocatedFrom?: string }) =>
    `The table metadata file (format v${p.formatVersion}): schemas, partition specs, sort orders, snapshots and refs. Every commit writes a new one; this one was found via ${p.via}.`
    + (p.relocatedFrom ? ` The table was written at ${p.relocatedFrom}; its paths are mapped onto the folder it was opened from.` : ''),
  'tree.iceberg.manifestList': (p: { snapshotId: string; operation: string; sequenceNumber: string }) =>
    `The manifest list of snapshot ${p.snapshotId} (${p.operation}, sequence number ${p.sequenceNumber}): one entry per manifest, with file counts and partition value ranges so planning can skip whole manifests.`,
  'tree.iceberg.statistics': (p: { blobTypes: string }) =>
    `A Puffin statistics file for this snapshot (${p.blobTypes || 'no blobs'}): informational, never needed to read rows.`,
  'tree.iceberg.manifest': (p: { content: 'data' | 'delete'; addedSnapshotId: string; sequenceNumber: string; specId: number }) =>
    `A ${p.content} manifest added by snapshot ${p.addedSnapshotId} (sequence number ${p.sequenceNumber}, partition spec ${p.specId}): lists ${p.content} files with their partition values and column statistics.`,
  'tree.iceberg.deletionVector': (p: { records: string; referencedDataFile: string; deleted: boolean }) =>
    `A deletion vector: a Roaring bitmap of the ${n(p.records, 'deleted row position', 'deleted row positions')} of ${p.referencedDataFile}, stored as a blob in a Puffin file.${deleted(p.deleted)}`,
  'tree.iceberg.positionDeletes': (p: { records: string; partition: string; deleted: boolean }) =>
    `This is a position delete file: ${n(p.records, '(file path, row position) pair', '(file path, row position) pairs')} of deleted rows${inPartition(p.partition)}.${deleted(p.deleted)}`,
  'tree.iceberg.equalityDeletes': (p: { records: string; fieldIds: string; fieldCount: number; partition: string; deleted: boolean }) =>
    `This is an equality delete file: rows whose ${plural('en', p.fieldCount, { one: 'field', other: 'fields' })} ${p.fieldIds} equal one of its ${n(p.records, 'row', 'rows')} are deleted from older data files${inPartition(p.partition)}.${deleted(p.deleted)}`,
  'tree.iceberg.dataFile': (p: { fileFormat: string; records: string; partition: string; manifest: string; deleted: boolean }) =>
    `A ${p.fileFormat} data file with ${n(p.records, 'row', 'rows')}${inPartition(p.partition)}, listed by manifest ${p.manifest}.${deleted(p.deleted)}`,

  // Paimon
  'tree.paimon.snapshot': (p: { commitKind: string }) =>
    'A snapshot is one commit: a JSON file naming the manifest lists that describe the table after it. '
    + (p.commitKind === 'COMPACT' ? 'This COMPACT commit only rewrote files (same rows, fewer sorted runs).'
      : p.commitKind === 'OVERWRITE' ? 'This OVERWRITE commit replaced files (an INSERT OVERWRITE, a rollback, or a delete of partitions).'
        : 'This APPEND commit added new files written by a writer.'),
  'tree.paimon.schema': () =>
    'The table schema: fields with stable ids, partition keys, primary keys and options. Every ALTER TABLE writes a new schema file; data files record which schema they were written with.',
  'tree.paimon.list.base': () =>
    'Base manifest list: the manifests describing every data file of the table before this commit. Read together with the delta list, in order, they give the live files.',
  'tree.paimon.list.delta': () =>
    'Delta manifest list: the manifests this commit wrote — the files it added (ADD) and removed (DELETE). Incremental reads look only here.',
  'tree.paimon.list.changelog': () =>
    'Changelog manifest list: changelog files produced by this commit (changelog-producer), for streaming readers.',
  'tree.paimon.indexManifest': () =>
    'Index manifest: every index file of this snapshot per partition and bucket — deletion vectors (rows of data files marked deleted) and dynamic-bucket hash indexes.',
  'tree.paimon.lsm': () =>
    'Each bucket of a primary-key table is an LSM tree. Writers flush sorted files to level 0; every file there is a sorted run of its own and key ranges may overlap. Levels 1 and up each hold one sorted run: files with disjoint key ranges. A read merges all runs by key and keeps the record with the highest sequence number.',
  'tree.paimon.manifest': (p: { list: string }) =>
    `A manifest: Avro entries, each adding or deleting one data file of a partition and bucket (${p.list} list).`,
  'tree.paimon.dataFile': (p: { removes: boolean; bucket: number; primaryKey: boolean; level: number; minSequence: string; maxSequence: string; source: string }) =>
    `${p.removes ? 'Removes' : 'Adds'} a data file of bucket ${p.bucket}`
    + (p.primaryKey ? ` on LSM level ${p.level}; its rows are sorted by primary key and carry sequence numbers ${p.minSequence}..${p.maxSequence}.` : '.')
    + (p.source === 'COMPACT' ? ' Written by a compaction.' : p.source === 'APPEND' ? ' Written by a writer.' : ''),
  'tree.paimon.dvIndexFile': (p: { bucket: number }) =>
    `A deletion-vector index file of bucket ${p.bucket}: one bitmap per data file, marking rows that later data replaced or deleted.`,
  'tree.paimon.indexFile': (p: { indexType: string; bucket: number }) =>
    `A ${p.indexType} index file of bucket ${p.bucket} (dynamic-bucket key → bucket assignments).`,
  'tree.paimon.deletionVector': () =>
    'The deletion vector of one data file: a Roaring bitmap of deleted row positions (length, magic, bitmap, CRC). Readers skip these rows.',
  'tree.paimon.bucket': (p: { primaryKey: boolean; sortedRuns: number; trigger: number; due: boolean }) =>
    p.primaryKey
      ? `The LSM tree of this bucket: ${n(p.sortedRuns, 'sorted run', 'sorted runs')}; a compaction is due at ${n(p.trigger, 'run', 'runs')}${p.due ? ' and is due now' : ''}. Fewer runs mean fewer files merged per read.`
      : 'The live files of this bucket.',
  'tree.paimon.level0': () => 'Level 0: files as writers flushed them; each is a sorted run and their key ranges may overlap.',
  'tree.paimon.level': (p: { level: number }) => `Level ${p.level}: one sorted run — files with disjoint key ranges, produced by compaction.`,
  'tree.paimon.lsmFile': (p: { minKey: string; maxKey: string; minSequence: string; maxSequence: string; deletedRows: string }) =>
    `Keys ${p.minKey}..${p.maxKey}, sequence numbers ${p.minSequence}..${p.maxSequence}`
    + (p.deletedRows ? `; ${n(p.deletedRows, 'row', 'rows')} marked deleted by a deletion vector.` : '.'),

  // Delta (PROTOCOL.md)
  'tree.delta.checkpoint': (p: { version: string; naming: string }) =>
    `A checkpoint is the whole table state at version ${p.version} — protocol, metadata and every live file — so a reader need not replay the commits before it.`
    + (p.naming === 'uuid' ? ' This V2 checkpoint is UUID-named; its add/remove actions may live in sidecar files.' : p.naming === 'multi-part' ? ' This multi-part checkpoint is split over several Parquet files; all must be present.' : ''),
  'tree.delta.commit': (p: { version: string; previous: string }) =>
    `Commit ${p.version}: one newline-delimited JSON file of actions applied atomically to version ${p.previous}. Its name is the version; writing it with put-if-absent is what makes the commit atomic.`,
  'tree.delta.more': (p: { shown: number }) => `Only the first ${n(p.shown, 'action is', 'actions are')} listed here.`,
  'tree.delta.add': (p: { dataChange: boolean }) =>
    'add: makes this logical file part of the table. A logical file is a data file plus an optional deletion vector, keyed by (path, deletion vector id).'
    + (p.dataChange ? '' : ' dataChange=false: it only rearranges existing rows (e.g. OPTIMIZE) or adds statistics.'),
  'tree.delta.remove': (p: { dataChange: boolean }) =>
    'remove: removes this logical file; it stays as a tombstone until VACUUM may delete it. A logical file is a data file plus an optional deletion vector, keyed by (path, deletion vector id).'
    + (p.dataChange ? '' : ' dataChange=false: it only rearranges existing rows (e.g. OPTIMIZE) or adds statistics.'),
  'tree.delta.sidecar': () =>
    'A sidecar file: a Parquet file in _delta_log/_sidecars/ holding some of a V2 checkpoint\'s add and remove actions, so checkpoints can be split and reused.',
  'tree.delta.action.commitInfo': () => 'commitInfo: who did what (operation, parameters, metrics, engine). Provenance only; it does not change the table.',
  'tree.delta.action.protocol': () => 'protocol: the reader/writer versions and table features a client must implement to read or write this table.',
  'tree.delta.action.metaData': () => 'metaData: the table id, schema, partition columns and configuration. The latest one wins.',
  'tree.delta.action.txn': () => 'txn: an application\'s progress marker (appId, version) recorded atomically with its writes, for idempotent streaming.',
  'tree.delta.action.domainMetadata': () => 'domainMetadata: named configuration (e.g. delta.rowTracking, delta.clustering); the latest per domain wins.',
  'tree.delta.action.checkpointMetadata': () => 'checkpointMetadata: marks a V2 checkpoint and its version.',
  'tree.delta.action.cdc': () => 'cdc: a change data file holding this commit\'s row-level changes (_change_type), read by change data feed queries.',
  'tree.delta.action.other': (p: { type: string }) => `${p.type}: an action this explorer shows as written.`,
  'tree.delta.deletionVector': (p: { inline: boolean }) =>
    'A deletion vector: a Roaring bitmap of the row positions of the data file that are deleted. '
    + (p.inline ? 'It is stored inline in the log, Z85-encoded.' : 'It is stored in a .bin file at this offset as [size][bitmap][CRC-32]; one file may hold the vectors of many data files.'),

  // Hudi
  'tree.hudi.properties': (p: { mergeOnRead: boolean; version: number; recordKeys: string; orderingField: string }) =>
    `The table's configuration: a ${p.mergeOnRead ? 'merge-on-read table (updates go to log files, merged when read)' : 'copy-on-write table (updates rewrite base files)'} of table version ${p.version}. `
    + `Records are identified by ${p.recordKeys || '(no key field)'}${p.orderingField ? ` and the record with the larger ${p.orderingField} wins a merge` : ''}.`,
  'tree.hudi.timeline': () =>
    'The active timeline: every action on the table as an instant that goes requested → inflight → completed. Only completed instants are visible to readers.',
  'tree.hudi.partition': () => 'A partition folder: its file groups, each a base file and (merge-on-read) the log files written on top of it.',
  'tree.hudi.instant.commit': () => 'A commit wrote new base files (copy-on-write write, or a completed compaction).',
  'tree.hudi.instant.deltacommit': () => 'A delta commit appended records to log files (merge-on-read write) or wrote new base files for inserts.',
  'tree.hudi.instant.replacecommit': () => 'A replace commit swapped whole file groups for new ones (insert overwrite or clustering); the replaced groups are no longer read.',
  'tree.hudi.instant.compaction': () => 'A compaction merges a file slice\'s base file with its log files into a new base file.',
  'tree.hudi.instant.logcompaction': () => 'A log compaction merges log blocks into one larger log block.',
  'tree.hudi.instant.clustering': () => 'Clustering rewrites file groups into new, better organised ones; it completes as a replacecommit.',
  'tree.hudi.instant.clean': () => 'A clean deleted file slices older than the retention, so old versions can no longer be read.',
  'tree.hudi.instant.rollback': () => 'A rollback undid a failed or unwanted write: its files were deleted or its log blocks marked rolled back.',
  'tree.hudi.instant.restore': () => 'A restore brought the table back to a savepoint, rolling back everything after it.',
  'tree.hudi.instant.savepoint': () => 'A savepoint keeps the files of an instant from being cleaned, so it stays readable.',
  'tree.hudi.instant.indexing': () => 'Indexing built a metadata table index asynchronously.',
  'tree.hudi.instant.schemacommit': () => 'A schema commit recorded a schema change.',
  'tree.hudi.instant.other': () => 'An action on the table.',
  'tree.hudi.fileGroup': () => 'A file group: all versions (file slices) of one set of records. A record key lives in exactly one file group of its partition.',
  'tree.hudi.slice': () => 'A file slice: a base file written at its base instant plus the log files written after it. Snapshot reads use the latest slice only.',
  'tree.hudi.baseFile': () => 'The base file: the columnar (Parquet) image of the file group\'s records as of its instant.',
  'tree.hudi.logFile': () => 'A log file: blocks of records, deletes and commands appended after the base file; merged into the base file\'s records by record key when read.',
  'tree.hudi.corrupt': (p: { warning: string }) => `A region of the log file that could not be framed, so it is skipped: ${p.warning}`,
  'tree.hudi.block.avro_data': () => 'Avro data block: new or updated records, in Avro binary with the writer schema in the block header.',
  'tree.hudi.block.parquet_data': () => 'Parquet data block: new or updated records as an embedded Parquet file.',
  'tree.hudi.block.hfile_data': () => 'HFile data block: sorted key-value records (metadata table).',
  'tree.hudi.block.delete': () => 'Delete block: record keys deleted by this instant, with their ordering values.',
  'tree.hudi.block.command': () => 'Command block: a rollback marking the blocks of an earlier failed instant as void.',
  'tree.hudi.block.corrupt': () => 'Corrupt block: bytes that could not be framed; skipped.',
  'tree.hudi.block.cdc_data': () => 'Change data block: before/after images for change data capture; not read for snapshots.',
  'tree.hudi.block.other': () => 'A log block.',
  // The Paimon tree's node of the live files (paimon/inspect/tree.ts): a label of words, shown in the reader's language.
  'tree.paimon.lsmLabel': (p: { primaryKey: boolean }) => (p.primaryKey ? 'LSM trees (live files by bucket and level)' : 'live files by bucket'),
};
