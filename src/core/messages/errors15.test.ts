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
];

describe('en-errors15 / zh-errors15', () => {
  catalogSampleChecks(enErrors15, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+_]+/, allowed: (w, next) => /^(iceberg|schema|struct|identifier|field)$/i.test(w) || /^(iceberg|schema|struct|identifier|field)$/i.test(next) });
});
