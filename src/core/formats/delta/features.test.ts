/**
 * Reader features one by one (PROTOCOL.md "Table Features"): each supported feature on engine-written
 * fixture data where the fixtures have it, on hand-made tables otherwise; unsupported ones refused with
 * `Unsupported` naming them.
 */
import { join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { beforeAll, describe, expect, it } from 'vitest';
import { isLakeError } from '../../errors.ts';
import type { MemoryStorage } from '../../io/memory-storage.ts';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../testing/fixtures.ts';
import { openDeltaTable } from './index.ts';
import { deletionVectorPath, parseInlineDeletionVector } from './spec/deletion-vector.ts';
import { z85Encode } from './spec/z85.ts';
import { addAction, memoryCopy, metaDataAction, readRows, syntheticTable } from './test-support.test-helper.ts';

beforeAll(() => installNodeParquetWasm());

const fixture = (name: string) => join(FIXTURES_DIR, 'delta', name);
const golden = (name: string) => join(FIXTURES_DIR, 'delta-golden', name, 'delta');
const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

/** Rewrites one commit file of a memory copy. */
async function rewrite(mem: MemoryStorage, key: string, edit: (text: string) => string): Promise<void> {
  const text = dec(await mem.read(key));
  await mem.delete(key);
  await mem.write(key, enc(edit(text)));
}

async function errorOf(p: Promise<unknown>): Promise<unknown> {
  return p.then(() => undefined, (e: unknown) => e);
}

describe('deletionVectors: the PROTOCOL.md examples', () => {
  it('a relative-path DV id with a random prefix names <prefix>/deletion_vector_<uuid>.bin', () => {
    expect(deletionVectorPath({ storageType: 'u', pathOrInlineDv: 'ab^-aqEH.-t@S}K{vb[*k^', offset: 4, sizeInBytes: 40, cardinality: 6n }))
      .toEqual({ relative: 'ab/deletion_vector_d2c639aa-8816-431a-aaf6-d3fe2512ff61.bin' });
  });
  it('the inline example is refused as delta-spark refuses it: its header is the native layout written big-endian', () => {
    // Its bytes start 64 39 d3 d0 (1681511376 big-endian); Delta's readers read the magic little-endian.
    // Inline DVs as writers produce them are read in 'storage type i' below.
    let e: unknown;
    try { parseInlineDeletionVector({ storageType: 'i', pathOrInlineDv: 'wi5b=000010000siXQKl0rr91000f55c8Xg0@@D72lkbi5=-{L', sizeInBytes: 40, cardinality: 6n }); } catch (x) { e = x; }
    expect(isLakeError(e, 'DataInvalid') && (e as Error).message).toMatch(/big-endian RoaringBitmapArray header/);
  });
});

describe.skipIf(!FIXTURES_PRESENT)('deletionVectors on table-with-dv-small (values 0..9, the DV deletes 0 and 9)', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  const want = [1, 2, 3, 4, 5, 6, 7, 8].map((value) => ({ value }));
  const dvKey = 'deletion_vector_61d16c75-6994-46b7-a15b-8b538852e50e.bin';

  it('storage type u (file named by a Z85 UUID, offset 1) hides the deleted rows', async () => {
    const rows = await readRows(await openDeltaTable(new FsStorage(fixture('table-with-dv-small'), { readOnly: true })));
    expect(rows.sort((a, b) => (a.value as number) - (b.value as number))).toEqual(want);
  });

  it('storage type i (the same bitmap inline, Z85-encoded) reads the same', async () => {
    const mem = await memoryCopy(fixture('table-with-dv-small'));
    const bitmap = (await mem.read(dvKey)).subarray(1 + 4, 1 + 4 + 36);
    await rewrite(mem, '_delta_log/00000000000000000001.json', (t) => t.replace(/"deletionVector":\{[^}]*\}/, `"deletionVector":{"storageType":"i","pathOrInlineDv":"${z85Encode(bitmap)}","sizeInBytes":36,"cardinality":2}`));
    await mem.delete(dvKey);
    const rows = await readRows(await openDeltaTable(mem));
    expect(rows.sort((a, b) => (a.value as number) - (b.value as number))).toEqual(want);
  });

  it('storage type p (an absolute path) reads when the table is opened with its location, and says why not otherwise', async () => {
    const mem = await memoryCopy(fixture('table-with-dv-small'));
    await rewrite(mem, '_delta_log/00000000000000000001.json', (t) => t.replace(/"storageType":"u","pathOrInlineDv":"[^"]*"/, `"storageType":"p","pathOrInlineDv":"s3://bucket/tables/small/${dvKey}"`));
    const rows = await readRows(await openDeltaTable(mem, { location: 's3://bucket/tables/small' }));
    expect(rows.sort((a, b) => (a.value as number) - (b.value as number))).toEqual(want);
    const e = await errorOf(readRows(await openDeltaTable(mem)));
    expect(isLakeError(e, 'Unsupported') && (e as Error).message).toMatch(/lies outside the table root opened without its location/);
  });

  it('a DV whose checksum does not match is DataInvalid naming the file', async () => {
    const mem = await memoryCopy(fixture('table-with-dv-small'));
    const bytes = (await mem.read(dvKey)).slice();
    bytes[10] = bytes[10]! ^ 0xff;
    await mem.delete(dvKey);
    await mem.write(dvKey, bytes);
    const e = await errorOf(readRows(await openDeltaTable(mem)));
    expect(isLakeError(e, 'DataInvalid') && (e as Error).message).toMatch(/CRC-32 mismatch/);
    expect((e as { context: Record<string, unknown> }).context.file).toBe(dvKey);
  });
});

