/**
 * English text of the refusals a person meets writing through the app's dialogs and rows form — Iceberg's and
 * Paimon's write actions, Paimon tag and branch names and rows (issue 20, after en-errors6.ts). Each is the exact
 * English message it had before it carried a reference. `subsystem` (e.g. `paimon upsert`), names, ids and
 * columns are data, shown apart by the UI.
 */

export const enErrors7 = {
  // Iceberg write actions (formats/iceberg/commit/write-model.ts)
  'error.iceberg.write.blankName': (p: { subsystem: string }) => `${p.subsystem}: the name must not be empty or blank`,
  'error.iceberg.write.rollbackTarget': () => 'iceberg rollback: give a snapshot id or a time',
  'error.iceberg.write.tagNoSnapshot': () => 'iceberg tag: give a snapshot id (the table has no current snapshot)',
  'error.iceberg.write.expireWhat': () => 'iceberg expire: needs "older than", "retain last N" or snapshot ids',
  'error.iceberg.write.noVacuum': () => 'iceberg vacuum: Iceberg has no VACUUM (expire snapshots deletes the files only they used)',
  'error.iceberg.write.noDestructive': () => 'iceberg rollback-destructive: Iceberg has no destructive rollback (roll back, then expire snapshots)',
  'error.iceberg.write.noRows': (p: { subsystem: string }) => `${p.subsystem}: Lakescope does not write rows to Iceberg tables yet (only their snapshots, refs and files)`,
  // Paimon write actions (formats/paimon/commit/write-model.ts, context.ts, spec/layout.ts)
  'error.paimon.write.blankTag': () => 'paimon tag: the name must not be empty or blank',
  'error.paimon.write.rollbackTarget': () => 'paimon rollback: give a snapshot id or tag',
  'error.paimon.write.confirm': (p: { text: string }) => `paimon commit: type "${p.text}" to confirm`,
  'error.paimon.write.readOnly': (p: { subsystem: string; storage: string }) => `${p.subsystem}: ${p.storage} is read-only`,
  'error.paimon.write.branchTarget': (p: { subsystem: string; version: string }) => `${p.subsystem}: '${p.version}' is a branch; give a snapshot id or a tag`,
  'error.paimon.write.noSnapshot': (p: { subsystem: string }) => `${p.subsystem}: the table has no snapshot`,
  'error.paimon.ref.blank': (p: { subsystem: string }) => `${p.subsystem}: the name must not be blank`,
  'error.paimon.ref.numeric': (p: { subsystem: string; name: string }) => `${p.subsystem}: '${p.name}' is purely numeric and would be confused with a snapshot id`,
  'error.paimon.ref.fileName': (p: { subsystem: string; name: string }) => `${p.subsystem}: '${p.name}' is not a valid file name`,
  'error.paimon.ref.main': () => "paimon branch: 'main' is the default branch",
  // Paimon rows (formats/paimon/commit/write-rows.ts, row-values.ts)
  'error.paimon.write.needsPk': (p: { subsystem: string; kind: string }) => `${p.subsystem}: ${p.kind} needs a primary-key table; this is an append table (only appends)`,
  'error.paimon.write.pkAppend': () => 'paimon append: this is a primary-key table: use upsert (a row replaces the row of its key) or delete',
  'error.paimon.write.deleteKey': (p: { row: number; column: string }) => `paimon delete: row ${p.row} has no value for the primary key column ${p.column}`,
  'error.paimon.write.noRows': (p: { subsystem: string }) => `${p.subsystem}: no rows given`,
  'error.paimon.write.columnType': (p: { column: string; type: string }) => `paimon write: column ${p.column} has type ${p.type}, which this writer cannot write`,
  'error.paimon.write.unknownColumn': (p: { row: number; column: string; columns: string }) =>
    `paimon write: row ${p.row} has a column ${p.column} the table does not have; its columns are: ${p.columns}`,
};
