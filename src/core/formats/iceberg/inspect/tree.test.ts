import { describe, expect, it } from 'vitest';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { openIcebergTable } from '../index.ts';

const open = (part: string) => openIcebergTable(new FsStorage(listFixtures('iceberg').find((f) => f.name.includes(part))!.root, { readOnly: true }));

describe.skipIf(!FIXTURES_PRESENT)('metadata tree', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  it('expands metadata file → manifest list → manifests → files and deletion vectors', async () => {
    const t = await open('v3_');
    const [root] = await t.tree();
    expect(root).toMatchObject({ id: 'metadata', kind: 'metadata-file', location: 'metadata/v3.metadata.json', hasChildren: true });
    expect(root.explanation).toContain('hdfs://localhost:20500/test-warehouse/iceberg_v3_deletion_vectors');
    const [list] = await t.tree(undefined, root.id);
    expect(list).toMatchObject({ kind: 'manifest-list', location: expect.stringMatching(/^metadata\/snap-3685752423136077685-/) });
    const manifests = await t.tree(undefined, list.id);
    expect(manifests.map((m) => m.details?.content)).toEqual(['data', 'deletes']);
    const dvs = await t.tree(undefined, manifests[1].id);
    expect(dvs.map((d) => [d.kind, d.range])).toEqual([['deletion-vector', { offset: 4, length: 42 }], ['deletion-vector', { offset: 46, length: 42 }]]);
    expect(dvs[0].location).toMatch(/^data\/.*-deletes\.puffin$/);
    const files = await t.tree(undefined, manifests[0].id);
    expect(files.map((f) => f.kind)).toEqual(Array(5).fill('data-file'));
    // An older version shows its own manifest list.
    const [oldList] = await t.tree({ version: '2700858159721908397' }, 'metadata');
    expect(oldList.location).toMatch(/snap-2700858159721908397-/);
  });

  it('labels partitions and delete files', async () => {
    const v1 = await open('v1_spark');
    const [list] = await v1.tree(undefined, 'metadata');
    const [m] = await v1.tree(undefined, list.id);
    const files = await v1.tree(undefined, m.id);
    expect(files[0].explanation).toMatch(/^A parquet data file with 1 row in partition event_time_hour=2020-01-01-08\/action=view/);
    const java = await open('v2_java');
    const [jl] = await java.tree(undefined, 'metadata');
    const jm = await java.tree(undefined, jl.id);
    const deletes = (await Promise.all(jm.filter((x) => x.details?.content === 'deletes').map((x) => java.tree(undefined, x.id)))).flat();
    expect(deletes.map((d) => d.kind)).toEqual(['delete-file', 'delete-file']);
    expect(deletes.map((d) => d.explanation).join(' ')).toMatch(/equality delete file/);
    await expect(java.tree(undefined, 'manifest:nope')).rejects.toThrow(/not in the chosen snapshot/);
  });
});
