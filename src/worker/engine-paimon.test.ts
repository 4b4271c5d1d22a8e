/**
 * Paimon calls through the real worker protocol on temp copies of the Paimon fixtures: the LSM view,
 * refs, and the writes by clicks (tag, rollback as latest with undo, destructive rollback behind a
 * typed confirmation, Conflict on a stale preview).
 */
import { cpSync, existsSync, mkdtempSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../testing/fixtures.ts';
import { type EngineHandlers, createEngine } from './engine.ts';
import type { WriteResultDto } from './engine-writes-dto.ts';
import { errorText } from '../core/messages/message-parts.ts';
import { zh } from '../core/messages/zh.ts';
import { type Endpoint, connectRpc, serveRpc } from './rpc.ts';

/** The action an Undo prepares (fails the test when there is none). */
function undoOp(undo: WriteResultDto['undo']) {
  if (!undo) throw new Error('expected an undo');
  return undo.request.action;
}

beforeAll(() => installNodeParquetWasm());
let cleanups: (() => void)[] = [];
afterEach(() => { for (const c of cleanups.reverse()) c(); cleanups = []; });

function setupCopy(fixture: string) {
  const dir = mkdtempSync(join(tmpdir(), 'lakescope-paimon-'));
  cpSync(join(FIXTURES_DIR, fixture), join(dir, fixture), { recursive: true });
  const engine = createEngine(async () => new FsStorage(dir));
  const { port1, port2 } = new MessageChannel();
  const stop = serveRpc(port2 as unknown as Endpoint, engine);
  const conn = connectRpc<EngineHandlers>(port1 as unknown as Endpoint);
  cleanups.push(() => { stop(); conn.close(); port1.close(); port2.close(); rmSync(dir, { recursive: true, force: true }); });
  return { client: conn.client, root: `${fixture}/`, dir };
}

type Client = ReturnType<typeof setupCopy>['client'];

async function rows(client: Client, tableId: string, version: string): Promise<number> {
  const c = await client.openRows({ tableId, version });
  return (await client.readRows({ cursorId: c.cursorId, offset: 0, limit: 1000 })).rows.length;
}

describe.skipIf(!FIXTURES_PRESENT)('Paimon calls through the worker protocol', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  const name = 'paimon/pk_mor_pk_table_scan_and_read_mor';
  const fx = listFixtures('paimon').find((f) => f.name === name)!;

  it('LSM view per partition and bucket, at the current and an older version', async () => {
    const { client, root } = setupCopy('paimon/pk_dv_partitioned_pk_09');
    const { warehouseId } = await client.connect({ kind: 'url', url: 'x' });
    const now = await client.paimonLsm({ warehouseId, root });
    expect(now.primaryKey).toBe(true);
    expect(now.snapshotId).toBe('8');
    expect([...new Set(now.buckets.map((b) => b.partition))].sort()).toEqual(['f1=10', 'f1=20']);
    for (const b of now.buckets) {
      expect(b.levels.length).toBeGreaterThan(0);
      for (const l of b.levels) for (const f of l.files) expect(BigInt(f.minSequenceNumber) <= BigInt(f.maxSequenceNumber)).toBe(true);
      expect(b.nextCompaction).toMatch(/sorted run/);
    }
    expect(now.explanations.fullCompaction).toMatch(/Full compaction/);
    const older = await client.paimonLsm({ warehouseId, root, version: '3' });
    expect(older.snapshotId).toBe('3');
    const one = await client.paimonLsm({ warehouseId, root, partition: 'f1=10' });
    expect(one.buckets.every((b) => b.partition === 'f1=10')).toBe(true);
    const refs = await client.paimonRefs({ warehouseId, root });
    expect(refs).toMatchObject({ tags: expect.any(Array), branches: expect.any(Array), consumers: expect.any(Array) });
  });

  it('rollback as latest: a new OVERWRITE snapshot reading the target, nothing deleted; undo rolls forward again', async () => {
    const { client, root } = setupCopy(name);
    const { warehouseId } = await client.connect({ kind: 'url', url: 'x' });
    const target = fx.expected.versions[1];
    const preview = await client.prepareWrite({ warehouseId, root, format: 'paimon', action: { kind: 'rollback', snapshotId: target.id } });
    // A primary-key table: totalRecordCount counts rows in data files before merging by key.
    expect(preview.before.rowsBasis).toBe('before merging by primary key');
    expect(preview.before.rowsLive).toBeUndefined();
    expect(preview).toMatchObject({ format: 'paimon', operation: 'rollback-as-latest', deletes: [], noop: false });
    expect(preview.description).toMatch(/without deleting anything/);
    expect(preview.writes.map((w) => w.key)).toContain('snapshot/snapshot-6');
    const r = await client.applyOp({ opId: preview.opId });
    expect(r.currentAfter).toBe('6');
    const t = await client.openTable({ warehouseId, root, format: 'paimon' });
    const cur = t.overview.versions.find((v) => v.isCurrent)!;
    expect(cur).toMatchObject({ id: '6', operation: 'OVERWRITE' });
    expect(await rows(client, t.tableId, '6')).toBe(target.rowCount);
    expect(r.undo?.request).toEqual({ action: { kind: 'rollback', snapshotId: '5' } });
    const undo = await client.prepareWrite({ warehouseId, root, format: 'paimon', action: undoOp(r.undo) });
    await client.applyOp({ opId: undo.opId });
    const back = await client.openTable({ warehouseId, root, format: 'paimon' });
    expect(await rows(client, back.tableId, '7')).toBe(fx.expected.versions.find((v) => v.id === fx.expected.current)!.rowCount);
  });

  it('tags: create (undo deletes it), and a stale preview is a Conflict', async () => {
    const { client, root, dir } = setupCopy(name);
    const { warehouseId } = await client.connect({ kind: 'url', url: 'x' });
    const p = await client.prepareWrite({ warehouseId, root, format: 'paimon', action: { kind: 'tag', name: 'nightly', snapshotId: '2' } });
    expect(p.writes[0].key).toBe('tag/tag-nightly');
    const stale = await client.prepareWrite({ warehouseId, root, format: 'paimon', action: { kind: 'rollback', snapshotId: '1' } });
    const r = await client.applyOp({ opId: p.opId });
    expect(existsSync(join(dir, root, 'tag/tag-nightly'))).toBe(true);
    const t = await client.openTable({ warehouseId, root, format: 'paimon' });
    expect(t.overview.versions.find((v) => v.id === '2')!.refs).toContainEqual({ name: 'nightly', type: 'tag' });
    // A tag does not move the latest snapshot: the rollback previewed before it still applies.
    await client.applyOp({ opId: stale.opId });
    const stale2 = await client.prepareWrite({ warehouseId, root, format: 'paimon', action: { kind: 'rollback', snapshotId: '2' } });
    await client.applyOp({ opId: (await client.prepareWrite({ warehouseId, root, format: 'paimon', action: { kind: 'rollback', snapshotId: '3' } })).opId });
    await expect(client.applyOp({ opId: stale2.opId })).rejects.toMatchObject({ code: 'Conflict' });
    const del = await client.prepareWrite({ warehouseId, root, format: 'paimon', action: undoOp(r.undo) });
    expect(del.operation).toBe('delete-tag');
    await client.applyOp({ opId: del.opId });
    expect(existsSync(join(dir, root, 'tag/tag-nightly'))).toBe(false);
  });

  it('destructive rollback: lists what it deletes, refuses without the typed text, then deletes later snapshots', async () => {
    const { client, root, dir } = setupCopy(name);
    const { warehouseId } = await client.connect({ kind: 'url', url: 'x' });
    const p = await client.prepareWrite({ warehouseId, root, format: 'paimon', action: { kind: 'rollback-destructive', snapshotId: '3' } });
    expect(p.typedConfirmation).toBe('delete 2 snapshots');
    // Its warning and its own commit note carry their messages (issue 20): English as before, Chinese for zh-CN.
    expect(p.warnings[0]).toMatch(/^This cannot be undone: the deleted snapshots and their data files are gone\./);
    expect(errorText(p.warningMessages![0]!, zh)).toMatch(/^此操作无法撤销/);
    expect(p.concurrency).toMatch(/^Not one atomic step: LATEST moves back first/);
    expect(errorText(p.concurrencyMessage!, zh)).toMatch(/^这不是一个原子步骤/);
    expect(p.deletes.map((d) => d.key)).toEqual(expect.arrayContaining(['snapshot/snapshot-4', 'snapshot/snapshot-5']));
    expect(p.deletes.filter((d) => d.kind === 'data').every((d) => (d.bytes ?? 0) > 0)).toBe(true);
    await expect(client.applyOp({ opId: p.opId, confirmText: 'yes' })).rejects.toMatchObject({ code: 'DataInvalid' });
    expect(existsSync(join(dir, root, 'snapshot/snapshot-5'))).toBe(true);
    const p2 = await client.prepareWrite({ warehouseId, root, format: 'paimon', action: { kind: 'rollback-destructive', snapshotId: '3' } });
    const r = await client.applyOp({ opId: p2.opId, confirmText: p2.typedConfirmation });
    expect(r.undo).toBeUndefined();
    expect(existsSync(join(dir, root, 'snapshot/snapshot-5'))).toBe(false);
    const t = await client.openTable({ warehouseId, root, format: 'paimon' });
    expect(t.overview.versions.find((v) => v.isCurrent)?.id).toBe('3');
  });
});

