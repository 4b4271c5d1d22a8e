/**
 * English text of the Delta errors a person meets that en-errors6.ts and en-errors7.ts left in English (issue 20):
 * reader features this reader refuses and why, damaged schemas, deletion vectors and Z85 text, partition values,
 * type widening, change feeds and time travel, and the writer's refusals (table features, partition columns,
 * per-value row errors). Each is the exact English message it had before it carried a reference. String
 * parameters are data; a parameter may be another message (a reason, a list of features, `inline`).
 */

export const enErrors8 = {
  // Reader features (spec/table-features.ts): the list is built of the item messages below
  'error.delta.readerFeature': (p: { list: string }) => `delta protocol: the table needs reader feature ${p.list} that this reader does not implement`,
  'error.delta.readerFeatures': (p: { list: string }) => `delta protocol: the table needs reader features ${p.list} that this reader does not implement`,
  'error.delta.feature': (p: { feature: string }) => `'${p.feature}'`,
  'error.delta.featureWhy': (p: { feature: string; reason: string }) => `'${p.feature}' (${p.reason})`,
  'error.delta.featureList': (p: { first: string; rest: string }) => `${p.first}, ${p.rest}`,
  'error.delta.reason.variant': () => 'variant columns (semi-structured data in the Parquet variant binary encoding) are not supported by this reader',
  'error.delta.reason.variantShredding': () => 'shredded variant columns are not supported by this reader',
  'error.delta.reason.catalogManaged': () => 'the table is catalog-managed: its latest commits live in a catalog, so the _delta_log folder alone is not the table',
  // The log's actions and the schema (spec/actions.ts, io/log-store.ts, spec/schema.ts, scan/plan.ts)
  'error.delta.dvNotZ85': (p: { action: number; detail: string }) => `deletionVector.pathOrInlineDv of action ${p.action} is not Z85 (${p.detail})`,
  'error.delta.protocolVersions': (p: { action: number }) => `protocol lacks minReaderVersion/minWriterVersion (action ${p.action})`,
  'error.delta.sidecarAction': (p: { type: string }) => `sidecar holds a ${p.type} action; only add and remove are allowed`,
  'error.delta.schema.noType': (p: { column: string }) => `column ${p.column} has no type`,
  'error.delta.schema.root': () => '(root)',
  'error.delta.schema.theSchema': () => 'the schema',
  'error.delta.schema.noFields': (p: { struct: string }) => `struct ${p.struct} has no fields array`,
  'error.delta.schema.fieldNoName': (p: { struct: string }) => `a field of ${p.struct} has no name`,
  'error.delta.schema.noSchemaString': () => 'the metaData action has no schemaString',
  'error.delta.schema.noSchemaStringIn': (p: { file: string }) => `the metaData action in ${p.file} has no schemaString`,
  'error.delta.schema.notJson': (p: { detail: string }) => `schemaString is not JSON (${p.detail})`,
  'error.delta.schema.notJsonIn': (p: { file: string; detail: string }) => `schemaString in ${p.file} is not JSON (${p.detail})`,
  'error.delta.schema.notStruct': () => 'schemaString is not a struct type',
  'error.delta.schema.notStructIn': (p: { file: string }) => `schemaString in ${p.file} is not a struct type`,
  'error.delta.schema.inFile': (p: { message: string; file: string }) => `${p.message} (schema in ${p.file})`,
  'error.delta.schema.noPhysicalName': (p: { mode: string; column: string; key: string }) => `column mapping mode '${p.mode}' but column ${p.column} has no ${p.key}`,
  'error.delta.schema.unknownType': (p: { column: string; type: string }) => `delta schema: column ${p.column} has the unknown type '${p.type}'`,
  // Deletion vectors and Z85 (spec/deletion-vector.ts, spec/z85.ts)
  'error.delta.dv.inline': () => 'inline',
  'error.delta.dv.z85Short': (p: { text: string }) => `delta deletion vector: '${p.text}' is too short for a Z85 UUID`,
  'error.delta.dv.bitmapShort': (p: { where: string; bytes: number }) => `delta deletion vector: ${p.where}: bitmap of ${p.bytes} bytes is too short`,
  'error.delta.dv.native': (p: { where: string }) => `delta deletion vector: ${p.where}: the 'native' RoaringBitmapArray serialization is not supported (only the portable one)`,
  'error.delta.dv.magic': (p: { where: string; magic: number }) => `delta deletion vector: ${p.where}: bad magic number ${p.magic}`,
  'error.delta.dv.magicBigEndian': (p: { where: string; magic: number }) =>
    `delta deletion vector: ${p.where}: bad magic number ${p.magic} (a big-endian RoaringBitmapArray header, which Delta readers do not accept)`,
  'error.delta.dv.bitmap': (p: { where: string; detail: string }) => `delta deletion vector: ${p.where}: ${p.detail}`,
  'error.delta.z85.length': (p: { length: number }) => `delta z85: length ${p.length} is not a multiple of 5`,
  'error.delta.z85.group': () => 'delta z85: a 5-character group exceeds 32 bits',
  'error.delta.z85.padded': () => 'delta z85: the padded last group exceeds its length',
  'error.delta.z85.char': (p: { char: string }) => `delta z85: invalid character '${p.char}'`,
  // Partition values, types, change feed, time travel (spec/partition-value.ts, scan/)
  'error.delta.partitionValue': (p: { value: string; column: string; type: string }) => `delta partition: value '${p.value}' of column ${p.column} is not a valid ${p.type}`,
  'error.delta.partitionType': (p: { column: string; type: string }) => `delta partition: column ${p.column} has the non-primitive type ${p.type}`,
  'error.delta.widening': (p: { column: string; from: string; to: string }) =>
    `delta read: column ${p.column} is ${p.from} in the file but ${p.to} in the table, which is not a supported widening`,
  'error.delta.variantRead': () => 'delta read: variant columns are not supported',
  'error.delta.changeType': (p: { column: string; value: string }) => `delta changes: unknown ${p.column} "${p.value}"`,
  'error.delta.changesOrder': (p: { start: string; end: string }) => `delta changes: the start version ${p.start} is after the end version ${p.end}`,
  'error.delta.changesMissing': (p: { version: string; start: string; end: string }) =>
    `delta changes: commit ${p.version} does not exist (the range ${p.start}..${p.end} must be committed versions whose commit files are kept)`,
  'error.delta.noVersionBeforeEarliest': (p: { time: string; version: string; at: string }) =>
    `delta time travel: no version at or before ${p.time}; the earliest is version ${p.version} at ${p.at}`,
  'error.delta.noVersionBeforeCopied': (p: { time: string; version: string; at: string }) =>
    `delta time travel: no version at or before ${p.time}; the earliest is version ${p.version} at ${p.at} (by commit file modification time; a copied table carries the copy's times — open it with timestamps 'commitInfo' to use the times its log records)`,
  // Writes (commit/): refusals by table feature, new tables, partition columns, the rows given
  'error.delta.checkpoint.v2': () =>
    'delta checkpoint: the table uses V2 checkpoints (v2Checkpoint), which this writer does not write; it is left without a new checkpoint (readers replay the commits)',
  'error.delta.write.refused': (p: { op: string; feature: string; reason: string }) => `delta write: ${p.op} refused: the table uses writer feature '${p.feature}': ${p.reason}`,
  'error.delta.write.refusedVersion': (p: { op: string; version: number }) =>
    `delta write: ${p.op} refused: the table uses writer feature 'writer version ${p.version}': this writer implements writer versions 1 to 7`,
  'error.delta.reason.rowTracking': () => 'row tracking needs baseRowId/defaultRowCommitVersion and a high-water mark on every added file, which this writer does not assign',
  'error.delta.reason.clustering': () => 'clustered tables must be written clustered by their clustering columns, which this writer does not do',
  'error.delta.reason.uniform': () => 'UniForm (Iceberg-compatible) tables need Iceberg metadata written with every commit',
  'error.delta.reason.columnDefaults': () => 'column defaults must be applied to written rows, which this writer does not do',
  'error.delta.reason.notImplemented': () => 'this writer does not implement it',
  'error.delta.reason.mappingId': () => "column mapping mode 'id' needs data files whose columns readers find by Parquet field id, which this writer does not write yet",
  'error.delta.reason.nestedMapping': (p: { column: string }) =>
    `column '${p.column}' is nested, and nested fields under column mapping (their own physical names) are not written by this writer yet`,
  'error.delta.reason.appendOnly': () => 'delta.appendOnly=true forbids removing or changing rows',
  'error.delta.reason.identity': (p: { column: string }) => `column '${p.column}' is an identity column whose values the writer must generate`,
  'error.delta.reason.generated': (p: { column: string }) => `column '${p.column}' is generated from other columns on write`,
  'error.delta.reason.invariant': (p: { column: string }) => `column '${p.column}' has an invariant every written row must satisfy`,
  'error.delta.reason.constraint': (p: { constraint: string }) => `${p.constraint} must hold for every written row`,
  'error.delta.create.emptyName': () => 'delta create: a column name must not be empty',
  'error.delta.create.twice': (p: { column: string }) => `delta create: column ${p.column} is given twice (names are case-insensitive)`,
  'error.delta.create.partition': (p: { column: string }) => `delta create: partition column ${p.column} must be a top-level primitive column`,
  'error.delta.create.noColumns': () => 'delta create: a table needs at least one column',
  'error.delta.write.partNotPrimitive': (p: { column: string }) => `delta write: partition column ${p.column} is not of a primitive type`,
  'error.delta.write.partBinary': (p: { column: string }) => `delta write: binary partition column ${p.column} cannot be written`,
  'error.delta.write.partNotInSchema': (p: { column: string }) => `delta write: partition column ${p.column} is not in the schema`,
  'error.delta.write.rowsNoColumn': (p: { column: string }) => `delta write: the rows have no column ${p.column}`,
  'error.delta.write.mappingId': () => 'delta write: column mapping mode id is not written by this writer',
  'error.delta.write.partSerialize': (p: { column: string }) => `delta write: partition column ${p.column} has a type this writer cannot serialize`,
  'error.delta.write.value': (p: { row: number; column: string; value: string; type: string }) => `delta write: row ${p.row}, column ${p.column}: ${p.value} is not a valid ${p.type}`,
  'error.delta.write.column': (p: { column: string; detail: string }) => `delta write: column ${p.column}: ${p.detail}`,
};
