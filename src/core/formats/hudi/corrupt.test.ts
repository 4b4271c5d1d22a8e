/**
 * Damaged and unfinished Hudi tables (on temp copies of the fixtures): a torn tail log block is skipped
 * with a warning naming the file and offset (Hudi's own reader does the same); a base file with bad
 * magic or missing, and an instant file of an unknown action, are LakeErrors naming the file; an inflight
 * instant is shown as pending and its files are never read as committed.
 */
import { appendFileSync, cpSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordBatch } from 'apache-arrow';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows, canonicalRowsText } from '../../arrow/index.ts';
import { isLakeError, LakeError } from '../../errors.ts';
import type { Storage } from '../../io/storage.ts';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, listFixtures, type Fixture } from '../../../testing/fixtures.ts';
import { openHudiTable, type HudiTable } from './index.ts';
import { format, formatRef } from '../../messages/en.ts';
import { errorText } from '../../messages/message-parts.ts';
import { zh } from '../../messages/zh.ts';

const temps: string[] = [];
const fixture = (name: string): Fixture => listFixtures('hudi').find((f) => f.name === `hudi/${name}`)!;
function copyOf(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'hudi-corrupt-'));
  temps.push(dir);
  cpSync(fixture(name).root, dir, { recursive: true });
  return dir;
}

async function rows(table: HudiTable, version?: string): Promise<string> {
  const plan = await table.plan({ version });
  const batches: RecordBatch[] = [];
  for (const t of plan.tasks) for await (const b of table.read(t)) batches.push(b);
  return canonicalRowsText(canonicalRows(batches, { columns: plan.columns }));
}

async function failure(work: () => Promise<unknown>): Promise<LakeError> {
  try {
    await work();
  } catch (e) {
    expect(isLakeError(e)).toBe(true);
    return e as LakeError;
  }
  throw new Error('expected a LakeError');
}

beforeAll(() => installNodeParquetWasm());
afterEach(() => { for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true }); });

