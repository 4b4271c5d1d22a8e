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
];

/** Latin words that may stand in Chinese text: format names and terms kept in English. */
const TERMS = /^(iceberg|paimon|vacuum|lakescope|upsert|append|main)$/i;

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
