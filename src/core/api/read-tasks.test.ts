/**
 * The one read loop over a real Iceberg fixture (20 data files across its versions), through a storage
 * that delays data-file reads and records which files are being read at once, so order, the bounds on
 * tasks and bytes in flight, aborts and errors are observed where they happen: at the storage.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows, canonicalRowsText, type CanonicalRow } from '../arrow/canonical.ts';
import { isLakeError, LakeError } from '../errors.ts';
import type { LakePlan, LakeTable } from '../formats/table-format.ts';
import type { ListOptions, ListPage, ObjectInfo, ReadOptions, Storage, WriteOptions } from '../io/storage.ts';
import { sleep } from '../util/async.ts';
import { FsStorage } from '../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../testing/fixtures.ts';
import { openTable } from './open-table.ts';
import { planTaskBytes, readTasks, type ReadTasksOptions } from './read-tasks.ts';

beforeAll(() => installNodeParquetWasm());
const ROOT = 'iceberg/v1_spark_partitioned_hour_identity/';

/** Delays every data-file read (a random few ms, so reads finish out of order) and records the files in flight. */
class InFlightStorage implements Storage {
  readonly writable = false;
  readonly open = new Map<string, number>(); // data key → reads of it in flight
  maxFiles = 0;
  maxBytes = 0;
  readonly started: string[] = [];
  readonly aborted: string[] = [];
  constructor(private readonly inner: Storage, private readonly sizes: ReadonlyMap<string, number>, private readonly behave: (key: string) => 'ok' | 'fail' | 'hang' = () => 'ok') {}
  get description(): string { return this.inner.description; }
  list(options?: ListOptions): Promise<ListPage> { return this.inner.list(options); }
  head(key: string, options?: { signal?: AbortSignal }): Promise<ObjectInfo> { return this.inner.head(key, options); }
  write(key: string, data: Uint8Array, options?: WriteOptions): Promise<ObjectInfo> { return this.inner.write(key, data, options); }
  delete(key: string, options?: { signal?: AbortSignal }): Promise<void> { return this.inner.delete(key, options); }
  async read(key: string, options?: ReadOptions): Promise<Uint8Array> {
    if (!key.endsWith('.parquet')) return this.inner.read(key, options);
    this.started.push(key);
    this.open.set(key, (this.open.get(key) ?? 0) + 1);
    this.maxFiles = Math.max(this.maxFiles, this.open.size);
    this.maxBytes = Math.max(this.maxBytes, [...this.open.keys()].reduce((n, k) => n + (this.sizes.get(k) ?? 0), 0));
    try {
      const mode = this.behave(key);
      if (mode === 'hang') {
        await new Promise((_, reject) => options?.signal?.addEventListener('abort', () => { this.aborted.push(key); reject(new LakeError('Aborted', 'test: aborted')); }, { once: true }));
      }
      await sleep(2 + Math.floor(Math.random() * 8), options?.signal, 'test');
      if (mode === 'fail') throw new LakeError('Io', `test storage: read of ${key} failed`, { key });
      return await this.inner.read(key, options);
    } finally {
      const n = this.open.get(key)! - 1;
      if (n === 0) this.open.delete(key); else this.open.set(key, n);
    }
  }
}

const fixtureStorage = () => new FsStorage(FIXTURES_DIR, { readOnly: true });

async function setup(behave?: (key: string) => 'ok' | 'fail' | 'hang') {
  const plain = await openTable(fixtureStorage(), ROOT, 'iceberg');
  const versions = await plain.versions();
  const plans = await Promise.all(versions.map((v) => plain.plan({ version: v.id })));
  const plan = plans.reduce((a, b) => (b.tasks.length > a.tasks.length ? b : a));
  const sizes = new Map<string, number>();
  const bytesOf = planTaskBytes(plan);
  for (const f of plan.files) sizes.set(`${ROOT}${f.key}`, bytesOf(undefined, f.task));
  const storage = new InFlightStorage(fixtureStorage(), sizes, behave);
  const table = await openTable(storage, ROOT, 'iceberg');
  return { table, plan: await table.plan({ version: plan.versionId }), storage, sizes };
}

async function rowsOf(table: LakeTable, plan: Pick<LakePlan, 'tasks' | 'files'>, columns: readonly string[], options: ReadTasksOptions = {}): Promise<{ rows: CanonicalRow[]; order: number[] }> {
  const rows: CanonicalRow[] = [];
  const order: number[] = [];
  for await (const r of readTasks(table, plan, options)) {
    if ('batch' in r) rows.push(...canonicalRows(r.batch, { columns }));
    else order.push(r.taskIndex);
  }
  return { rows, order };
}