describe.skipIf(!FIXTURES_PRESENT)('features on engine-written tables', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('columnMapping name mode: physical column names in files, partition values by physical name, random prefix folders', async () => {
    const table = await openDeltaTable(new FsStorage(fixture('table_with_column_mapping'), { readOnly: true }));
    expect(table.columnNames()).toEqual(['Company Very Short', 'Super Name']);
    const plan = await table.plan({ filter: "\"Company Very Short\" = 'BME'" });
    expect(plan.files.map((f) => f.key)).toEqual(['8v/part-00001-69b4a452-aeac-4ffa-bf5c-a0c2833d05eb.c000.zstd.parquet']);
    expect(plan.skipped.map((s) => s.step)).toEqual(['partition']);
    const rows = [];
    for (const t of plan.tasks) for await (const b of table.read(t)) rows.push(b);
    expect(rows.reduce((n, b) => n + b.numRows, 0)).toBe(1);
  });

  it('columnMapping id mode and timestampNtz: data-reader-timestamp_ntz-id-mode reads the same rows as the unmapped table', async () => {
    const plain = await readRows(await openDeltaTable(new FsStorage(golden('data-reader-timestamp_ntz'), { readOnly: true })));
    const idMode = await readRows(await openDeltaTable(new FsStorage(golden('data-reader-timestamp_ntz-id-mode'), { readOnly: true })));
    const nameMode = await readRows(await openDeltaTable(new FsStorage(golden('data-reader-timestamp_ntz-name-mode'), { readOnly: true })));
    const text = (r: unknown[]) => r.map((x) => JSON.stringify(x)).sort();
    expect(plain.length).toBeGreaterThan(0);
    expect(text(idMode)).toEqual(text(plain));
    expect(text(nameMode)).toEqual(text(plain));
  });

  it('v2Checkpoint, identityColumns, appendOnly, invariants: checkpoint-v2-table reads at its current version', async () => {
    const table = await openDeltaTable(new FsStorage(fixture('checkpoint-v2-table'), { readOnly: true }));
    expect(table.snapshot.protocol.readerFeatures).toEqual(['v2Checkpoint']);
    expect(table.snapshot.protocol.writerFeatures).toEqual(expect.arrayContaining(['identityColumns', 'appendOnly', 'invariants']));
    expect(await readRows(table)).toHaveLength(44);
  });

  it('vacuumProtocolCheck is acknowledged', async () => {
    const table = await openDeltaTable(new FsStorage(golden('basic-with-vacuum-protocol-check-feature'), { readOnly: true }));
    expect(table.snapshot.protocol.readerFeatures).toContain('vacuumProtocolCheck');
    expect((await readRows(table)).length).toBeGreaterThan(0);
  });
});

