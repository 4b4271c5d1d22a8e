/**
 * Incremental queries between consecutive versions of every Hudi fixture equal the rows of the later
 * version that are new or changed against the earlier one (deletes excluded) — computed here from the
 * expected files, not from the reader.
 */
import type { RecordBatch } from 'apache-arrow';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows, canonicalRowsText } from '../../../arrow/index.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { openHudiTable } from '../index.ts';

beforeAll(() => installNodeParquetWasm());

describe.skipIf(!FIXTURES_PRESENT)('hudi incremental query between consecutive instants', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  for (const fx of listFixtures('hudi')) {
    const vs = fx.expected.versions;
    for (let k = 1; k < vs.length; k++) {
      const [a, b] = [vs[k - 1]!, vs[k]!];
      it(`${fx.name}: (${a.id}, ${b.id}] = rows of ${b.id} new or changed since ${a.id}`, async () => {
        const before = new Set(a.rows!.map((r) => JSON.stringify(r)));
        const expected = b.rows!.filter((r) => !before.has(JSON.stringify(r)));
        const table = await openHudiTable(new FsStorage(fx.root, { readOnly: true }));
        const batches: RecordBatch[] = [];
        for await (const batch of table.readIncremental({ begin: a.id, end: b.id })) batches.push(batch);
        const rows = canonicalRows(batches);
        for (const r of rows) expect(String(r._hoodie_commit_time) > a.id && String(r._hoodie_commit_time) <= b.id).toBe(true);
        const data = canonicalRows(batches, { columns: fx.expected.columns });
        expect(canonicalRowsText(data)).toBe(canonicalRowsText(expected));
      });
    }
  }
});
