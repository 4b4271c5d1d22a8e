/**
 * Corrupt input never hangs and never gives a wrong answer: each damage to a real table (on a temp
 * copy) is a LakeError whose message starts with the Paimon subsystem and whose context names the file.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isLakeError, type LakeError } from '../../errors.ts';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, listFixtures } from '../../../testing/fixtures.ts';
import { openPaimonTable } from './index.ts';

const temps: string[] = [];
function copyOf(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'paimon-corrupt-'));
  temps.push(dir);
  cpSync(listFixtures('paimon').find((f) => f.name === `paimon/${name}`)!.root, dir, { recursive: true });
  return dir;
}

/** Opens the table and reads every row of the latest version; returns the error. */
async function readAll(dir: string, version?: string): Promise<LakeError> {
  try {
    const table = await openPaimonTable(new FsStorage(dir, { readOnly: true }));
    await table.versions();
    const plan = await table.plan({ version });
    for (const t of plan.tasks) for await (const b of table.read(t)) void b;
  } catch (e) {
    expect(isLakeError(e)).toBe(true);
    return e as LakeError;
  }
  throw new Error('expected a LakeError');
}

beforeAll(() => installNodeParquetWasm());
afterEach(() => { for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true }); });

describe.skipIf(!FIXTURES_PRESENT)('paimon corrupt input', () => {
  it('a truncated manifest → DataInvalid naming the manifest', async () => {
    const dir = copyOf('pk_mor_pk_table_scan_and_read_mor');
    const name = readdirSync(join(dir, 'manifest')).filter((n) => /^manifest-[0-9a-f]{8}-/.test(n)).sort()[0]!;
    truncateSync(join(dir, 'manifest', name), 100);
    const e = await readAll(dir);
    expect(e.code).toBe('DataInvalid');
    expect(e.message).toMatch(/^paimon manifest: /);
    expect(e.context.file).toBe(`manifest/${name}`);
  });

  it('a truncated manifest list → DataInvalid naming the list', async () => {
    const dir = copyOf('append_complex_data');
    const list = JSON.parse(readFileSync(join(dir, 'snapshot/snapshot-4'), 'utf8')).deltaManifestList as string;
    truncateSync(join(dir, 'manifest', list), 30);
    const e = await readAll(dir);
    expect(e.code).toBe('DataInvalid');
    expect(e.message).toMatch(/^paimon manifest-list: /);
    expect(e.context.file).toBe(`manifest/${list}`);
  });

  it('a snapshot named by LATEST is missing → DataInvalid naming that snapshot file', async () => {
    const dir = copyOf('pk_dv_partitioned_pk_09');
    unlinkSync(join(dir, 'snapshot/snapshot-8'));
    const e = await readAll(dir);
    expect(e.code).toBe('DataInvalid');
    expect(e.message).toMatch(/^paimon snapshot: LATEST names snapshot 8/);
    expect(e.context.file).toBe('snapshot/snapshot-8');
  });

  it('a stale LATEST hint (older than the listing) is only a hint: the newest snapshot is read', async () => {
    const dir = copyOf('pk_mor_pk_table_scan_and_read_mor');
    writeFileSync(join(dir, 'snapshot/LATEST'), '3');
    const table = await openPaimonTable(new FsStorage(dir, { readOnly: true }));
    expect((await table.versions()).find((v) => v.isCurrent)!.id).toBe('5');
  });

  it('bad schema JSON → DataInvalid naming the schema file', async () => {
    const dir = copyOf('append_complex_data');
    writeFileSync(join(dir, 'schema/schema-0'), '{"version": 3, "id": 0, "fields": [');
    const e = await readAll(dir);
    expect(e.code).toBe('DataInvalid');
    expect(e.message).toMatch(/^paimon schema: not valid JSON/);
    expect(e.context.file).toBe('schema/schema-0');
  });

  it('a schema naming a key column that is not a field → DataInvalid', async () => {
    const dir = copyOf('pk_mor_pk_table_scan_and_read_mor');
    const text = readFileSync(join(dir, 'schema/schema-0'), 'utf8').replace('"primaryKeys" : [ "f0"', '"primaryKeys" : [ "nope"');
    writeFileSync(join(dir, 'schema/schema-0'), text);
    const e = await readAll(dir);
    expect(e.message).toMatch(/^paimon schema: key column 'nope' is not a field/);
    expect(e.context.file).toBe('schema/schema-0');
  });

  it('bad snapshot JSON → DataInvalid naming the snapshot', async () => {
    const dir = copyOf('pk_mor_pk_table_scan_and_read_mor');
    writeFileSync(join(dir, 'snapshot/snapshot-2'), '{"id": 2}');
    const e = await readAll(dir);
    expect(e.code).toBe('DataInvalid');
    expect(e.message).toMatch(/^paimon snapshot: /);
    expect(e.context.file).toBe('snapshot/snapshot-2');
  });

  it('a truncated data file → DataInvalid naming the data file', async () => {
    const dir = copyOf('append_complex_data');
    const file = 'f1=20/bucket-0/' + readdirSync(join(dir, 'f1=20/bucket-0'))[0];
    truncateSync(join(dir, file), 200);
    const e = await readAll(dir);
    expect(e.code).toBe('DataInvalid');
    expect(e.message).toMatch(/^paimon read: /);
    expect(e.context.file).toBe(file);
  });

  it('a missing data file → NotFound naming it', async () => {
    const dir = copyOf('append_complex_data');
    const file = 'f1=20/bucket-1/' + readdirSync(join(dir, 'f1=20/bucket-1'))[0];
    unlinkSync(join(dir, file));
    const e = await readAll(dir);
    expect(e.code).toBe('NotFound');
    expect(e.message).toMatch(/^paimon read: /);
    expect(e.context.file).toBe(file);
  });

  it('a deletion vector with a bad checksum → DataInvalid naming the index file and data file', async () => {
    const dir = copyOf('pk_dv_partitioned_pk_09');
    const index = join(dir, 'index/index-ff7801ad-df90-49b2-9619-586eab9c68e3-0');
    const bytes = readFileSync(index);
    bytes[bytes.length - 1] ^= 0xff;
    writeFileSync(index, bytes);
    const e = await readAll(dir, '6');
    expect(e.code).toBe('DataInvalid');
    expect(e.message).toMatch(/^paimon deletion-vector: vector CRC mismatch/);
    expect(e.context.file).toBe('index/index-ff7801ad-df90-49b2-9619-586eab9c68e3-0');
    expect(e.context.dataFile).toMatch(/^data-0f3a001e/);
  });

  it('not a Paimon table → NotFound', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paimon-empty-'));
    temps.push(dir);
    await expect(openPaimonTable(new FsStorage(dir))).rejects.toMatchObject({ code: 'NotFound' });
  });
});
