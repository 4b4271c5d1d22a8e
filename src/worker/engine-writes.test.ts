/**
 * Writes by clicks through the real worker protocol (MessageChannel), on temp copies of Iceberg
 * fixtures: preview → apply → the explorer's table shows the new state → undo; apply at most once,
 * Conflict on a stale preview, progress while compacting, read-only storages refused.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Progress } from '../core/api/progress.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../testing/fixtures.ts';
import { type EngineHandlers, createEngine } from './engine.ts';
import { OpRegistry } from './engine-writes-dto.ts';
import { icebergUndo } from '../core/formats/iceberg/commit/write-model.ts';
import type { WriteResultDto } from './engine-writes-dto.ts';
import { type Endpoint, connectRpc, serveRpc } from './rpc.ts';

/** The action an Undo prepares (fails the test when there is none). */
function undoOp(undo: WriteResultDto['undo']) {
  if (!undo) throw new Error('expected an undo');
  return undo.request.action;
}

beforeAll(() => installNodeParquetWasm());
let cleanups: (() => void)[] = [];
afterEach(() => { for (const c of cleanups.reverse()) c(); cleanups = []; });

/** A warehouse folder in tmp holding a copy of `fixture` (`iceberg/<name>`), opened writable or not. */
function setupCopy(fixture: string, readOnly = false) {
  const dir = mkdtempSync(join(tmpdir(), 'lakescope-writes-'));
  cpSync(join(FIXTURES_DIR, fixture), join(dir, fixture), { recursive: true });
  const engine = createEngine(async () => new FsStorage(dir, { readOnly }));
  const { port1, port2 } = new MessageChannel();
  const stop = serveRpc(port2 as unknown as Endpoint, engine);
  const conn = connectRpc<EngineHandlers>(port1 as unknown as Endpoint);
  cleanups.push(() => { stop(); conn.close(); port1.close(); port2.close(); rmSync(dir, { recursive: true, force: true }); });
  return { client: conn.client, root: `${fixture}/`, dir };
}

async function rowCount(client: ReturnType<typeof setupCopy>['client'], tableId: string, version: string): Promise<number> {
  const c = await client.openRows({ tableId, version });
  const page = await client.readRows({ cursorId: c.cursorId, offset: 0, limit: 1000 });
  return page.rows.length;
}

describe('pure parts', () => {
  it('undo moves main back for snapshot-moving writes, removes new refs, and is absent otherwise', () => {
    expect(icebergUndo({ kind: 'rollback', snapshotId: '1' }, '3', '1')?.action).toEqual({ kind: 'set-current', snapshotId: '3' });
    expect(icebergUndo({ kind: 'compact' }, '3', '4')?.label).toContain('3');
    expect(icebergUndo({ kind: 'compact' }, '3', '3')).toBeUndefined();
    expect(icebergUndo({ kind: 'tag', name: ' v1 ', snapshotId: '1' }, '3', '3')?.action).toEqual({ kind: 'remove-ref', name: 'v1', refType: 'tag' });
    expect(icebergUndo({ kind: 'tag', name: 'v1', snapshotId: '1', replace: true }, '3', '3')).toBeUndefined();
    expect(icebergUndo({ kind: 'expire', retainLast: 1 }, '3', '3')).toBeUndefined();
  });

  it('the registry applies an id at most once and keeps a bounded number of previews', () => {
    const r = new OpRegistry();
    const op = { warehouseId: 'w1', root: 't/', preview: { format: 'iceberg', operation: 'x', description: '', writes: [], deletes: [], before: {}, after: {}, warnings: [], details: {}, concurrency: '', noop: false }, apply: async () => { throw new Error('unused'); } };
    const first = r.add(op);
    expect(r.take(first.opId)).toBe(op);
    expect(() => r.take(first.opId)).toThrow(/preview the operation again/);
    for (let i = 0; i < 20; i++) r.add(op);
    expect(r.size).toBe(16);
    r.forgetWarehouse('w1');
    expect(r.size).toBe(0);
  });
});

