/**
 * English text of the engine errors a person meets opening and reading a table whose files are corrupt,
 * truncated, missing or use a feature this reader lacks — the codecs (Avro, Parquet, file sizes) and Iceberg and
 * Paimon (issue 20, after en-errors4.ts). Each is the exact English message it had before it carried a
 * reference (the CLI, logs and tests print these unchanged). String parameters are data (files, names, ids, a
 * library's own text, the subsystem that re-raises an inner error), shown apart by the UI.
 */

export const enErrors5 = {
  // An inner error re-raised by the subsystem (and file) it happened in (core/message-error.ts withinError)
  'error.within': (p: { where: string; message: string }) => `${p.where}: ${p.message}`,
  'error.withinFile': (p: { where: string; file: string; message: string }) => `${p.where}: ${p.file}: ${p.message}`,
  // Parquet (core/codecs/parquet) and recorded file sizes (core/util/byte-source.ts)
  'error.parquet.invalidFooter': (p: { detail: string }) => `parquet: invalid footer: ${p.detail}`,
  'error.parquet.cannotReadRows': (p: { detail: string }) => `parquet: cannot read rows: ${p.detail}`,
  'error.parquet.rowGroupCount': (p: { count: number }) => `parquet: implausible row group count ${p.count}`,
  'error.fileSize.mismatch': (p: { file: string; actual: number; recorded: number }) =>
    `file size: ${p.file} has ${p.actual} bytes, not the ${p.recorded} bytes its metadata records (truncated, appended to or replaced)`,
  'error.fileSize.longer': (p: { file: string; recorded: number }) =>
    `file size: ${p.file} is longer than the ${p.recorded} bytes its metadata records (truncated, appended to or replaced)`,
  'error.fileSize.range': (p: { offset: number; length: number; file: string; size: number }) =>
    `file size: range ${p.offset}+${p.length} of ${p.file} is past the ${p.size} bytes its metadata records`,
  // Avro container files (core/codecs/avro)
  'error.avro.codec': (p: { codec: string }) => `avro: unsupported codec ${p.codec}`,
  'error.avro.decompress': (p: { codec: string; detail: string }) => `avro: ${p.codec} block does not decompress: ${p.detail}`,
  'error.avro.snappyShort': () => 'avro: snappy block shorter than its checksum',
  'error.avro.snappyChecksum': () => 'avro: snappy block checksum mismatch',
  'error.avro.snappyPreamble': () => 'avro: invalid snappy length preamble',
  'error.avro.schemaJson': (p: { reason: string }) => `avro: avro.schema is not valid JSON: ${p.reason}`,
  'error.avro.noSchema': () => 'avro: header has no avro.schema',
  'error.avro.leftOver': (p: { bytes: number; count: number }) => `avro: ${p.bytes} bytes left over after ${p.count} records`,
  'error.avro.syncMismatch': () => 'avro: sync marker mismatch after block',
  'error.avro.blockClaims': (p: { count: number; bytes: number }) => `avro: block claims ${p.count} records in ${p.bytes} bytes`,
  'error.avro.boolean': (p: { value: number }) => `avro: invalid boolean byte ${p.value}`,
  'error.avro.intVarint': () => 'avro: int varint longer than 5 bytes',
  'error.avro.longVarint': () => 'avro: long varint longer than 10 bytes',
  'error.avro.negative': (p: { what: string; value: number }) => `avro: negative ${p.what} ${p.value}`,
  'error.avro.lengthRange': () => 'avro: length or count out of range',
  'error.avro.enumIndex': (p: { name: string; index: number }) => `avro: enum ${p.name} index ${p.index} out of range`,
  'error.avro.unionBranch': (p: { index: number; branches: number }) => `avro: union branch ${p.index} out of range (${p.branches} branches)`,
  'error.avro.blockFit': (p: { what: string; count: number; bytes: number }) => `avro: ${p.what} block of ${p.count} items cannot fit in ${p.bytes} bytes`,
  'error.avro.write.value': (p: { value: string; path: string; type: string }) => `avro write: value ${p.value} at ${p.path} is not a valid ${p.type}`,
  'error.avro.write.mapKey': (p: { path: string }) => `avro write: map key at ${p.path} is not a string`,
  'error.avro.write.missing': (p: { path: string }) => `avro write: missing value for required field ${p.path}`,
  // Iceberg: opening (io/current-metadata.ts, metadata-lineage.ts, relocation.ts, table-files.ts, table.ts)
  'error.iceberg.missingFile': (p: { subsystem: string; path: string; key: string; storage: string }) =>
    `${p.subsystem}: ${p.path} is missing (looked for ${p.key} in ${p.storage})`,
  'error.iceberg.listOfOtherSnapshot': (p: { file: string; actual: string; expected: string }) =>
    `iceberg manifest-list: ${p.file} belongs to snapshot ${p.actual}, not ${p.expected} (a swapped or misplaced file)`,
  'error.iceberg.noReadableMetadata': (p: { storage: string; newest: string; reason: string }) =>
    `iceberg metadata: no readable metadata file under ${p.storage}; the newest, ${p.newest}, failed with: ${p.reason}`,
  'error.iceberg.cannotListNoHint': (p: { storage: string; hint: string; first: string }) =>
    `iceberg: ${p.storage} cannot be listed and has neither ${p.hint} nor ${p.first}: open the table by the URL of one of its metadata files (…/metadata/<name>.metadata.json)`,
  'error.iceberg.noMetadata': (p: { storage: string }) => `iceberg: no metadata/*.metadata.json under ${p.storage}`,
  'error.iceberg.lineage': (p: { file: string; previous: string; last: string }) =>
    `iceberg metadata: ${p.file} does not continue ${p.previous} (its metadata-log ends with ${p.last}): an older metadata file copied or swapped into its place`,
  'error.iceberg.tableFolder': (p: { path: string }) => `iceberg: ${p.path} names the table folder itself, not a file`,
  'error.iceberg.notMetadataFolder': (p: { path: string }) => `iceberg: ${p.path} is not a file in a metadata/ folder`,
  'error.iceberg.noMetadataTable': (p: { name: string; known: string }) => `iceberg: no metadata table '${p.name}' (known: ${p.known})`,
  // Iceberg: the tree and the deleted rows of a file (inspect/tree.ts, inspect/deleted-positions.ts)
  'error.iceberg.tree.manifestElsewhere': (p: { path: string }) => `iceberg tree: manifest ${p.path} is not in the chosen snapshot`,
  'error.iceberg.tree.unknownNode': (p: { node: string }) => `iceberg tree: unknown node ${p.node}`,
  'error.iceberg.deletes.noFile': (p: { node: string }) => `iceberg deletes: tree node ${p.node} names no file`,
  'error.iceberg.deletes.dvIncomplete': (p: { path: string }) => `iceberg deletes: deletion vector ${p.path} has no referenced data file or blob range`,
  'error.iceberg.deletes.equality': (p: { file: string }) =>
    `iceberg deletes: ${p.file} is an equality delete file: it deletes rows by their values (every row whose key columns match one of its rows), not by position`,
  'error.iceberg.deletes.noRows': (p: { kind: string }) => `iceberg deletes: a ${p.kind} node deletes no rows`,
  // Paimon: opening and metadata files (format.ts, table.ts, io/metadata.ts, spec/)
  'error.paimon.pastState': (p: { state: string }) => `paimon table: opening a past state (${p.state}) is not supported; read its version with a version selector instead`,
  'error.paimon.notPaimon': (p: { storage: string }) => `paimon table: no schema/schema-N file under ${p.storage}: not a Paimon table`,
  'error.paimon.latestMissing': (p: { id: string; file: string }) => `paimon snapshot: LATEST names snapshot ${p.id} but ${p.file} does not exist (a committed snapshot is missing)`,
  'error.paimon.holdsOtherSnapshot': (p: { file: string; actual: string; expected: string }) => `paimon snapshot: ${p.file} holds snapshot ${p.actual}, not ${p.expected}`,
  'error.paimon.holdsOtherSchema': (p: { file: string; actual: string; expected: string }) => `paimon schema: ${p.file} holds schema ${p.actual}, not ${p.expected}`,
  'error.paimon.noMetadataTable': (p: { name: string }) => `paimon: no metadata table '${p.name}' (known: buckets)`,
  'error.paimon.tree.noSnapshot': () => 'paimon tree: the table has no snapshot',
  'error.paimon.tree.noNode': (p: { node: string; snapshot: string }) => `paimon tree: no node '${p.node}' under snapshot ${p.snapshot}`,
  'error.paimon.tree.noIndexEntry': (p: { manifest: string; index: string }) => `paimon tree: index manifest ${p.manifest} has no entry ${p.index}`,
  'error.paimon.branchWrites': (p: { branch: string }) => `paimon commit: writes to branch '${p.branch}' are not supported; open the main branch`,
  'error.paimon.incrementalKeys': (p: { columns: string }) => `paimon incremental: the primary key columns (${p.columns}) must be among the columns`,
  'error.paimon.timeTravelBoth': () => 'paimon time travel: give either a version or a timestamp, not both',
  'error.json.notValid': (p: { reason: string }) => `not valid JSON (${p.reason})`,
  'error.json.notObject': () => 'not a JSON object',
  'error.paimon.spec.missing': (p: { field: string }) => `missing ${p.field}`,
  'error.paimon.spec.notInteger': (p: { value: string }) => `expected an integer, got ${p.value}`,
  'error.paimon.spec.duplicateId': (p: { id: string }) => `duplicate field id ${p.id}`,
  'error.paimon.spec.duplicateName': (p: { name: string }) => `duplicate field name '${p.name}'`,
  'error.paimon.spec.keyNotField': (p: { column: string }) => `key column '${p.column}' is not a field`,
  'error.paimon.spec.optionsNotObject': () => 'options is not an object',
  'error.paimon.spec.notNames': (p: { what: string }) => `${p.what} is not a list of names`,
  'error.paimon.spec.noField': (p: { name: string; schema: string }) => `no field '${p.name}' in schema ${p.schema}`,
  'error.paimon.consumerJson': (p: { reason: string }) => `paimon consumer: not valid JSON (${p.reason})`,
  'error.paimon.consumerNext': () => 'paimon consumer: missing nextSnapshot',
  'error.paimon.options.notInteger': (p: { key: string; value: string }) => `paimon options: '${p.key}' = '${p.value}' is not an integer`,
  'error.paimon.options.notDuration': (p: { key: string; value: string }) => `paimon options: '${p.key}' = '${p.value}' is not a duration`,
  'error.paimon.options.mergeEngine': (p: { engine: string }) => `paimon options: unknown merge-engine '${p.engine}'`,
  'error.paimon.entryKind': (p: { what: string; kind: number }) => `${p.what}: unknown entry kind ${p.kind}`,
  'error.paimon.addedTwice': (p: { what: string; file: string }) => `${p.what}: file ${p.file} is added twice`,
  // Paimon: reading (scan/)
  'error.paimon.externalPath': (p: { file: string; path: string }) =>
    `paimon read: data file ${p.file} lives at the external path ${p.path}, outside the table folder; only files under the table root can be read`,
  'error.paimon.fileFormat': (p: { format: string }) => `paimon read: ${p.format} data files are not supported (only Parquet and ORC)`,
  'error.paimon.rowCount': (p: { file: string; rows: string; recorded: string }) =>
    `paimon read: ${p.file} has ${p.rows} rows but its manifest records ${p.recorded} (a swapped or rewritten file)`,
  'error.paimon.pkFileColumn': (p: { column: string }) => `paimon read: primary-key data file has no ${p.column} column`,
  'error.paimon.pkTableColumn': (p: { column: string }) => `paimon read: data file of a primary-key table has no ${p.column} column`,
  'error.paimon.totalRecords': (p: { snapshot: string; rows: string; recorded: string }) =>
    `paimon manifest-list: the live files of snapshot ${p.snapshot} hold ${p.rows} rows but the snapshot records totalRecordCount ${p.recorded} (a truncated or swapped manifest list)`,
  'error.paimon.rowKind': (p: { file: string; row: string; kind: string }) => `paimon changelog: ${p.file} row ${p.row} has the unknown row kind ${p.kind} (RowKind is 0-3)`,
  'error.paimon.sequenceField': (p: { fields: string }) =>
    `paimon scan: 'sequence.field' (${p.fields}) orders records by user columns instead of the system sequence number; this reader merges by sequence number only`,
  'error.paimon.partialUpdate': () => "paimon scan: merge-engine 'partial-update' merges the records of a key column by column"
    + ' (later non-null values overwrite earlier ones, with sequence groups); this reader does not implement it. Read the table with'
    + ' Paimon (Flink/Spark), or inspect its files and LSM levels here.',
  'error.paimon.aggregation': () => "paimon scan: merge-engine 'aggregation' folds the records of a key with per-column aggregate"
    + " functions ('fields.<col>.aggregate-function'); this reader does not implement them. Read the table with Paimon (Flink/Spark),"
    + ' or inspect its files and LSM levels here.',
  'error.paimon.unknownColumn': (p: { column: string; columns: string }) => `paimon scan: unknown column '${p.column}' (columns: ${p.columns})`,
  'error.paimon.cannotConvert': (p: { column: string; from: string; to?: string }) =>
    `paimon read: column '${p.column}' was written as ${p.from}${p.to !== undefined ? ` and cannot be read as ${p.to}` : ' and cannot be converted'}`,
  'error.paimon.cannotReadAs': (p: { column: string; from: string; to: string }) => `paimon read: column '${p.column}': cannot read ${p.from} as ${p.to}`,
  'error.paimon.castFailed': (p: { column: string; from: string; to: string; detail: string }) =>
    `paimon read: column '${p.column}' written as ${p.from} cannot be read as ${p.to}: ${p.detail} (Paimon fails the read as well)`,
  // Paimon: deletion vectors and the rows a node deletes (spec/deletion-vector.ts, inspect/deleted-positions.ts)
  'error.paimon.dv.version': (p: { version: string }) => `unknown index file version ${p.version}`,
  'error.paimon.dv.offset': (p: { offset: number; bytes: number }) => `vector offset ${p.offset} is outside the file (${p.bytes} bytes)`,
  'error.paimon.dv.length': (p: { size: number; recorded: number }) => `vector length ${p.size} does not match the index manifest (${p.recorded})`,
  'error.paimon.dv.pastEnd': (p: { size: number }) => `vector of ${p.size} bytes runs past the file end`,
  'error.paimon.dv.crc': () => 'vector CRC mismatch',
  'error.paimon.dv.magic': (p: { value: number }) => `bad magic ${p.value}`,
  'error.paimon.dv.roaring': (p: { detail: string }) => `invalid roaring bitmap: ${p.detail}`,
  'error.paimon.deletes.notByPosition': (p: { kind: string; label: string }) => `paimon deletes: a ${p.kind} node (${p.label}) deletes no rows by position`,
  'error.paimon.deletes.noIndexEntry': (p: { manifest: string; index: string }) => `paimon deletes: index manifest ${p.manifest} has no entry ${p.index}`,
  'error.paimon.deletes.notDv': (p: { file: string; type: string }) => `paimon deletes: ${p.file} is a ${p.type} index, not deletion vectors`,
  'error.paimon.deletes.noVector': (p: { file: string; dataFile: string }) => `paimon deletes: ${p.file} holds no vector for ${p.dataFile}`,
  'error.readScan.taskMismatch': (p: { index: number }) => `read-scan: task ${p.index} told early is not the plan's task ${p.index}`,
};
