import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { parquetMetadata } from 'hyparquet';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { metaDataAction, readRows, syntheticTable } from '../test-support.test-helper.ts';
import { DeltaTable } from '../table.ts';
import { appendRows } from './append.ts';
import { prepareOptimize } from './optimize.ts';
import { prepareRestore } from './restore.ts';
import { prepareRowChange } from './row-changes.ts';
import { checkWritable, writerFeatures } from './writer-features.ts';

beforeAll(() => installNodeParquetWasm());
const temp = mkdtempSync(join(tmpdir(), 'lakescope-delta-features-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const commitInfo = { commitInfo: { timestamp: 1, operation: 'WRITE' } };

async function table(protocol: Record<string, unknown>, configuration: Record<string, string> = {}, metadata: Record<string, unknown> = {}): Promise<DeltaTable> {
  const storage = await syntheticTable([
    { actions: [commitInfo, { protocol }, metaDataAction([{ name: 'id', type: 'long', metadata }], [], configuration)] },
    { actions: [commitInfo] },
  ]);
  return DeltaTable.open(storage);
}

describe('delta writer features', () => {
  it('legacy writer versions imply their features', () => {
    expect(writerFeatures({ minReaderVersion: 1, minWriterVersion: 2 })).toEqual(['appendOnly', 'invariants']);
    expect(writerFeatures({ minReaderVersion: 2, minWriterVersion: 6 })).toEqual(['appendOnly', 'invariants', 'checkConstraints', 'changeDataFeed', 'generatedColumns', 'columnMapping', 'identityColumns']);
    expect(writerFeatures({ minReaderVersion: 3, minWriterVersion: 7, writerFeatures: ['rowTracking'] })).toEqual(['rowTracking']);
  });

  it('refuses every write to a table with a writer feature it does not implement, naming it', async () => {
    for (const feature of ['rowTracking', 'clustering', 'icebergCompatV2', 'someFutureFeature']) {
      const t = await table({ minReaderVersion: 1, minWriterVersion: 7, writerFeatures: [feature] });
      await expect(prepareOptimize(t)).rejects.toMatchObject({ code: 'Unsupported', context: { feature } });
      await expect(prepareRestore(t, { version: 0n })).rejects.toMatchObject({ code: 'Unsupported', context: { feature } });
      await expect(appendRows(t, [{ id: 1 }])).rejects.toMatchObject({ code: 'Unsupported', context: { feature } });
    }
  });

  it('appendOnly (delta.appendOnly=true) refuses RESTORE and DELETE but allows appends and OPTIMIZE', () => {
    const p = { minReaderVersion: 1, minWriterVersion: 2 };
    const m = { id: 'x', format: { provider: 'parquet', options: {} }, schemaString: '{"type":"struct","fields":[]}', partitionColumns: [], configuration: { 'delta.appendOnly': 'true' } };
    for (const op of ['restore', 'delete', 'update'] as const) expect(() => checkWritable(p, m, op)).toThrow(/appendOnly/);
    for (const op of ['append', 'optimize', 'vacuum'] as const) expect(() => checkWritable(p, m, op)).not.toThrow();
  });

  it('identity, generated and invariant columns block appends only', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['identityColumns', { 'delta.identity.start': 1 }], ['generatedColumns', { 'delta.generationExpression': 'id + 1' }], ['invariants', { 'delta.invariants': '{}' }],
    ];
    for (const [feature, metadata] of cases) {
      const t = await table({ minReaderVersion: 1, minWriterVersion: 7, writerFeatures: [feature] }, {}, metadata);
      await expect(appendRows(t, [{ id: 1 }])).rejects.toMatchObject({ code: 'Unsupported', context: { feature } });
      expect((await prepareOptimize(t)).noop).toBe(true);
    }
  });

  const mapping = listFixtures('delta').find((f) => f.name === 'delta/table_with_column_mapping');
  it.skipIf(!mapping)(`column mapping (name mode, Databricks-written fixture): append, DELETE, UPDATE and OPTIMIZE write physical names and read back exactly ${mapping ? '' : FIXTURES_SKIP_REASON}`, async () => {
    const dir = join(temp, 'mapping');
    cpSync(mapping!.root, dir, { recursive: true });
    const t = await DeltaTable.open(new FsStorage(dir));
    const schema = JSON.parse(t.snapshot.metadata.schemaString) as { fields: { name: string; metadata: Record<string, unknown> }[] };
    const phys = Object.fromEntries(schema.fields.map((f) => [f.name, f.metadata['delta.columnMapping.physicalName'] as string]));
    const key = (r: Record<string, unknown>) => JSON.stringify([r['Company Very Short'], r['Super Name']]);
    let want = mapping!.expected.versions[0]!.rows!.map((r) => key(r as Record<string, unknown>));
    const read = async () => (await readRows(t)).map(key).sort();

    const r = await appendRows(t, [{ 'Company Very Short': 'BME', 'Super Name': 'Ada' }, { 'Company Very Short': 'NEW', 'Super Name': 'Grace' }]);
    want = [...want, key({ 'Company Very Short': 'BME', 'Super Name': 'Ada' }), key({ 'Company Very Short': 'NEW', 'Super Name': 'Grace' })];
    expect(await read()).toEqual([...want].sort());
    // The log and the files speak physical names only (PROTOCOL.md "Column Mapping"): partition values, stats, Parquet columns.
    for (const f of r.files) {
      expect(Object.keys(f.add.partitionValues as object)).toEqual([phys['Company Very Short']]);
      expect(Object.keys((JSON.parse(f.add.stats as string) as { minValues: object }).minValues)).toEqual([phys['Super Name']]);
      const footer = parquetMetadata(new Uint8Array(readFileSync(join(dir, f.key))).buffer);
      expect(footer.schema.slice(1).map((c) => [c.name, c.field_id])).toEqual([[phys['Super Name'], 2]]);
    }
    await (await prepareRowChange(t, { where: `"Super Name" = 'Nathan Bennett' or "Super Name" = 'Grace'` })).apply();
    want = want.filter((k) => !k.includes('Nathan Bennett') && !k.includes('Grace'));
    expect(await read()).toEqual([...want].sort());
    await (await prepareRowChange(t, { where: `"Super Name" = 'Ada'`, set: { 'Super Name': 'Ada L.' } })).apply();
    want = want.map((k) => k.replace('"Ada"', '"Ada L."'));
    expect(await read()).toEqual([...want].sort());
    await (await prepareOptimize(t)).apply();
    expect(await read()).toEqual([...want].sort());
    // Opened afresh from storage alone.
    expect((await readRows(await DeltaTable.open(new FsStorage(dir)))).map(key).sort()).toEqual([...want].sort());
  });

  it('column mapping: id mode and nested columns under name mode are refused for writes that write files, naming columnMapping', () => {
    const p = { minReaderVersion: 2, minWriterVersion: 5 };
    const m = (mode: string, type: unknown) => ({ id: 'x', format: { provider: 'parquet', options: {} }, partitionColumns: [], configuration: { 'delta.columnMapping.mode': mode },
      schemaString: JSON.stringify({ type: 'struct', fields: [{ name: 'a', type, nullable: true, metadata: { 'delta.columnMapping.id': 1, 'delta.columnMapping.physicalName': 'col-1' } }] }) });
    for (const op of ['append', 'delete', 'update', 'optimize'] as const) {
      expect(() => checkWritable(p, m('id', 'long'), op)).toThrow(/columnMapping.*mode 'id'/);
      expect(() => checkWritable(p, m('name', { type: 'struct', fields: [] }), op)).toThrow(/column 'a' is nested/);
      expect(() => checkWritable(p, m('name', 'long'), op)).not.toThrow();
    }
    for (const op of ['restore', 'vacuum', 'checkpoint'] as const) expect(() => checkWritable(p, m('id', 'long'), op)).not.toThrow();
  });

  it('refuses writes to read-only storage', async () => {
    const fx = listFixtures('delta')[0];
    if (!fx) return;
    const t = await DeltaTable.open(new FsStorage(fx.root, { readOnly: true }));
    await expect(prepareOptimize(t)).rejects.toThrow(/read-only/);
  });
});
