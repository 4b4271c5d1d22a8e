/**
 * Damaged tables fail with a LakeError that names the subsystem and the file — never a hang, a raw
 * exception or a partial answer: truncated commits, garbage checkpoints, missing data and DV files,
 * truncated data files, a truncated `_last_checkpoint` (only a hint: ignored).
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isLakeError } from '../../errors.ts';
import type { MemoryStorage } from '../../io/memory-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../testing/fixtures.ts';
import { openDeltaTable } from './index.ts';
import { memoryCopy, readRows } from './test-support.test-helper.ts';

beforeAll(() => installNodeParquetWasm());
const root = (name: string) => join(FIXTURES_DIR, 'delta', name);

async function replace(mem: MemoryStorage, key: string, bytes: Uint8Array): Promise<void> {
  await mem.delete(key);
  await mem.write(key, bytes);
}

async function failure(work: () => Promise<unknown>): Promise<{ code: string; message: string; file: unknown }> {
  try {
    await work();
  } catch (e) {
    expect(isLakeError(e), String(e)).toBe(true);
    const le = e as { code: string; message: string; context: Record<string, unknown> };
    return { code: le.code, message: le.message, file: le.context.file };
  }
  throw new Error('expected a failure');
}

describe.skipIf(!FIXTURES_PRESENT)('corrupt Delta tables', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('a commit cut in the middle of a line is DataInvalid naming the file and line', async () => {
    const mem = await memoryCopy(root('table-with-dv-small'));
    const key = '_delta_log/00000000000000000001.json';
    const bytes = await mem.read(key);
    await replace(mem, key, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const f = await failure(() => openDeltaTable(mem));
    expect(f).toMatchObject({ code: 'DataInvalid', file: key });
    expect(f.message).toMatch(/^delta log: line \d+ is not valid JSON/);
  });

  it('a garbage checkpoint is DataInvalid naming it', async () => {
    const mem = await memoryCopy(root('python-0.25.5-checkpoint'));
    const key = '_delta_log/00000000000000000000.checkpoint.parquet';
    await replace(mem, key, new TextEncoder().encode('PAR1 this is not parquet PAR1'));
    const f = await failure(() => openDeltaTable(mem));
    expect(f).toMatchObject({ code: 'DataInvalid', file: key });
    expect(f.message).toMatch(/^delta checkpoint: /);
  });

  it('a truncated _last_checkpoint is only a hint: ignored, the table reads', async () => {
    const mem = await memoryCopy(root('python-0.25.5-checkpoint'));
    await replace(mem, '_delta_log/_last_checkpoint', new TextEncoder().encode('{"version":'));
    expect(await readRows(await openDeltaTable(mem))).toHaveLength(6);
  });

  it('a missing data file is NotFound naming it; a missing DV file too', async () => {
    const mem = await memoryCopy(root('table-with-dv-small'));
    const data = 'part-00000-fae5310a-a37d-4e51-827b-c3d5516560ca-c000.snappy.parquet';
    await mem.delete('deletion_vector_61d16c75-6994-46b7-a15b-8b538852e50e.bin');
    const dv = await failure(async () => readRows(await openDeltaTable(mem)));
    expect(dv).toMatchObject({ code: 'NotFound', file: 'deletion_vector_61d16c75-6994-46b7-a15b-8b538852e50e.bin' });
    expect(dv.message).toMatch(/^delta deletion vector: /);
    await mem.delete(data);
    const f = await failure(async () => readRows(await openDeltaTable(mem), { version: '0' }));
    expect(f).toMatchObject({ code: 'NotFound', file: data });
    expect(f.message).toMatch(/^delta read: /);
  });

  it('a truncated data file is DataInvalid naming it', async () => {
    const mem = await memoryCopy(root('python-0.25.5-checkpoint'));
    const key = 'part-00001-4ad27870-ff0a-4fe5-b4c7-04cadfd628a9-c000.snappy.parquet';
    const bytes = await mem.read(key);
    await replace(mem, key, bytes.subarray(0, bytes.length - 20));
    const f = await failure(async () => readRows(await openDeltaTable(mem)));
    expect(f).toMatchObject({ code: 'DataInvalid', file: key });
    expect(f.message).toMatch(/^delta read: /);
  });
});
