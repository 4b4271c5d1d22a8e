/**
 * The golden test: every Iceberg fixture, every version in its expected file, read through the whole
 * engine (discovery, re-rooting, planning, deletes, projection) and compared in canonical row form.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordBatch } from 'apache-arrow';
import { canonicalRows, canonicalRowsText, rowsSha256 } from '../../arrow/canonical.ts';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../testing/fixtures.ts';
import { openIcebergTable } from './index.ts';

const fixtures = listFixtures('iceberg');

beforeAll(() => installNodeParquetWasm());

describe.skipIf(!FIXTURES_PRESENT)('golden: every Iceberg fixture at every version', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  it('finds the 8 Iceberg fixtures', () => expect(fixtures.map((f) => f.name)).toHaveLength(8));

  for (const fx of fixtures) {
    describe(fx.name, () => {
      it('current version and columns', async () => {
        const table = await openIcebergTable(new FsStorage(fx.root, { readOnly: true }));
        expect(String(table.metadata.currentSnapshotId)).toBe(fx.expected.current);
        expect(table.columnNames()).toEqual(fx.expected.columns);
        expect(table.relocatedFrom).toBe(table.location);
        expect((await table.versions()).map((v) => v.id)).toEqual(fx.expected.versions.map((v) => v.id));
      });
      for (const v of fx.expected.versions) {
        it(`version ${v.id} (${v.operation}): ${v.rowCount} rows`, async () => {
          const table = await openIcebergTable(new FsStorage(fx.root, { readOnly: true }));
          const plan = await table.planScan({ version: v.id });
          const batches: RecordBatch[] = [];
          for (const task of plan.tasks) for await (const b of table.read(task)) batches.push(b);
          const rows = canonicalRows(batches, { columns: plan.columns });
          expect(rows.length).toBe(v.rowCount);
          if (v.rows) expect(canonicalRowsText(rows)).toBe(canonicalRowsText(v.rows));
          else expect(await rowsSha256(rows)).toBe(v.rowsSha256);
          const snapshot = table.resolveVersion({ version: v.id }).snapshot;
          expect(snapshot.timestampMs).toBe(v.timestampMs);
        });
      }
    });
  }
});
