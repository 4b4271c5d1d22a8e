/**
 * The messages of en-errors15.ts (Iceberg schema and partition-spec evolution refusals) render exactly the English
 * their throw sites wrote before they carried a reference, and zh-CN renders each in Chinese with the same data.
 * Every key has a sample here, so a new key cannot go untested. Real refusals: commit/evolution.test.ts.
 */
import { describe } from 'vitest';
import { enErrors15 } from './en-errors15.ts';
import { errorRef, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);
const schema = (key: string, params?: Record<string, unknown>) => r('error.iceberg.schemaChange', { message: r(key, params) });
const up = (key: string, params?: Record<string, unknown>) => r('error.iceberg.update', { message: r(key, params) });
const spec = (key: string, params?: Record<string, unknown>) => r('error.iceberg.specChange', { message: r(key, params) });

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [schema('error.iceberg.schemaChange.noStruct', { column: 'address' }), 'iceberg schema: no struct column address'],
  [schema('error.iceberg.schemaChange.notStruct', { column: 'id' }), 'iceberg schema: id is not a struct'],
  [schema('error.iceberg.schemaChange.exists', { column: 'name' }), 'iceberg schema: column name already exists'],
  [schema('error.iceberg.schemaChange.noColumn', { column: 'nope' }), 'iceberg schema: no column nope'],
  [schema('error.iceberg.schemaChange.promote', { column: 'score', from: 'float', to: 'int' }), 'iceberg schema: cannot promote score from float to int'],
  [schema('error.iceberg.schemaChange.identifier', { column: 'id' }), 'iceberg schema: id is an identifier field'],
  [schema('error.iceberg.schemaChange.partitionSource', { column: 'id' }), 'iceberg schema: id is a source of the current partition spec; evolve the spec first'],
  [schema('error.iceberg.schemaChange.sortOrder', { column: 'ts' }), 'iceberg schema: ts is used by the current sort order'],
  [schema('error.iceberg.schemaChange.unknownType', { type: '{"type":"set"}' }), 'iceberg schema: unknown type {"type":"set"}'],
  [spec('error.iceberg.specChange.noColumn', { column: 'nope' }), 'iceberg partition spec: no column nope'],
  [spec('error.iceberg.specChange.transform', { transform: 'bogus' }), 'iceberg partition spec: unknown transform bogus'],
  [spec('error.iceberg.specChange.exists', { name: 'id_bucket' }), 'iceberg partition spec: a field named id_bucket already exists'],
  [spec('error.iceberg.specChange.already', { column: 'id', transform: 'bucket[2]' }), 'iceberg partition spec: id is already partitioned by bucket[2]'],
  [spec('error.iceberg.specChange.noField', { name: 'nope' }), 'iceberg partition spec: no partition field nope'],
  [up('error.iceberg.update.integer', { value: 'x' }), 'iceberg commit: expected an integer, found x'],
  [up('error.iceberg.update.uuid', { current: 'a', uuid: 'b' }), 'iceberg commit: cannot reassign table uuid a to b'],
  [up('error.iceberg.update.noAddedSchema'), 'iceberg commit: set-current-schema -1 without an added schema'],
  [up('error.iceberg.update.noSchema', { id: 3 }), 'iceberg commit: schema 3 does not exist'],
  [up('error.iceberg.update.noAddedSpec'), 'iceberg commit: set-default-spec -1 without an added spec'],
  [up('error.iceberg.update.noSpec', { id: 2 }), 'iceberg commit: partition spec 2 does not exist'],
  [up('error.iceberg.update.noAddedOrder'), 'iceberg commit: set-default-sort-order -1 without an added order'],
  [up('error.iceberg.update.noOrder', { id: 1 }), 'iceberg commit: sort order 1 does not exist'],
  [up('error.iceberg.update.removeDefaultSpec'), 'iceberg commit: cannot remove the default partition spec'],
  [up('error.iceberg.update.removeCurrentSchema'), 'iceberg commit: cannot remove the current schema'],
  [up('error.iceberg.update.unknown', { action: 'frobnicate' }), 'iceberg commit: unknown update frobnicate'],
  [up('error.iceberg.update.downgrade', { from: 2, to: 1 }), 'iceberg commit: cannot downgrade format-version 2 to 1'],
  [up('error.iceberg.update.version', { version: 4 }), 'iceberg commit: format-version 4 is not supported for writing'],
  [up('error.iceberg.update.snapshotExists', { id: '7' }), 'iceberg commit: snapshot 7 already exists'],
  [up('error.iceberg.update.needsSequence'), 'iceberg commit: snapshot needs a sequence-number in v2+'],
  [up('error.iceberg.update.sequence', { id: '7', seq: '3', last: '4' }), 'iceberg commit: snapshot 7 has sequence number 3, not above last-sequence-number 4'],
  [up('error.iceberg.update.needsFirstRowId'), 'iceberg commit: v3 snapshot needs first-row-id'],
  [up('error.iceberg.update.needsAddedRows'), 'iceberg commit: v3 snapshot needs added-rows'],
  [up('error.iceberg.update.firstRowId', { id: '7', first: '10', next: '12' }), 'iceberg commit: snapshot 7 has first-row-id 10 below next-row-id 12'],
  [up('error.iceberg.update.refUnknown', { ref: 'audit', id: '9' }), 'iceberg commit: ref audit cannot point to unknown snapshot 9'],
  [up('error.iceberg.update.mainBranch'), 'iceberg commit: main must be a branch'],
];

/** Terms kept in English: spec field names and update actions. */
const KEPT = /^(iceberg|schema|struct|identifier|field|set|current|default|spec|sort|order|format|version|sequence|number|last|first|row|id|next|added|rows|uuid|main)$/i;

describe('en-errors15 / zh-errors15', () => {
  catalogSampleChecks(enErrors15, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+_]+/, allowed: (w, next) => KEPT.test(w) || KEPT.test(next) });
});
