/**
 * `changes(a, b)` (issue 15 acceptance): between consecutive versions of every fixture with explicit
 * expected rows the change log's net effect equals the expected-rows difference (and, where derived,
 * its inserts and deletes are exactly that difference); Delta reads its change data feed (source
 * `format`), with update pre/post images on delta-cdf/cdf-table, and on every delta-cdf table the feed
 * and the derived log have the same net effect.
 */
import { multisetMinus as minus } from '../../../testing/multiset.ts';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LakeTable } from '../../formats/table-format.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../testing/fixtures.ts';
import { GOLDEN_FORMATS, goldenFixtures, openFixture } from '../../../testing/golden.ts';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { TABLE_READERS } from '../table-formats.ts';
import { changes } from './changes.ts';
import type { ChangeLogDto } from './diff-dto.ts';

installNodeParquetWasm();


/** The log's net effect: rows it adds and rows it takes away, identical ones cancelled. */
function net(log: ChangeLogDto): { added: string[]; removed: string[] } {
  const plus = log.rows.filter((r) => r.changeType === 'insert' || r.changeType === 'update-after').map((r) => JSON.stringify(r.row));
  const minusRows = log.rows.filter((r) => r.changeType === 'delete' || r.changeType === 'update-before').map((r) => JSON.stringify(r.row));
  return { added: minus(plus, minusRows), removed: minus(minusRows, plus) };
}

const rowsText = (rows: readonly unknown[] | undefined) => (rows ?? []).map((r) => JSON.stringify(r));

/**
 * The rows after applying the log to `start` in order: without `upsertKey` as a multiset (inserts and
 * update-afters add, deletes and update-befores remove); with it by key (an insert replaces the row of its
 * key, a delete removes it) — the model's contract for logs without before images.
 */
function applyLog(log: ChangeLogDto, start: readonly string[]): string[] {
  const adds = (t: string) => t === 'insert' || t === 'update-after';
  if (!log.upsertKey) {
    return minus([...start, ...log.rows.filter((r) => adds(r.changeType)).map((r) => JSON.stringify(r.row))], log.rows.filter((r) => !adds(r.changeType)).map((r) => JSON.stringify(r.row))).sort();
  }
  const keyOf = (row: Record<string, unknown>) => JSON.stringify(log.upsertKey!.map((k) => row[k]));
  const state = new Map(start.map((t) => [keyOf(JSON.parse(t) as Record<string, unknown>), t]));
  for (const r of log.rows) {
    if (adds(r.changeType)) state.set(keyOf(r.row), JSON.stringify(r.row));
    else state.delete(keyOf(r.row));
  }
  return [...state.values()].sort();
}

describe.skipIf(!FIXTURES_PRESENT)('changes between consecutive versions = expected-rows difference', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  for (const g of GOLDEN_FORMATS) {
    for (const fx of goldenFixtures(g)) {
      const ev = fx.expected.versions;
      if (ev.length < 2 || !ev.every((v) => v.rows)) continue;
      it(`${fx.name}: ${ev.length - 1} steps`, async () => {
        const table = await openFixture(fx);
        const schemaIds = new Map((await table.versions()).map((v) => [v.id, v.schemaId]));
        for (let i = 0; i + 1 < ev.length; i++) {
          if (schemaIds.get(ev[i]!.id) !== schemaIds.get(ev[i + 1]!.id)) continue; // a schema change: covered by the row diff test
          const log = await changes(table, { version: ev[i]!.id }, { version: ev[i + 1]!.id });
          const a = rowsText(ev[i]!.rows);
          const b = rowsText(ev[i + 1]!.rows);
          const want = { added: minus(b, a), removed: minus(a, b) };
          expect(applyLog(log, a), `${ev[i]!.id} → ${ev[i + 1]!.id}`).toEqual([...b].sort());
          if (!log.upsertKey) expect(net(log), `${ev[i]!.id} → ${ev[i + 1]!.id}`).toEqual(want);
          expect(log.versions).toEqual([ev[i + 1]!.id]);
          expect(log.rows.every((r) => r.version === ev[i + 1]!.id)).toBe(true);
          // The format's own log where it holds the version; derived (and said so) where not.
          if (!table.changeLog) expect(log.source).toBe('derived');
          expect(log.source === 'derived').toBe(log.derivedVersions.length === log.versions.length);
          if (log.source === 'derived') {
            // Derived: exactly the difference, updates paired by the table's key where it has one.
            const ins = log.rows.filter((r) => r.changeType !== 'delete' && r.changeType !== 'update-before').map((r) => JSON.stringify(r.row)).sort();
            const del = log.rows.filter((r) => r.changeType === 'delete' || r.changeType === 'update-before').map((r) => JSON.stringify(r.row)).sort();
            expect({ added: ins, removed: del }).toEqual(want);
          }
        }
        // The whole history in one call: its net effect is the difference of the first and last versions.
        const all = await changes(table, { version: ev[0]!.id }, { version: ev.at(-1)!.id });
        if (ev.every((v) => schemaIds.get(v.id) === schemaIds.get(ev[0]!.id))) {
          expect(applyLog(all, rowsText(ev[0]!.rows))).toEqual(rowsText(ev.at(-1)!.rows).sort());
        }
        expect(all.versions).toEqual(ev.slice(1).map((v) => v.id));
      }, 120_000);
    }
  }
});