describe('unsupported reader features are refused, naming them', () => {
  const protocol = (p: Record<string, unknown>) => ({ protocol: { minReaderVersion: 3, minWriterVersion: 7, writerFeatures: [], ...p } });
  const meta = metaDataAction([{ name: 'x', type: 'integer' }]);

  it('an invented reader feature', async () => {
    const t = await syntheticTable([{ actions: [protocol({ readerFeatures: ['deletionVectors', 'inventedFeature'] }), meta] }]);
    const e = await errorOf(openDeltaTable(t));
    expect(isLakeError(e, 'Unsupported')).toBe(true);
    expect((e as Error).message).toMatch(/^delta protocol: .*'inventedFeature'/);
    expect((e as Error).message).not.toMatch(/deletionVectors/);
  });

  it('variant columns: the feature and the type say clearly that variant is not supported', async () => {
    const e = await errorOf(openDeltaTable(await syntheticTable([{ actions: [protocol({ readerFeatures: ['variantType'] }), meta] }])));
    expect(isLakeError(e, 'Unsupported') && (e as Error).message).toMatch(/'variantType' \(variant columns .* not supported/);
    const t2 = await openDeltaTable(await syntheticTable([{ actions: [protocol({ minReaderVersion: 1, minWriterVersion: 2 }), metaDataAction([{ name: 'v', type: 'variant' }])] }]));
    const e2 = await errorOf(t2.plan({}));
    expect(isLakeError(e2, 'Unsupported') && (e2 as Error).message).toMatch(/column 'v' has type variant/);
  });

  it('a reader version above 3', async () => {
    const e = await errorOf(openDeltaTable(await syntheticTable([{ actions: [protocol({ minReaderVersion: 4 }), meta] }])));
    expect(isLakeError(e, 'Unsupported') && (e as Error).message).toMatch(/reader version 4/);
  });

  it('refuses when a later commit adds an unsupported feature (the protocol of the current version counts)', async () => {
    const t = await syntheticTable([
      { actions: [protocol({ minReaderVersion: 1, minWriterVersion: 2 }), meta] },
      { actions: [protocol({ readerFeatures: ['catalogManaged'] })] },
    ]);
    const e = await errorOf(openDeltaTable(t));
    expect(isLakeError(e, 'Unsupported') && (e as Error).message).toMatch(/'catalogManaged' \(the table is catalog-managed/);
  });
});

/** A one-file table whose Parquet columns have the types in `columns` and whose schema says `fields`. */
function parquet(columns: Parameters<typeof parquetWriteBuffer>[0]['columnData']): Uint8Array {
  return new Uint8Array(parquetWriteBuffer({ columnData: columns }));
}

describe('typeWidening: files written before a type change are read as the wider type', () => {
  it('int→long, int→double, int→decimal(12,2), float→double', async () => {
    const file = parquet([
      { name: 'a', data: Int32Array.from([1, -2]), type: 'INT32' },
      { name: 'b', data: Int32Array.from([3, 4]), type: 'INT32' },
      { name: 'c', data: Int32Array.from([5, -6]), type: 'INT32' },
      { name: 'f', data: Float32Array.from([1.1, 2.5]), type: 'FLOAT' },
    ]);
    const change = (from: string, to: string) => ({ 'delta.typeChanges': [{ fromType: from, toType: to }] });
    const t = await openDeltaTable(await syntheticTable([{
      actions: [
        { protocol: { minReaderVersion: 3, minWriterVersion: 7, readerFeatures: ['typeWidening'], writerFeatures: ['typeWidening'] } },
        metaDataAction([
          { name: 'a', type: 'long', metadata: change('integer', 'long') },
          { name: 'b', type: 'double', metadata: change('integer', 'double') },
          { name: 'c', type: 'decimal(12,2)', metadata: change('integer', 'decimal(12,2)') },
          { name: 'f', type: 'double', metadata: change('float', 'double') },
        ], [], { 'delta.enableTypeWidening': 'true' }),
        addAction('f.parquet', file.length),
      ],
      files: { 'f.parquet': file },
    }]));
    const rows = await readRows(t);
    expect(rows).toEqual([
      { a: 1, b: 3, c: '5.00', f: Math.fround(1.1) },
      { a: -2, b: 4, c: '-6.00', f: 2.5 },
    ]);
  });
});

describe('writer-only features are readable: rowTracking, domainMetadata, inCommitTimestamp, appendOnly, checkConstraints, generatedColumns, identityColumns, icebergCompatV2', () => {
  it('reads the rows, keeps the domains, and time travel by timestamp uses in-commit timestamps', async () => {
    const file = parquet([{ name: 'x', data: Int32Array.from([1, 2, 3]), type: 'INT32' }]);
    const writerFeatures = ['rowTracking', 'domainMetadata', 'inCommitTimestamp', 'appendOnly', 'checkConstraints', 'generatedColumns', 'identityColumns', 'icebergCompatV2', 'columnMapping'];
    const t = await syntheticTable([
      { actions: [
        { commitInfo: { timestamp: 5_000, inCommitTimestamp: 1_000, operation: 'CREATE TABLE' } },
        { protocol: { minReaderVersion: 1, minWriterVersion: 7, writerFeatures } },
        metaDataAction([{ name: 'x', type: 'integer', metadata: { 'delta.generationExpression': '1' } }], [], {
          'delta.enableInCommitTimestamps': 'true', 'delta.inCommitTimestampEnablementVersion': '0', 'delta.enableRowTracking': 'true',
          'delta.constraints.positive': 'x > 0', 'delta.appendOnly': 'true',
        }),
        { domainMetadata: { domain: 'delta.rowTracking', configuration: '{"rowIdHighWaterMark":-1}', removed: false } },
      ] },
      { actions: [
        { commitInfo: { timestamp: 6_000, inCommitTimestamp: 2_000, operation: 'WRITE' } },
        addAction('a.parquet', file.length, { baseRowId: 0, defaultRowCommitVersion: 1 }),
        { domainMetadata: { domain: 'delta.rowTracking', configuration: '{"rowIdHighWaterMark":2}', removed: false } },
        { domainMetadata: { domain: 'user.x', configuration: '{}', removed: false } },
      ], files: { 'a.parquet': file } },
      { actions: [
        { commitInfo: { timestamp: 7_000, inCommitTimestamp: 3_000, operation: 'SET TBLPROPERTIES' } },
        { domainMetadata: { domain: 'user.x', configuration: '{}', removed: true } },
      ] },
    ]);
    const table = await openDeltaTable(t);
    expect((await readRows(table)).map((r) => r.x).sort()).toEqual([1, 2, 3]);
    expect([...table.snapshot.domains.keys()]).toEqual(['delta.rowTracking']);
    expect(table.snapshot.domains.get('delta.rowTracking')!.configuration).toBe('{"rowIdHighWaterMark":2}');
    expect((await table.plan({ asOfTimestampMs: 1_500 })).versionId).toBe('0');
    expect((await table.plan({ asOfTimestampMs: 2_000 })).versionId).toBe('1');
    expect((await openDeltaTable(t, { timestamps: 'commitInfo' }).then((x) => x.plan({ asOfTimestampMs: 6_500 }))).versionId).toBe('1');
    const e = await errorOf(table.plan({ asOfTimestampMs: 999 }));
    expect(isLakeError(e, 'NotFound') && (e as Error).message).toMatch(/earliest is version 0/);
    const versions = await table.versions();
    expect(versions.map((v) => [v.id, v.timestampMs, v.operation])).toEqual([['0', 1000, 'CREATE TABLE'], ['1', 2000, 'WRITE'], ['2', 3000, 'SET TBLPROPERTIES']]);
  });
});
