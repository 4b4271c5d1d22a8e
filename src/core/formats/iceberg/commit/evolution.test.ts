import { describe, expect, it } from 'vitest';
import type { LakeError } from '../../../errors.ts';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { errorText } from '../../../messages/message-parts.ts';
import { zh } from '../../../messages/zh.ts';
import { parseWhere } from '../../../expr/parse.ts';
import { checkIntegrity, readRows } from '../../../../testing/iceberg-writer-fixtures.ts';
import { openIcebergTable } from '../table.ts';
import { appendRows } from './append.ts';
import { prepareCompaction } from './compaction.ts';
import { createTable } from './create-table.ts';
import { preparePartitionUpdate } from './partition-evolution.ts';
import { prepareSchemaUpdate } from './schema-evolution.ts';
import { loadTableState } from './table-state.ts';

const SCHEMA = {
  type: 'struct', fields: [
    { id: 1, name: 'id', required: true, type: 'int' },
    { id: 2, name: 'name', required: false, type: 'string' },
    { id: 3, name: 'score', required: false, type: 'float' },
    { id: 4, name: 'loc', required: false, type: { type: 'struct', fields: [{ id: 5, name: 'lat', required: false, type: 'double' }] } },
  ],
};

async function table(formatVersion: 1 | 2 | 3 = 2) {
  const storage = new MemoryStorage();
  await createTable(storage, { location: 'mem://t', schema: SCHEMA, formatVersion, partitionSpec: { fields: [{ name: 'id_bucket', transform: 'bucket[2]', 'source-id': 1 }] } });
  await appendRows(storage, [{ id: 1, name: 'a', score: 1.5, loc: { lat: 10 } }, { id: 2, name: 'b', score: null, loc: null }]);
  return storage;
}

describe('schema evolution', () => {
  it('add, rename, drop, promote and make-optional keep old data readable by field id', async () => {
    const storage = await table();
    const op = await prepareSchemaUpdate(storage, [
      { op: 'add-column', name: 'tags', type: { type: 'list', element: 'string' } },
      { op: 'add-column', name: 'loc.lon', type: 'double' },
      { op: 'rename-column', name: 'name', newName: 'label' },
      { op: 'promote-column', name: 'id', type: 'long' },
      { op: 'promote-column', name: 'score', type: 'double' },
      { op: 'make-optional', name: 'id' },
    ]);
    expect(op.preview.details).toMatchObject({ columns: ['id', 'label', 'score', 'loc', 'tags'], lastColumnId: 8 });
    await op.apply();
    let m = (await loadTableState(storage)).metadata;
    expect(m.currentSchemaId).toBe(1);
    expect(m.lastColumnId).toBe(8);
    await appendRows(storage, [{ id: 3n, label: 'c', score: 0.25, loc: { lat: 1, lon: 2 }, tags: ['x'] }]);
    expect(await readRows(storage)).toEqual([
      { id: 1, label: 'a', score: 1.5, loc: { lat: 10, lon: null }, tags: null },
      { id: 2, label: 'b', score: null, loc: null, tags: null },
      { id: 3, label: 'c', score: 0.25, loc: { lat: 1, lon: 2 }, tags: ['x'] },
    ]);
    await (await prepareSchemaUpdate(storage, [{ op: 'drop-column', name: 'score' }])).apply();
    expect((await readRows(storage) as Record<string, unknown>[]).map((r) => Object.keys(r))[0]).toEqual(['id', 'label', 'loc', 'tags']);
    m = (await loadTableState(storage)).metadata;
    expect(m.schemas.length).toBe(3);
    // a re-add gets a new id: old values of the dropped column do not come back
    await (await prepareSchemaUpdate(storage, [{ op: 'add-column', name: 'score', type: 'double' }])).apply();
    expect((await readRows(storage) as Record<string, unknown>[]).map((r) => r.score)).toEqual([null, null, null]);
    // compaction rewrites with the current schema and keeps the rows
    const rows = await readRows(storage);
    await (await prepareCompaction(storage, { targetFileSizeBytes: 1 << 20, minInputFiles: 1 })).apply();
    expect(await readRows(storage)).toEqual(rows);
  });

  it('refuses what the spec does not allow', async () => {
    const storage = await table();
    await expect(prepareSchemaUpdate(storage, [{ op: 'promote-column', name: 'score', type: 'int' }])).rejects.toThrow(/cannot promote score from float to int/);
    await expect(prepareSchemaUpdate(storage, [{ op: 'drop-column', name: 'id' }])).rejects.toThrow(/source of the current partition spec/);
    await expect(prepareSchemaUpdate(storage, [{ op: 'add-column', name: 'name', type: 'int' }])).rejects.toThrow(/already exists/);
    await expect(prepareSchemaUpdate(storage, [{ op: 'rename-column', name: 'nope', newName: 'x' }])).rejects.toThrow(/no column nope/);
    // each refusal in the reader's language too (issue 20), the column and types apart as data
    const zhOf = async (p: Promise<unknown>) => { const e = await p.catch((x: LakeError) => x) as LakeError; expect(errorText(e.ref!)).toBe(e.message); return errorText(e.ref!, zh); };
    expect(await zhOf(prepareSchemaUpdate(storage, [{ op: 'promote-column', name: 'score', type: 'int' }]))).toBe('iceberg schema：不能把 score 的类型从 float 提升为 int');
    expect(await zhOf(prepareSchemaUpdate(storage, [{ op: 'drop-column', name: 'id' }]))).toBe('iceberg schema：id 是当前分区规范的源列；请先演进分区规范');
    expect(await zhOf(prepareSchemaUpdate(storage, [{ op: 'rename-column', name: 'nope', newName: 'x' }]))).toBe('iceberg schema：没有列 nope');
    expect(await zhOf(preparePartitionUpdate(storage, [{ op: 'remove-field', name: 'nope' }]))).toBe('iceberg 分区规范：没有分区字段 nope');
    expect(await zhOf(preparePartitionUpdate(storage, [{ op: 'add-field', source: 'name', transform: 'bogus' }]))).toBe('iceberg 分区规范：未知的分区转换 bogus');
    // the previewed premise is checked at apply
    const op = await prepareSchemaUpdate(storage, [{ op: 'add-column', name: 'x', type: 'int' }]);
    await (await prepareSchemaUpdate(storage, [{ op: 'add-column', name: 'y', type: 'int' }])).apply();
    await expect(op.apply()).rejects.toThrow(/assert-current-schema-id failed/);
  });
});

