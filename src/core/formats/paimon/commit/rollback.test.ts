/**
 * Rollbacks on temp copies of real fixtures (node fs storage, real create-if-absent): the
 * non-destructive rollback-as-latest reads back exactly the target's rows and keeps history; the
 * destructive one needs confirmation, previews what it deletes and leaves a readable table.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canonicalRowsText } from '../../../arrow/index.ts';
import { isLakeError } from '../../../errors.ts';
import type { Storage, WriteOptions } from '../../../io/storage.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT } from '../../../../testing/fixtures.ts';
import { openPaimonTable } from '../index.ts';
import { copyOf, fixture, removeCopies, rowsOf } from './fixture-copies.test-support.ts';




beforeAll(() => installNodeParquetWasm());
afterEach(removeCopies);

describe.skipIf(!FIXTURES_PRESENT)('paimon rollback-as-latest', () => {
  for (const [name, target] of [['pk_mor_pk_table_scan_and_read_mor', '2'], ['pk_dv_partitioned_pk_09', '4'], ['append_complex_data', '1']] as const) {
    it(`${name}: a new snapshot reads exactly like snapshot ${target}`, async () => {
      const dir = copyOf(name);
      const table = await openPaimonTable(new FsStorage(dir));
      const before = await table.versions();
      const latest = before[before.length - 1]!;
      const expected = fixture(name).expected.versions.find((v) => v.id === target)!;
      const r = await table.rollbackAsLatest({ version: target });
      expect(r.snapshotId).toBe(String(Number(latest.id) + 1));
      expect(r.targetId).toBe(target);
      const after = await table.versions();
      expect(after.map((v) => v.id)).toEqual([...before.map((v) => v.id), r.snapshotId]);
      const added = after[after.length - 1]!;
      expect(added.operation).toBe('OVERWRITE');
      expect(added.isCurrent).toBe(true);
      expect(await rowsOf(table)).toBe(canonicalRowsText(expected.rows!));
      // History is intact: the previous latest still reads as before.
      expect(await rowsOf(table, latest.id)).toBe(canonicalRowsText(fixture(name).expected.versions.find((v) => v.id === latest.id)!.rows!));
      // A fresh reader agrees (nothing cached), and LATEST was moved.
      const again = await openPaimonTable(new FsStorage(dir, { readOnly: true }));
      expect(await rowsOf(again)).toBe(canonicalRowsText(expected.rows!));
      expect(await again.meta.readHint('LATEST')).toBe(BigInt(r.snapshotId));
    });
  }

  it('rolling back to the latest itself writes an empty delta and changes nothing', async () => {
    const dir = copyOf('pk_mor_pk_table_scan_and_read_mor');
    const table = await openPaimonTable(new FsStorage(dir));
    const r = await table.rollbackAsLatest({ version: '5' });
    expect([r.addedFiles, r.deletedFiles]).toEqual([0, 0]);
    expect(await rowsOf(table)).toBe(await rowsOf(table, '5'));
  });

  it('loses the commit race cleanly: cleans up its files, re-reads and commits the next id', async () => {
    const dir = copyOf('pk_mor_pk_table_scan_and_read_mor');
    const inner = new FsStorage(dir);
    let raced = false;
    // Another writer commits snapshot 6 (a copy of 5 under the next id) just before our snapshot write.
    const storage: Storage = Object.assign(Object.create(inner) as FsStorage, {
      write: async (key: string, data: Uint8Array, o?: WriteOptions) => {
        if (!raced && key === 'snapshot/snapshot-6') {
          raced = true;
          await inner.write(key, new TextEncoder().encode(readFileSync(join(dir, 'snapshot/snapshot-5'), 'utf8').replace('"id" : 5', '"id" : 6')));
        }
        return inner.write(key, data, o);
      },
    });
    const manifestsBefore = readdirSync(join(dir, 'manifest')).length;
    const table = await openPaimonTable(storage);
    const r = await table.rollbackAsLatest({ version: '2' });
    expect(raced).toBe(true);
    expect(r.attempts).toBe(2);
    expect(r.snapshotId).toBe('7');
    expect(readdirSync(join(dir, 'manifest')).length).toBe(manifestsBefore + 3); // only the winning attempt's 2 lists + 1 manifest
    expect(await rowsOf(table)).toBe(await rowsOf(table, '2'));
    expect(await rowsOf(table, '6')).toBe(await rowsOf(table, '5'));
  });

  it('refuses read-only storage', async () => {
    const table = await openPaimonTable(new FsStorage(fixture('pk_mor_pk_table_scan_and_read_mor').root, { readOnly: true }));
    await expect(table.rollbackAsLatest({ version: '2' })).rejects.toMatchObject({ code: 'Unsupported' });
  });
});

describe.skipIf(!FIXTURES_PRESENT)('paimon destructive rollback', () => {
  it('needs confirmation, previews, then deletes later snapshots and their files only', async () => {
    const dir = copyOf('pk_dv_partitioned_pk_09');
    const table = await openPaimonTable(new FsStorage(dir));
    const filesBefore = readdirSync(dir, { recursive: true }).length;
    const err = await table.rollbackDestructive({ version: '4' }).catch((e: unknown) => e);
    expect(isLakeError(err, 'DataInvalid')).toBe(true);
    expect((err as Error).message).toMatch(/^paimon rollback: .*confirmDestructive/);
    expect(readdirSync(dir, { recursive: true }).length).toBe(filesBefore);

    const preview = await table.rollbackDestructive({ version: '4' }, { dryRun: true });
    expect(preview.applied).toBe(false);
    expect(preview.snapshots).toEqual(['snapshot/snapshot-5', 'snapshot/snapshot-6', 'snapshot/snapshot-7', 'snapshot/snapshot-8']);
    expect(preview.dataFiles.length).toBeGreaterThan(0);
    expect(readdirSync(dir, { recursive: true }).length).toBe(filesBefore);
    // Nothing the target needs is in the preview.
    const target = await table.lsmView({ version: '4' });
    const targetFiles = target.buckets.flatMap((b) => b.levels.flatMap((l) => l.files.map((f) => f.key)));
    for (const k of targetFiles) expect(preview.dataFiles).not.toContain(k);

    const done = await table.rollbackDestructive({ version: '4' }, { confirmDestructive: true });
    expect(done.applied).toBe(true);
    for (const k of [...done.snapshots, ...done.dataFiles, ...done.manifests, ...done.manifestLists]) expect(existsSync(join(dir, k))).toBe(false);
    const fresh = await openPaimonTable(new FsStorage(dir, { readOnly: true }));
    expect((await fresh.versions()).map((v) => v.id)).toEqual(['1', '2', '3', '4']);
    for (const v of fixture('pk_dv_partitioned_pk_09').expected.versions.slice(0, 4)) {
      expect(await rowsOf(fresh, v.id)).toBe(canonicalRowsText(v.rows!));
    }
  });

  it('keeps files a kept tag needs and deletes tags newer than the target', async () => {
    const dir = copyOf('pk_mor_pk_table_scan_and_read_mor');
    const table = await openPaimonTable(new FsStorage(dir));
    await table.createTag('old', { version: '1' });
    await table.createTag('new', { version: '5' });
    const done = await table.rollbackDestructive({ version: '2' }, { confirmDestructive: true });
    expect(done.tags).toEqual(['tag/tag-new']);
    const fresh = await openPaimonTable(new FsStorage(dir, { readOnly: true }));
    expect((await fresh.meta.tags()).map((t) => t.name)).toEqual(['old']);
    expect(await rowsOf(fresh, 'old')).toBe(canonicalRowsText(fixture('pk_mor_pk_table_scan_and_read_mor').expected.versions[0]!.rows!));
    expect(await rowsOf(fresh)).toBe(canonicalRowsText(fixture('pk_mor_pk_table_scan_and_read_mor').expected.versions[1]!.rows!));
  });
});
