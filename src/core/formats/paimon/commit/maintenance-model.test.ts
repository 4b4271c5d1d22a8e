/** Compaction and expiration through the table model: preview, apply as previewed, second confirmation, undo. */
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { PaimonTable } from '../table.ts';
import { rowsOf } from './fixture-copies.test-support.ts';
import { errorText } from '../../../messages/message-parts.ts';
import { zh } from '../../../messages/zh.ts';

beforeAll(() => installNodeParquetWasm());
const temps: string[] = [];
afterEach(() => { for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true }); });

async function written(): Promise<{ dir: string; table: PaimonTable }> {
  const dir = mkdtempSync(join(tmpdir(), 'paimon-maint-'));
  temps.push(dir);
  const table = await PaimonTable.create(new FsStorage(dir), { columns: [{ name: 'k', type: 'INT' }, { name: 'v', type: 'STRING' }], primaryKeys: ['k'], buckets: 2 });
  await table.writeRows('upsert', [{ k: 1, v: 'a' }, { k: 2, v: 'b' }, { k: 3, v: 'c' }]);
  await table.writeRows('upsert', [{ k: 2, v: 'B' }, { k: 4, v: 'd' }]);
  await table.writeRows('delete', [{ k: 3 }]);
  return { dir, table };
}

describe('paimon compact and expire through the table model', () => {
  it('compact: the preview names the merged files, apply merges exactly them into the top level, undo rolls back', async () => {
    const { table } = await written();
    const cap = (await table.capabilities()).find((c) => c.kind === 'compact')!;
    expect(cap).toMatchObject({ available: true, action: { kind: 'compact', strategy: 'full' } });
    const rows = await rowsOf(table);
    const p = await table.prepare(cap.action!);
    expect(p.noop).toBe(false);
    const lsm = await table.lsmView();
    expect(p.preview.deletes.map((d) => d.key).sort()).toEqual(lsm.buckets.flatMap((b) => b.levels.flatMap((l) => l.files.map((f) => f.key))).sort());
    const applied = await p.apply();
    expect(applied.currentAfter).toBe('4');
    expect(await rowsOf(table)).toBe(rows);
    expect((await table.lsmView()).buckets.every((b) => b.levels.length === 1 && b.levels[0]!.level === 5)).toBe(true);
    expect((await table.prepare({ kind: 'compact', strategy: 'full' })).noop).toBe(true);
    await (await table.prepare(applied.undo!.action)).apply();
    expect((await table.lsmView()).buckets.every((b) => b.levels.every((l) => l.level === 0))).toBe(true);
    expect(await rowsOf(table)).toBe(rows);
  });

  it('expire: snapshots go on apply; their files and old orphans only with the second confirmation; rows kept', async () => {
    const { dir, table } = await written();
    await table.compact({ strategy: 'full' });
    const rows = await rowsOf(table);
    // A stray data file from a lost commit, two days old: an orphan.
    mkdirSync(join(dir, 'bucket-0'), { recursive: true });
    writeFileSync(join(dir, 'bucket-0', 'data-lost-0.parquet'), 'x');
    const old = (Date.now() - 2 * 86_400_000) / 1000;
    utimesSync(join(dir, 'bucket-0', 'data-lost-0.parquet'), old, old);
    writeFileSync(join(dir, 'bucket-0', 'data-fresh-0.parquet'), 'x');

    const p = await table.prepare({ kind: 'expire', retainLast: 1, olderThanMs: Date.now() + 60_000 });
    expect(p.deletesNeedSecondConfirmation).toBe(true);
    expect(p.preview.details).toMatchObject({ expired: ['1', '2', '3'], earliestRetained: '4' });
    const keys = p.preview.deletes.map((d) => d.key);
    expect(keys).toContain('bucket-0/data-lost-0.parquet');
    expect(keys).not.toContain('bucket-0/data-fresh-0.parquet');
    const dataFiles = keys.filter((k) => /^bucket-\d\/data-[0-9a-f]{8}-/.test(k));
    expect(dataFiles.length).toBeGreaterThan(0); // the level-0 files the compaction replaced
    // Notes and the warning carry their messages (issue 20): English as before, Chinese for zh-CN.
    const lost = p.preview.deletes.find((d) => d.key === 'bucket-0/data-lost-0.parquet')!;
    expect(lost.note).toBe('orphan: no snapshot, tag or branch references it (older than a day); deleted only after the second confirmation');
    expect(errorText(lost.noteMessage!, zh)).toMatch(/^孤儿文件/);
    expect(p.preview.writes.map((w) => [w.note, errorText(w.noteMessage!, zh)])).toEqual([['points at 4', '指向 4']]);
    expect(p.preview.warnings).toEqual(['Files are deleted only when you confirm a second time; otherwise they stay as orphans, reported by the next expire.']);
    expect(p.preview.warningMessages!.map((m) => errorText(m, zh))).toEqual(['只有在你第二次确认后才会删除文件；否则它们作为孤儿文件保留，下一次 expire 时会再列出。']);
    for (const d of p.preview.deletes) expect(errorText(d.noteMessage!), d.key).toBe(d.note);

    const first = await p.apply();
    expect(first.deleted.map((d) => d.key)).toEqual(['snapshot/snapshot-1', 'snapshot/snapshot-2', 'snapshot/snapshot-3']);
    for (const k of dataFiles) expect(existsSync(join(dir, k))).toBe(true);
    expect(await rowsOf(table)).toBe(rows);

    // Next time the two-day-old stray goes; what the first apply left is unreferenced but younger than a day (it could be a commit in flight): kept.
    const again = await table.prepare({ kind: 'expire', retainLast: 1, olderThanMs: Date.now() + 60_000 });
    await again.apply({ deleteFiles: true });
    expect(existsSync(join(dir, 'bucket-0/data-lost-0.parquet'))).toBe(false);
    for (const k of [...dataFiles, 'bucket-0/data-fresh-0.parquet']) expect(existsSync(join(dir, k)), k).toBe(true);
    expect(await rowsOf(table)).toBe(rows);
  });

  it('expire with the second confirmation deletes the files only expired snapshots used and old orphans', async () => {
    const { dir, table } = await written();
    await table.compact({ strategy: 'full' });
    const rows = await rowsOf(table);
    mkdirSync(join(dir, 'manifest'), { recursive: true });
    writeFileSync(join(dir, 'manifest', 'manifest-lost-0'), 'x');
    const old = (Date.now() - 2 * 86_400_000) / 1000;
    utimesSync(join(dir, 'manifest', 'manifest-lost-0'), old, old);
    const p = await table.prepare({ kind: 'expire', retainLast: 1, olderThanMs: Date.now() + 60_000 });
    const keys = p.preview.deletes.map((d) => d.key);
    const r = await p.apply({ deleteFiles: true });
    expect(r.deleted.map((d) => d.key).sort()).toEqual([...keys].sort());
    for (const k of keys) expect(existsSync(join(dir, k)), k).toBe(false);
    expect(await rowsOf(table)).toBe(rows);
  });
});
