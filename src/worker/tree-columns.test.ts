import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../core/formats/table-format.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, type FixtureFormat, listFixtures } from '../testing/fixtures.ts';
import { openTable } from '../core/api/open-table.ts';
import { packTreeNodes, TreeNodeColumns } from './tree-columns.ts';

/** Every node of `nodes` read back from its columns, field by field and whole. */
function expectRoundTrip(nodes: readonly TreeNode[]): void {
  const cols = new TreeNodeColumns(packTreeNodes(nodes));
  expect(cols.length).toBe(nodes.length);
  nodes.forEach((n, i) => {
    expect(cols.id(i)).toBe(n.id);
    expect(cols.label(i)).toBe(n.label);
    expect(cols.hasChildren(i)).toBe(n.hasChildren);
    expect(cols.hasLabelMessage(i)).toBe(n.labelMessage !== undefined);
    expect(cols.at(i)).toEqual(n);
  });
}

describe('tree columns', () => {
  const n = (id: string, more: Partial<TreeNode> = {}): TreeNode => ({ id, kind: 'data-file', label: id.split('/').pop()!, explanation: '', hasChildren: false, ...more });

  it('carry hostile values exactly: quotes, separators, lone surrogates, empty strings, non-finite numbers, -0', () => {
    const nodes = [
      n('file:s3://b/a "quoted" \\ back\\slash/\u0001sep/x.parquet', { details: { partition: 'p=\u2028\u0000', seq: '12345678901234567890' } }),
      n('', { label: '', hasChildren: true }),
      n('file:lone \ud800 surrogate/\udfff.parquet', { message: { key: 'tree.iceberg.dataFile', params: { fileFormat: 'parquet', records: '1', partition: '', manifest: 'm "1".avro', deleted: false } } }),
      n('file:a/b.parquet', { size: Number.NaN, range: { offset: 0, length: Infinity } }),
      n('file:a/c.parquet', { size: -0, details: { x: null, y: true, z: -1.5e300 } }),
      n('dv:a/d.puffin#4', { kind: 'deletion-vector', label: 'DV for d', labelMessage: { key: 'tree.iceberg.dataFile', params: { fileFormat: 'puffin', records: '3', partition: 'p=1', manifest: 'm.avro', deleted: true } } }),
      n('file:日本語/ファイル.parquet'),
    ];
    expectRoundTrip(nodes);
    const cols = new TreeNodeColumns(packTreeNodes(nodes));
    expect(Object.is(cols.at(4)!.size, -0)).toBe(true);
    expect(cols.at(3)!.size).toBeNaN();
    expect([cols.at(-1), cols.at(7), cols.at(0.5)]).toEqual([undefined, undefined, undefined]);
    // A node is a new object per read (the tree keeps the rows it shows).
    expect(cols.at(0)).not.toBe(cols.at(0));
  });

  it('an empty level and a level of 100,000 nodes', () => {
    expect(new TreeNodeColumns(packTreeNodes([])).length).toBe(0);
    const many = Array.from({ length: 100_000 }, (_, i) => n(`file:t/data/part=${i % 7}/f-${i}.parquet`, { size: i, details: { status: 'added' } }));
    const cols = new TreeNodeColumns(packTreeNodes(many));
    expect(cols.at(99_999)).toEqual(many[99_999]);
    expect(cols.id(54_321)).toBe(many[54_321]!.id);
  });
});

describe.skipIf(!FIXTURES_PRESENT)('tree columns carry every fixture\'s tree exactly', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  const formats: FixtureFormat[] = ['iceberg', 'paimon', 'delta', 'hudi'];
  for (const fx of formats.flatMap((f) => listFixtures(f))) {
    it(fx.name, async () => {
      const table = await openTable(new FsStorage(FIXTURES_DIR, { readOnly: true }), relative(FIXTURES_DIR, fx.root), fx.format);
      // Every level, breadth-first, up to 200 levels (the fixtures have fewer).
      let ids: (string | undefined)[] = [undefined];
      let levels = 0;
      while (ids.length > 0 && levels < 200) {
        const next: string[] = [];
        for (const id of ids) {
          const nodes = await table.tree({}, id);
          expectRoundTrip(nodes);
          levels++;
          for (const x of nodes) if (x.hasChildren) next.push(x.id);
        }
        ids = next;
      }
      expect(levels).toBeGreaterThan(1);
    });
  }
});
