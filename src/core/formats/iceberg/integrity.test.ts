/**
 * Damage that used to give rows — silently wrong ones — found by the fuzzer (src/testing/fuzz): each
 * is now a DataInvalid naming the file (or, for the newest metadata file, a fallback that says so).
 * Tables are copies in memory; the shared fixtures are never modified.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isLakeError, type LakeError } from '../../errors.ts';
import type { MemoryStorage } from '../../io/memory-storage.ts';
import { errorText } from '../../messages/message-parts.ts';
import { zh } from '../../messages/zh.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../testing/fixtures.ts';
import { avroLayout } from '../../../testing/fuzz/structure.ts';
import { openIcebergTable } from './index.ts';
import { mutate, tableInMemory } from './test-storage.test-helper.ts';

function fixtureInMemory(part: string): Promise<MemoryStorage> {
  const dir = listFixtures('iceberg').find((f) => f.name.includes(part))!.root;
  const walk = (d: string): string[] => readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]));
  return tableInMemory(walk(dir).map((f) => [relative(dir, f), new Uint8Array(readFileSync(f))] as const), `memory copy of ${dir}`);
}

/** Rows of a version, or the LakeError reading it failed with. */
async function readVersion(storage: MemoryStorage, version?: string): Promise<{ rows: number; warnings: readonly string[] } | LakeError> {
  try {
    const table = await openIcebergTable(storage);
    const plan = await table.planScan(version ? { version } : {});
    let rows = 0;
    for (const t of plan.tasks) for await (const b of table.read(t)) rows += b.numRows;
    return { rows, warnings: table.warnings };
  } catch (e) {
    if (!isLakeError(e)) throw e;
    return e;
  }
}

const cutAtLastBlock = (b: Uint8Array) => b.slice(0, avroLayout(b)!.blocks.at(-2)?.end ?? avroLayout(b)!.headerEnd);

beforeAll(() => installNodeParquetWasm());

