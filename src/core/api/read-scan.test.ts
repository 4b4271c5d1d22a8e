/**
 * readScan (plan and read in one) against the general path, planScan then readTasks: on every fixture of
 * every format and every version, the same batches in the same order, the same task ends and the same
 * plan; on a table of many manifests, data files are fetched before the last manifest arrives, and a
 * plan that fails late fails before any row, with planScan's error.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows, canonicalRowsText } from '../arrow/canonical.ts';
import { isLakeError, LakeError } from '../errors.ts';
import { appendRows, createTable } from '../formats/iceberg/commit/index.ts';
import type { LakePlan, LakeTable, ScanRequest } from '../formats/table-format.ts';
import { MemoryStorage } from '../io/memory-storage.ts';
import type { ListOptions, ListPage, ObjectInfo, ReadOptions, Storage, WriteOptions } from '../io/storage.ts';
import { sleep } from '../util/async.ts';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../testing/fixtures.ts';
import { GOLDEN_FORMATS, goldenFixtures, openFixture } from '../../testing/golden.ts';
import { openTable } from './open-table.ts';
import { planScan } from './plan-scan.ts';
import { readScan } from './read-scan.ts';
import { readTasks, type TaskRead } from './read-tasks.ts';

beforeAll(() => installNodeParquetWasm());

/** The reads as text: one line per batch (task index and its canonical rows) or task end. */
async function transcript(reads: AsyncIterable<TaskRead>, columns: () => readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for await (const r of reads) {
    out.push('batch' in r ? `${r.taskIndex}: ${canonicalRowsText(canonicalRows(r.batch, { columns: columns() }))}` : `${r.taskIndex} done`);
  }
  return out;
}

/** The general path's transcript and plan, or its error. */
async function general(table: LakeTable, scan: ScanRequest): Promise<{ lines?: string[]; plan?: LakePlan; error?: unknown }> {
  try {
    const plan = await planScan(table, scan);
    return { lines: await transcript(readTasks(table, plan), () => plan.columns), plan };
  } catch (error) {
    return { error };
  }
}

/** readScan's transcript and the plan it told, or its error (with the lines read before it). */
async function streamed(table: LakeTable, scan: ScanRequest): Promise<{ lines?: string[]; plan?: LakePlan; error?: unknown; before?: number }> {
  let plan: LakePlan | undefined;
  const lines: string[] = [];
  try {
    for (const line of await transcript(readScan(table, scan, { onPlan: (p) => { plan = p; } }), () => plan!.columns)) lines.push(line);
    return { lines, plan };
  } catch (error) {
    return { error, before: lines.length };
  }
}

/** Drains reads; the error they end with, if any. */
async function streamed2(reads: AsyncIterable<TaskRead>): Promise<unknown> {
  try {
    for await (const r of reads) void r;
    return undefined;
  } catch (e) {
    return e;
  }
}

/** Counts the tasks a table's planEarly tells before its plan ends. */
function countEarly(table: LakeTable): { told: number } {
  const counter = { told: 0 };
  const planEarly = table.planEarly?.bind(table);
  if (planEarly) table.planEarly = (scan, onTasks) => planEarly(scan, onTasks && ((tasks, bytes) => { counter.told += tasks.length; onTasks(tasks, bytes); }));
  return counter;
}

describe.skipIf(!FIXTURES_PRESENT)('readScan on every fixture: the same reads and plan as planScan + readTasks', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  for (const g of GOLDEN_FORMATS) {
    for (const fx of goldenFixtures(g)) {
      it(`${fx.name}: every version, all columns and a projection`, async () => {
        const table = await openFixture(fx);
        const early = countEarly(table);
        const versions = await table.versions();
        expect(versions.length).toBeGreaterThan(0);
        let planned = 0;
        for (const v of versions) {
          for (const scan of [{ version: v.id }, { version: v.id, columns: table.columnNames().slice(-1) }]) {
            const a = await general(table, scan);
            const b = await streamed(table, scan);
            if (a.error) {
              expect(String(b.error)).toBe(String(a.error));
              expect(b.before).toBe(0);
              continue;
            }
            expect(b.error).toBeUndefined();
            expect(b.lines).toEqual(a.lines);
            expect(b.plan).toEqual(a.plan);
            planned += a.plan!.tasks.length;
          }
        }
        // Iceberg tells tasks early wherever a version has no delete files (the other formats plan first).
        if (fx.format === 'iceberg' && planned > 0 && !/deletes|deletion/.test(fx.name)) expect(early.told).toBeGreaterThan(0);
        if (fx.format !== 'iceberg') expect(early.told).toBe(0);
      });
    }
  }
});

