/**
 * The messages of en-writes3.ts (Iceberg write previews, their warnings, the warnings after a commit) render exactly
 * the English their sites wrote before they carried a reference, and zh-CN renders each in Chinese with the same
 * data. Every key has a sample here. Real ones: iceberg/commit/preview-messages.test.ts.
 */
import { describe } from 'vitest';
import { enWrites3 } from './en-writes3.ts';
import { errorRef, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);
const id = '3055729675574597004';
const to = '7543242453924133214';

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [r('note.write.iceberg.rollback', { from: id, to }), `Roll main back from snapshot ${id} to its ancestor ${to}`],
  [r('note.write.iceberg.setCurrent', { id, main: to }), `Make snapshot ${id} current (main was ${to})`],
  [r('note.write.iceberg.setCurrentEmpty', { id }), `Make snapshot ${id} current (main was empty)`],
  [r('note.write.iceberg.otherLine'), "the snapshot is on another line of history: the current snapshot and its own ancestors after the common ancestor leave main's history"],
  [r('note.write.iceberg.createTag', { name: 'v1', id }), `Create tag v1 to snapshot ${id}`],
  [r('note.write.iceberg.moveTag', { name: 'v1', from: to, id }), `Move tag v1 from ${to} to snapshot ${id}`],
  [r('note.write.iceberg.createBranch', { name: 'dev', id }), `Create branch dev to snapshot ${id}`],
  [r('note.write.iceberg.moveBranch', { name: 'dev', id }), `Move branch dev to snapshot ${id}`],
  [r('note.write.iceberg.removeRef', { refType: 'branch', name: 'dev', id }), `Remove branch dev (at snapshot ${id}); its snapshots stay until they expire`],
  [r('note.write.iceberg.fastForward', { name: 'dev', from: id, to: 'main', target: to }), `Fast-forward dev from ${id} to main (${to})`],
  [r('note.write.iceberg.cherryPick', { operation: 'overwrite', id, added: 2, removed: 1 }), `Re-apply overwrite snapshot ${id} on main: add 2 file(s), remove 1`],
  [r('note.write.iceberg.cherryPickForward', { from: to, id }), `Fast-forward main from ${to} to its child ${id} (no new snapshot)`],
  [r('note.write.iceberg.expire', { expire: 2, total: 5, refs: 1, files: 7, bytes: 12345 }), 'Expire 2 of 5 snapshot(s) and 1 expired ref(s); 7 file(s) (12345 bytes known) would then be unreachable'],
  [r('note.write.iceberg.expireNothing'), 'nothing to expire'],
  [r('note.write.iceberg.expireFailed', { count: 2 }), '2 file(s) could not be deleted; they are orphans now'],
  [r('note.write.iceberg.deleteCow', { rows: 5, whole: 1, partial: 2 }), 'Delete 5 row(s): 1 file(s) removed whole, 2 rewritten without the rows'],
  [r('note.write.iceberg.deleteDv', { rows: 5, whole: 1, partial: 2 }), 'Delete 5 row(s): 1 file(s) removed whole, 2 given deletion vectors'],
  [r('note.write.iceberg.deletePositions', { rows: 5, whole: 1, partial: 2 }), 'Delete 5 row(s): 1 file(s) removed whole, 2 given position delete files'],
  [r('note.write.iceberg.overwrite', { removed: 3, added: 4, files: 2 }), 'Replace 3 row(s) matching the filter with 4 new row(s); 2 file(s) removed or rewritten'],
  [r('note.write.iceberg.rows', { count: 4 }), '4 row(s)'],
  [r('note.write.iceberg.schema', { changes: 'add-column extra, drop-column score' }), 'Change the schema (add-column extra, drop-column score); no data file is rewritten'],
  [r('note.write.iceberg.spec', { fields: 'category=identity, ts_day=day' }), 'New default partition spec: category=identity, ts_day=day; existing data keeps its spec'],
  [r('note.write.iceberg.specUnpartitioned'), 'New default partition spec: unpartitioned; existing data keeps its spec'],
  [r('note.write.iceberg.orphans', { count: 2, bytes: 2048, found: 3, scanned: 40 }), 'Delete 2 orphan file(s) (2048 bytes) of 3 found in 40 listed'],
  [r('note.write.iceberg.orphansRecent', { count: 1 }), '1 orphan(s) are too recent to delete (they may belong to a commit in progress)'],
  [r('note.write.iceberg.orphansFailed', { count: 1 }), '1 orphan(s) could not be deleted'],
  [r('note.write.iceberg.mergeManifests', { replaced: 6, groups: 2, kept: 1 }), 'Merge 6 small manifest(s) in 2 group(s); 1 kept as they are'],
  [r('note.write.iceberg.mergeNone'), 'Nothing to merge: no two small manifests share content and spec'],
  [r('note.write.iceberg.manifestsStay'), 'replaced manifests stay on storage until the snapshots that use them expire'],
  [r('note.write.iceberg.mergeNothing'), 'nothing to merge'],
  [r('note.write.iceberg.compactNothing'), 'nothing to compact'],
  [r('note.write.iceberg.hintNotUpdated', { error: 'fault: write failed', key: 'metadata/v5.metadata.json' }),
    'version-hint.text was not updated (fault: write failed); readers that list metadata/ still find metadata/v5.metadata.json'],
  [r('note.write.iceberg.hintNotWritten', { error: 'fault: write failed' }), 'version-hint.text was not written (fault: write failed)'],
  [r('note.write.iceberg.oldMetadataLeft', { count: 3 }), '3 old metadata file(s) could not be deleted'],
];

/** Terms kept in English: format, feature and file names. */
const KEPT = /^(main|snapshot|deletion|vector|position|delete|schema|partition|spec|manifest|version|hint|text|metadata)$/i;

describe('en-writes3 / zh-writes3', () => {
  catalogSampleChecks(enWrites3, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+_#]+/, allowed: (w, next) => KEPT.test(w) || KEPT.test(next) });
});
