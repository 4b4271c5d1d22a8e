/**
 * A deep link's table opened in the worker right after connect (engine-linked.ts), through the real worker
 * protocol on the Iceberg fixtures: posted together with connect, it opens the table connect's listing names
 * at the root, under the ids a plain openTable would give, and answers null where there is nothing to open.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LakeError } from '../core/errors.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../testing/fixtures.ts';
import { fixtureEngineClients } from './fixture-engine.test-support.ts';

const setup = fixtureEngineClients();

describe.skipIf(!FIXTURES_PRESENT)('the linked table, opened in the worker after connect', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  const warehouse = () => new FsStorage(join(FIXTURES_DIR, 'iceberg'), { readOnly: true });
  const fx = listFixtures('iceberg').find((f) => f.name === 'iceberg/v2_spark_position_deletes');
  const spec = { kind: 'url', url: 'https://lake/' } as const;

  it('is posted with connect, before its answer, and opens the table at the root as openTable would', async () => {
    const engine = setup(warehouse());
    // Both calls leave before either answers, as the page's entry sends them.
    const connecting = engine.connect(spec);
    const linking = engine.openLinkedTable({ spec, root: 'v2_spark_position_deletes/' });
    const [c, linked] = await Promise.all([connecting, linking]);
    expect(linked).not.toBeNull();
    expect(linked).toMatchObject({ warehouseId: c.warehouseId, root: 'v2_spark_position_deletes/', format: 'iceberg' });
    // The versions the fixture's expected file lists (written by the engine that made the table).
    expect(linked!.overview.versions.map((v) => v.id)).toEqual(fx!.expected.versions.map((v) => v.id));
    // The same table (same id) the page's own openTable call then finds, with the same overview.
    const again = await engine.openTable({ warehouseId: c.warehouseId, root: 'v2_spark_position_deletes/', format: 'iceberg' });
    expect(again.tableId).toBe(linked!.tableId);
    expect(again.overview).toEqual(linked!.overview);
  });

  it('answers null for a root without a table, a connection never made, or a failed connect', async () => {
    const engine = setup(warehouse());
    const connecting = engine.connect(spec);
    expect(await engine.openLinkedTable({ spec, root: 'no-such-table/' })).toBeNull();
    expect(await engine.openLinkedTable({ spec: { kind: 'url', url: 'https://other/' }, root: 'v2_spark_position_deletes/' })).toBeNull();
    await connecting;
    // A presigned list is never a deep link (it holds secrets): nothing is remembered for it.
    expect(await engine.openLinkedTable({ spec: { kind: 'presigned', urls: ['https://h/a?sig=1'] }, root: '' })).toBeNull();

    const failing = setup({ description: 'broken', writable: false,
      list: async () => { throw new LakeError('Io', 'test: listing failed'); } } as unknown as FsStorage);
    const failed = failing.connect(spec);
    const linked = failing.openLinkedTable({ spec, root: 'v2_spark_position_deletes/' });
    await expect(failed).rejects.toMatchObject({ code: 'Io' });
    expect(await linked).toBeNull();
  });
});
