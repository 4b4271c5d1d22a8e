import { beforeAll, describe, expect, it } from 'vitest';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { readRows, sortRows, tempCopy, tempDir } from '../../../../testing/iceberg-writer-fixtures.ts';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import type { ReadOptions, Storage, WriteOptions } from '../../../io/storage.ts';
import { findSnapshot } from '../spec/table-metadata.ts';
import { appendRows } from './append.ts';
import { prepareCompaction } from './compaction.ts';
import { prefetchedBatches } from './rewrite-bin.ts';
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
      const strings = ['zebra', '', 'émile', '\u{1F600} smile', '\uFFFD end', 'a', null, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\u{10FFFF}'];
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

describe('prefetchedBatches: the next file read while this one is consumed', () => {
  /** A source of `values` that records when it started and when its first value was asked for and given. */
  function source(name: string, values: number[], log: string[], fail?: Error) {
    return async function* gen() {
      log.push(`${name} start`);
      try {
        await new Promise((r) => setTimeout(r, 5));
        if (fail) throw fail;
        for (const v of values) yield v;
      } finally {
        log.push(`${name} closed`);
      }
    };
  }

  it('gives every batch in order, with the next source started before this one delivers', async () => {
    const log: string[] = [];
    const out: number[] = [];
    for await (const v of prefetchedBatches([source('a', [1, 2], log), source('b', [], log), source('c', [3], log)])) {
      out.push(v);
      log.push(`got ${v}`);
    }
    expect(out).toEqual([1, 2, 3]);
    expect(log.indexOf('b start')).toBeLessThan(log.indexOf('got 1'));
    expect(log.indexOf('c start')).toBeLessThan(log.indexOf('got 3'));
    expect(log.indexOf('c start')).toBeGreaterThan(log.indexOf('got 2')); // never more than one source ahead
  });

  it('a failure of the source read ahead surfaces in its turn, after the batches before it', async () => {
    const log: string[] = [];
    const out: number[] = [];
    const run = async () => { for await (const v of prefetchedBatches([source('a', [1, 2], log), source('b', [9], log, new Error('b broke'))])) out.push(v); };
    await expect(run()).rejects.toThrow('b broke');
    expect(out).toEqual([1, 2]);
  });

  it('stopping early closes the source being read and the one read ahead', async () => {
    const log: string[] = [];
    for await (const v of prefetchedBatches([source('a', [1, 2], log), source('b', [3], log), source('c', [4], log)])) {
      if (v === 1) break;
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toContain('a closed');
    expect(log).toContain('b closed');
    expect(log).not.toContain('c start');
  });

  it('a compaction over slow storage has two data files in flight and several manifests written at once, and writes the same rows', async () => {
    const mem = new MemoryStorage();
    // Merging off: each parent manifest is rewritten on its own, so there are five writes to overlap.
    await createTable(mem, {
      location: 'memory://t', formatVersion: 2, properties: { 'commit.manifest-merge.enabled': 'false' },
      schema: { type: 'struct', fields: [{ id: 1, name: 'id', required: true, type: 'long' }, { id: 2, name: 's', required: false, type: 'string' }] },
    });
    for (let f = 0; f < 5; f++) await appendRows(mem, Array.from({ length: 40 }, (_, k) => ({ id: BigInt(f * 40 + k), s: `row ${f}/${k}` })));
    const before = sortRows(await readRows(mem));
    let inFlight = 0; let most = 0;
    let writing = 0; let mostWrites = 0;
    const slow: Storage = Object.create(mem, {
      write: {
        value: async (key: string, bytes: Uint8Array, opts?: WriteOptions) => {
          // The rewritten manifests (the manifest list and metadata file are single writes)
          const manifest = key.startsWith('metadata/') && key.endsWith('.avro') && !key.includes('snap-');
          if (manifest) { writing++; mostWrites = Math.max(mostWrites, writing); }
          try {
            if (manifest) await new Promise((r) => setTimeout(r, 10));
            return await mem.write(key, bytes, opts);
          } finally {
            if (manifest) writing--;
          }
        },
      },
      read: {
        value: async (key: string, opts?: ReadOptions) => {
          if (!key.endsWith('.parquet')) return mem.read(key, opts);
          inFlight++; most = Math.max(most, inFlight);
          try {
            await new Promise((r) => setTimeout(r, 15));
            return await mem.read(key, opts);
          } finally {
            inFlight--;
          }
        },
      },
    });
    const op = await prepareCompaction(slow, { targetFileSizeBytes: 64 * 1024 * 1024 });
    const r = await op.apply();
    expect(r.details?.writePath).toBe('arrow');
    expect(most).toBe(2);
    expect(mostWrites).toBe(5); // the five appends' manifests, each rewritten with its file DELETED
    expect(sortRows(await readRows(mem))).toEqual(before);
  });

  it('a data file gone under a compaction fails it naming the file, and commits nothing', async () => {
    const mem = new MemoryStorage();
    await createTable(mem, { location: 'memory://t', formatVersion: 2, schema: { type: 'struct', fields: [{ id: 1, name: 'id', required: true, type: 'long' }] } });
    for (let f = 0; f < 4; f++) await appendRows(mem, Array.from({ length: 10 }, (_, k) => ({ id: BigInt(f * 10 + k) })));
    const op = await prepareCompaction(mem, { targetFileSizeBytes: 64 * 1024 * 1024 });
    const keys = (await mem.list({ prefix: 'data/' })).objects.map((o) => o.key).filter((k) => k.endsWith('.parquet')).sort();
    await mem.delete(keys[2]!);
    const before = (await mem.list({ prefix: 'metadata/' })).objects.length;
    await expect(op.apply()).rejects.toMatchObject({ code: 'NotFound', message: expect.stringContaining(keys[2]!) });
    expect((await mem.list({ prefix: 'metadata/' })).objects.length).toBe(before);
  });
});

describe('the manifests a compaction rewrites', () => {
  async function manifestsAfterCompaction(properties: Record<string, string>) {
    const mem = new MemoryStorage();
    await createTable(mem, { location: 'memory://t', formatVersion: 2, properties, schema: { type: 'struct', fields: [{ id: 1, name: 'id', required: true, type: 'long' }] } });
    for (let f = 0; f < 5; f++) await appendRows(mem, Array.from({ length: 10 }, (_, k) => ({ id: BigInt(f * 10 + k) })));
    const before = sortRows(await readRows(mem));
    await (await prepareCompaction(mem, { targetFileSizeBytes: 64 * 1024 * 1024 })).apply();
    expect(sortRows(await readRows(mem))).toEqual(before);
    const state = await loadTableState(mem);
    const all = await readAllEntries(state, findSnapshot(state.metadata, state.metadata.currentSnapshotId!)!);
    return all.map(({ manifest, entries }) => ({ added: manifest.addedFilesCount, deleted: manifest.deletedFilesCount, entries: entries.map((e) => e.status) }));
  }

  it('are merged into one manifest of DELETED entries by default (Java merges a commit\'s manifests too)', async () => {
    const manifests = await manifestsAfterCompaction({});
    expect(manifests).toHaveLength(2);
    expect(manifests).toContainEqual({ added: 1, deleted: 0, entries: ['added'] });
    expect(manifests).toContainEqual({ added: 0, deleted: 5, entries: Array(5).fill('deleted') });
  });

  it('stay one per parent manifest with commit.manifest-merge.enabled=false, and split at commit.manifest.target-size-bytes', async () => {
    expect(await manifestsAfterCompaction({ 'commit.manifest-merge.enabled': 'false' })).toHaveLength(6);
    // A target smaller than any manifest: every parent is its own output again.
    expect(await manifestsAfterCompaction({ 'commit.manifest.target-size-bytes': '1' })).toHaveLength(6);
  });
});
