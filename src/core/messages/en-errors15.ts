/**
 * English text of Iceberg schema and partition-spec evolution refusals (issue 20, after en-errors14.ts): the
 * changes a person asks for (add, rename, drop, promote a column; add, rename, remove a partition field) that
 * cannot apply to the table (Iceberg spec "Schema Evolution", "Partition Evolution"). Each is the exact English
 * message it had before it carried a reference.
 */

export const enErrors15 = {
  'error.iceberg.schemaChange': (p: { message: string }) => `iceberg schema: ${p.message}`,
  'error.iceberg.schemaChange.noStruct': (p: { column: string }) => `no struct column ${p.column}`,
  'error.iceberg.schemaChange.notStruct': (p: { column: string }) => `${p.column} is not a struct`,
  'error.iceberg.schemaChange.exists': (p: { column: string }) => `column ${p.column} already exists`,
  'error.iceberg.schemaChange.noColumn': (p: { column: string }) => `no column ${p.column}`,
  'error.iceberg.schemaChange.promote': (p: { column: string; from: string; to: string }) => `cannot promote ${p.column} from ${p.from} to ${p.to}`,
  'error.iceberg.schemaChange.identifier': (p: { column: string }) => `${p.column} is an identifier field`,
  'error.iceberg.schemaChange.partitionSource': (p: { column: string }) => `${p.column} is a source of the current partition spec; evolve the spec first`,
  'error.iceberg.schemaChange.sortOrder': (p: { column: string }) => `${p.column} is used by the current sort order`,
  'error.iceberg.schemaChange.unknownType': (p: { type: string }) => `unknown type ${p.type}`,
  'error.iceberg.specChange': (p: { message: string }) => `iceberg partition spec: ${p.message}`,
  'error.iceberg.specChange.noColumn': (p: { column: string }) => `no column ${p.column}`,
  'error.iceberg.specChange.transform': (p: { transform: string }) => `unknown transform ${p.transform}`,
  'error.iceberg.specChange.exists': (p: { name: string }) => `a field named ${p.name} already exists`,
  'error.iceberg.specChange.already': (p: { column: string; transform: string }) => `${p.column} is already partitioned by ${p.transform}`,
  'error.iceberg.specChange.noField': (p: { name: string }) => `no partition field ${p.name}`,
  // A metadata update that cannot apply to the base metadata file (formats/iceberg/commit/apply-updates.ts; spec "Table Metadata")
  'error.iceberg.update': (p: { message: string }) => `iceberg commit: ${p.message}`,
  'error.iceberg.update.integer': (p: { value: string }) => `expected an integer, found ${p.value}`,
  'error.iceberg.update.uuid': (p: { current: string; uuid: string }) => `cannot reassign table uuid ${p.current} to ${p.uuid}`,
  'error.iceberg.update.noAddedSchema': () => 'set-current-schema -1 without an added schema',
  'error.iceberg.update.noSchema': (p: { id: number }) => `schema ${p.id} does not exist`,
  'error.iceberg.update.noAddedSpec': () => 'set-default-spec -1 without an added spec',
  'error.iceberg.update.noSpec': (p: { id: number }) => `partition spec ${p.id} does not exist`,
  'error.iceberg.update.noAddedOrder': () => 'set-default-sort-order -1 without an added order',
  'error.iceberg.update.noOrder': (p: { id: number }) => `sort order ${p.id} does not exist`,
  'error.iceberg.update.removeDefaultSpec': () => 'cannot remove the default partition spec',
  'error.iceberg.update.removeCurrentSchema': () => 'cannot remove the current schema',
  'error.iceberg.update.unknown': (p: { action: string }) => `unknown update ${p.action}`,
  'error.iceberg.update.downgrade': (p: { from: number; to: number }) => `cannot downgrade format-version ${p.from} to ${p.to}`,
  'error.iceberg.update.version': (p: { version: number }) => `format-version ${p.version} is not supported for writing`,
  'error.iceberg.update.snapshotExists': (p: { id: string }) => `snapshot ${p.id} already exists`,
  'error.iceberg.update.needsSequence': () => 'snapshot needs a sequence-number in v2+',
  'error.iceberg.update.sequence': (p: { id: string; seq: string; last: string }) => `snapshot ${p.id} has sequence number ${p.seq}, not above last-sequence-number ${p.last}`,
  'error.iceberg.update.needsFirstRowId': () => 'v3 snapshot needs first-row-id',
  'error.iceberg.update.needsAddedRows': () => 'v3 snapshot needs added-rows',
  'error.iceberg.update.firstRowId': (p: { id: string; first: string; next: string }) => `snapshot ${p.id} has first-row-id ${p.first} below next-row-id ${p.next}`,
  'error.iceberg.update.refUnknown': (p: { ref: string; id: string }) => `ref ${p.ref} cannot point to unknown snapshot ${p.id}`,
  'error.iceberg.update.mainBranch': () => 'main must be a branch',
};
