/**
 * English text of the Delta and Hudi errors a person meets opening and reading a table whose files are corrupt,
 * truncated or missing, or that uses a feature this reader lacks (issue 20, after en-errors5.ts). Each is the
 * exact English message it had before it carried a reference (the CLI, logs and tests print these unchanged).
 * String parameters are data (files, versions, instants, columns, settings), shown apart by the UI.
 */

export const enErrors6 = {
  // Delta: opening and the log (format.ts, table.ts, io/log-store.ts, scan/log-segment.ts, scan/replay.ts, spec/actions.ts)
  'error.delta.pastState': (p: { state: string }) => `delta table: opening a past state (${p.state}) is not supported; read its version with a version selector instead`,
  'error.delta.notDelta': (p: { storage: string }) => `delta table: no commit or checkpoint in _delta_log/ under ${p.storage}: not a Delta table`,
  'error.delta.notVersionNumber': (p: { version: string }) => `delta table: '${p.version}' is not a version number (Delta has no branches or tags)`,
  'error.delta.noVersion': (p: { version: string; latest: string }) => `delta table: version ${p.version} does not exist; the latest is ${p.latest}`,
  'error.delta.noMetadataTable': (p: { name: string }) => `delta: no metadata table '${p.name}' (known: log)`,
  'error.delta.lineJson': (p: { line: number }) => `line ${p.line} is not valid JSON`,
  'error.delta.noAction': (p: { file: string; bytes: number }) => `${p.file} holds no action (${p.bytes} bytes)`,
  'error.delta.actionNotObject': (p: { action: number }) => `action ${p.action} is not a JSON object`,
  'error.delta.fieldMissing': (p: { field: string; action: number }) => `${p.field} is missing (action ${p.action})`,
  'error.delta.fieldNotInteger': (p: { field: string; action: number }) => `${p.field} is not an integer (action ${p.action})`,
  'error.delta.fieldNotString': (p: { field: string; action: number }) => `${p.field} is missing or not a string (action ${p.action})`,
  'error.delta.checkpointSize': (p: { file: string; bytes: number; recorded: string }) => `${p.file} is ${p.bytes} bytes, but the checkpoint that names it recorded ${p.recorded}`,
  'error.delta.cannotReconstruct': (p: { version: string }) => `delta log: version ${p.version} cannot be reconstructed: no commit file and no checkpoint at or below it`,
  'error.delta.gapAfterCheckpoint': (p: { commit: string; checkpoint: string; version: string }) =>
    `delta log: versions are not contiguous: commit ${p.commit} is missing between checkpoint ${p.checkpoint} and version ${p.version}`,
  'error.delta.gapAfterStart': (p: { commit: string; version: string }) => `delta log: versions are not contiguous: commit ${p.commit} is missing between the start and version ${p.version}`,
  'error.delta.noProtocol': (p: { where: string }) => `delta log: no protocol action in ${p.where}`,
  'error.delta.noMetaData': (p: { where: string }) => `delta log: no metaData action in ${p.where}`,
  'error.delta.readerVersionInvalid': (p: { version: number }) => `delta protocol: invalid minReaderVersion ${p.version}`,
  'error.delta.variant': (p: { column: string }) => `delta schema: column '${p.column}' has type variant, which this reader does not support`,
  'error.delta.mappingMode': (p: { mode: string }) => `delta schema: unknown column mapping mode '${p.mode}'`,
  // Delta: reading (scan/read.ts, scan/plan.ts, scan/time-travel.ts, inspect/tree.ts, spec/deletion-vector.ts)
  'error.delta.fileSize': (p: { file: string; bytes: number; recorded: string }) => `delta read: ${p.file} is ${p.bytes} bytes, but the log records ${p.recorded}`,
  'error.delta.noPartitionValue': (p: { file: string; column: string }) => `delta read: file ${p.file} has no partition value for column ${p.column}`,
  'error.delta.noColumn': (p: { file: string; column: string }) => `delta read: file ${p.file} has no column ${p.column}`,
  'error.delta.unknownColumn': (p: { column: string }) => `delta scan: unknown column '${p.column}'`,
  'error.delta.noVersionBefore': (p: { time: string }) => `delta time travel: no version at or before ${p.time}`,
  'error.delta.tree.noNode': (p: { node: string; version: string }) => `delta tree: no node '${p.node}' under version ${p.version}`,
  'error.delta.tree.notInSegment': (p: { commit: string; version: string }) => `delta tree: commit ${p.commit} is not part of version ${p.version}'s log segment`,
  'error.delta.dv.truncated': (p: { file: string; offset: string }) => `delta deletion vector: ${p.file} is truncated at offset ${p.offset}`,
  'error.delta.dv.size': (p: { file: string; offset: string; size: number; recorded: string }) =>
    `delta deletion vector: ${p.file} at offset ${p.offset} holds ${p.size} bytes, the log says ${p.recorded}`,
  'error.delta.dv.crc': (p: { file: string; offset: string }) => `delta deletion vector: ${p.file} at offset ${p.offset}: CRC-32 mismatch`,
  'error.delta.dv.cardinality': (p: { file: string; rows: number; recorded: string }) => `delta deletion vector: ${p.file}: ${p.rows} rows marked, the log says ${p.recorded}`,
  'error.delta.dv.storageType': (p: { type: string }) => `delta deletion vector: unknown storage type '${p.type}'`,
  // Hudi: opening (format.ts, io/metadata.ts, spec/properties.ts, spec/timeline.ts, scan/fs-view.ts, table.ts)
  'error.hudi.pastState': (p: { state: string }) => `hudi table: opening a past state (${p.state}) is not supported; read its version with a version selector instead`,
  'error.hudi.notHudi': (p: { file: string; storage: string }) => `hudi table: no ${p.file} under ${p.storage}: not a Hudi table`,
  'error.hudi.noSchema': () => 'hudi schema: no commit records a schema and hoodie.properties has no hoodie.table.create.schema',
  'error.hudi.tableVersion': (p: { version: string; supported: string }) => `hudi properties: table version ${p.version} is not supported; this reader reads versions ${p.supported}`,
  'error.hudi.tableVersionMissing': (p: { supported: string }) => `hudi properties: table version (missing) is not supported; this reader reads versions ${p.supported}`,
  'error.hudi.tableType': (p: { type: string }) => `hudi properties: hoodie.table.type is '${p.type}', expected COPY_ON_WRITE or MERGE_ON_READ`,
  'error.hudi.bootstrap': (p: { path: string }) => `hudi properties: bootstrap tables (hoodie.bootstrap.base.path=${p.path}) are not supported: their base files live in another table`,
  'error.hudi.payload': (p: { payload: string }) => `hudi properties: custom payload class ${p.payload} is not supported: its merge is Java code`,
  'error.hudi.customMerge': () => 'hudi properties: hoodie.record.merge.mode=CUSTOM is not supported: the merge is Java code',
  'error.hudi.timelineUnlisted': (p: { storage: string; folder: string }) =>
    `hudi timeline: ${p.storage} cannot be listed, and a Hudi table's timeline is the listing of ${p.folder} (the metadata table is no way around it: it is found through the timeline too); open the table through storage that lists (S3, a local folder)`,
  'error.hudi.unknownAction': (p: { action: string; file: string }) => `hudi timeline: unknown action '${p.action}' in instant file ${p.file}`,
  'error.hudi.partitionsUnlisted': (p: { storage: string }) =>
    `hudi file listing: ${p.storage} cannot be listed, and a Hudi table is found only by listing its partitions (or through its metadata table, which this reader does not read): open it through storage that lists (S3, a local folder)`,
  'error.hudi.noMetadataTable': (p: { name: string }) => `hudi: no metadata table '${p.name}' (known: file_groups)`,
  // Hudi: reading (scan/, spec/commit-metadata.ts, io/log-content.ts, inspect/tree.ts)
  'error.hudi.fileSize': (p: { file: string; bytes: number; recorded: number }) => `hudi plan: ${p.file} is ${p.bytes} bytes, but the commit that wrote it recorded ${p.recorded}`,
  'error.hudi.fileSizeGrowing': (p: { file: string; bytes: number; recorded: number }) => `hudi plan: ${p.file} is ${p.bytes} bytes, but the commits that wrote it recorded ${p.recorded}`,
  'error.hudi.noColumn': (p: { column: string; instant: string }) => `hudi plan: no column ${p.column} in the schema of instant ${p.instant}`,
  'error.hudi.cleaned': (p: { instant: string; archive: string; file: string; by: string }) =>
    `hudi time travel: instant ${p.instant} is in the archived timeline (${p.archive}) and its data files were cleaned: ${p.file}, written by instant ${p.by}, no longer exists`,
  'error.hudi.commitEmpty': (p: { file: string }) => `hudi commit metadata: ${p.file} is empty, but a completed write instant holds its commit metadata`,
  'error.hudi.commitRecords': (p: { file: string; count: number }) => `hudi commit metadata: ${p.file} holds ${p.count} records, but layout-2 commit metadata is one Avro record`,
  'error.hudi.commitNotObject': () => 'hudi commit metadata: not an object',
  'error.hudi.commitOtherInstant': (p: { file: string; path: string; written: string; instant: string }) =>
    `hudi commit metadata: ${p.file} lists ${p.path} as written, but that file belongs to instant ${p.written}, not ${p.instant}`,
  'error.hudi.log.noSchema': (p: { file: string; offset: number }) => `hudi log: ${p.file}: Avro data block at offset ${p.offset} has no SCHEMA header`,
  'error.hudi.log.emptyBlock': (p: { file: string; offset: number }) => `hudi log: ${p.file}: empty Avro data block at offset ${p.offset}`,
  'error.hudi.log.recordCount': (p: { file: string; offset: number; count: number; records: number }) =>
    `hudi log: ${p.file}: Avro data block at offset ${p.offset} says ${p.count} records, holds ${p.records}`,
  'error.hudi.tree.noNode': (p: { node: string }) => `hudi tree: no node '${p.node}'`,
  'error.hudi.tree.noCommit': () => 'hudi tree: the table has no completed commit',
  'error.hudi.tree.noFileGroup': (p: { group: string }) => `hudi tree: no file group ${p.group}`,
  'error.hudi.tree.noSlice': (p: { instant: string; group: string }) => `hudi tree: no slice ${p.instant} in file group ${p.group}`,
};
