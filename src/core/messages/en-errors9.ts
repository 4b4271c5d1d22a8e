/**
 * English text of the Hudi and Paimon errors a person meets that en-errors5.ts to en-errors7.ts left in English
 * (issue 20): Hudi log blocks and the archived timeline, Avro schemas and conversions, incremental reads and
 * time travel, the properties file's checks; Paimon's damaged records, binary rows and data types, schema
 * evolution casts, new tables, compaction, destructive rollback and row values. Each is the exact English
 * message it had before it carried a reference. String parameters are data; `subsystem` names the part of the
 * engine (`paimon manifest`).
 */

export const enErrors9 = {
  // Hudi: log files and the archived timeline (io/log-block.ts, io/log-content.ts, io/archived-timeline.ts, io/avro-arrow.ts)
  'error.hudi.log.notBlock': (p: { file: string; bytes: number; offset: number }) =>
    `hudi log: ${p.file}: ${p.bytes} bytes at offset ${p.offset} are not a block (no #HUDI# magic); skipped as Hudi does`,
  'error.hudi.log.corruptBlock': (p: { file: string; offset: number; detail: string; bytes: number }) =>
    `hudi log: ${p.file}: corrupt block at offset ${p.offset} (${p.detail}); ${p.bytes} bytes skipped as Hudi does`,
  'error.hudi.log.version0': () => 'hudi log: log format version 0 blocks are not supported',
  'error.hudi.log.writerSchema': (p: { file: string; detail: string }) => `hudi log: ${p.file}: the block's writer schema is not valid Avro (${p.detail})`,
  'error.hudi.log.decodeData': (p: { file: string; offset: number; detail: string }) => `hudi log: ${p.file}: cannot decode the Avro data block at offset ${p.offset}: ${p.detail}`,
  'error.hudi.log.kryoDelete': (p: { file: string; version: number; offset: number }) =>
    `hudi log: ${p.file}: delete block version ${p.version} at offset ${p.offset} holds Kryo-serialised Java objects; only version 3 (Avro) is read`,
  'error.hudi.log.decodeDelete': (p: { file: string; offset: number; detail: string }) => `hudi log: ${p.file}: cannot decode the delete block at offset ${p.offset}: ${p.detail}`,
  'error.hudi.log.instant': (p: { file: string; type: string; offset: number; instant: string; named: string }) =>
    `hudi log: ${p.file}: ${p.type} block at offset ${p.offset} has instant ${p.instant}, but the file name says ${p.named}`,
  'error.hudi.log.partialUpdate': (p: { file: string; offset: number }) => `hudi log: ${p.file}: partial-update block at offset ${p.offset} is not supported`,
  'error.hudi.log.hfile': (p: { file: string }) => `hudi log: ${p.file}: HFile data blocks (metadata table) are not read`,
  'error.hudi.log.unions': (p: { types: string }) => `hudi log: Avro unions of several non-null types are not supported (${p.types})`,
  'error.hudi.log.notRecord': (p: { kind: string }) => `hudi log: the writer schema is a ${p.kind}, not a record`,
  'error.hudi.log.noArrow': (p: { type: string }) => `hudi log: no Arrow conversion for ${p.type}`,
  'error.hudi.archived.action': (p: { file: string; action: string }) => `hudi archived timeline: ${p.file}: unknown action '${p.action}'`,
  'error.hudi.archived.commitTime': (p: { file: string }) => `hudi archived timeline: ${p.file}: entry without a valid commitTime`,
  'error.hudi.archived.version': (p: { file: string; text: string }) => `hudi archived timeline: ${p.file} holds '${p.text}', not a snapshot version`,
  'error.hudi.archived.range': (p: { file: string; instant: string; min: string; max: string }) =>
    `hudi archived timeline: ${p.file}: instant ${p.instant} is not within the file's range ${p.min}–${p.max}`,
  // Hudi: schema, properties, planning, incremental reads, time travel
  'error.hudi.schema.invalid': (p: { file: string; detail: string }) => `hudi schema: ${p.file}: not a valid Avro schema (${p.detail})`,
  'error.hudi.schema.notRecord': (p: { file: string; kind: string }) => `hudi schema: ${p.file}: the schema is a ${p.kind}, not a record`,
  'error.hudi.props.layout': (p: { file: string; text: string; version: string; expected: string }) =>
    `hudi properties: ${p.file}: hoodie.timeline.layout.version=${p.text} does not fit hoodie.table.version=${p.version} (which keeps its timeline in layout ${p.expected}): the properties file is inconsistent`,
  'error.hudi.props.checksum': (p: { file: string; text: string; name: string; crc: string }) =>
    `hudi properties: ${p.file}: hoodie.table.checksum=${p.text} does not match the table name ('${p.name}' has CRC32 ${p.crc}): the file is damaged or was edited by hand`,
  'error.hudi.notParquet': (p: { file: string }) => `hudi plan: base file ${p.file} is not Parquet: no column statistics read`,
  'error.hudi.incremental.metaFields': () =>
    'hudi incremental: the table does not populate meta fields (hoodie.populate.meta.fields=false): records carry no commit time',
  'error.hudi.incremental.noInstant': (p: { instant: string }) => `hudi incremental: no completed write instant ${p.instant}`,
  'error.hudi.incremental.noWrite': () => 'hudi incremental: no completed write instant (the table has none)',
  'error.hudi.incremental.order': (p: { begin: string; end: string }) => `hudi incremental: begin ${p.begin} is not before end ${p.end}`,
  'error.hudi.merge.noKey': (p: { group: string; column: string; field: string }) => `hudi merge: file group ${p.group} has neither ${p.column} nor the record key field ${p.field}`,
  'error.hudi.travel.pending': (p: { instant: string; action: string; state: string; file: string }) =>
    `hudi time travel: instant ${p.instant} (${p.action}) is ${p.state}, not completed: it is never read as committed (${p.file})`,
  'error.hudi.travel.noData': (p: { instant: string; action: string; file: string }) => `hudi time travel: instant ${p.instant} is a ${p.action}, which writes no data version (${p.file})`,
  'error.hudi.travel.noInstant': (p: { instant: string; file: string }) => `hudi time travel: no completed instant ${p.instant} in the active timeline (${p.file})`,
  'error.hudi.travel.before': (p: { time: string; file: string }) => `hudi time travel: no completed instant at or before ${p.time} in the active timeline (${p.file})`,
  // Paimon: records, binary rows, data types, casts (spec/)
  'error.paimon.record.notRecord': (p: { subsystem: string; got: string }) => `${p.subsystem}: expected a record, got ${p.got}`,
  'error.paimon.record.field': (p: { subsystem: string; field: string; type: string }) => `${p.subsystem}: field ${p.field} is missing or not ${p.type}`,
  'error.paimon.row.short': (p: { bytes: number }) => `${p.bytes} bytes is too short for a row`,
  'error.paimon.row.arity': (p: { arity: number; expected: number }) => `row has ${p.arity} fields, expected ${p.expected}`,
  'error.paimon.row.fixed': (p: { arity: number; fixed: number; bytes: number }) => `row of ${p.arity} fields needs ${p.fixed} bytes, has ${p.bytes}`,
  'error.paimon.row.inline': (p: { bytes: number }) => `inline value of ${p.bytes} bytes`,
  'error.paimon.row.pastEnd': (p: { offset: number; length: number; end: number }) => `value at ${p.offset}+${p.length} runs past the row end (${p.end})`,
  'error.paimon.row.timestamp': (p: { offset: number }) => `timestamp at ${p.offset} runs past the row end`,
  'error.paimon.row.encode': (p: { type: string }) => `paimon binary-row: cannot encode ${p.type}`,
  'error.paimon.type.parseJson': (p: { json: string }) => `cannot parse data type ${p.json}`,
  'error.paimon.type.rowFields': (p: { json: string }) => `ROW type without fields: ${p.json}`,
  'error.paimon.type.nested': (p: { type: string }) => `unknown nested type '${p.type}'`,
  'error.paimon.type.field': (p: { json: string }) => `invalid field ${p.json}`,
  'error.paimon.type.fieldId': (p: { field: string }) => `field '${p.field}' has no integer id`,
  'error.paimon.type.parse': (p: { text: string }) => `cannot parse data type '${p.text}'`,
  'error.paimon.type.unknown': (p: { text: string }) => `unknown data type '${p.text}'`,
  'error.paimon.cast': (p: { from: string; to: string; reason: string }) => `paimon schema evolution: cannot read ${p.from} as ${p.to}: ${p.reason}`,
  'error.paimon.cast.nested': () => 'nested types are only read as the same kind of nested type (scan/schema-evolution-cast.ts)',
  'error.paimon.cast.noRule': () => 'Paimon has no cast rule for this pair (ALTER TABLE refuses it)',
  'error.paimon.cast.ltz': () => "Paimon converts between TIMESTAMP WITH LOCAL TIME ZONE and wall-clock values in the reading JVM's time zone, which the table does not record",
  'error.paimon.read.cast': (p: { column: string; from: string; to: string; reason: string }) => `paimon read: column '${p.column}': cannot read ${p.from} as ${p.to}: ${p.reason}`,
  'error.paimon.bucket.count': (p: { count: string }) => `paimon bucket: fixed bucket count must be ≥ 1, got ${p.count}`,
  'error.paimon.bucket.noKey': (p: { schema: string }) => `paimon bucket: schema ${p.schema} has neither a bucket-key nor a primary key to hash`,
  'error.paimon.dv.v1': () => 'paimon deletion-vector: v1 vectors hold positions below 2^32 only',
  'error.paimon.partition.binary': (p: { column: string }) => `paimon partition: binary partition column '${p.column}' has no stable path name`,
  // Paimon: writes (commit/)
  'error.paimon.compact.noColumn': (p: { column: string }) => `paimon compact: a data file read has no column ${p.column}`,
  'error.paimon.compact.type': (p: { column: string; type: string }) => `paimon compact: column ${p.column} of type ${p.type} cannot be rewritten by Lakescope yet`,
  'error.paimon.create.noColumns': () => 'paimon create: a table needs at least one column',
  'error.paimon.create.columnName': (p: { column: string }) => `paimon create: column name '${p.column}' is empty or repeated`,
  'error.paimon.create.keyColumn': (p: { column: string }) => `paimon create: key column '${p.column}' is not a column`,
  'error.paimon.create.pkPartitions': () => 'paimon create: the primary key must contain every partition key (Paimon requires it)',
  'error.paimon.create.pkBesides': () => 'paimon create: the primary key needs a column besides the partition keys',
  'error.paimon.create.bucketKey': () => 'paimon create: an append table with fixed buckets needs a bucket key',
  'error.paimon.create.type': (p: { column: string; type: string }) => `paimon create: column ${p.column}: type ${p.type} cannot be written by Lakescope yet`,
  'error.paimon.create.bucketsPk': (p: { buckets: string }) =>
    `paimon create: bucket = ${p.buckets}: primary-key tables need a fixed bucket count ≥ 1 here (dynamic buckets are not written by Lakescope)`,
  'error.paimon.create.bucketsAppend': (p: { buckets: string }) => `paimon create: bucket = ${p.buckets}: give -1 (bucket-unaware) or a count ≥ 1`,
  'error.paimon.create.option': (p: { subsystem: string; option: string; value: string; reason: string }) => `${p.subsystem}: ${p.option} = ${p.value}: ${p.reason}`,
  'error.paimon.option.format': () => 'Lakescope writes Parquet data files only',
  'error.paimon.option.mergeEngine': () => 'Lakescope writes the deduplicate merge engine only',
  'error.paimon.option.changelog': () => 'Lakescope produces changelog none or input only',
  'error.paimon.option.bucket': () => 'Lakescope writes primary-key tables with fixed buckets only',
  'error.paimon.option.sequence': () => 'user sequence fields are not written by Lakescope',
  'error.paimon.option.dv': () => 'Lakescope does not write deletion vectors',
  'error.paimon.option.pathDirectory': () => 'Lakescope writes data files under the table root only',
  'error.paimon.create.readOnly': (p: { storage: string }) => `paimon create: ${p.storage} is read-only`,
  'error.paimon.rollback.expired': (p: { id: string }) => `paimon rollback: snapshot ${p.id} has expired (only its tag remains); use the non-destructive rollback`,
  'error.paimon.rollback.confirm': (p: { id: string; snapshots: number; tags: number; files: number }) =>
    `paimon rollback: a destructive rollback to snapshot ${p.id} deletes ${p.snapshots} snapshot(s), ${p.tags} tag(s) and ${p.files} data file(s) for good; pass confirmDestructive: true (or preview with dryRun: true)`,
  'error.paimon.write.value': (p: { row: number; column: string; value: string; type: string }) => `paimon write: row ${p.row}, column ${p.column}: ${p.value} is not a valid ${p.type}`,
  'error.paimon.write.notNull': (p: { row: number; column: string; value: string }) => `paimon write: row ${p.row}, column ${p.column}: ${p.value} is null, but the column is NOT NULL`,
  'error.paimon.write.decimal': (p: { row: number; column: string; value: string; type: string }) => `paimon write: row ${p.row}, column ${p.column}: ${p.value} does not fit ${p.type}`,
  'error.paimon.write.timestamp': (p: { row: number; column: string; value: string; detail: string }) => `paimon write: row ${p.row}, column ${p.column}: ${p.value} ${p.detail}`,
};
