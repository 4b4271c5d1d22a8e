/**
 * English text of the Iceberg errors a person meets that en-errors5.ts and en-errors7.ts left in English (issue 20):
 * a metadata file whose JSON fields are missing or of the wrong kind, damaged manifests and manifest lists,
 * delete files, data files that do not fit the task or the schema, time travel to a ref that points nowhere, and
 * the writer's checks on the rows given. Each is the exact English message it had before it carried a
 * reference. String parameters are data; `subsystem` names the part of the engine (`iceberg metadata`), `path`
 * the JSON field (`snapshots[2].manifest-list`); `what` is the message of what is wrong with it.
 */

export const enErrors10 = {
  // Metadata JSON fields (spec/json-fields.ts and its callers)
  'error.iceberg.json.field': (p: { subsystem: string; path: string; what: string }) => `${p.subsystem}: ${p.path} ${p.what}`,
  'error.iceberg.json.root': (p: { subsystem: string; what: string }) => `${p.subsystem}: ${p.what}`,
  'error.iceberg.json.object': () => 'must be an object',
  'error.iceberg.json.list': () => 'must be a list',
  'error.iceberg.json.missing': () => 'is required but missing',
  'error.iceberg.json.string': () => 'must be a string',
  'error.iceberg.json.integer': () => 'must be an integer',
  'error.iceberg.json.long': () => 'must be a 64-bit integer',
  'error.iceberg.json.boolean': () => 'must be true or false',
  'error.iceberg.json.sourceId': () => 'needs source-id or source-ids',
  'error.iceberg.json.noManifests': () => 'has neither manifest-list nor manifests',
  'error.iceberg.json.refType': (p: { value: string }) => `must be branch or tag, not '${p.value}'`,
  'error.iceberg.json.direction': (p: { value: string }) => `must be asc or desc, not '${p.value}'`,
  'error.iceberg.json.nullOrder': (p: { value: string }) => `must be nulls-first or nulls-last, not '${p.value}'`,
  'error.iceberg.json.formatVersion': (p: { version: string }) => `must be 1, 2 or 3, not ${p.version}`,
  'error.iceberg.json.currentSnapshot': (p: { id: string }) => `names snapshot ${p.id}, which is not in snapshots`,
  'error.iceberg.json.currentSchema': (p: { id: string }) => `names schema ${p.id}, which is not in schemas`,
  'error.iceberg.json.defaultSpec': (p: { id: string }) => `names spec ${p.id}, which is not in partition-specs`,
  'error.iceberg.json.nestedType': (p: { kind: string }) => `has unknown nested type '${p.kind}'`,
  'error.iceberg.json.precision': (p: { precision: number }) => `has decimal precision ${p.precision} outside 1..38`,
  'error.iceberg.json.unknownType': (p: { type: string }) => `has unknown type '${p.type}'`,
  // Manifests and manifest lists (spec/manifest.ts, spec/manifest-list.ts, spec/manifest-metrics.ts, scan/)
  'error.iceberg.manifest.entry': (p: { index: number; what: string }) => `iceberg manifest: entry ${p.index} ${p.what}`,
  'error.iceberg.manifestList.entry': (p: { index: number; what: string }) => `iceberg manifest-list: entry ${p.index} ${p.what}`,
  'error.iceberg.entry.hasNo': (p: { field: string }) => `has no ${p.field}`,
  'error.iceberg.entry.hasNoValid': (p: { field: string }) => `has no valid ${p.field}`,
  'error.iceberg.entry.status': () => 'has an invalid status',
  'error.iceberg.entry.content': (p: { content: string }) => `has unknown content ${p.content}`,
  'error.iceberg.entry.eqIds': () => 'is an equality delete file without equality_ids',
  'error.iceberg.entry.dv': () => 'is a deletion vector without referenced_data_file, content_offset and content_size_in_bytes',
  'error.iceberg.manifest.noDataFile': () => 'iceberg manifest: records have no data_file struct (field 2)',
  'error.iceberg.manifestList.notRecords': () => 'iceberg manifest-list: records are not Avro records',
  'error.iceberg.manifest.inFile': (p: { file: string; message: string }) => `iceberg manifest: ${p.file}: ${p.message}`,
  'error.iceberg.manifest.twice': (p: { file: string }) => `iceberg manifest: data file ${p.file} is live in more than one manifest entry`,
  'error.iceberg.manifest.sameFile': (p: { first: string; file: string; key: string }) =>
    `iceberg manifest: data files ${p.first} and ${p.file} are the same file (${p.key}), live in two manifest entries`,
  'error.iceberg.manifestList.spec': (p: { file: string; spec: number }) => `iceberg manifest-list: ${p.file} uses partition spec ${p.spec}, which is not in the table metadata`,
  'error.iceberg.manifestList.count': (p: { file: string; live: number; content: string; key: string; recorded: string }) =>
    `iceberg manifest-list: ${p.file} counts ${p.live} live ${p.content} files but the snapshot summary records ${p.key}=${p.recorded} (a truncated or swapped manifest list)`,
  'error.iceberg.content.data': () => 'data',
  'error.iceberg.content.delete': () => 'delete',
  'error.iceberg.ref.dangling': (p: { type: string; name: string; id: string }) => `iceberg metadata: ${p.type} "${p.name}" points at snapshot ${p.id}, which is not in snapshots`,
  'error.iceberg.readFrom': (p: { message: string; file: string }) => `${p.message} (read from ${p.file})`,
  // Reading data and delete files (scan/)
  'error.iceberg.scan.unknownColumn': (p: { column: string; columns: string }) => `iceberg scan: unknown column '${p.column}' (columns: ${p.columns})`,
  'error.iceberg.read.schema': (p: { id: number }) => `iceberg read: schema ${p.id} of the task is not in the table metadata`,
  'error.iceberg.read.format': (p: { format: string; file: string }) => `iceberg read: ${p.format} data files are not supported yet (${p.file})`,
  'error.iceberg.read.projected': (p: { id: number }) => `iceberg read: projected field ${p.id} is not a top-level column of the read schema`,
  'error.iceberg.read.rowCount': (p: { file: string; rows: string; recorded: string }) =>
    `iceberg read: ${p.file} has ${p.rows} rows but its manifest records ${p.recorded} (a swapped or rewritten file)`,
  'error.iceberg.read.type': (p: { column: string; type: string; target: string }) => `iceberg read: column '${p.column}' is ${p.type} in the data file, which cannot be read as ${p.target}`,
  'error.iceberg.read.dictionary': () => 'iceberg read: dictionary column without a dictionary',
  'error.iceberg.read.defaultValue': (p: { kind: string }) => `iceberg read: a non-null default value for a ${p.kind} column is not supported yet`,
  'error.iceberg.schema.initialDefault': (p: { field: string }) => `iceberg schema: initial-default of '${p.field}' does not fit type`,
  'error.iceberg.deletes.nullPath': (p: { file: string }) => `iceberg delete file: ${p.file} has a null file_path or pos`,
  'error.iceberg.deletes.fieldId': (p: { id: number; file: string }) => `iceberg delete file: equality field id ${p.id} of ${p.file} is in no schema of the table`,
  'error.iceberg.deletes.noColumn': (p: { file: string; id: number; name: string }) => `iceberg delete file: ${p.file} has no column for field ${p.id} (${p.name})`,
  'error.iceberg.deletes.notRecords': (p: { file: string }) => `iceberg delete file: ${p.file} does not hold records`,
  'error.iceberg.deletes.format': (p: { format: string; file: string }) => `iceberg delete file: ${p.format} delete files are not supported (${p.file})`,
  // The writer's checks on rows and columns (commit/)
  'error.iceberg.write.value': (p: { path: string; value: string; type: string }) => `iceberg write: ${p.path}: ${p.value} is not a valid ${p.type}`,
  'error.iceberg.write.required': (p: { path: string }) => `iceberg write: ${p.path} is required but null`,
  'error.iceberg.write.rowRequired': (p: { row: number; column: string }) => `iceberg write: row ${p.row}: ${p.column} is required but null`,
  'error.iceberg.write.range': (p: { row: number; column: string; value: string; type: string }) => `iceberg write: row ${p.row}: ${p.column}: ${p.value}n is out of the 64-bit range of ${p.type}`,
  'error.iceberg.write.holdsNulls': (p: { column: string }) => `iceberg write: ${p.column} is required but holds nulls`,
  'error.iceberg.write.type': (p: { type: string }) => `iceberg write: columns of type ${p.type} cannot be written yet`,
  'error.iceberg.write.tooLarge': (p: { column: string }) => `iceberg write: column ${p.column} holds over 2 GiB in one file`,
  'error.iceberg.write.extraColumns': (p: { columns: string }) => `iceberg append: column(s) ${p.columns} are not in the table schema`,
  'error.iceberg.write.formatVersion': (p: { version: number }) => `iceberg append: format-version ${p.version}`,
  'error.iceberg.write.overwriteRow': (p: { row: number }) =>
    `iceberg overwrite: row ${p.row} does not match the overwrite filter, so it would not be replaced by a later overwrite of the same filter`,
  'error.iceberg.delete.morVersion': () => 'iceberg delete: merge-on-read needs format version 2 or later',
  'error.iceberg.delete.eqVersion': () => 'iceberg delete: equality deletes need format version 2 or later',
  'error.iceberg.delete.keyColumn': (p: { column: string }) => `iceberg delete: ${p.column} is not a top-level primitive column`,
  'error.iceberg.delete.partitionSource': (p: { column: string; field: string }) => `iceberg delete: the key columns must include partition source column ${p.column} (${p.field})`,
  'error.iceberg.write.transform': (p: { field: string; transform: string }) => `iceberg write: partition field ${p.field} has the unknown transform ${p.transform}; writers may not commit with it`,
  'error.iceberg.write.multiArg': (p: { field: string }) => `iceberg write: multi-argument partition transforms (${p.field}) cannot be written yet`,
  'error.iceberg.write.partitionSource': (p: { id: number; field: string }) => `iceberg write: partition source column ${p.id} of ${p.field} is not a primitive column of the schema`,
};