/** Delays (or fails) reads of chosen keys and records when each data-file read starts. */
class SlowStorage implements Storage {
  readonly writable = false;
  readonly events: string[] = [];
  constructor(private readonly inner: Storage, private readonly behave: (key: string) => { delayMs?: number; fail?: boolean }) {}
  get description(): string { return this.inner.description; }
  list(options?: ListOptions): Promise<ListPage> { return this.inner.list(options); }
  head(key: string, options?: { signal?: AbortSignal }): Promise<ObjectInfo> { return this.inner.head(key, options); }
  write(key: string, data: Uint8Array, options?: WriteOptions): Promise<ObjectInfo> { return this.inner.write(key, data, options); }
  delete(key: string, options?: { signal?: AbortSignal }): Promise<void> { return this.inner.delete(key, options); }
  async read(key: string, options?: ReadOptions): Promise<Uint8Array> {
    const { delayMs = 0, fail = false } = this.behave(key);
    this.events.push(`start ${key}`);
    if (delayMs) await sleep(delayMs, options?.signal, 'test');
    this.events.push(`end ${key}`);
    if (fail) throw new LakeError('Io', `test storage: read of ${key} failed`, { key });
    return this.inner.read(key, options);
  }
}

/** A table of `files` appends: as many data files and manifests in its current snapshot. */
async function manyManifests(files: number): Promise<MemoryStorage> {
  const storage = new MemoryStorage('read-scan test');
  await createTable(storage, {
    location: 's3://bucket/t', formatVersion: 2,
    schema: { type: 'struct', fields: [{ id: 1, name: 'id', required: true, type: 'long' }, { id: 2, name: 's', required: false, type: 'string' }] },
  });
  for (let f = 0; f < files; f++) await appendRows(storage, Array.from({ length: 3 }, (_, i) => ({ id: BigInt(f * 3 + i), s: i === 1 ? null : `f${f}-${i}` })));
  return storage;
}

