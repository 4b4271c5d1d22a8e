/**
 * The sandbox's engine part over the real demo warehouse (public/demo): copying it (whole, or one table) into
 * another storage under the size limit, and what a real write through the table model did to the files —
 * for an Iceberg rollback and compaction, a Delta append and a Paimon compaction.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { listAll } from '../../io/storage.ts';
import { openTable } from '../open-table.ts';
import { prepareWrite } from '../table-writes.ts';
import type { Progress } from '../progress.ts';
import { copyKeys } from './copy-keys.ts';
import { tableKeys, writeEffect } from './write-effect.ts';

const DEMO = join(import.meta.dirname, '../../../../public/demo');
const demo = () => new FsStorage(DEMO, { readOnly: true });
beforeAll(() => installNodeParquetWasm());

async function keys(s: MemoryStorage | FsStorage, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for await (const o of listAll(s, { prefix })) out.push(o.key);
  return out;
}

describe('copyKeys', () => {
  it('copies every key under a prefix byte for byte, reporting progress per file', async () => {
    const target = new MemoryStorage('sandbox');
    const progress: Progress[] = [];
    const r = await copyKeys(demo(), target, { prefix: 'sales/orders/', onProgress: (p) => progress.push(p) });
    const src = await keys(demo(), 'sales/orders/');
    expect(await keys(target)).toEqual(src);
    expect(r.files).toBe(src.length);
    for (const k of src.slice(0, 20)) expect(await target.read(k)).toEqual(await demo().read(k));
    expect(progress.at(-1)).toMatchObject({ phase: 'copy', done: src.length, total: src.length, bytes: r.bytes });
  });

  it('refuses a prefix over the limit before writing anything, and stops on abort', async () => {
    const target = new MemoryStorage('sandbox');
    await expect(copyKeys(demo(), target, { limitBytes: 1000 })).rejects.toMatchObject({ code: 'Unsupported', message: expect.stringMatching(/^sandbox: .*over the sandbox limit/) });
    expect(await keys(target)).toEqual([]);
    const ac = new AbortController();
    const p = copyKeys(demo(), target, { signal: ac.signal, onProgress: (x) => { if (x.done === 3) ac.abort(); }, concurrency: 1 });
    await expect(p).rejects.toMatchObject({ code: 'Aborted' });
    expect((await keys(target)).length).toBeLessThan((await keys(demo())).length);
  });
});

/** Copies the whole demo into memory: a writable sandbox. */
async function sandbox(): Promise<MemoryStorage> {
  const s = new MemoryStorage('sandbox');
  await copyKeys(demo(), s);
  return s;
}

async function write(s: MemoryStorage, root: string, format: 'iceberg' | 'delta' | 'paimon', action: Parameters<typeof prepareWrite>[1]) {
  const before = await tableKeys(s, root);
  const table = await openTable(s, root, format);
  await (await prepareWrite(table, action)).apply();
  return { before, effect: await writeEffect(s, root, before) };
}

describe('writeEffect', () => {
  it('Iceberg rollback: one new metadata file, nothing deleted, current-snapshot-id changed in the diff', async () => {
    const s = await sandbox();
    const table = await openTable(s, 'sales/orders/', 'iceberg');
    const versions = await table.versions();
    const current = versions.find((v) => v.isCurrent)!;
    const target = versions.find((v) => v.id === current.parentId)!;
    const { before, effect } = await write(s, 'sales/orders/', 'iceberg', { kind: 'rollback', snapshotId: target.id });
    // The new metadata file and the version hint pointing at it (written by our writer for Hadoop-style readers).
    expect(effect.written.map((k) => k.key)).toEqual([expect.stringMatching(/^sales\/orders\/metadata\/v\d+\.metadata\.json$/), 'sales/orders/metadata/version-hint.text']);
    expect(before.some((k) => k.key === effect.written[0].key)).toBe(false);
    expect(effect.deleted).toEqual([]);
    const m = effect.metadata!;
    expect(m.kind).toBe('iceberg-metadata');
    expect(m.afterKey).toBe(effect.written[0].key);
    expect(m.beforeKey).toMatch(/v\d+\.metadata\.json$/);
    expect(m.lines.some((l) => l.op === '…')).toBe(true); // the unchanged schemas, snapshots … are folded
    expect(m.lines.flatMap((l) => l.op === '-' ? [l.text.trim()] : [])).toContain(`"current-snapshot-id": ${current.id},`);
    expect(m.lines.flatMap((l) => l.op === '+' ? [l.text.trim()] : [])).toContain(`"current-snapshot-id": ${target.id},`);
  });

  it('Iceberg compaction: new data files, a manifest list, manifests and a metadata file; a replace snapshot in the diff', async () => {
    const s = await sandbox();
    const { effect } = await write(s, 'sales/orders/', 'iceberg', { kind: 'compact' });
    const kinds = effect.written.map((k) => k.key.endsWith('.parquet') ? 'data' : k.key.endsWith('.metadata.json') ? 'metadata' : 'avro');
    expect(kinds).toContain('data');
    expect(kinds.filter((k) => k === 'metadata').length).toBe(1);
    expect(effect.metadata!.lines.some((l) => l.op === '+' && l.text.includes('"operation": "replace"'))).toBe(true);
  });

  it('Delta append: the new log entry (every line added) and its data file', async () => {
    const s = await sandbox();
    const table = await openTable(s, 'logistics/shipments/', 'delta');
    const { effect } = await write(s, 'logistics/shipments/', 'delta', { kind: 'append', rows: [{ shipment_id: 9n, shipped_at: '2025-03-22T10:00:00Z', region: 'north', carrier: 'x', weight_kg: 1, status: 'delivered' }] });
    expect(table.format).toBe('delta');
    const m = effect.metadata!;
    expect(m.kind).toBe('delta-log-entry');
    expect(m.afterKey).toMatch(/^logistics\/shipments\/_delta_log\/\d{20}\.json$/);
    expect(m.beforeKey).toBeUndefined();
    expect(m.lines.every((l) => l.op === '+')).toBe(true);
    expect(m.lines.some((l) => l.op === '+' && l.text.includes('"add"'))).toBe(true);
    expect(effect.written.some((k) => k.key.endsWith('.parquet'))).toBe(true);
  });

  it('Paimon compaction: a new snapshot file diffed against the previous one (commitKind COMPACT), LATEST rewritten', async () => {
    const s = await sandbox();
    const { effect } = await write(s, 'inventory/stock/', 'paimon', { kind: 'compact' });
    const m = effect.metadata!;
    expect(m).toMatchObject({ kind: 'paimon-snapshot', beforeKey: 'inventory/stock/snapshot/snapshot-10', afterKey: 'inventory/stock/snapshot/snapshot-11' });
    expect(m.lines.some((l) => l.op === '+' && l.text.includes('"commitKind": "COMPACT"'))).toBe(true);
    expect(effect.written.map((k) => k.key)).toContain('inventory/stock/snapshot/LATEST');
    expect(effect.written.some((k) => k.key.endsWith('.parquet'))).toBe(true);
  });
});