describe.skipIf(!FIXTURES_PRESENT)('Paimon: an unreadable newest snapshot through the worker protocol', () => {
  it('the overview names it and says why writes are off; every prepare refuses with DataInvalid naming it', async () => {
    const name = 'paimon/pk_mor_pk_table_scan_and_read_mor';
    const fx = listFixtures('paimon').find((f) => f.name === name)!;
    const { client, root, dir } = setupCopy(name);
    const newest = fx.expected.versions.at(-1)!.id;
    truncateSync(join(dir, name, 'snapshot', `snapshot-${newest}`), 30);
    const { warehouseId } = await client.connect({ kind: 'url', url: 'x' });
    const opened = await client.openTable({ warehouseId, root, format: 'paimon' });
    expect(opened.overview.warnings?.join('\n')).toMatch(new RegExp(`the newest snapshot/snapshot-${newest} cannot be read`));
    expect(opened.overview.writeRefusal).toMatch(new RegExp(`^writes are refused: the newest snapshot/snapshot-${newest} cannot be read`));
    const first = fx.expected.versions[0].id;
    for (const op of [{ kind: 'tag', name: 'x', snapshotId: first }, { kind: 'rollback', snapshotId: first }, { kind: 'rollback-destructive', snapshotId: first }] as const) {
      await expect(client.prepareWrite({ warehouseId, root, format: 'paimon', action: op }), op.kind).rejects.toMatchObject({ code: 'DataInvalid', context: { file: `snapshot/snapshot-${newest}` } });
    }
    expect(existsSync(join(dir, name, 'tag'))).toBe(false);
  });
});
