/**
 * History from commitInfo (operation, parameters, engine, metrics into the summary) and the schema
 * history (one entry per metaData that changed the schema, logical and physical names).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../../testing/fixtures.ts';
import { openDeltaTable } from '../index.ts';
import { memoryCopy, metaDataAction, syntheticTable } from '../test-support.test-helper.ts';

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
    // The partition source is named by its column-mapping id too.
    expect((await table.partitionSpecs())[0]!.fields.map((f) => [f.name, f.sourceIds])).toEqual([['Company Very Short', [1]]]);
  });

  it('without column mapping: no field ids (none made up from positions), partition sources by name only', async () => {
    const table = await openDeltaTable(new FsStorage(join(FIXTURES_DIR, 'delta-golden', 'time-travel-partition-changes-b', 'delta'), { readOnly: true }));
    const schemas = await table.schemas();
    for (const s of schemas) for (const c of s.columns) expect(c).not.toHaveProperty('id');
    expect((await table.partitionSpecs())[0]!.fields.map((f) => [f.name, f.sourceIds, f.sourceNames])).toEqual([['part2', [], ['part2']]]);
  });

  it('schema history: each version names the schema in effect at it (time-travel-schema-changes-b adds a column)', async () => {
    const table = await openDeltaTable(new FsStorage(join(FIXTURES_DIR, 'delta-golden', 'time-travel-schema-changes-b', 'delta'), { readOnly: true }));
    const schemas = await table.schemas();
    expect(schemas.map((s) => [s.schemaId, s.columns.map((c) => c.name), s.isCurrent])).toEqual([['0', ['id'], false], ['1', ['id', 'part'], true]]);
    expect((await table.versions()).map((v) => [v.id, v.schemaId])).toEqual([['0', '0'], ['1', '1']]);
  });

  it('schema history: a later version without a metaData action keeps the schema before it', async () => {
    const table = await openDeltaTable(new FsStorage(join(FIXTURES_DIR, 'delta-golden', 'log-replay-latest-metadata-protocol', 'delta'), { readOnly: true }));
    expect((await table.schemas()).map((s) => s.schemaId)).toEqual(['0', '1']);
    expect((await table.versions()).map((v) => [v.id, v.schemaId])).toEqual([['0', '0'], ['1', '1'], ['2', '1']]);
  });

  it('schema history: identity columns moving their high-water mark on every insert are one schema', async () => {
    // Every commit of checkpoint-v2-table rewrites metaData with a new delta.identity.highWaterMark.
    const table = await openDeltaTable(new FsStorage(join(FIXTURES_DIR, 'delta', 'checkpoint-v2-table'), { readOnly: true }));
    const schemas = await table.schemas();
    expect(schemas.map((s) => [s.schemaId, s.isCurrent])).toEqual([['0', true]]);
    expect(new Set((await table.versions()).map((v) => v.schemaId))).toEqual(new Set(['0']));
  });

  it('schema history of a log cleaned up to a checkpoint starts at its first commit, from the checkpoint', async () => {
    const root = join(FIXTURES_DIR, 'delta', 'checkpoint-v2-table');
    // Commits 0..5 removed: the log begins with checkpoint 6 and commit 6.
    const storage = await memoryCopy(root, (key) => /^_delta_log\/0+[0-5]\.(json|crc)$/.test(key));
    const table = await openDeltaTable(storage);
    const versions = await table.versions();
    expect(versions.map((v) => v.id)).toEqual(['6', '7', '8', '9']);
    expect((await table.schemas()).map((s) => s.schemaId)).toEqual(['6']);
    expect(versions.map((v) => v.schemaId)).toEqual(['6', '6', '6', '6']);
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
    expect((await table.versions()).map((v) => [v.id, v.schemaId])).toEqual([['0', '0'], ['1', '0'], ['2', '2']]);
    expect((await table.plan({ version: '1' })).columns).toEqual(['a']);
    expect((await table.plan({})).columns).toEqual(['a', 'b']);
  });
});