describe.skipIf(!FIXTURES_PRESENT)('readTasks (the one read loop)', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('ordered: the same rows in the same order as reading the tasks one after another, with files read at once', async () => {
    const { table, plan, storage } = await setup();
    expect(plan.tasks.length).toBeGreaterThan(8);
    const sequential: CanonicalRow[] = [];
    for (const task of plan.tasks) for await (const b of table.read(task)) sequential.push(...canonicalRows(b, { columns: plan.columns }));
    storage.maxFiles = 0;
    const { rows, order } = await rowsOf(table, plan, plan.columns, { concurrency: 6 });
    expect(canonicalRowsText(rows)).toBe(canonicalRowsText(sequential));
    expect(order).toEqual(plan.tasks.map((_, i) => i));
    expect(storage.maxFiles).toBeGreaterThan(1);
    expect(storage.maxFiles).toBeLessThanOrEqual(6);
  });

  it('unordered: every task once, every row', async () => {
    const { table, plan } = await setup();
    const ordered = await rowsOf(table, plan, plan.columns);
    const { rows, order } = await rowsOf(table, plan, plan.columns, { ordered: false, concurrency: 6 });
    expect([...order].sort((a, b) => a - b)).toEqual(plan.tasks.map((_, i) => i));
    expect(canonicalRowsText(rows).split('\n').sort()).toEqual(canonicalRowsText(ordered.rows).split('\n').sort());
  });

  it('never has more planned bytes of files being read than maxBytesInFlight (one file always may run)', async () => {
    const { table, plan, storage, sizes } = await setup();
    const largest = Math.max(...sizes.values());
    for (const budget of [largest, 2 * largest + 1, 4 * largest]) {
      storage.maxBytes = 0; storage.maxFiles = 0;
      await rowsOf(table, plan, plan.columns, { concurrency: 16, maxBytesInFlight: budget, ordered: false });
      expect(storage.maxBytes).toBeGreaterThan(0);
      expect(storage.maxBytes).toBeLessThanOrEqual(budget);
      if (budget >= 2 * largest) expect(storage.maxFiles).toBeGreaterThan(1);
    }
    storage.maxBytes = 0; storage.maxFiles = 0;
    await rowsOf(table, plan, plan.columns, { maxBytesInFlight: 1 });
    expect(storage.maxFiles).toBe(1);
  });

  it('starts one task for the first batch and no more while the consumer does not ask', async () => {
    const { table, plan, storage } = await setup();
    const it = readTasks(table, plan)[Symbol.asyncIterator]();
    await it.next();
    await sleep(50, undefined, 'test');
    expect(new Set(storage.started).size).toBe(1);
    await it.return(undefined);
  });

  it('aborts promptly: a waiting next() rejects with Aborted and every read in flight is aborted', async () => {
    let first = true;
    const { table, plan, storage } = await setup(() => (first ? ((first = false), 'ok') : 'hang'));
    const controller = new AbortController();
    const it = readTasks(table, plan, { signal: controller.signal, concurrency: 4 })[Symbol.asyncIterator]();
    let r = await it.next();
    while (!r.done && 'batch' in r.value) r = await it.next(); // task 0 ends; the window grows to 2, 4…
    const pending = it.next();
    await sleep(30, undefined, 'test');
    const t0 = performance.now();
    controller.abort();
    const e = await pending.catch((x: unknown) => x);
    // The other reads hang forever, so any bound tells "rejected at the abort" from "waited for them";
    // a generous one keeps a loaded CI machine from failing it.
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(isLakeError(e, 'Aborted')).toBe(true);
    expect(storage.aborted.length).toBeGreaterThan(0);
    expect(storage.open.size).toBe(0);
  });

  it('surfaces the first failing task in task order, naming its file, after the rows before it', async () => {
    const { plan: probe } = await setup();
    const keys = probe.tasks.map((_, i) => `${ROOT}${probe.files.find((f) => f.task === i)!.key}`);
    const bad = new Set([keys[3], keys[5]]);
    const { table, plan } = await setup((k) => (bad.has(k) ? 'fail' : 'ok'));
    const done: number[] = [];
    const e = await (async () => {
      for await (const r of readTasks(table, plan, { concurrency: 8 })) if (!('batch' in r)) done.push(r.taskIndex);
    })().catch((x: unknown) => x);
    expect(done).toEqual([0, 1, 2]);
    expect(isLakeError(e, 'Io')).toBe(true);
    const err = e as LakeError;
    expect(err.context.task).toBe(3);
    expect(String(err.context.file)).toContain(plan.files.find((f) => f.task === 3)!.path.split('/').pop());
  });
});
