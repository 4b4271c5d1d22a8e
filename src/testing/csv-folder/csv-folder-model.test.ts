/**
 * A format defined only in this folder plugs into the UI's model at one place: the worker engine, given
 * one more reader, opens a csv-folder table through the real worker protocol, and what the table page
 * draws from — the overview (versions, schema, columns), the tabs for its format, the tree, paged rows of
 * any version and the scan explain — answers for it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import type { TableFormatName } from '../../core/api/dto.ts';
import { TABLE_READERS } from '../../core/api/table-formats.ts';
import { FsStorage } from '../../platform/node/fs-storage.ts';
import { tabsFor } from '../../ui/state/route.ts';
import { type EngineHandlers, createEngine } from '../../worker/engine.ts';
import { type Endpoint, connectRpc, serveRpc } from '../../worker/rpc.ts';
import { csvFolderFormat } from './csv-folder-format.ts';

const dir = mkdtempSync(join(tmpdir(), 'lakescope-csv-model-'));
mkdirSync(join(dir, 'people', 'csv-versions'), { recursive: true });
writeFileSync(join(dir, 'people', 'csv-versions', '1-1700000000000.csv'), 'id,name\n1,ada\n');
writeFileSync(join(dir, 'people', 'csv-versions', '2-1700000060000.csv'), 'id,name\n1,ada\n2,bob\n');
const channels: (() => void)[] = [];
afterAll(() => { for (const c of channels) c(); rmSync(dir, { recursive: true, force: true }); });

function engineWith(readers: Record<string, unknown>) {
  const engine = createEngine(async () => new FsStorage(dir, { readOnly: true }), undefined, { readers: readers as never });
  const { port1, port2 } = new MessageChannel();
  const stop = serveRpc(port2 as unknown as Endpoint, engine);
  const conn = connectRpc<EngineHandlers>(port1 as unknown as Endpoint);
  channels.push(() => { stop(); conn.close(); port1.close(); port2.close(); });
  return conn.client;
}

/** The format name is outside the built-in union: that is the point of the test. */
const CSV = 'csv-folder' as TableFormatName;

describe('a test-only format handed to the UI\'s model as one more reader', () => {
  it('opens through the worker protocol: overview, tabs, tree, rows of any version, explain', async () => {
    const engine = engineWith({ ...TABLE_READERS, [CSV]: csvFolderFormat });
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    const { tableId, overview } = await engine.openTable({ warehouseId, root: 'people/', format: CSV });
    expect(overview.format).toBe('csv-folder');
    expect(overview.versions.map((v) => [v.id, v.isCurrent])).toEqual([['1', false], ['2', true]]);
    expect(overview.columns).toEqual(['id', 'name']);
    expect(overview.schemas[0]!.columns.map((c) => c.name)).toEqual(['id', 'name']);

    expect(tabsFor(overview.format)).toEqual(['overview', 'tree', 'partitions', 'schema', 'files', 'data', 'query', 'raw', 'health']);

    const tree = await engine.tree({ tableId, version: '1' });
    expect(tree.map((n) => [n.kind, n.location])).toEqual([['data-file', 'people/csv-versions/1-1700000000000.csv']]);

    const cursor = await engine.openRows({ tableId, version: '1' });
    expect(cursor.versionId).toBe('1');
    const page = await engine.readRows({ cursorId: cursor.cursorId, offset: 0, limit: 100 });
    expect(page.done).toBe(true);
    expect(page.rows).toHaveLength(1);
    const current = await engine.openRows({ tableId });
    expect((await engine.readRows({ cursorId: current.cursorId, offset: 0, limit: 100 })).rows).toHaveLength(2);

    const explain = await engine.explain({ tableId });
    expect(explain.counts).toEqual({ files: { total: 2, matched: 1, skipped: 1 } });
  });

  it('without the reader the same table is Unsupported, as any format this build cannot read', async () => {
    const engine = engineWith({ ...TABLE_READERS });
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    await expect(engine.openTable({ warehouseId, root: 'people/', format: CSV })).rejects.toMatchObject({ code: 'Unsupported' });
  });
});
