/**
 * History from commitInfo (operation, parameters, engine, metrics into the summary) and the schema
 * history (one entry per metaData that changed the schema, logical and physical names).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../../testing/fixtures.ts';
import { openDeltaTable } from '../index.ts';
import { metaDataAction, syntheticTable } from '../test-support.test-helper.ts';

describe.skipIf(!FIXTURES_PRESENT)('delta versions and schemas', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('a DELETE commit: parameters, metrics, engine, read version, parent', async () => {
    const table = await openDeltaTable(new FsStorage(join(FIXTURES_DIR, 'delta', 'table-with-dv-small'), { readOnly: true }));
    const [v0, v1] = await table.versions();
    expect(v0).toMatchObject({ id: '0', operation: 'WRITE', isCurrent: false, refs: [] });
    expect(v0!.parentId).toBeUndefined();
    expect(v1).toMatchObject({ id: '1', parentId: '0', operation: 'DELETE', timestampMs: 1677811194429, isCurrent: true });
    expect(v1!.summary).toMatchObject({
      'parameter.predicate': '["(spark_catalog.delta.`/tmp/table-with-dv-small`.value IN (0, 9))"]',
      'metric.numDeletedRows': '2', 'metric.numDeletionVectorsAdded': '1', engineInfo: 'Databricks-Runtime/<unknown>',
      readVersion: '0', isolationLevel: 'WriteSerializable', commitFile: '_delta_log/00000000000000000001.json',
    });
  });

  it('column mapping: schema columns carry ids and physical names', async () => {
    const table = await openDeltaTable(new FsStorage(join(FIXTURES_DIR, 'delta', 'table_with_column_mapping'), { readOnly: true }));
    const [s] = await table.schemas();
    expect(s!.columns.map((c) => [c.id, c.name, c.type, c.doc])).toEqual([
      [1, 'Company Very Short', 'string', 'physical name col-173b4db9-b5ad-427f-9e75-516aae37fbbb'],
      [2, 'Super Name', 'string', 'physical name col-3877fd94-0973-4941-ac6b-646849a1ff65'],
    ]);
    expect((await table.partitionSpecs())[0]!.fields.map((f) => f.name)).toEqual(['Company Very Short']);
  });
});

describe('schema history', () => {
  it('lists each schema once, by the version that set it; a metaData that keeps the schema adds none', async () => {
    const p = { protocol: { minReaderVersion: 1, minWriterVersion: 2 } };
    const table = await openDeltaTable(await syntheticTable([
      { actions: [p, metaDataAction([{ name: 'a', type: 'integer' }])] },
      { actions: [metaDataAction([{ name: 'a', type: 'integer' }], [], { 'delta.appendOnly': 'true' })] },
      { actions: [metaDataAction([{ name: 'a', type: 'integer' }, { name: 'b', type: 'string' }])] },
    ]));
    const schemas = await table.schemas();
    expect(schemas.map((s) => [s.schemaId, s.columns.map((c) => c.name), s.isCurrent])).toEqual([['0', ['a'], false], ['2', ['a', 'b'], true]]);
    expect((await table.plan({ version: '1' })).columns).toEqual(['a']);
    expect((await table.plan({})).columns).toEqual(['a', 'b']);
  });
});
