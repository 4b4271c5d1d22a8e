/**
 * The golden test: every Hudi fixture, every version in its expected file, read through the whole
 * engine (hoodie.properties, timeline, file system view by listing, base files, Avro log blocks merged by
 * record key) and compared in canonical row form without the `_hoodie_*` columns.
 */
import type { RecordBatch } from 'apache-arrow';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows, canonicalRowsText } from '../../arrow/index.ts';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../testing/fixtures.ts';
import { openHudiTable } from './index.ts';

const fixtures = listFixtures('hudi');

beforeAll(() => installNodeParquetWasm());

describe.skipIf(!FIXTURES_PRESENT)('golden: every Hudi fixture at every version', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  it('finds the 4 Hudi fixtures with 19 versions', () => {
    expect(fixtures.map((f) => f.name)).toHaveLength(4);
    expect(fixtures.reduce((n, f) => n + f.expected.versions.length, 0)).toBe(19);
  });

  for (const fx of fixtures) {
    describe(fx.name, () => {
      it('versions: ids, timestamps, operations, current, columns', async () => {
        const table = await openHudiTable(new FsStorage(fx.root, { readOnly: true }));
        const versions = await table.versions();
        expect(versions.map((v) => ({ id: v.id, timestampMs: v.timestampMs, operation: v.operation })))
          .toEqual(fx.expected.versions.map((v) => ({ id: v.id, timestampMs: v.timestampMs, operation: v.operation })));
        expect(versions.filter((v) => v.isCurrent).map((v) => v.id)).toEqual([fx.expected.current]);
        expect(table.columnNames()).toEqual(fx.expected.columns);
      });
      it('time travel by timestamp: each version\'s own time selects it, a millisecond earlier the one before', async () => {
        const table = await openHudiTable(new FsStorage(fx.root, { readOnly: true }));
        const vs = fx.expected.versions;
        for (const [k, v] of vs.entries()) {
          expect((await table.plan({ asOfTimestampMs: v.timestampMs })).versionId).toBe(v.id);
          const before = table.plan({ asOfTimestampMs: v.timestampMs - 1 });
          if (k === 0) await expect(before).rejects.toMatchObject({ code: 'NotFound' });
          else expect((await before).versionId).toBe(vs[k - 1]!.id);
        }
      });
      for (const v of fx.expected.versions) {
        it(`version ${v.id} (${v.operation}): ${v.rowCount} rows`, async () => {
          const table = await openHudiTable(new FsStorage(fx.root, { readOnly: true }));
          const plan = await table.plan({ version: v.id });
          const batches: RecordBatch[] = [];
          for (const task of plan.tasks) for await (const b of table.read(task)) batches.push(b);
          const rows = canonicalRows(batches, { columns: plan.columns });
          expect(canonicalRowsText(rows)).toBe(canonicalRowsText(v.rows ?? []));
          expect(rows.length).toBe(v.rowCount);
          expect(table.readWarnings).toEqual([]);
        });
      }
    });
  }
});
