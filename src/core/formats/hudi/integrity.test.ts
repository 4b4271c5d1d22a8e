/**
 * Files of a Hudi table that are not what the timeline says (found by the fuzz run; on temp copies of the
 * fixtures): each must be a DataInvalid naming the file, never rows. Commit metadata without its one
 * record or emptied; a base file whose size differs from what its commit recorded; a log file whose
 * blocks carry another instant than its name.
 */
import { cpSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordBatch } from 'apache-arrow';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isLakeError, type LakeError } from '../../errors.ts';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../testing/fixtures.ts';
import { avroLayout } from '../../../testing/fuzz/structure.ts';
import { openHudiTable, type HudiTable } from './index.ts';

const temps: string[] = [];
function copyOf(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'hudi-integrity-'));
  temps.push(dir);
  cpSync(listFixtures('hudi').find((f) => f.name === `hudi/${name}`)!.root, dir, { recursive: true });
  return dir;
}

async function readAll(table: HudiTable, version?: string): Promise<RecordBatch[]> {
  const plan = await table.plan({ version });
  const batches: RecordBatch[] = [];
  for (const t of plan.tasks) for await (const b of table.read(t)) batches.push(b);
  return batches;
}

async function failure(work: () => Promise<unknown>): Promise<LakeError> {
  try {
    await work();
  } catch (e) {
    if (!isLakeError(e)) throw e;
    return e as LakeError;
  }
  throw new Error('expected a LakeError, got rows');
}

beforeAll(() => installNodeParquetWasm());
afterEach(() => { for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true }); });

describe.skipIf(!FIXTURES_PRESENT)('hudi files that disagree with the timeline', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('a layout-2 replacecommit cut to its Avro header (no record) is DataInvalid, not a table with nothing replaced', async () => {
    const dir = copyOf('mor_v9_txns_simple_nometa');
    const key = '.hoodie/timeline/20260307135837782_20260307135838045.replacecommit';
    const bytes = readFileSync(join(dir, key));
    writeFileSync(join(dir, key), bytes.subarray(0, avroLayout(bytes)!.headerEnd));
    const e = await failure(async () => readAll(await openHudiTable(new FsStorage(dir, { readOnly: true }))));
    expect(e.code).toBe('DataInvalid');
    expect(e.context.file).toBe(key);
    expect(e.message).toContain('holds 0 records');
  });

  it('a layout-2 commit metadata file with its record block twice is DataInvalid', async () => {
    const dir = copyOf('cow_v8_simplekeygen_nonhivestyle');
    const key = '.hoodie/timeline/20250713011316909_20250713011317225.commit';
    const bytes = readFileSync(join(dir, key));
    const block = avroLayout(bytes)!.blocks[0]!;
    writeFileSync(join(dir, key), Buffer.concat([bytes.subarray(0, block.end), bytes.subarray(block.start, block.end), bytes.subarray(block.end)]));
    const e = await failure(async () => readAll(await openHudiTable(new FsStorage(dir, { readOnly: true }))));
    expect(e.code).toBe('DataInvalid');
    expect(e.context.file).toBe(key);
  });

  it('a replacecommit holding a deltacommit\'s metadata (files of another instant) is DataInvalid naming it', async () => {
    const dir = copyOf('mor_v9_txns_simple_nometa');
    const key = '.hoodie/timeline/20260307135837782_20260307135838045.replacecommit';
    copyFileSync(join(dir, '.hoodie/timeline/20260307135833781_20260307135834136.deltacommit'), join(dir, key));
    const e = await failure(async () => readAll(await openHudiTable(new FsStorage(dir, { readOnly: true })), '20260307135839895'));
    expect(e.code).toBe('DataInvalid');
    expect(e.context.file).toBe(key);
    expect(e.message).toContain('belongs to instant 20260307135833781, not 20260307135837782');
  });

  it('an emptied completed deltacommit is DataInvalid naming it', async () => {
    const dir = copyOf('mor_v6_trips_8i1u_avro_log');
    const key = '.hoodie/20250331030642808.deltacommit';
    writeFileSync(join(dir, key), new Uint8Array(0));
    const e = await failure(async () => readAll(await openHudiTable(new FsStorage(dir, { readOnly: true }))));
    expect(e.code).toBe('DataInvalid');
    expect(e.message).toContain(`${key} is empty`);
  });

  it('a base file replaced by another one (its size differs from what its commit recorded) is DataInvalid naming it', async () => {
    const dir = copyOf('cow_v8_simplekeygen_nonhivestyle');
    const key = '30/6653c109-b3c0-470e-8ad4-f45947474a34-0_1-136-194_20250713011316909.parquet';
    copyFileSync(join(dir, '10/7b0ea4f9-3768-4e87-b12c-8d33efd22b55-0_1-115-169_20250713011315930.parquet'), join(dir, key));
    const e = await failure(async () => readAll(await openHudiTable(new FsStorage(dir, { readOnly: true }))));
    expect(e.code).toBe('DataInvalid');
    expect(e.context.file).toBe(key);
    expect(e.message).toContain('recorded 441185');
  });

  it('a v6 log file shorter than the append its delta commit recorded is DataInvalid naming it (its blocks were cut off)', async () => {
    const dir = copyOf('mor_v6_trips_8i1u_avro_log');
    const key = 'city=san_francisco/.d0304c53-6fd2-4b7a-a9d6-5ff632f79224-0_20250331030642808.log.1_0-26-85';
    writeFileSync(join(dir, key), new Uint8Array(0));
    const e = await failure(async () => readAll(await openHudiTable(new FsStorage(dir, { readOnly: true }))));
    expect(e.code).toBe('DataInvalid');
    expect(e.context.file).toBe(key);
    expect(e.message).toContain(`${key} is 0 bytes, but the commits that wrote it recorded`);
  });

  it('a v9 log file holding another delta commit\'s blocks is DataInvalid naming it', async () => {
    const dir = copyOf('mor_v9_txns_simple_nometa');
    const table = await openHudiTable(new FsStorage(dir, { readOnly: true }));
    const plan = await table.planScan({ version: '20260307135835748' });
    const task = plan.tasks.find((t) => t.partition === 'region=us')!;
    const [first, second] = task.logFiles;
    // Swapped after planning, so the read (not the plan's size check) must notice.
    copyFileSync(join(dir, second!.key), join(dir, first!.key));
    const e = await failure(async () => { for await (const b of table.read(task)) void b; });
    expect(e.code).toBe('DataInvalid');
    expect(e.context.file).toBe(first!.key);
    expect(e.message).toContain(`has instant ${second!.instantTime}, but the file name says ${first!.instantTime}`);
  });
});
