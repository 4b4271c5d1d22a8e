import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { metaDataAction, syntheticTable } from '../test-support.test-helper.ts';
import { DeltaTable } from '../table.ts';
import { appendRows } from './append.ts';
import { prepareOptimize } from './optimize.ts';
import { prepareRestore } from './restore.ts';
import { checkWritable, writerFeatures } from './writer-features.ts';

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
  it.skipIf(!mapping)(`the column-mapping fixture is refused naming columnMapping ${mapping ? '' : FIXTURES_SKIP_REASON}`, async () => {
    const dir = join(temp, 'mapping');
    cpSync(mapping!.root, dir, { recursive: true });
    const t = await DeltaTable.open(new FsStorage(dir));
    await expect(prepareOptimize(t)).rejects.toThrow(/writer feature 'columnMapping'/);
    await expect(appendRows(t, [])).rejects.toMatchObject({ code: 'Unsupported', context: { feature: 'columnMapping' } });
  });

  it('refuses writes to read-only storage', async () => {
    const fx = listFixtures('delta')[0];
    if (!fx) return;
    const t = await DeltaTable.open(new FsStorage(fx.root, { readOnly: true }));
    await expect(prepareOptimize(t)).rejects.toThrow(/read-only/);
  });
});
