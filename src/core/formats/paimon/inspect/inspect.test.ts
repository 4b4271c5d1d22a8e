/**
 * The inspection model on the fixtures: versions with commit details, schemas with field ids, the
 * lazily expanded metadata tree and the LSM view with its compaction prediction.
 */
import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../../table-format.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { FIXTURES_PRESENT, listFixtures } from '../../../../testing/fixtures.ts';
import { openPaimonTable, type PaimonTable } from '../index.ts';
import { nextCompactionText } from './lsm.ts';
import { formatRef } from '../../../messages/en.ts';
import { zh } from '../../../messages/zh.ts';

const open = (name: string) => openPaimonTable(new FsStorage(listFixtures('paimon').find((f) => f.name === `paimon/${name}`)!.root, { readOnly: true }));

async function walk(table: PaimonTable, version: string, id?: string, depth = 0, out: TreeNode[] = []): Promise<TreeNode[]> {
  for (const n of await table.tree({ version }, id)) {
    out.push(n);
    if (n.hasChildren && depth < 5) await walk(table, version, n.id, depth + 1, out);
  }
  return out;
}

describe.skipIf(!FIXTURES_PRESENT)('paimon inspection', () => {
  it('versions carry commit user, identifier, record counts and schema id', async () => {
    const table = await open('pk_dv_schema_evolution_pk_table_with_alter_table');
    const versions = await table.versions();
    expect(versions.map((v) => v.schemaId)).toEqual(['0', '0', '0', '0', '1', '1']);
    expect(versions[4]!).toMatchObject({ id: '5', parentId: '4', operation: 'APPEND', isCurrent: false });
    expect(versions[4]!.summary).toMatchObject({ commitUser: 'db09ab6b-6d64-4331-8edc-0d0b5500076b', commitIdentifier: '3', totalRecordCount: '12', deltaRecordCount: '2' });
    expect(versions[0]!.parentId).toBeUndefined();
  });

  it('schemas list every schema file with field ids and primary keys as identifier fields', async () => {
    const table = await open('pk_dv_schema_evolution_pk_table_with_alter_table');
    const schemas = await table.schemas();
    expect(schemas.map((s) => [s.schemaId, s.isCurrent])).toEqual([['0', false], ['1', true]]);
    expect(schemas[1]!.columns.map((c) => `${c.id}:${c.name}:${c.type}`)).toEqual(
      ['1:key1:INT NOT NULL', '7:k:STRING', '2:key_2:INT NOT NULL', '4:c:INT', '8:d:INT', '6:a:INT', '0:key0:INT NOT NULL', '9:e:INT']);
    expect(schemas[1]!.identifierFieldIds).toEqual([0, 1, 2]);
    expect(await table.partitionSpecs()).toEqual([{ specId: '0', isDefault: true, fields: [
      { name: 'key0', fieldId: 0, sourceIds: [0], sourceNames: ['key0'], transform: 'identity' },
      { name: 'key1', fieldId: 1, sourceIds: [1], sourceNames: ['key1'], transform: 'identity' }] }]);
    expect((await table.sortOrders())[0]!.fields.map((f) => f.sourceNames[0])).toEqual(['key_2']);
  });

  it('the tree reaches every manifest list, manifest, data file and deletion vector of a snapshot', async () => {
    const table = await open('pk_dv_partitioned_pk_09');
    const nodes = await walk(table, '8');
    const kinds = (k: string) => nodes.filter((n) => n.kind === k);
    expect(nodes[0]).toMatchObject({ kind: 'snapshot', label: 'snapshot-8 (COMPACT)', location: 'snapshot/snapshot-8' });
    expect(kinds('manifest-list').map((n) => n.label)).toEqual(['base manifest list', 'delta manifest list']);
    expect(kinds('deletion-vector').length).toBeGreaterThan(0);
    for (const dv of kinds('deletion-vector')) expect(dv.range!.length).toBeGreaterThan(8);
    expect(kinds('metadata-file').map((n) => n.location)).toEqual(['schema/schema-0']);
    const ids = nodes.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const n of nodes) expect(n.explanation.length).toBeGreaterThan(10);
    // Every live file of the LSM branch is a real key under the table root.
    const lsmFiles = nodes.filter((n) => n.id.startsWith('lsm-file'));
    expect(lsmFiles.map((n) => n.location).sort()).toEqual([
      'f1=10/bucket-0/data-2b672a79-68bb-447c-8f8d-b4764e29b391-1.parquet', 'f1=10/bucket-1/data-6d416200-c9db-49ff-bc27-79837bf1aaab-0.parquet',
      'f1=20/bucket-0/data-cf4e088c-c6e7-4812-bb97-196f6aff271c-0.parquet']);
    await expect(table.tree({ version: '8' }, 'bogus:1')).rejects.toMatchObject({ code: 'NotFound' });
    // The LSM node's label is words: English for the CLI, a message for the reader's language (issue 20).
    const lsm = kinds('lsm-level')[0]!;
    expect(lsm.label).toBe('LSM trees (live files by bucket and level)');
    expect(formatRef(lsm.labelMessage!, zh)).toBe('LSM 树（按桶和层级的存活文件）');
  });

  it('the LSM view shows levels, key and sequence ranges, and the compaction rule', async () => {
    const table = await open('pk_mor_pk_table_scan_and_read_mor');
    const v = await table.lsmView({ version: '5' }, 'f1=10', 1);
    expect(v.buckets).toHaveLength(1);
    const b = v.buckets[0]!;
    expect(b).toMatchObject({ partition: 'f1=10', bucket: 1, totalBuckets: 2, compactionTrigger: 5, numLevels: 6, sortedRuns: 4, compactionDue: false });
    expect(b.levels.map((l) => [l.level, l.files.length, l.sortedRuns])).toEqual([[0, 4, 4]]);
    // Level-0 files overlap and are ordered by sequence number: each flush carries later sequence numbers.
    expect(b.levels[0]!.files.map((f) => `${f.minSequenceNumber}-${f.maxSequenceNumber} ${f.minKey}..${f.maxKey}`)).toEqual([
      '0-4 ("Alex", 0)..("Tony", 0)', '5-5 ("Tony", 0)..("Tony", 0)', '6-8 ("Alex", 0)..("Skye", 0)', '9-11 ("Alex", 0)..("Skye2", 0)']);
    expect(b.nextCompaction).toMatch(/4 sorted runs \(4 level-0 files\) is below num-sorted-run.compaction-trigger = 5: .*1 more flush would/);
    const compacted = (await table.lsmView({ version: '5' }, 'f1=10', 0)).buckets[0]!;
    expect(compacted.levels.map((l) => l.level)).toEqual([5]);
    expect(v.explanations.fullCompaction).toMatch(/highest level/);
    const all = await table.lsmView({ version: '5' });
    expect(all.buckets.map((x) => `${x.partition}/${x.bucket}`)).toEqual(['f1=10/0', 'f1=10/1', 'f1=20/0']);
  });

  it('counts the rows each deletion vector removes, also without a recorded cardinality (Paimon 0.9)', async () => {
    const table = await open('pk_dv_partitioned_pk_09');
    const files = (await table.lsmView({ version: '7' })).buckets.flatMap((b) => b.levels.flatMap((l) => l.files));
    expect(files.filter((f) => f.deletedRows !== undefined).map((f) => [f.fileName.slice(5, 13) + f.fileName.slice(-10), f.deletedRows]).sort())
      .toEqual([['0f3a001e-0.parquet', '1'], ['0f3a001e-1.parquet', '1'], ['6d416200-0.parquet', '1']]);
  });

  it('predicts a compaction once the sorted runs reach the trigger', () => {
    const level = (n: number, files: number) => ({ level: n, files: Array.from({ length: files }, () => ({}) as never), sortedRuns: n === 0 ? files : 1, rowCount: '0', totalSize: 0 });
    expect(nextCompactionText([level(0, 4), level(5, 1)], 5, 5, 6, true, false)).toMatch(/^5 sorted runs \(4 level-0 files, level 5\) reach/);
    expect(nextCompactionText([level(0, 1)], 1, 5, 6, true, false)).toMatch(/4 more flushes/);
    expect(nextCompactionText([level(0, 2)], 2, 5, 6, true, true)).toMatch(/deletion vectors/);
    expect(nextCompactionText([level(0, 9)], 9, 5, 6, false, false)).toMatch(/^Append table/);
  });
});
