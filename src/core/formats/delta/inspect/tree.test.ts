/**
 * The log as a tree: checkpoint → sidecars → actions; commit → actions → deletion vector, each node with
 * its location, an explanation and a spec link; expanding a node costs only the file it names.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CountingStorage } from '../../../io/counting-storage.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../../testing/fixtures.ts';
import { openDeltaTable } from '../index.ts';
import { format, formatRef, messageRef } from '../../../messages/en.ts';
import { zh } from '../../../messages/zh.ts';

beforeAll(() => installNodeParquetWasm());
const root = (name: string) => join(FIXTURES_DIR, 'delta', name);

describe.skipIf(!FIXTURES_PRESENT)('delta tree', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('version 41 of basic-dv-with-checkpoint: checkpoint 40 and commit 41 → its add → the deletion vector', async () => {
    const s = new CountingStorage(new FsStorage(root('basic-dv-with-checkpoint'), { readOnly: true }));
    const table = await openDeltaTable(s);
    const roots = await table.tree({ version: '41' });
    expect(roots.map((n) => [n.kind, n.label, n.location])).toEqual([
      ['checkpoint', 'checkpoint 40 (classic)', '_delta_log/00000000000000000040.checkpoint.parquet'],
      ['commit', 'commit 41', '_delta_log/00000000000000000041.json'],
    ]);
    for (const n of roots) {
      expect(n.explanation.length).toBeGreaterThan(40);
      expect(String(n.details?.spec)).toMatch(/^https:\/\/github\.com\/delta-io\/delta\/blob\/master\/PROTOCOL\.md#/);
    }
    const actions = await table.tree({ version: '41' }, roots[1]!.id);
    expect(actions.map((n) => n.kind)).toEqual(['metadata-file', 'data-file', 'delete-file']);
    expect(actions[0]!.label).toBe('commitInfo DELETE');
    const add = actions[1]!;
    expect(add.location).toBe('part-00001-c94c50bd-c7bb-4c0d-b6cb-958707d77d01-c000.snappy.parquet');
    expect(add.hasChildren).toBe(true);
    s.reset();
    const [dv] = await table.tree({ version: '41' }, add.id);
    expect(dv!.kind).toBe('deletion-vector');
    expect(dv!.location).toMatch(/^deletion_vector_[0-9a-f-]{36}\.bin$/);
    // The label is words: English for the CLI, a message for the reader's language.
    expect(dv!.label).toMatch(/^deletion vector \(\d+ rows deleted, (inline|relative path|absolute path)\)$/);
    expect(formatRef(dv!.labelMessage!)).toBe(dv!.label);
    expect(formatRef(dv!.labelMessage!, zh)).toMatch(/^删除向量（删除 \d+ 行，(内联|相对路径|绝对路径)）$/);
    expect(dv!.range).toEqual({ offset: 1, length: Number(dv!.details!.sizeInBytes) + 8 });
    expect(s.counts.read).toBe(0); // the commit is cached; the DV node needs no read
  });

  it('the checkpoint of a V2 table lists its sidecar, whose actions are the live files', async () => {
    const table = await openDeltaTable(new FsStorage(root('checkpoint-v2-table'), { readOnly: true }));
    const [cp] = await table.tree();
    expect(cp!.label).toBe('checkpoint 8 (uuid)');
    // A label that has words carries its message: the same English, Chinese for a zh-CN reader.
    expect(formatRef(cp!.labelMessage!)).toBe(cp!.label);
    expect(formatRef(cp!.labelMessage!, zh)).toBe('checkpoint 8（uuid）');
    expect(formatRef(messageRef('tree.delta.checkpointLabel', { version: '20', naming: 'multi-part', parts: 3 }), zh)).toBe('checkpoint 20（multi-part，共 3 个分片）');
    expect(format('tree.delta.checkpointLabel', { version: '20', naming: 'multi-part', parts: 3 })).toBe('checkpoint 20 (multi-part, 3 parts)');
    const children = await table.tree({}, cp!.id);
    const sidecar = children.find((n) => n.label.startsWith('sidecar '))!;
    expect(sidecar.location).toBe('_delta_log/_sidecars/00000000000000000008.checkpoint.0000000001.0000000001.d55fb2cb-b8d3-4362-8572-c52142a9da1f.parquet');
    expect(children.map((n) => n.label)).toEqual(expect.arrayContaining(['checkpointMetadata', 'protocol', 'metaData']));
    const files = await table.tree({}, sidecar.id);
    expect(files).toHaveLength(7);
    expect(files.every((n) => n.kind === 'data-file' && n.label.startsWith('add '))).toBe(true);
  });

  it('an unknown node id is NotFound', async () => {
    const table = await openDeltaTable(new FsStorage(root('table-with-dv-small'), { readOnly: true }));
    await expect(table.tree({}, 'nonsense:1')).rejects.toMatchObject({ code: 'NotFound' });
  });
});
