import { beforeAll, describe, expect, it } from 'vitest';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { readRows, tempCopy, tempDir } from '../../../../testing/iceberg-writer-fixtures.ts';
import { findSnapshot } from '../spec/table-metadata.ts';
import { appendRows } from './append.ts';
import { prepareCompaction } from './compaction.ts';
import { createTable } from './create-table.ts';
import { liveEntries, readAllEntries } from './snapshot-files.ts';
import { loadTableState } from './table-state.ts';

beforeAll(() => installNodeParquetWasm());

/** The manifest facts of the data files the last snapshot added, in the order they were written. */
async function addedFiles(dir: string) {
  const state = await loadTableState(new FsStorage(dir, { readOnly: true }));
  const snap = findSnapshot(state.metadata, state.metadata.currentSnapshotId!)!;
  const added = liveEntries(await readAllEntries(state, snap)).filter((e) => e.snapshotId === snap.snapshotId && e.dataFile.content === 'data');
  return added.map((e) => {
    const f = e.dataFile;
    return {
      recordCount: f.recordCount, partition: JSON.stringify(f.partition, big), valueCounts: plain(f.valueCounts), nullValueCounts: plain(f.nullValueCounts),
      nanValueCounts: plain(f.nanValueCounts), lowerBounds: plain(f.lowerBounds), upperBounds: plain(f.upperBounds), columnSizes: plain(f.columnSizes),
    };
  }).sort((a, b) => a.partition.localeCompare(b.partition) || Number(a.recordCount - b.recordCount));
}
const big = (_k: string, v: unknown) => (typeof v === 'bigint' ? String(v) : v);
/** A metrics map as sorted `id=value` strings (bounds in hex), so a difference reads plainly. */
function plain(m: ReadonlyMap<number, bigint | Uint8Array> | undefined): string[] {
  return [...(m ?? new Map()).entries()].sort((a, b) => a[0] - b[0])
    .map(([k, v]) => `${k}=${v instanceof Uint8Array ? Buffer.from(v).toString('hex') : String(v)}`);
}

/** Compacts a copy of `root` by one path; returns the rows after, the added files and the path taken. */
async function compactBy(root: string, rowPath: boolean, target = 64 * 1024 * 1024) {
  const { dir, cleanup } = await tempCopy(root);
  try {
    const storage = new FsStorage(dir);
    const op = await prepareCompaction(storage, { targetFileSizeBytes: target, rowPath });
    if (!op.plan) return undefined;
    const r = await op.apply();
    return { rows: await readRows(storage), files: await addedFiles(dir), path: r.details?.writePath };
  } finally {
    await cleanup();
  }
}

describe('compaction: the Arrow path writes what the row path wrote', () => {
  if (!FIXTURES_PRESENT) it.skip(`skipped: ${FIXTURES_SKIP_REASON}`, () => {});
  for (const fx of listFixtures('iceberg')) {
    it(`${fx.name}: same rows, same metrics (counts, bounds, column sizes)`, async () => {
      const rows = await compactBy(fx.root, true);
      const arrow = await compactBy(fx.root, false);
      if (!rows || !arrow) { expect(rows).toEqual(arrow); return; }
      expect(rows.path).toMatch(/rows|none/);
      expect(arrow.rows).toEqual(rows.rows);
      expect(arrow.files).toEqual(rows.files);
      console.log(`${fx.name}: arrow path wrote by '${arrow.path}', ${arrow.files.length} file(s)`);
    });
  }

  it('flat columns with nulls, NaN, -0, non-ASCII and astral strings, decimals and timestamps go the Arrow way, metrics equal', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const storage = new FsStorage(dir);
      await createTable(storage, {
        location: 'file:///t/edge', formatVersion: 2, schema: {
          type: 'struct', fields: [
            { id: 1, name: 'id', required: true, type: 'long' }, { id: 2, name: 's', required: false, type: 'string' },
            { id: 3, name: 'd', required: false, type: 'double' }, { id: 4, name: 'f', required: false, type: 'float' },
            { id: 5, name: 'i', required: false, type: 'int' }, { id: 6, name: 'dec', required: false, type: 'decimal(20,3)' },
            { id: 7, name: 'ts', required: false, type: 'timestamptz' }, { id: 8, name: 'b', required: false, type: 'boolean' },
            { id: 9, name: 'bin', required: false, type: 'binary' }, { id: 10, name: 'day', required: false, type: 'date' },
          ],
        },
      });
      const strings = ['zebra', 'émile', '\u{1F600} smile', '\uFFFD end', 'a', null, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\u{10FFFF}'];
      const doubles = [-0, 0, NaN, null, 1.5, -2.25, Infinity];
      for (let f = 0; f < 3; f++) {
        await appendRows(storage, Array.from({ length: 300 }, (_, k) => {
          const i = f * 300 + k;
          return {
            id: BigInt(i), s: strings[i % strings.length], d: doubles[i % doubles.length], f: doubles[(i + 1) % doubles.length],
            i: i % 11 === 0 ? null : i - 400, dec: i % 5 === 0 ? null : BigInt(i) * 123456789012345n - 10n ** 17n,
            ts: 1_700_000_000_000_000n + BigInt(i), b: i % 3 === 0 ? null : i % 2 === 0, bin: i % 4 === 0 ? null : new Uint8Array([i & 255, 255, 0]),
            day: i % 6 === 0 ? null : 19000 + (i % 40),
          };
        }));
      }
      const rows = await compactBy(dir, true);
      const arrow = await compactBy(dir, false);
      expect(arrow?.path).toBe('arrow');
      expect(rows?.path).toBe('rows');
      expect(arrow!.rows).toEqual(rows!.rows);
      expect(arrow!.files).toEqual(rows!.files);
      const nans = Array.from({ length: 900 }, (_, i) => Number.isNaN(doubles[i % doubles.length])).filter(Boolean).length;
      expect(arrow!.files[0].nanValueCounts).toContain(`3=${nans}`);
      // Streamed output: past the rows one target-sized file holds (at least 1,000), a bin is cut into files as it is read.
      await appendRows(storage, Array.from({ length: 1200 }, (_, k) => ({ id: BigInt(900 + k), s: 'later' })));
      const op = await prepareCompaction(storage, { targetFileSizeBytes: 1, smallFileRatio: 1e12, minInputFiles: 1 });
      const r = await op.apply();
      expect(r.details?.writePath).toBe('arrow');
      expect((await addedFiles(dir)).map((f) => f.recordCount)).toEqual([200n, 300n, 300n, 300n, 1000n]);
    } finally {
      await cleanup();
    }
  });
});
