/**
 * Tags and snapshot expiration on temp copies of real fixtures: a created tag is readable by name
 * (also after its snapshot expired) and shows in versions(); expire keeps what tags and consumers need.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canonicalRowsText } from '../../../arrow/index.ts';
import { isLakeError } from '../../../errors.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT } from '../../../../testing/fixtures.ts';
import { openPaimonTable } from '../index.ts';
import { copyOf, fixture, removeCopies, rowsOf } from './fixture-copies.test-support.ts';

const expectedRows = (name: string, id: string) => canonicalRowsText(fixture(name).expected.versions.find((v) => v.id === id)!.rows!);
const MOR = 'pk_mor_pk_table_scan_and_read_mor';



beforeAll(() => installNodeParquetWasm());
afterEach(removeCopies);

describe.skipIf(!FIXTURES_PRESENT)('paimon tags', () => {
  it('creates a tag that time travel and versions() see; refuses duplicates and bad names', async () => {
    const dir = copyOf(MOR);
    const table = await openPaimonTable(new FsStorage(dir));
    const t = await table.createTag('before-alex-delete', { version: '4', nowMs: Date.UTC(2025, 0, 2, 3, 4, 5) });
    expect(t).toEqual({ name: 'before-alex-delete', snapshotId: '4', file: 'tag/tag-before-alex-delete' });
    const json = JSON.parse(readFileSync(join(dir, t.file), 'utf8')) as Record<string, unknown>;
    expect(json.id).toBe(4);
    expect(json.tagCreateTime).toEqual([2025, 1, 2, 3, 4, 5, 0]);
    expect(json.baseManifestList).toBe(JSON.parse(readFileSync(join(dir, 'snapshot/snapshot-4'), 'utf8')).baseManifestList);

    expect(await rowsOf(table, 'before-alex-delete')).toBe(expectedRows(MOR, '4'));
    const v4 = (await table.versions()).find((v) => v.id === '4')!;
    expect(v4.refs).toEqual([{ name: 'before-alex-delete', type: 'tag' }]);
    expect((await table.versions()).find((v) => v.isCurrent)!.refs).toEqual([{ name: 'main', type: 'branch' }]);

    const dup = await table.createTag('before-alex-delete', { version: '2' }).catch((e: unknown) => e);
    expect(isLakeError(dup, 'Conflict')).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, t.file), 'utf8')).id).toBe(4); // untouched
    await expect(table.createTag('123')).rejects.toMatchObject({ code: 'DataInvalid' });
    await expect(table.createTag(' ')).rejects.toMatchObject({ code: 'DataInvalid' });
    await expect(table.createTag('x', { version: '99' })).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('tags the latest snapshot by default and deletes tags', async () => {
    const dir = copyOf(MOR);
    const table = await openPaimonTable(new FsStorage(dir));
    expect((await table.createTag('now')).snapshotId).toBe('5');
    const d = await table.deleteTag('now');
    expect(d).toMatchObject({ name: 'now', snapshotId: '5', deletedFiles: [] });
    expect(existsSync(join(dir, 'tag/tag-now'))).toBe(false);
    await expect(table.deleteTag('now')).rejects.toMatchObject({ code: 'NotFound' });
  });
});

describe.skipIf(!FIXTURES_PRESENT)('paimon expire', () => {
  it('expires old snapshots but keeps what a tag needs; the tag still reads after its snapshot is gone', async () => {
    const dir = copyOf(MOR);
    const table = await openPaimonTable(new FsStorage(dir));
    await table.createTag('first', { version: '1' });
    const preview = await table.expireSnapshots({ retainMin: 1, olderThanMs: Date.now(), dryRun: true });
    expect(preview.expired).toEqual(['1', '2', '3', '4']);
    expect(preview.applied).toBe(false);
    expect(existsSync(join(dir, 'snapshot/snapshot-1'))).toBe(true);

    const plan = await table.expireSnapshots({ retainMin: 1, olderThanMs: Date.now() });
    expect(plan.expired).toEqual(['1', '2', '3', '4']);
    expect(plan.earliestRetained).toBe('5');
    for (const k of [...plan.snapshots, ...plan.dataFiles, ...plan.manifests]) expect(existsSync(join(dir, k))).toBe(false);
    const fresh = await openPaimonTable(new FsStorage(dir, { readOnly: true }));
    expect(await rowsOf(fresh)).toBe(expectedRows(MOR, '5'));
    expect(await rowsOf(fresh, 'first')).toBe(expectedRows(MOR, '1'));
    expect(await rowsOf(fresh, '1')).toBe(expectedRows(MOR, '1')); // snapshot 1 expired: read through its tag
    expect((await fresh.versions()).map((v) => [v.id, v.summary.expired ?? ''])).toEqual([['1', 'true'], ['5', '']]);
    expect(await fresh.meta.readHint('EARLIEST')).toBe(5n);
  });

  it('without a tag, the files only old snapshots used are deleted', async () => {
    const dir = copyOf(MOR);
    const table = await openPaimonTable(new FsStorage(dir));
    const plan = await table.expireSnapshots({ retainMin: 1, olderThanMs: Date.now() });
    expect(plan.dataFiles.length).toBeGreaterThan(0);
    const withTag = copyOf(MOR);
    const tagged = await openPaimonTable(new FsStorage(withTag));
    await tagged.createTag('first', { version: '1' });
    const keep = await tagged.expireSnapshots({ retainMin: 1, olderThanMs: Date.now(), dryRun: true });
    expect(keep.dataFiles.length).toBeLessThan(plan.dataFiles.length);
  });

  it('never expires what a consumer still reads, nor the newest retainMin snapshots, nor recent ones', async () => {
    const dir = copyOf(MOR);
    mkdirSync(join(dir, 'consumer'));
    writeFileSync(join(dir, 'consumer/consumer-job1'), '{"nextSnapshot":3}');
    const table = await openPaimonTable(new FsStorage(dir));
    const plan = await table.expireSnapshots({ retainMin: 1, olderThanMs: Date.now(), dryRun: true });
    expect(plan.expired).toEqual(['1', '2']);
    expect(plan.reason).toMatch(/consumer 'job1'/);
    expect((await table.expireSnapshots({ retainMin: 4, olderThanMs: Date.now(), dryRun: true })).expired).toEqual(['1']);
    expect((await table.expireSnapshots({ retainMin: 1, olderThanMs: 0, dryRun: true })).expired).toEqual([]);
    // Default retention: 10 snapshots, 1 hour — this 5-snapshot table keeps everything.
    expect((await table.expireSnapshots({ dryRun: true })).expired).toEqual([]);
  });
});