describe('partition evolution', () => {
  for (const formatVersion of [1, 2] as const) {
    it(`v${formatVersion}: new data uses the new spec, old manifests keep theirs, pruning works across both`, async () => {
      const storage = await table(formatVersion);
      const op = await preparePartitionUpdate(storage, [{ op: 'remove-field', name: 'id_bucket' }, { op: 'add-field', source: 'name', transform: 'truncate[1]' }]);
      await op.apply();
      const m = (await loadTableState(storage)).metadata;
      expect(m.defaultSpecId).toBe(1);
      const spec = m.partitionSpecs.find((s) => s.specId === 1)!;
      expect(spec.fields.map((f) => [f.name, f.fieldId, f.transform.kind])).toEqual(formatVersion === 1
        ? [['id_bucket', 1000, 'void'], ['name_trunc', 1001, 'truncate']]
        : [['name_trunc', 1001, 'truncate']]);
      await appendRows(storage, [{ id: 7, name: 'zed' }, { id: 8, name: 'amy' }]);
      expect((await readRows(storage) as { id: number }[]).map((r) => r.id)).toEqual([1, 2, 7, 8]);
      const table2 = await openIcebergTable(storage);
      const plan = await table2.planScan({ filter: parseWhere("name = 'zed'") });
      expect(plan.tasks.map((t) => t.specId)).toEqual([1]); // the old spec's files are pruned by metrics, the other new one by partition
      // re-adding the old field gets its old id back
      await (await preparePartitionUpdate(storage, [{ op: 'add-field', source: 'id', transform: 'bucket[2]', name: 'id_bucket2' }])).apply();
      const spec2 = (await loadTableState(storage)).metadata.partitionSpecs.at(-1)!;
      expect(spec2.fields.find((f) => f.name === 'id_bucket2')?.fieldId).toBe(1000);
      await checkIntegrity(storage);
    });
  }
});
