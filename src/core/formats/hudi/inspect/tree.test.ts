/** The Hudi metadata tree on the MOR v9 fixture: timeline, partitions, file groups, slices, log blocks. */
import { describe, expect, it } from 'vitest';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import type { TreeNode } from '../../table-format.ts';
import { openHudiTable } from '../index.ts';
import { formatRef } from '../../../messages/en.ts';
import { zh } from '../../../messages/zh.ts';

const mor = () => listFixtures('hudi').find((f) => f.name === 'hudi/mor_v9_txns_simple_nometa')!;

describe.skipIf(!FIXTURES_PRESENT)('hudi tree', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('draws the timeline with each instant\'s requested action, state and completion time', async () => {
    const table = await openHudiTable(new FsStorage(mor().root, { readOnly: true }));
    const roots = await table.tree();
    expect(roots.map((n) => n.label)).toEqual(['hoodie.properties', 'timeline (13 instants)', 'region=apac', 'region=eu', 'region=us']);
    const instants = await table.tree({}, roots[1]!.id);
    expect(instants).toHaveLength(13);
    const compaction = instants.find((n) => n.details?.requestedTime === '20260307135839895')!;
    expect(compaction.details).toMatchObject({ action: 'commit', requestedAction: 'compaction', state: 'COMPLETED', completionTime: '20260307135840408' });
    expect(instants.find((n) => n.details?.requestedTime === '20260307135840454')!.details).toMatchObject({ action: 'replacecommit', requestedAction: 'clustering' });
  });

  it('goes down a file group\'s slice to its log blocks (type, instant, record count)', async () => {
    const table = await openHudiTable(new FsStorage(mor().root, { readOnly: true }));
    const v = { version: '20260307135835748' };
    const down = async (nodes: TreeNode[], label: string) => table.tree(v, nodes.find((n) => n.label.startsWith(label))!.id);
    const groups = await down(await table.tree(v), 'region=us');
    expect(groups.map((g) => g.label)).toEqual(['file group db2fca8f-03b7-4da7-b042-4b617ab79b9d-0']);
    const slices = await table.tree(v, groups[0]!.id);
    expect(slices.map((s) => s.label)).toEqual(['slice @20260307135827749 (latest: read)']);
    // Labels that are words carry a message: the same English, and Chinese for a zh-CN reader.
    expect([...groups, ...slices].map((n) => formatRef(n.labelMessage!, zh))).toEqual(['文件组 db2fca8f-03b7-4da7-b042-4b617ab79b9d-0', '文件片 @20260307135827749（最新：读取）']);
    expect([...groups, ...slices].every((n) => formatRef(n.labelMessage!) === n.label)).toBe(true);
    const files = await table.tree(v, slices[0]!.id);
    expect(files.map((f) => f.kind)).toEqual(['data-file', 'log-file', 'log-file']);
    const blocks = [...await table.tree(v, files[1]!.id), ...await table.tree(v, files[2]!.id)];
    expect(blocks.map((b) => [b.details?.type, b.details?.instant, b.details?.records])).toEqual([
      ['avro_data', '20260307135830801', 1],
      ['delete', '20260307135832616', 1],
    ]);
    expect(blocks[0]!.range).toEqual({ offset: 0, length: 2047 });
  });
});

describe.skipIf(!FIXTURES_PRESENT)('hudi timeline view (RFC-94 lanes)', () => {
  it('one lane per requested action; bars from requested to completion time; pending marked', async () => {
    const table = await openHudiTable(new FsStorage(mor().root, { readOnly: true }));
    const t = await table.timeline();
    expect(t.lanes).toEqual(['deltacommit', 'replacecommit', 'compaction', 'clustering']);
    expect(t.bars).toHaveLength(13);
    const compaction = t.bars.find((b) => b.lane === 'compaction')!;
    // Instant times are the writer's wall clock (UTC-6 here): 13:58:39.895 → 19:58:39.895Z; completed 13:58:40.408.
    expect([compaction.startMs, compaction.endMs, compaction.action]).toEqual([Date.UTC(2026, 2, 7, 19, 58, 39, 895), Date.UTC(2026, 2, 7, 19, 58, 40, 408), 'commit']);
    expect(t.bars.every((b) => !b.pending && b.endMs! >= b.startMs)).toBe(true);
  });
});