describe.skipIf(!FIXTURES_PRESENT)('Iceberg writes through the worker protocol', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  const name = 'iceberg/v2_java_position_and_equality_deletes';
  const fx = listFixtures('iceberg').find((f) => f.name === name)!;

  it('rollback: preview, apply, the open table answers for the new state, undo previews and restores it', async () => {
    const { client, root } = setupCopy(name);
    const { warehouseId } = await client.connect({ kind: 'url', url: 'x' });
    expect(await client.writeAccess({ warehouseId })).toMatchObject({ writable: true });
    const opened = await client.openTable({ warehouseId, root, format: 'iceberg' });
    const oldest = fx.expected.versions[0];
    const preview = await client.prepareWrite({ warehouseId, root, format: 'iceberg', action: { kind: 'rollback', snapshotId: oldest.id } });
    expect(preview).toMatchObject({ format: 'iceberg', operation: 'rollback', noop: false });
    // The oldest snapshot is a plain append: its summary's total-records is its row count.
    expect(preview.after.rows).toBe(String(oldest.rowCount));
    expect(preview.before.rows).toMatch(/^\d+$/);
    // The current snapshot has delete files: its summary counts rows before deletes; the target has none: live.
    expect(preview.before).toMatchObject({ rows: '22' });
    expect(preview.before.rowsLive).toBeUndefined();
    expect(preview.after.rowsLive).toBe(true);
    expect(preview.writes.map((w) => w.kind)).toEqual(['metadata']);
    expect(preview.concurrency).toMatch(/only if it does not exist/);

    const result = await client.applyOp({ opId: preview.opId });
    expect(result.currentAfter).toBe(oldest.id);
    expect(result.committedKey).toMatch(/metadata\/v6\.metadata\.json$/);
    await expect(client.applyOp({ opId: preview.opId })).rejects.toMatchObject({ code: 'NotFound' });

    const again = await client.openTable({ warehouseId, root, format: 'iceberg' });
    expect(again.tableId).toBe(opened.tableId);
    expect(again.overview.versions.find((v) => v.isCurrent)?.id).toBe(oldest.id);
    expect(await rowCount(client, again.tableId, oldest.id)).toBe(oldest.rowCount);

    expect(result.undo?.request).toEqual({ action: { kind: 'set-current', snapshotId: fx.expected.current } });
    const undo = await client.prepareWrite({ warehouseId, root, format: 'iceberg', action: undoOp(result.undo) });
    expect(undo.operation).toBe('set-current-snapshot');
    const undone = await client.applyOp({ opId: undo.opId });
    expect(undone.currentAfter).toBe(fx.expected.current);
    const back = await client.openTable({ warehouseId, root, format: 'iceberg' });
    expect(back.overview.versions.find((v) => v.isCurrent)?.id).toBe(fx.expected.current);
  });

  it('a preview made stale by another commit fails with Conflict and leaves the table as it was', async () => {
    const { client, root } = setupCopy(name);
    const { warehouseId } = await client.connect({ kind: 'url', url: 'x' });
    const [a, b] = [fx.expected.versions[0].id, fx.expected.versions[1].id];
    const first = await client.prepareWrite({ warehouseId, root, format: 'iceberg', action: { kind: 'rollback', snapshotId: a } });
    const second = await client.prepareWrite({ warehouseId, root, format: 'iceberg', action: { kind: 'rollback', snapshotId: b } });
    await client.applyOp({ opId: first.opId });
    await expect(client.applyOp({ opId: second.opId })).rejects.toMatchObject({ code: 'Conflict' });
    const now = await client.openTable({ warehouseId, root, format: 'iceberg' });
    expect(now.overview.versions.find((v) => v.isCurrent)?.id).toBe(a);
  });

  it('compaction reports byte progress, drops the file count, keeps the rows; expire needs its second confirmation to delete', async () => {
    const { client, root } = setupCopy(name);
    const { warehouseId } = await client.connect({ kind: 'url', url: 'x' });
    const preview = await client.prepareWrite({ warehouseId, root, format: 'iceberg', action: { kind: 'compact', targetFileSizeBytes: 64 * 1024 * 1024 } });
    expect(preview.noop).toBe(false);
    expect(preview.inputBytes).toBeGreaterThan(0);
    expect(preview.deletes.every((d) => d.bytes !== undefined && d.bytes > 0)).toBe(true);
    const events: Progress[] = [];
    const r = await client.applyOp({ opId: preview.opId }, { onProgress: (p) => events.push(p) });
    expect(events.length).toBeGreaterThan(0);
    expect(events.at(-1)!.bytes).toBeGreaterThan(0);
    expect(events.every((e) => e.total === preview.inputBytes)).toBe(true);
    const after = await client.openTable({ warehouseId, root, format: 'iceberg' });
    const cur = after.overview.versions.find((v) => v.isCurrent)!;
    expect(cur.operation).toBe('replace');
    expect(r.currentAfter).toBe(cur.id);
    expect(Number((await client.versionSummary({ tableId: after.tableId, versionId: cur.id }))['total-data-files'])).toBeLessThan(Number(preview.before.dataFiles));
    expect(await rowCount(client, after.tableId, cur.id)).toBe(15);

    const expire = await client.prepareWrite({ warehouseId, root, format: 'iceberg', action: { kind: 'expire', retainLast: 1 } });
    expect(expire.deletesNeedSecondConfirmation).toBe(true);
    expect(expire.deletes.length).toBeGreaterThan(0);
    const done = await client.applyOp({ opId: expire.opId });
    expect(done.deleted).toEqual([]);
    expect(done.undo).toBeUndefined();
  });

  it('a compaction over the page’s budget is previewed with the engine SQL, offers nothing to confirm and writes nothing', async () => {
    const { client, root } = setupCopy(name);
    const { warehouseId } = await client.connect({ kind: 'url', url: 'x' });
    const preview = await client.prepareWrite({ warehouseId, root, format: 'iceberg', action: { kind: 'compact', targetFileSizeBytes: 1000000 }, rewriteBudgetBytes: 100 });
    expect(preview.noop).toBe(true);
    expect(preview.overBudget?.budgetBytes).toBe(100);
    expect(preview.overBudget?.inputBytes).toBe(preview.inputBytes);
    expect(preview.overBudget?.engineSql?.statements[0]).toMatch(/^CALL <catalog>\.system\.rewrite_data_files\(table => '[^']+', options => map\('target-file-size-bytes', '1000000'\)\);$/);
    // A noop preview has nothing to apply (the page offers no Confirm); the core's apply would refuse too (rewrite-budget.test.ts).
    await expect(client.applyOp({ opId: preview.opId })).rejects.toMatchObject({ code: 'DataInvalid' });
    const now = await client.openTable({ warehouseId, root, format: 'iceberg' });
    expect(now.overview.versions.find((v) => v.isCurrent)?.id).toBe(fx.expected.current);
  });

  it('cancelling an apply aborts it with Aborted', async () => {
    const { client, root } = setupCopy(name);
    const { warehouseId } = await client.connect({ kind: 'url', url: 'x' });
    const preview = await client.prepareWrite({ warehouseId, root, format: 'iceberg', action: { kind: 'compact' } });
    const ac = new AbortController();
    // Cancel at the first progress event, i.e. while the worker is reading the input files.
    await expect(client.applyOp({ opId: preview.opId }, { signal: ac.signal, onProgress: () => ac.abort() })).rejects.toMatchObject({ code: 'Aborted' });
    // The worker stopped before its commit point or after it, never half-way: the table opens and reads.
    const now = await client.openTable({ warehouseId, root, format: 'iceberg' });
    const cur = now.overview.versions.find((v) => v.isCurrent)!;
    expect(await rowCount(client, now.tableId, cur.id)).toBe(15);
  });

  it('read-only storage: writeAccess says why, and prepare is Unsupported', async () => {
    const { client, root } = setupCopy(name, true);
    const { warehouseId } = await client.connect({ kind: 'url', url: 'x' });
    expect(await client.writeAccess({ warehouseId })).toMatchObject({ writable: false, reason: expect.stringContaining('read-only') });
    await expect(client.prepareWrite({ warehouseId, root, format: 'iceberg', action: { kind: 'compact' } })).rejects.toMatchObject({ code: 'Unsupported' });
  });

  it('bad input is DataInvalid before anything is read', async () => {
    const { client, root } = setupCopy(name);
    const { warehouseId } = await client.connect({ kind: 'url', url: 'x' });
    await expect(client.prepareWrite({ warehouseId, root, format: 'iceberg', action: { kind: 'rollback', snapshotId: 'abc' } })).rejects.toMatchObject({ code: 'DataInvalid' });
    await expect(client.prepareWrite({ warehouseId, root, format: 'iceberg', action: { kind: 'expire' } })).rejects.toMatchObject({ code: 'DataInvalid' });
    await expect(client.prepareWrite({ warehouseId, root, format: 'iceberg', action: { kind: 'compact', targetFileSizeBytes: -1 } })).rejects.toMatchObject({ code: 'DataInvalid' });
  });
});