describe.skipIf(!FIXTURES_PRESENT)('hudi corrupt and unfinished tables', () => {
  it('a torn block at the tail of a log file is skipped with a warning naming the file and offset', async () => {
    const dir = copyOf('mor_v6_trips_8i1u_avro_log');
    const key = `city=san_francisco/${readdirSync(join(dir, 'city=san_francisco')).find((n) => n.includes('.log.'))!}`;
    const whole = readFileSync(join(dir, key));
    appendFileSync(join(dir, key), whole.subarray(0, 700)); // a second block cut off mid-write
    const table = await openHudiTable(new FsStorage(dir, { readOnly: true }));
    const latest = fixture('mor_v6_trips_8i1u_avro_log').expected.versions.at(-1)!;
    expect(await rows(table)).toBe(canonicalRowsText(latest.rows!));
    expect(table.readWarnings).toHaveLength(1);
    expect(table.readWarnings[0]).toContain(`hudi log: ${key}: corrupt block at offset ${whole.length}`);
    expect(table.readWarnings[0]).toContain('runs past the end of the file');
    // The same warning as its catalog message: the same English, and Chinese for a zh-CN reader, the file as data.
    expect(table.readWarningMessages.map((m) => errorText(m))).toEqual(table.readWarnings);
    const zhText = errorText(table.readWarningMessages[0]!, zh);
    expect(zhText).toContain(`hudi 日志：${key}：偏移 ${whole.length} 处的日志块已损坏`);
    // …its reason too: the torn write, said in Chinese rather than quoted in English.
    expect(zhText).toMatch(/（块大小 \d+ 超出了文件末尾（写入被截断））/);
    expect(zhText).not.toContain('runs past');
    // The tree's node for the skipped region explains it in the reader's language, the warning included.
    const region = (await table.tree({}, `log:${encodeURIComponent(key)}`)).find((n) => n.id.startsWith('corrupt:'))!;
    expect(region.explanation).toBe(format('tree.hudi.corrupt', { warning: table.readWarnings[0]! }));
    expect(formatRef(region.message!)).toBe(region.explanation);
    expect(formatRef(region.message!, zh)).toBe(`日志文件中无法分帧的一段区域，因此被跳过：${zhText}`);
  });

  it('a base file with bad magic → DataInvalid naming the file', async () => {
    const dir = copyOf('cow_v6_nonpartitioned');
    const name = readdirSync(dir).filter((n) => n.endsWith('.parquet')).sort().at(-1)!;
    const bytes = readFileSync(join(dir, name));
    bytes.set([0x58, 0x58, 0x58, 0x58], bytes.length - 4);
    writeFileSync(join(dir, name), bytes);
    const e = await failure(async () => rows(await openHudiTable(new FsStorage(dir, { readOnly: true }))));
    expect(e.code).toBe('DataInvalid');
    expect(e.message).toMatch(/^hudi read: base file /);
    expect(e.context.file).toBe(name);
  });

  it('a missing base file → NotFound naming the file', async () => {
    const dir = copyOf('mor_v9_txns_simple_nometa');
    const table = await openHudiTable(new FsStorage(dir, { readOnly: true }));
    const plan = await table.planScan();
    const key = plan.tasks.find((t) => t.baseFile)!.baseFile!.key;
    unlinkSync(join(dir, key));
    const e = await failure(async () => { for (const t of plan.tasks) for await (const b of table.read(t)) void b; });
    expect(e.code).toBe('NotFound');
    expect(e.message).toContain(key);
    expect(e.context.file).toBe(key);
  });

  it('an instant file of an unknown action → DataInvalid naming the file', async () => {
    const dir = copyOf('cow_v8_simplekeygen_nonhivestyle');
    writeFileSync(join(dir, '.hoodie/timeline/20990101000000000.frobnicate.requested'), '');
    const e = await failure(() => openHudiTable(new FsStorage(dir, { readOnly: true })));
    expect(e.code).toBe('DataInvalid');
    expect(e.message).toMatch(/^hudi timeline: unknown action 'frobnicate'/);
    expect(e.context.file).toBe('.hoodie/timeline/20990101000000000.frobnicate.requested');
  });

  it('hoodie.properties changed so that it no longer fits the table (fuzz seed 7 case 173) → DataInvalid naming it', async () => {
    for (const [from, to] of [['hoodie.timeline.layout.version=1', 'hoodie.timeline.layout.version=2'], ['hoodie.table.version=6', 'hoodie.table.version=8'], ['hoodie.table.checksum=1363530505', 'hoodie.table.checksum=1363530503']]) {
      const dir = copyOf('cow_v6_nonpartitioned');
      const file = join(dir, '.hoodie/hoodie.properties');
      const text = readFileSync(file, 'utf8');
      expect(text).toContain(from);
      writeFileSync(file, text.replace(from, to));
      const e = await failure(() => openHudiTable(new FsStorage(dir, { readOnly: true })));
      expect([e.code, e.context.file]).toEqual(['DataInvalid', '.hoodie/hoodie.properties']);
    }
  });

  it('a version the timeline does not hold → NotFound naming the timeline folder looked in', async () => {
    const table = await openHudiTable(new FsStorage(fixture('cow_v8_simplekeygen_nonhivestyle').root, { readOnly: true }));
    const e = await failure(() => table.plan({ version: '20200101000000000' }));
    expect([e.code, e.context.file]).toEqual(['NotFound', '.hoodie/timeline/']);
    expect(e.message).toBe('hudi time travel: no completed instant 20200101000000000 in the active timeline (.hoodie/timeline/)');
  });

  it('a file group with log files only (no base file yet) reads its log records', async () => {
    const dir = copyOf('mor_v6_trips_8i1u_avro_log');
    const sf = join(dir, 'city=san_francisco');
    unlinkSync(join(sf, readdirSync(sf).find((n) => n.endsWith('.parquet'))!));
    const table = await openHudiTable(new FsStorage(dir, { readOnly: true }));
    const plan = await table.planScan();
    const logOnly = plan.tasks.find((t) => t.partition === 'city=san_francisco')!;
    expect([logOnly.baseFile, logOnly.logFiles.length]).toEqual([undefined, 1]);
    const latest = fixture('mor_v6_trips_8i1u_avro_log').expected.versions.at(-1)!.rows as Record<string, unknown>[];
    // The log holds the one update (fare 25 for rider-D); the other San Francisco rows lived only in the base file.
    const want = latest.filter((r) => r.city !== 'san_francisco' || r.rider === 'rider-D');
    expect(await rows(table)).toBe(canonicalRowsText(want));
  });

  it('an archived timeline is read on demand: opening does not warn; an archive that is not one is DataInvalid naming it when history is asked for', async () => {
    expect((await openHudiTable(new FsStorage(fixture('cow_v6_nonpartitioned').root, { readOnly: true }))).warnings).toEqual([]);
    const dir = copyOf('cow_v6_nonpartitioned');
    mkdirSync(join(dir, '.hoodie/archived'));
    writeFileSync(join(dir, '.hoodie/archived/.commits_.archive.1_1-0-1'), 'x');
    const table = await openHudiTable(new FsStorage(dir, { readOnly: true }));
    expect(table.warnings).toEqual([]);
    expect(await rows(table)).toBe(canonicalRowsText(fixture('cow_v6_nonpartitioned').expected.versions.at(-1)!.rows!));
    const e = await failure(() => table.versions());
    expect([e.code, e.context.file]).toEqual(['DataInvalid', '.hoodie/archived/.commits_.archive.1_1-0-1']);
  });

  it('storage that cannot list (plain HTTP) → Unsupported saying that a Hudi table needs a listing', async () => {
    const fs = new FsStorage(fixture('cow_v6_nonpartitioned').root, { readOnly: true });
    const http: Storage = {
      description: 'https://example.invalid/t', writable: false,
      list: () => Promise.reject(new LakeError('Unsupported', 'http: list: a plain HTTP location cannot be listed')),
      head: (k, o) => fs.head(k, o), read: (k, o) => fs.read(k, o), write: (k, d, o) => fs.write(k, d, o), delete: (k, o) => fs.delete(k, o),
    };
    const e = await failure(() => openHudiTable(http));
    expect(e.code).toBe('Unsupported');
    expect(e.message).toMatch(/^hudi timeline: https:\/\/example.invalid\/t cannot be listed/);
  });

  it('an inflight commit is shown as pending and its base file is never read', async () => {
    const dir = copyOf('cow_v6_nonpartitioned');
    const fx = fixture('cow_v6_nonpartitioned');
    writeFileSync(join(dir, '.hoodie/20990101000000000.commit.requested'), '');
    writeFileSync(join(dir, '.hoodie/20990101000000000.inflight'), '');
    // The inflight write already left a (newer) base file of the same file group.
    const name = readdirSync(dir).filter((n) => n.endsWith('.parquet')).sort()[0]!;
    copyFileSync(join(dir, name), join(dir, name.replace(/_\d+\.parquet$/, '_20990101000000000.parquet')));
    const table = await openHudiTable(new FsStorage(dir, { readOnly: true }));
    expect((await table.versions()).map((v) => v.id)).toEqual(fx.expected.versions.map((v) => v.id));
    expect(await rows(table)).toBe(canonicalRowsText(fx.expected.versions.at(-1)!.rows!));
    const instants = await table.tree({}, (await table.tree())[1]!.id);
    const pending = instants.find((n) => n.details?.requestedTime === '20990101000000000')!;
    expect(pending.details?.state).toBe('INFLIGHT');
    expect(pending.label).toContain('pending, never read');
    const e = await failure(() => table.plan({ version: '20990101000000000' }));
    expect(e.code).toBe('NotFound');
    expect(e.message).toContain('is inflight, not completed');
  });
});
