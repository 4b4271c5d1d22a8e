/**
 * English text of Iceberg write previews and results (issue 20): the descriptions of ref operations (rollback,
 * set-current, tag/branch create/move/remove, fast-forward), cherry-pick, expire, delete, overwrite, schema and
 * partition spec changes, orphan files and manifest rewrites, their warnings, and the warnings after a commit
 * landed (commit-table.ts). Each is the exact English its site wrote before (core/formats/iceberg/commit/*), so
 * the CLI and the tests that quote it are unchanged. Parameters: counts are numbers; ids, names, keys strings (data).
 */

export const enWrites3 = {
  // Ref operations (spec "Snapshot References"; commit/ref-operations.ts).
  'note.write.iceberg.rollback': (p: { from: string; to: string }) => `Roll main back from snapshot ${p.from} to its ancestor ${p.to}`,
  'note.write.iceberg.setCurrent': (p: { id: string; main: string }) => `Make snapshot ${p.id} current (main was ${p.main})`,
  'note.write.iceberg.setCurrentEmpty': (p: { id: string }) => `Make snapshot ${p.id} current (main was empty)`,
  'note.write.iceberg.otherLine': () => 'the snapshot is on another line of history: the current snapshot and its own ancestors after the common ancestor leave main\'s history',
  'note.write.iceberg.createTag': (p: { name: string; id: string }) => `Create tag ${p.name} to snapshot ${p.id}`,
  'note.write.iceberg.moveTag': (p: { name: string; from: string; id: string }) => `Move tag ${p.name} from ${p.from} to snapshot ${p.id}`,
  'note.write.iceberg.createBranch': (p: { name: string; id: string }) => `Create branch ${p.name} to snapshot ${p.id}`,
  'note.write.iceberg.moveBranch': (p: { name: string; id: string }) => `Move branch ${p.name} to snapshot ${p.id}`,
  'note.write.iceberg.removeRef': (p: { refType: string; name: string; id: string }) => `Remove ${p.refType} ${p.name} (at snapshot ${p.id}); its snapshots stay until they expire`,
  'note.write.iceberg.fastForward': (p: { name: string; from: string; to: string; target: string }) => `Fast-forward ${p.name} from ${p.from} to ${p.to} (${p.target})`,
  // Cherry-pick (commit/cherry-pick.ts, cherry-pick-fast-forward.ts).
  'note.write.iceberg.cherryPick': (p: { operation: string; id: string; added: number; removed: number }) =>
    `Re-apply ${p.operation} snapshot ${p.id} on main: add ${p.added} file(s)${p.removed ? `, remove ${p.removed}` : ''}`,
  'note.write.iceberg.cherryPickForward': (p: { from: string; id: string }) => `Fast-forward main from ${p.from} to its child ${p.id} (no new snapshot)`,
  // Expire (commit/expire-snapshots.ts): bytes are the sum of the sizes known, as a plain number.
  'note.write.iceberg.expire': (p: { expire: number; total: number; refs: number; files: number; bytes: number }) =>
    `Expire ${p.expire} of ${p.total} snapshot(s)${p.refs ? ` and ${p.refs} expired ref(s)` : ''}; ${p.files} file(s) (${p.bytes} bytes known) would then be unreachable`,
  'note.write.iceberg.expireNothing': () => 'nothing to expire',
  'note.write.iceberg.expireFailed': (p: { count: number }) => `${p.count} file(s) could not be deleted; they are orphans now`,
  // Row deletes and overwrite (commit/delete-rows.ts, overwrite.ts).
  'note.write.iceberg.deleteCow': (p: { rows: number; whole: number; partial: number }) => `Delete ${p.rows} row(s): ${p.whole} file(s) removed whole, ${p.partial} rewritten without the rows`,
  'note.write.iceberg.deleteDv': (p: { rows: number; whole: number; partial: number }) => `Delete ${p.rows} row(s): ${p.whole} file(s) removed whole, ${p.partial} given deletion vectors`,
  'note.write.iceberg.deletePositions': (p: { rows: number; whole: number; partial: number }) => `Delete ${p.rows} row(s): ${p.whole} file(s) removed whole, ${p.partial} given position delete files`,
  'note.write.iceberg.overwrite': (p: { removed: number; added: number; files: number }) => `Replace ${p.removed} row(s) matching the filter with ${p.added} new row(s); ${p.files} file(s) removed or rewritten`,
  'note.write.iceberg.rows': (p: { count: number }) => `${p.count} row(s)`,
  // Schema and partition spec changes (commit/schema-evolution.ts, partition-evolution.ts): the changes are code (`add-column x`).
  'note.write.iceberg.schema': (p: { changes: string }) => `Change the schema (${p.changes}); no data file is rewritten`,
  'note.write.iceberg.spec': (p: { fields: string }) => `New default partition spec: ${p.fields}; existing data keeps its spec`,
  'note.write.iceberg.specUnpartitioned': () => 'New default partition spec: unpartitioned; existing data keeps its spec',
  // Orphan files (commit/orphan-files.ts).
  'note.write.iceberg.orphans': (p: { count: number; bytes: number; found: number; scanned: number }) => `Delete ${p.count} orphan file(s) (${p.bytes} bytes) of ${p.found} found in ${p.scanned} listed`,
  'note.write.iceberg.orphansRecent': (p: { count: number }) => `${p.count} orphan(s) are too recent to delete (they may belong to a commit in progress)`,
  'note.write.iceberg.orphansFailed': (p: { count: number }) => `${p.count} orphan(s) could not be deleted`,
  // Manifest rewrite and compaction (commit/rewrite-manifests.ts, compaction.ts).
  'note.write.iceberg.mergeManifests': (p: { replaced: number; groups: number; kept: number }) => `Merge ${p.replaced} small manifest(s) in ${p.groups} group(s); ${p.kept} kept as they are`,
  'note.write.iceberg.mergeNone': () => 'Nothing to merge: no two small manifests share content and spec',
  'note.write.iceberg.manifestsStay': () => 'replaced manifests stay on storage until the snapshots that use them expire',
  'note.write.iceberg.mergeNothing': () => 'nothing to merge',
  'note.write.iceberg.compactNothing': () => 'nothing to compact',
  // After the commit point (commit/commit-table.ts, create-table.ts): the error text is the storage's (data).
  'note.write.iceberg.hintNotUpdated': (p: { error: string; key: string }) => `version-hint.text was not updated (${p.error}); readers that list metadata/ still find ${p.key}`,
  'note.write.iceberg.hintNotWritten': (p: { error: string }) => `version-hint.text was not written (${p.error})`,
  'note.write.iceberg.oldMetadataLeft': (p: { count: number }) => `${p.count} old metadata file(s) could not be deleted`,
};