const CDF = ['cdf-table', 'cdf-table-data-change', 'cdf-table-delete-conditional-two-rows', 'cdf-table-non-partitioned', 'cdf-table-partitioned',
  'cdf-table-simple', 'cdf-table-update-ops', 'cdf-table-with-cdc-and-dvs', 'cdf-table-with-dv', 'cdf-column-mapping-name-mode'];

/**
 * Commits that wrote change data files and no add/remove ("Manual Update" in the kernel's synthetic
 * tables): the feed records changes the table's state never shows, so there is nothing to derive.
 */
const CDC_ONLY: Readonly<Record<string, readonly string[]>> = { 'cdf-table-simple': ['2'], 'cdf-table-update-ops': ['1', '2'] };

async function openCdf(name: string): Promise<LakeTable> {
  return TABLE_READERS.delta!.open(new FsStorage(join(FIXTURES_DIR, 'delta-cdf', name), { readOnly: true }));
}

describe.skipIf(!FIXTURES_PRESENT)('delta: changes read the change data feed', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('cdf-table: update pre/post images from the change data files, as the model\'s update-before/update-after', async () => {
    const table = await openCdf('cdf-table');
    const log = await changes(table, { version: '0' }, { version: '3' });
    expect(log).toMatchObject({ source: 'format', sourceName: 'Delta change data feed', versions: ['1', '2', '3'] });
    const facts = log.rows.map((r) => JSON.stringify([...Object.values(r.row), r.changeType, r.version])).sort();
    // delta-kernel-rs kernel/tests/integration/features/cdf.rs (also src/core/formats/delta/scan/changes.test.ts)
    expect(facts).toEqual([
      [3, 'Dave', '2023-12-22', 'update-after', '1'], [3, 'Dave', '2023-12-23', 'update-before', '1'],
      [4, 'Kate', '2023-12-22', 'update-after', '1'], [4, 'Kate', '2023-12-23', 'update-before', '1'],
      [2, 'Bob', '2023-12-22', 'update-after', '1'], [2, 'Bob', '2023-12-23', 'update-before', '1'],
      [7, 'Dennis', '2023-12-24', 'update-before', '2'], [7, 'Dennis', '2023-12-29', 'update-after', '2'],
      [5, 'Emily', '2023-12-24', 'update-before', '2'], [5, 'Emily', '2023-12-29', 'update-after', '2'],
      [6, 'Carl', '2023-12-24', 'update-before', '2'], [6, 'Carl', '2023-12-29', 'update-after', '2'],
      [7, 'Dennis', '2023-12-29', 'delete', '3'],
    ].map((r) => JSON.stringify(r)).sort());
  });

  for (const name of CDF) {
    it(`${name}: the feed and the derived log have the same net effect at every step`, async () => {
      const table = await openCdf(name);
      const versions = await table.versions();
      for (let i = 0; i + 1 < versions.length; i++) {
        const from = { version: versions[i]!.id };
        const to = { version: versions[i + 1]!.id };
        const feed = await changes(table, from, to);
        expect(feed.source).toBe('format');
        if (CDC_ONLY[name]?.includes(to.version)) { expect(feed.rows.length).toBeGreaterThan(0); continue; }
        const derived = await changes(table, from, to, { derive: true });
        expect(feed.source).toBe('format');
        expect(derived.source).toBe('derived');
        expect(net(feed), `${from.version} → ${to.version}`).toEqual(net(derived));
      }
    }, 60_000);
  }
});
