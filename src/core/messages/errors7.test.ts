/**
 * The messages of en-errors7.ts (write refusals of Iceberg and Paimon tables: dialogs, tag and branch names, the
 * rows form) render exactly the English their throw sites wrote before they carried a reference, and zh-CN
 * renders each in Chinese with the same data. Every key has a sample here, so a new key cannot go untested.
 */
import { describe, expect, it } from 'vitest';
import type { LakeError } from '../errors.ts';
import { checkRefName } from '../formats/paimon/spec/layout.ts';
import { enErrors7 } from './en-errors7.ts';
import { errorRef, errorText, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { zh } from './zh.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [r('error.iceberg.write.blankName', { subsystem: 'iceberg tag' }), 'iceberg tag: the name must not be empty or blank'],
  [r('error.iceberg.write.rollbackTarget'), 'iceberg rollback: give a snapshot id or a time'],
  [r('error.iceberg.write.tagNoSnapshot'), 'iceberg tag: give a snapshot id (the table has no current snapshot)'],
  [r('error.iceberg.write.expireWhat'), 'iceberg expire: needs "older than", "retain last N" or snapshot ids'],
  [r('error.iceberg.write.noVacuum'), 'iceberg vacuum: Iceberg has no VACUUM (expire snapshots deletes the files only they used)'],
  [r('error.iceberg.write.noDestructive'), 'iceberg rollback-destructive: Iceberg has no destructive rollback (roll back, then expire snapshots)'],
  [r('error.iceberg.write.noRows', { subsystem: 'iceberg upsert' }), 'iceberg upsert: Lakescope does not write rows to Iceberg tables yet (only their snapshots, refs and files)'],
  [r('error.paimon.write.blankTag'), 'paimon tag: the name must not be empty or blank'],
  [r('error.paimon.write.rollbackTarget'), 'paimon rollback: give a snapshot id or tag'],
  [r('error.paimon.write.confirm', { text: 'delete 3 snapshots' }), 'paimon commit: type "delete 3 snapshots" to confirm'],
  [r('error.paimon.write.readOnly', { subsystem: 'paimon write', storage: 'folder t' }), 'paimon write: folder t is read-only'],
  [r('error.paimon.write.branchTarget', { subsystem: 'paimon tag', version: 'b1' }), "paimon tag: 'b1' is a branch; give a snapshot id or a tag"],
  [r('error.paimon.write.noSnapshot', { subsystem: 'paimon rollback' }), 'paimon rollback: the table has no snapshot'],
  [r('error.paimon.ref.blank', { subsystem: 'paimon tag' }), 'paimon tag: the name must not be blank'],
  [r('error.paimon.ref.numeric', { subsystem: 'paimon branch', name: '42' }), "paimon branch: '42' is purely numeric and would be confused with a snapshot id"],
  [r('error.paimon.ref.fileName', { subsystem: 'paimon tag', name: 'a/b' }), "paimon tag: 'a/b' is not a valid file name"],
  [r('error.paimon.ref.main'), "paimon branch: 'main' is the default branch"],
  [r('error.paimon.write.needsPk', { subsystem: 'paimon upsert', kind: 'upsert' }), 'paimon upsert: upsert needs a primary-key table; this is an append table (only appends)'],
  [r('error.paimon.write.pkAppend'), 'paimon append: this is a primary-key table: use upsert (a row replaces the row of its key) or delete'],
  [r('error.paimon.write.deleteKey', { row: 2, column: 'id' }), 'paimon delete: row 2 has no value for the primary key column id'],
  [r('error.paimon.write.noRows', { subsystem: 'paimon append' }), 'paimon append: no rows given'],
  [r('error.paimon.write.columnType', { column: 'm', type: 'MAP' }), 'paimon write: column m has type MAP, which this writer cannot write'],
  [r('error.paimon.write.unknownColumn', { row: 1, column: 'x', columns: 'id, v' }), 'paimon write: row 1 has a column x the table does not have; its columns are: id, v'],
  [r('error.iceberg.pick.noSnapshot', { id: '7' }), 'iceberg cherry-pick: snapshot 7 does not exist'],
  [r('error.iceberg.pick.inHistory', { id: '7' }), "iceberg cherry-pick: snapshot 7 is already in main's history"],
  [r('error.iceberg.pick.picked', { id: '7', picked: '9' }), 'iceberg cherry-pick: snapshot 7 was already picked as 9'],
  [r('error.iceberg.pick.operation', { operation: 'delete' }),
    'iceberg cherry-pick: a delete snapshot can only be fast-forwarded onto its parent; re-applying supports append and dynamic partition overwrite snapshots'],
  [r('error.iceberg.expire.noSnapshot', { id: '7' }), 'iceberg expire: snapshot 7 does not exist'],
  [r('error.iceberg.expire.head', { id: '7', refs: 'main, audit' }), 'iceberg expire: snapshot 7 is still the head of main, audit'],
  [r('error.iceberg.refs.otherType', { name: 'audit', type: 'tag', snapshot: '7', wanted: 'branch' }), 'iceberg refs: audit is a tag (at snapshot 7), not a branch: nothing was removed'],
  [r('error.iceberg.commit.tagNotBranch', { name: 'v1' }), 'iceberg commit: v1 is a tag, not a branch'],
  [r('error.iceberg.commit.noMetadata', { storage: 'folder t' }), 'iceberg commit: no metadata/*.metadata.json under folder t'],
  [r('error.iceberg.rewrite.format', { format: 'orc', file: 'data/a.orc' }), 'iceberg rewrite: orc data files cannot be rewritten yet (data/a.orc)'],
  [r('error.iceberg.rewrite.rowCount', { file: 'data/a.parquet', rows: 3, recorded: '4' }), 'iceberg rewrite: data/a.parquet has 3 rows but its manifest entry says 4'],
  [r('error.iceberg.rewrite.eqColumn', { id: '5' }), 'iceberg rewrite: equality delete column 5 is not in the current schema'],
  [r('error.delta.write.deleteByKey'), 'delta delete: Delta deletes the rows matching a predicate (CLI: --where EXPR); it has no primary key to delete by'],
  [r('error.delta.write.updateNothing'), 'delta update: give at least one column to set'],
  [r('error.delta.write.noPredicate', { subsystem: 'delta delete' }), 'delta delete: give a predicate (WHERE)'],
  [r('error.delta.write.unknownColumn', { column: 'x' }), "delta update: unknown column 'x'"],
  [r('error.delta.write.readOnly', { storage: 'folder t' }), 'delta write: folder t is read-only'],
  [r('error.delta.restore.target'), 'delta restore: give a version or a time'],
  [r('error.delta.restore.newer', { version: '9', current: '4' }), 'delta restore: version 9 is newer than the current version 4'],
  [r('error.delta.restore.filesGone', { version: '2', count: 3, example: 'part-0.parquet' }),
    'delta restore: version 2 cannot be restored: 3 of its data files are gone (deleted by VACUUM?), e.g. part-0.parquet'],
  [r('error.delta.interval', { text: 'a week' }), "delta table: 'a week' is not an interval like 'interval 7 days'"],
  [r('error.delta.vacuum.retention', { hours: '1', tableHours: '168' }),
    "delta vacuum: a retention of 1 hours is shorter than the table's delta.deletedFileRetentionDuration (168 hours): readers of recent versions could lose files"],
];

/** Latin words that may stand in Chinese text: format names and terms kept in English. */
const TERMS = /^(iceberg|paimon|delta|vacuum|lakescope|upsert|append|main|cherry|pick|manifest|schema|dynamic|partition|overwrite|where|expr|interval|days|deletedfileretentionduration|metadata|json)$/i;

describe('en-errors7 / zh-errors7', () => {
  catalogSampleChecks(enErrors7, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+]+/, allowed: (w, next) => TERMS.test(w) || TERMS.test(next) });

  it('a Paimon tag or branch name the app refuses says why in Chinese, the name apart', () => {
    const caught = (f: () => unknown) => { try { f(); } catch (e) { return e as LakeError; } throw new Error('no error'); };
    const e = caught(() => checkRefName('2024', 'tag'));
    expect(e.message).toBe("paimon tag: '2024' is purely numeric and would be confused with a snapshot id");
    expect(errorText(e.ref!)).toBe(e.message);
    expect(errorText(e.ref!, zh)).toBe("paimon tag：'2024' 全是数字，会与快照 id 混淆");
  });
});
