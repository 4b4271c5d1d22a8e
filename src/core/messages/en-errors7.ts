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
  // Iceberg commits (cherry-pick.ts, expire-snapshots.ts, ref-operations.ts, snapshot-producer.ts, table-state.ts, live-rows.ts)
  'error.iceberg.pick.noSnapshot': (p: { id: string }) => `iceberg cherry-pick: snapshot ${p.id} does not exist`,
  'error.iceberg.pick.inHistory': (p: { id: string }) => `iceberg cherry-pick: snapshot ${p.id} is already in main's history`,
  'error.iceberg.pick.picked': (p: { id: string; picked: string }) => `iceberg cherry-pick: snapshot ${p.id} was already picked as ${p.picked}`,
  'error.iceberg.pick.operation': (p: { operation: string }) =>
    `iceberg cherry-pick: a ${p.operation} snapshot can only be fast-forwarded onto its parent; re-applying supports append and dynamic partition overwrite snapshots`,
  'error.iceberg.expire.noSnapshot': (p: { id: string }) => `iceberg expire: snapshot ${p.id} does not exist`,
  'error.iceberg.expire.head': (p: { id: string; refs: string }) => `iceberg expire: snapshot ${p.id} is still the head of ${p.refs}`,
  'error.iceberg.refs.otherType': (p: { name: string; type: string; snapshot: string; wanted: string }) =>
    `iceberg refs: ${p.name} is a ${p.type} (at snapshot ${p.snapshot}), not a ${p.wanted}: nothing was removed`,
  'error.iceberg.commit.tagNotBranch': (p: { name: string }) => `iceberg commit: ${p.name} is a tag, not a branch`,
  'error.iceberg.commit.noMetadata': (p: { storage: string }) => `iceberg commit: no metadata/*.metadata.json under ${p.storage}`,
  'error.iceberg.rewrite.format': (p: { format: string; file: string }) => `iceberg rewrite: ${p.format} data files cannot be rewritten yet (${p.file})`,
  'error.iceberg.rewrite.rowCount': (p: { file: string; rows: number; recorded: string }) => `iceberg rewrite: ${p.file} has ${p.rows} rows but its manifest entry says ${p.recorded}`,
  'error.iceberg.rewrite.eqColumn': (p: { id: string }) => `iceberg rewrite: equality delete column ${p.id} is not in the current schema`,
  // Delta writes (commit/write-model.ts, restore.ts, vacuum-retention.ts, vacuum.ts, context.ts, row-changes.ts)
  'error.delta.write.deleteByKey': () => 'delta delete: Delta deletes the rows matching a predicate (CLI: --where EXPR); it has no primary key to delete by',
  'error.delta.write.updateNothing': () => 'delta update: give at least one column to set',
  'error.delta.write.noPredicate': (p: { subsystem: string }) => `${p.subsystem}: give a predicate (WHERE)`,
  'error.delta.write.unknownColumn': (p: { column: string }) => `delta update: unknown column '${p.column}'`,
  'error.delta.write.readOnly': (p: { storage: string }) => `delta write: ${p.storage} is read-only`,
  'error.delta.restore.target': () => 'delta restore: give a version or a time',
  'error.delta.restore.newer': (p: { version: string; current: string }) => `delta restore: version ${p.version} is newer than the current version ${p.current}`,
  'error.delta.restore.filesGone': (p: { version: string; count: number; example: string }) =>
    `delta restore: version ${p.version} cannot be restored: ${p.count} of its data files are gone (deleted by VACUUM?), e.g. ${p.example}`,
  'error.delta.interval': (p: { text: string }) => `delta table: '${p.text}' is not an interval like 'interval 7 days'`,
  'error.delta.vacuum.retention': (p: { hours: string; tableHours: string }) =>
    `delta vacuum: a retention of ${p.hours} hours is shorter than the table's delta.deletedFileRetentionDuration (${p.tableHours} hours): readers of recent versions could lose files`,
};