describe('readScan while the plan is made', () => {
  const FILES = 12;
  let memory: MemoryStorage;
  let manifests: string[];
  beforeAll(async () => {
    memory = await manyManifests(FILES);
    const keys: string[] = [];
    for (let token: string | undefined, page: ListPage; (page = await memory.list({ continuationToken: token })), keys.push(...page.objects.map((o) => o.key)), (token = page.continuationToken);) { /* all pages */ }
    manifests = keys.filter((k) => k.startsWith('metadata/') && k.endsWith('.avro') && !k.includes('/snap-')).sort();
    expect(manifests.length).toBeGreaterThanOrEqual(FILES);
  });

  it('fetches data files before the last manifest has arrived, with the same rows as planning first', async () => {
    const plan = await planScan(await openTable(memory, '', 'iceberg'), {});
    expect(plan.tasks.length).toBe(FILES);
    // The manifest read last (manifests are fetched in list order) is slow: data files are read meanwhile.
    const probe = new SlowStorage(memory, () => ({}));
    const a = await general(await openTable(probe, '', 'iceberg'), {});
    const last = probe.events.filter((e) => e.startsWith('start ') && manifests.includes(e.slice(6))).at(-1)!.slice(6);
    const slow = new SlowStorage(memory, (key) => (key === last ? { delayMs: 80 } : key.endsWith('.parquet') ? { delayMs: 2 } : {}));
    const table = await openTable(slow, '', 'iceberg');
    const b = await streamed(table, {});
    expect(b.lines).toEqual(a.lines);
    expect(b.plan).toEqual(a.plan);
    const lastEnd = slow.events.indexOf(`end ${last}`);
    const dataStartsBefore = slow.events.slice(0, lastEnd).filter((e) => e.startsWith('start ') && e.endsWith('.parquet')).length;
    expect(dataStartsBefore).toBeGreaterThan(0);
    expect(dataStartsBefore).toBeLessThanOrEqual(8); // the loop's concurrency still bounds the read-ahead
  });

  it('a plan that fails after data files were fetched fails before any row, with the general path error', async () => {
    const probe = new SlowStorage(memory, () => ({}));
    await general(await openTable(probe, '', 'iceberg'), {});
    const order = probe.events.filter((e) => e.startsWith('start ') && manifests.includes(e.slice(6))).map((e) => e.slice(6));
    const last = order.at(-1)!;
    const failing = () => new SlowStorage(memory, (key) => (key === last ? { delayMs: 60, fail: true } : {}));
    const a = await general(await openTable(failing(), '', 'iceberg'), {});
    expect(isLakeError(a.error, 'Io')).toBe(true);
    const storage = failing();
    const b = await streamed(await openTable(storage, '', 'iceberg'), {});
    expect(String(b.error)).toBe(String(a.error));
    expect((b.error as LakeError).context).toEqual((a.error as LakeError).context);
    expect(b.before).toBe(0);
    // Read ahead happened, and nothing is left running.
    expect(storage.events.some((e) => e.startsWith('start ') && e.endsWith('.parquet'))).toBe(true);
  });

  it('a task that fails while the plan is made fails as in the general path, naming its file', async () => {
    const probe = new SlowStorage(memory, () => ({}));
    await general(await openTable(probe, '', 'iceberg'), {});
    const last = probe.events.filter((e) => e.startsWith('start ') && manifests.includes(e.slice(6))).at(-1)!.slice(6);
    // The first task's read throws a plain error (no file in its context): the loop names the file.
    const failing = async () => {
      const storage = new SlowStorage(memory, (key) => (key === last ? { delayMs: 60 } : {}));
      const table = await openTable(storage, '', 'iceberg');
      const read = table.read.bind(table);
      let first: unknown;
      table.read = (task, o) => {
        first ??= task;
        if (task !== first) return read(task, o);
        return (async function* () { storage.events.push('task 0 failed'); throw new Error('boom'); })();
      };
      return { table, storage };
    };
    const a = await general((await failing()).table, {});
    expect(String(a.error)).toContain('boom');
    const { table, storage } = await failing();
    const b = await streamed(table, {});
    expect(storage.events.indexOf('task 0 failed')).toBeGreaterThanOrEqual(0);
    expect(storage.events.indexOf('task 0 failed')).toBeLessThan(storage.events.indexOf(`end ${last}`)); // read ahead, before the plan was complete
    expect(String(b.error)).toBe(String(a.error));
    expect((b.error as LakeError).context).toEqual((a.error as LakeError).context);
    expect(String((b.error as LakeError).context.file)).toMatch(/\.parquet$/);
    expect(b.before).toBe(0);
  });

  it('an abort while planning rejects promptly with Aborted and leaves nothing running', async () => {
    const probe = new SlowStorage(memory, () => ({}));
    await general(await openTable(probe, '', 'iceberg'), {});
    const last = probe.events.filter((e) => e.startsWith('start ') && manifests.includes(e.slice(6))).at(-1)!.slice(6);
    const storage = new SlowStorage(memory, (key) => (key === last ? { delayMs: 5000 } : {}));
    const table = await openTable(storage, '', 'iceberg');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 40);
    const t0 = performance.now();
    const b = await streamed2(readScan(table, {}, { signal: controller.signal }));
    expect(isLakeError(b, 'Aborted')).toBe(true);
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('with a limit, plans first and reads as the general path does', async () => {
    const table = await openTable(memory, '', 'iceberg');
    const early = countEarly(table);
    const a = await general(table, { limit: 4 });
    const b = await streamed(table, { limit: 4 });
    expect(b.lines).toEqual(a.lines);
    expect(b.plan).toEqual(a.plan);
    expect(early.told).toBe(0);
  });

  it('with a filter and row-group pruning off, tells tasks early and keeps the plan', async () => {
    const table = await openTable(memory, '', 'iceberg');
    const early = countEarly(table);
    const scan = { filter: 'id >= 9', pruneRowGroups: false } as ScanRequest;
    const a = await general(table, scan);
    const b = await streamed(table, scan);
    expect(a.error).toBeUndefined();
    expect(b.lines).toEqual(a.lines);
    expect(b.plan).toEqual(a.plan);
    expect(a.plan!.tasks.length).toBeGreaterThan(0);
    expect(early.told).toBe(a.plan!.tasks.length);
  });
});
