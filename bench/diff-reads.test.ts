/**
 * Counting storage (issue 15 acceptance; here beside the generator it needs, since src/ never imports bench/): the row diff of two versions of a generated Iceberg table with
 * 1,000 data files of which 10 differ reads exactly those 10 data files (plus metadata), and the
 * metadata diff reads no data file at all; an abort stops it with Aborted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIcebergTable } from './generate-iceberg.ts';
import { tempDir } from '../src/testing/iceberg-writer-fixtures.ts';
import { FsStorage } from '../src/platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';
import { CountingStorage } from '../src/core/io/counting-storage.ts';
import { TABLE_READERS } from '../src/core/api/table-formats.ts';
import { diffTables } from '../src/core/api/diff/diff-tables.ts';
import { diffRows } from '../src/core/api/diff/row-diff.ts';

installNodeParquetWasm();

describe('row diff reads only the files that differ', () => {
  let dir = '';
  let cleanup = async () => {};
  beforeAll(async () => {
    ({ dir, cleanup } = await tempDir());
    // 101 appends of 10 one-row files each: snapshot 100 has 1,000 data files, snapshot 101 ten more.
    await generateIcebergTable({ snapshots: 101, manifests: 10, files: 1010, out: dir, data: 'tiny' });
  }, 300_000);
  afterAll(async () => { await cleanup(); });

  it('1,000 files of which 10 differ: reads those 10 data files and no other', async () => {
    const storage = new CountingStorage(new FsStorage(dir, { readOnly: true }));
    const table = await TABLE_READERS.iceberg!.open(storage);
    const versions = await table.versions();
    const [a, b] = versions.slice(-2).map((v) => v.id) as [string, string];
    const planA = await table.plan({ version: a });
    expect(planA.files).toHaveLength(1000);
    const dataKeys = () => [...new Set(storage.log.filter((c) => c.method === 'read' && c.key.endsWith('.parquet')).map((c) => c.key))].sort();

    storage.reset();
    const meta = await diffTables(table, { version: a }, { version: b });
    expect(meta.files.added).toHaveLength(10);
    expect(meta.files.unchanged).toBe(1000);
    expect(dataKeys()).toEqual([]);

    storage.reset();
    const progress: number[] = [];
    const d = await diffRows(table, { version: a }, { version: b }, { onProgress: (p) => { if (p.phase === 'read') progress.push(p.done); } });
    expect(d.counts).toEqual({ added: 10, removed: 0, changed: 0 });
    expect(d.read).toMatchObject({ fromTasks: 0, toTasks: 10, skippedTasks: 1000 });
    expect(dataKeys()).toEqual(meta.files.added.map((f) => f.key).sort());
    expect(progress.at(-1)).toBe(10);
    expect(d.added.every((r) => r.provenance.position === '0' && r.provenance.fileGone)).toBe(true);
  }, 120_000);

  it('stops with Aborted when its signal is aborted', async () => {
    const table = await TABLE_READERS.iceberg!.open(new FsStorage(dir, { readOnly: true }));
    const versions = await table.versions();
    const controller = new AbortController();
    const run = diffRows(table, { version: versions[0]!.id }, { version: versions.at(-1)!.id }, {
      signal: controller.signal, onProgress: (p) => { if (p.phase === 'read' && p.done >= 5) controller.abort(); },
    });
    await expect(run).rejects.toMatchObject({ code: 'Aborted' });
  }, 120_000);
});