describe.skipIf(!FIXTURES_PRESENT)('iceberg: damage that gave silently wrong rows', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('a manifest cut at an Avro block boundary (still valid Avro, entries missing) → DataInvalid: its size is not manifest_length', async () => {
    const s = await fixtureInMemory('pyiceberg_day');
    const key = 'metadata/8ed9efb3-5eb4-4225-a66a-2b6b46cb4d32-m0.avro';
    await mutate(s, key, cutAtLastBlock);
    const e = await readVersion(s, '8792170059756986233') as LakeError;
    expect([e.code, e.context.file]).toEqual(['DataInvalid', expect.stringMatching(/8ed9efb3-.*-m0\.avro$/)]);
    expect(e.message).toMatch(/^iceberg manifest: .*-m0\.avro: file size: .* has \d+ bytes, not the 4764 bytes its metadata records/);
  });

  it('a data file with bytes appended (its footer still read at the recorded end) → DataInvalid naming it', async () => {
    const s = await fixtureInMemory('v2_spark_position');
    const key = (await s.list({ prefix: 'data/' })).objects.find((o) => o.key.endsWith('.parquet') && !o.key.includes('delete'))!.key;
    await mutate(s, key, (b) => Uint8Array.from([...b, 1, 2, 3]));
    const e = await readVersion(s) as LakeError;
    expect(e.code).toBe('DataInvalid');
    expect(e.message).toMatch(/file size: .* has \d+ bytes, not the \d+ bytes its metadata records/);
    expect(String(e.context.file)).toContain(key.slice(key.lastIndexOf('/') + 1));
  });

  it("another snapshot's manifest list in a snapshot's place → DataInvalid: its snapshot-id metadata names the other snapshot", async () => {
    const s = await fixtureInMemory('pyiceberg_day');
    const other = await s.read('metadata/snap-554549470069664013-0-8574bca8-244f-4667-965a-03a41a3e4e0e.avro');
    await s.write('metadata/snap-8792170059756986233-0-8ed9efb3-5eb4-4225-a66a-2b6b46cb4d32.avro', other);
    const e = await readVersion(s, '8792170059756986233') as LakeError;
    expect(e.code).toBe('DataInvalid');
    expect(e.message).toMatch(/^iceberg manifest-list: .*snap-8792170059756986233-.*\.avro belongs to snapshot 554549470069664013, not 8792170059756986233/);
  });

  it('a manifest list cut at an Avro block boundary → DataInvalid: its live file counts disagree with the summary totals', async () => {
    const s = await fixtureInMemory('v2_spark_position');
    const key = 'metadata/snap-7505300640432048841-1-bbd21bb7-5974-4d4b-bd54-82fb9b0ed6bf.avro';
    await mutate(s, key, cutAtLastBlock);
    const e = await readVersion(s, '7505300640432048841') as LakeError;
    expect(e.code).toBe('DataInvalid');
    expect(e.message).toMatch(/^iceberg manifest-list: .*snap-7505300640432048841-.* counts \d+ live data files but the snapshot summary records total-data-files=\d+/);
    expect(String(e.context.file)).toMatch(/snap-7505300640432048841-/);
  });

  it('a truncated Puffin file whose deletion vector is still intact → DataInvalid (the read runs through to the recorded end)', async () => {
    const s = await fixtureInMemory('v3_spark');
    const key = 'data/00000-9-08e88179-85b6-4635-8b34-94b49abc87d9-00001-deletes.puffin';
    await mutate(s, key, (b) => b.slice(0, b.length - 43));
    const e = await readVersion(s) as LakeError;
    expect(e.code).toBe('DataInvalid');
    expect(e.message).toMatch(/^iceberg deletion vector: .*-deletes\.puffin: file size: .* has 781 bytes, not the 824 bytes/);
  });

  it("a Puffin file whose footer payload size field is wrong (the blob intact) → DataInvalid: the read-through checks the footer lists the blob", async () => {
    const s = await fixtureInMemory('v3_spark');
    const key = 'data/00000-9-08e88179-85b6-4635-8b34-94b49abc87d9-00001-deletes.puffin';
    await mutate(s, key, (b) => { const c = b.slice(); new DataView(c.buffer).setUint32(c.length - 12, 2 ** 31 - 1, true); return c; });
    const e = await readVersion(s) as LakeError;
    expect(e.code).toBe('DataInvalid');
    expect(e.message).toMatch(/^iceberg deletion vector: .*-deletes\.puffin: puffin: footer payload size 2147483647 does not fit in the file/);
  });

  it('an older metadata file copied over the newest (v4 ← v3) → not taken as v4: the read falls back and says so', async () => {
    const s = await fixtureInMemory('flink_equality');
    await s.write('metadata/v4.metadata.json', await s.read('metadata/v3.metadata.json'));
    const r = await readVersion(s) as { rows: number; warnings: readonly string[] };
    expect(r.warnings.join('\n')).toMatch(/the newest metadata\/v4\.metadata\.json cannot be read \(iceberg metadata: metadata\/v4\.metadata\.json does not continue v3\.metadata\.json \(its metadata-log ends with v2\.metadata\.json\)/);
  });

  it('a version missing because the newest metadata file was skipped → NotFound naming the file read and the skipped one', async () => {
    const s = await fixtureInMemory('v3_spark');
    await mutate(s, 'metadata/v3.metadata.json', (b) => b.slice(0, 100));
    const e = await readVersion(s, '3685752423136077685') as LakeError;
    expect(e.code).toBe('NotFound');
    expect(e.context.file).toBe('metadata/v2.metadata.json');
    expect(e.message).toMatch(/no snapshot id or branch\/tag "3685752423136077685" .*\(read from metadata\/v2\.metadata\.json; the newest metadata\/v3\.metadata\.json cannot be read/);
    // In the reader's language too (issue 20): the lookup, the file read and what opening skipped, none quoted as English.
    expect(errorText(e.ref!)).toBe(e.message);
    expect(errorText(e.ref!, zh)).toMatch(/（读取自 metadata\/v2\.metadata\.json；/);
    expect(JSON.stringify(e.ref)).not.toContain('error.untranslated');
  });
});