describe.skipIf(!FIXTURES_PRESENT)('an unreadable newest metadata file through the worker protocol', () => {
  it('the overview names it and says why writes are off; prepare refuses with DataInvalid naming it', async () => {
    const name = 'iceberg/v2_spark_position_deletes';
    const { client, root, dir } = setupCopy(name);
    truncateSync(join(dir, name, 'metadata', 'v5.metadata.json'), 80);
    const { warehouseId } = await client.connect({ kind: 'url', url: 'x' });
    const opened = await client.openTable({ warehouseId, root, format: 'iceberg' });
    expect(opened.overview.warnings?.join('\n')).toMatch(/the newest metadata\/v5\.metadata\.json cannot be read/);
    expect(opened.overview.writeRefusal).toMatch(/^writes are refused: the newest metadata\/v5\.metadata\.json cannot be read/);
    const snapshot = opened.overview.versions[0].id;
    for (const op of [{ kind: 'tag', name: 'x', snapshotId: snapshot }, { kind: 'rollback', snapshotId: snapshot }, { kind: 'compact' }] as const) {
      await expect(client.prepareWrite({ warehouseId, root, format: 'iceberg', action: op }), op.kind).rejects.toMatchObject({ code: 'DataInvalid', context: { file: 'metadata/v5.metadata.json' } });
    }
    expect(readdirSync(join(dir, name, 'metadata'))).not.toContain('v6.metadata.json');
  });
});
