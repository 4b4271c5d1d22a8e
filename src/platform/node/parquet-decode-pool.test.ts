import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { tableFromArrays, tableToIPC, type RecordBatch } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ParquetDecodePool, setParquetDecodePool } from '../../core/codecs/parquet/decode-pool.ts';
import { readParquetTable } from '../../core/codecs/parquet/index.ts';
import { ensureParquetWasm } from '../../core/codecs/parquet/wasm-init.ts';
import { installNodeParquetWasm } from './parquet-wasm-init.ts';
import { installCliDecodePool, spawnNodeDecodeWorker } from './parquet-decode-pool.ts';

/** A Parquet file of `rows` rows in row groups of 1,000, written by parquet-wasm (well past the pool's 16 KiB floor). */
async function parquetFile(rows: number): Promise<Uint8Array> {
  const pw = await ensureParquetWasm();
  const t = tableFromArrays({
    id: BigInt64Array.from({ length: rows }, (_, i) => BigInt(i)),
    name: Array.from({ length: rows }, (_, i) => `user-${i % 977}-${i}`),
    amount: Float64Array.from({ length: rows }, (_, i) => i / 7),
  });
  const props = new pw.WriterPropertiesBuilder().setMaxRowGroupSize(1_000).build();
  return pw.writeParquet(pw.Table.fromIPCStream(tableToIPC(t, 'stream')), props);
}

const rowsOf = (batches: RecordBatch[]) => batches.flatMap((b) => b.toArray().map((r) => JSON.stringify(r.toJSON(), (_k, v) => (typeof v === 'bigint' ? String(v) : v))));

describe('the Node Parquet decode pool (worker threads)', () => {
  let file: Uint8Array;
  beforeAll(async () => {
    installNodeParquetWasm();
    file = await parquetFile(5_000);
  });
  afterAll(() => setParquetDecodePool(undefined));

  it('decodes on worker threads exactly what the calling thread decodes: whole files and single row groups', async () => {
    setParquetDecodePool(undefined);
    const here = rowsOf(await readParquetTable(file, { name: 'f.parquet' }));
    const groupHere = rowsOf(await readParquetTable(file, { rowGroups: [3], name: 'f.parquet' }));
    const pool = new ParquetDecodePool({ size: 2, memoryBudgetBytes: 1 << 30, spawn: () => spawnNodeDecodeWorker() });
    setParquetDecodePool(pool);
    try {
      const [whole, group] = await Promise.all([readParquetTable(file, { name: 'f.parquet', wholeFile: true }), readParquetTable(file, { rowGroups: [3], name: 'f.parquet' })]);
      expect(rowsOf(whole)).toEqual(here);
      expect(rowsOf(group)).toEqual(groupHere);
      expect(here).toHaveLength(5_000);
      expect(pool.stats().decodes).toBe(2);
    } finally {
      pool.close();
      setParquetDecodePool(undefined);
    }
  });

  it('a corrupt file fails as it does on the calling thread: DataInvalid naming the file and parquet-wasm\'s cause', async () => {
    const torn = file.slice();
    torn.fill(0xff, 4, 40); // the first page header overwritten, footer intact
    setParquetDecodePool(undefined);
    const here = await readParquetTable(torn, { name: 'torn.parquet' }).then(() => undefined, (e: unknown) => e);
    const pool = new ParquetDecodePool({ size: 1, memoryBudgetBytes: 1 << 30, spawn: () => spawnNodeDecodeWorker() });
    setParquetDecodePool(pool);
    try {
      const there = await readParquetTable(torn, { name: 'torn.parquet' }).then(() => undefined, (e: unknown) => e);
      expect(there).toMatchObject({ code: 'DataInvalid', context: { file: 'torn.parquet', rowGroup: 0 } });
      expect((there as Error).message).toBe((here as Error).message);
      // The worker whose decode threw was replaced (a wasm panic may leave an instance unusable); the next decode works.
      expect(rowsOf(await readParquetTable(file, { wholeFile: true }))).toHaveLength(5_000);
      expect(pool.stats()).toMatchObject({ retired: 1, started: 2 });
    } finally {
      pool.close();
      setParquetDecodePool(undefined);
    }
  });

  it('replaces a worker past its memory budget, transparently', async () => {
    const pool = new ParquetDecodePool({ size: 1, memoryBudgetBytes: 1, spawn: () => spawnNodeDecodeWorker() });
    setParquetDecodePool(pool);
    try {
      for (let i = 0; i < 3; i++) expect(rowsOf(await readParquetTable(file, { wholeFile: true }))).toHaveLength(5_000);
      expect(pool.stats()).toEqual({ started: 3, retired: 3, decodes: 3, live: 0, memoryBytes: 0 });
    } finally {
      pool.close();
      setParquetDecodePool(undefined);
    }
  });

  it('where decode workers cannot start, reads decode on the calling thread instead of failing', async () => {
    const pool = new ParquetDecodePool({ size: 2, memoryBudgetBytes: 1 << 30, spawn: () => spawnNodeDecodeWorker(new URL('./no-such-worker.mjs', import.meta.url)) });
    setParquetDecodePool(pool);
    try {
      const all = await Promise.all([1, 2, 3].map(() => readParquetTable(file, { wholeFile: true, name: 'f.parquet' })));
      expect(all.map((b) => b.reduce((n, x) => n + x.numRows, 0))).toEqual([5_000, 5_000, 5_000]);
      expect(pool.usable).toBe(false);
      expect(pool.stats()).toMatchObject({ decodes: 0, live: 0 });
    } finally {
      pool.close();
      setParquetDecodePool(undefined);
    }
  });

  it('LAKESCOPE_DECODE_WORKERS: 0 decodes on the calling thread; anything but a whole number is refused', () => {
    installCliDecodePool({ LAKESCOPE_DECODE_WORKERS: '0' });
    expect(() => installCliDecodePool({ LAKESCOPE_DECODE_WORKERS: 'two' })).toThrow('cli: LAKESCOPE_DECODE_WORKERS must be a whole number of workers, not "two"');
    expect(() => installCliDecodePool({ LAKESCOPE_DECODE_WORKERS: '-1' })).toThrow(/whole number/);
  });

  it('a process that decoded on the pool exits by itself: idle workers hold nothing open', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lakescope-decode-pool-'));
    try {
      await writeFile(join(dir, 'f.parquet'), file);
      const script = join(dir, 'run.mts');
      const here = new URL('.', import.meta.url).pathname;
      await writeFile(script, [
        `import { readFile } from 'node:fs/promises';`,
        `import { installNodeParquetWasm } from '${here}parquet-wasm-init.ts';`,
        `import { installNodeParquetDecodePool } from '${here}parquet-decode-pool.ts';`,
        `import { readParquetTable } from '${here}../../core/codecs/parquet/index.ts';`,
        `installNodeParquetWasm();`,
        `const pool = installNodeParquetDecodePool({ size: 2 });`,
        `const bytes = await readFile(${JSON.stringify(join(dir, 'f.parquet'))});`,
        `const all = await Promise.all([1, 2, 3].map(() => readParquetTable(bytes, { wholeFile: true })));`,
        `console.log(all.map((b) => b.reduce((n, x) => n + x.numRows, 0)).join(','), pool.stats().live);`,
      ].join('\n'));
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { timeout: 60_000 });
      expect(stdout.trim()).toBe('5000,5000,5000 2');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
