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
};
