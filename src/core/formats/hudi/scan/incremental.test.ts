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
import { RowCursor } from '../../../api/row-cursor.ts';
import type { LakeTable } from '../../table-format.ts';

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

describe.skipIf(!FIXTURES_PRESENT)('hudi incremental query through the model (the Data tab\'s "changes since")', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  it('a row cursor with changesSince pages exactly the incremental rows; other formats refuse it', async () => {
    const fx = listFixtures('hudi').find((f) => f.name === 'hudi/mor_v9_txns_simple_nometa')!;
    const vs = fx.expected.versions;
    const [a, b] = [vs[1]!, vs[5]!];
    const before = new Set(a.rows!.map((r) => JSON.stringify(r)));
    const expected = b.rows!.filter((r) => !before.has(JSON.stringify(r)));
    const table = await openHudiTable(new FsStorage(fx.root, { readOnly: true }));
    const cursor = await RowCursor.open(table as unknown as LakeTable, { version: b.id, changesSince: a.id });
    expect(cursor.info.versionId).toBe(b.id);
    const page = await cursor.page(0, 1000);
    expect(page.done).toBe(true);
    expect(page.columns[0]!.name).toBe('_hoodie_commit_time');
    const data = page.rows.map((r) => Object.fromEntries(fx.expected.columns.map((c) => [c, (r as Record<string, unknown>)[c]])));
    expect(canonicalRowsText(data)).toBe(canonicalRowsText(expected));
    expect(expected.length).toBeGreaterThan(0);
    const paimonLike = { ...table, planIncremental: undefined } as unknown as LakeTable;
    await expect(RowCursor.open(paimonLike, { changesSince: a.id })).rejects.toThrow(/offers no incremental read/);
  });
});
