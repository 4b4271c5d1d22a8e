/**
 * Damage that used to give rows — silently wrong ones — found by the fuzzer (src/testing/fuzz): each
 * is now a DataInvalid naming the file. Tables are copies in memory; the fixtures are never modified.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isLakeError, type LakeError } from '../../errors.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../testing/fixtures.ts';
import { avroLayout } from '../../../testing/fuzz/structure.ts';
import { openPaimonTable } from './index.ts';

async function copyOf(name: string): Promise<MemoryStorage> {
  const dir = listFixtures('paimon').find((f) => f.name === `paimon/${name}`)!.root;
  const walk = (d: string): string[] => readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]));
  const s = new MemoryStorage(`memory copy of ${name}`);
  for (const f of walk(dir)) await s.write(relative(dir, f), new Uint8Array(readFileSync(f)));
  return s;
}

async function failure(storage: MemoryStorage, version: string): Promise<LakeError> {
  try {
    const table = await openPaimonTable(storage);
    const plan = await table.plan({ version });
    for (const t of plan.tasks) for await (const b of table.read(t)) void b;
  } catch (e) {
    if (isLakeError(e)) return e;
    throw e;
  }
  throw new Error('expected a LakeError, got rows');
}

const edit = async (s: MemoryStorage, key: string, fn: (b: Uint8Array) => Uint8Array) => { await s.write(key, fn(await s.read(key))); };
const cutAtLastBlock = (b: Uint8Array) => b.slice(0, avroLayout(b)!.blocks.at(-2)?.end ?? avroLayout(b)!.headerEnd);

beforeAll(() => installNodeParquetWasm());

describe.skipIf(!FIXTURES_PRESENT)('paimon: damage that gave silently wrong rows', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('a manifest cut at an Avro block boundary → DataInvalid: its size is not the _FILE_SIZE its list records', async () => {
    const s = await copyOf('append_complex_data');
    const key = 'manifest/manifest-59f4b612-1d6a-4acb-999c-f92ae2e6129f-0';
    await edit(s, key, cutAtLastBlock);
    const e = await failure(s, '4');
    expect([e.code, e.context.file]).toEqual(['DataInvalid', key]);
    expect(e.message).toMatch(/^paimon manifest: file size: manifest\/manifest-59f4b612-.* has \d+ bytes, not the \d+ bytes its metadata records/);
  });

  it('a data file with bytes appended → DataInvalid naming it (the ranged read asks one byte past the recorded end)', async () => {
    const s = await copyOf('append_complex_data');
    const keys = (await s.list()).objects.map((o) => o.key).filter((k) => k.endsWith('.parquet'));
    for (const key of keys) await edit(s, key, (b) => Uint8Array.from([...b, 0, 0, 0, 0]));
    const e = await failure(s, '4');
    expect(e.code).toBe('DataInvalid');
    expect(keys).toContain(e.context.file);
    expect(e.message).toMatch(/^paimon read: file size: .* is longer than the \d+ bytes its metadata records/);
  });

  it('another snapshot in snapshot-5, another schema in schema-1 → DataInvalid naming the file', async () => {
    const s = await copyOf('pk_mor_pk_table_scan_and_read_mor');
    await s.write('snapshot/snapshot-5', await s.read('snapshot/snapshot-2'));
    let e = await failure(s, '5');
    expect([e.code, e.message, e.context.file]).toEqual(['DataInvalid', 'paimon snapshot: snapshot/snapshot-5 holds snapshot 2, not 5', 'snapshot/snapshot-5']);
    const t = await copyOf('pk_dv_schema_evolution_pk_table_with_alter_table');
    await t.write('schema/schema-1', await t.read('schema/schema-0'));
    e = await failure(t, '6');
    expect([e.code, e.message, e.context.file]).toEqual(['DataInvalid', 'paimon schema: schema/schema-1 holds schema 0, not 1', 'schema/schema-1']);
  });

  it('a manifest list cut at an Avro block boundary (no size recorded) → DataInvalid: the live rows disagree with totalRecordCount', async () => {
    const s = await copyOf('pk_dv_partitioned_pk_09');
    await edit(s, 'manifest/manifest-list-c63559b0-8ebb-4bf9-8e0c-91062d5e7391-10', cutAtLastBlock);
    const e = await failure(s, '6');
    expect(e.code).toBe('DataInvalid');
    expect(e.message).toMatch(/^paimon manifest-list: the live files of snapshot 6 hold \d+ rows but the snapshot records totalRecordCount \d+ \(a truncated or swapped manifest list\)/);
    expect(e.context.file).toBe('manifest/manifest-list-c63559b0-8ebb-4bf9-8e0c-91062d5e7391-10');
  });

  it('a deletion-vector index file with bytes appended → DataInvalid naming it', async () => {
    const s = await copyOf('pk_dv_partitioned_pk_09');
    for (const o of (await s.list({ prefix: 'index/' })).objects) await edit(s, o.key, (b) => Uint8Array.from([...b, 7]));
    const e = await failure(s, '8');
    expect(e.code).toBe('DataInvalid');
    expect(e.message).toMatch(/^paimon index: file size: index\/index-ff7801ad-.* has \d+ bytes, not the \d+ bytes its metadata records/);
  });
});
