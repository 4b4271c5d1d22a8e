/**
 * The golden test: every Delta fixture, every version in its expected file, read through the whole
 * engine (log listing, checkpoints, replay, deletion vectors, column mapping, partition values) and
 * compared in canonical row form — rows, or their SHA-256 where the expected file gives only the hash.
 */
import type { RecordBatch } from 'apache-arrow';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows, canonicalRowsText, rowsSha256 } from '../../arrow/index.ts';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../testing/fixtures.ts';
import { openDeltaTable } from './index.ts';

const fixtures = listFixtures('delta');

beforeAll(() => installNodeParquetWasm());

describe.skipIf(!FIXTURES_PRESENT)('golden: every Delta fixture at every version', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  it('finds the 6 Delta fixtures with 78 versions', () => {
    expect(fixtures.map((f) => f.name)).toHaveLength(6);
    expect(fixtures.reduce((n, f) => n + f.expected.versions.length, 0)).toBe(78);
  });

  for (const fx of fixtures) {
    describe(fx.name, () => {
      it('versions: ids, commitInfo timestamps, operations, current, columns', async () => {
        const table = await openDeltaTable(new FsStorage(fx.root, { readOnly: true }));
        const versions = await table.versions();
        expect(versions.map((v) => ({ id: v.id, timestampMs: v.timestampMs, operation: v.operation })))
          .toEqual(fx.expected.versions.map((v) => ({ id: v.id, timestampMs: v.timestampMs, operation: v.operation })));
        expect(versions.filter((v) => v.isCurrent).map((v) => v.id)).toEqual([fx.expected.current]);
        expect(table.columnNames()).toEqual(fx.expected.columns);
      });
      for (const v of fx.expected.versions) {
        it(`version ${v.id} (${v.operation}): ${v.rowCount} rows`, async () => {
          const table = await openDeltaTable(new FsStorage(fx.root, { readOnly: true }));
          const plan = await table.plan({ version: v.id });
          const batches: RecordBatch[] = [];
          for (const task of plan.tasks) for await (const b of table.read(task)) batches.push(b);
          const rows = canonicalRows(batches, { columns: plan.columns });
          expect(rows.length).toBe(v.rowCount);
          if (v.rows) expect(canonicalRowsText(rows)).toBe(canonicalRowsText(v.rows));
          else expect(await rowsSha256(rows)).toBe(v.rowsSha256);
        });
      }
    });
  }
});
