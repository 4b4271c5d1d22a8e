import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLakeError } from '../errors.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, type FixtureFormat, listFixtures } from '../../testing/fixtures.ts';
import type { Progress } from './progress.ts';
import { MapStorage } from './map-storage.test-support.ts';
import { scanWarehouse } from './scan-warehouse.ts';

const FORMATS: FixtureFormat[] = ['iceberg', 'delta', 'paimon', 'hudi'];

/** The fixtures folder as a Storage (keys relative to it), read through node:fs. */
function fixturesStorage(pageSize?: number): MapStorage {
  const entries: [string, Uint8Array][] = [];
  const walk = (dir: string): void => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, d.name);
      if (d.isDirectory()) walk(p);
      else entries.push([relative(FIXTURES_DIR, p).split('\\').join('/'), readFileSync(p)]);
    }
  };
  // Only the four folders of the 22 engine-written tables: shared/fixtures also holds further sets
  // (delta-golden, hudi-more, *-orc, …) whose counts this test does not pin.
  for (const f of FORMATS) walk(join(FIXTURES_DIR, f));
  return new MapStorage(entries, { description: 'fixtures', pageSize });
}

describe.skipIf(!FIXTURES_PRESENT)('scanWarehouse over the shared fixtures', () => {
  if (!FIXTURES_PRESENT) console.warn(FIXTURES_SKIP_REASON);

  it('finds all 22 engine-written tables with the right formats and roots', async () => {
    const storage = fixturesStorage();
    const expected = FORMATS.flatMap((f) => listFixtures(f))
      .map((fx) => ({ root: `${relative(FIXTURES_DIR, fx.root)}/`, format: fx.format }))
      .sort((a, b) => (a.root < b.root ? -1 : 1));
    expect(expected).toHaveLength(22);
    const scan = await scanWarehouse(storage);
    expect(scan.tables.map((t) => ({ root: t.root, format: t.format }))).toEqual(expected);
    // The Delta table that sits one level down (its parent also holds an `expected/` parquet folder).
    expect(scan.tables.find((t) => t.root.startsWith('delta/dv-partitioned'))?.root).toBe('delta/dv-partitioned-with-checkpoint/delta/');
    expect(scan.folders.map((f) => f.prefix)).toContain('delta/dv-partitioned-with-checkpoint/expected/');
    // Evidence names a real key of the right kind.
    for (const t of scan.tables) {
      expect(t.evidence.startsWith(t.root), t.root).toBe(true);
      await expect(storage.head(t.evidence)).resolves.toBeTruthy();
    }
  });

  it('never descends into a table root and stays cheap', async () => {
    const storage = fixturesStorage();
    const scan = await scanWarehouse(storage);
    const listed = storage.calls.filter((c) => c.startsWith('list ')).map((c) => c.slice(5).replace(/ \/$/, ''));
    for (const t of scan.tables) {
      // Inside a table only the marker folder itself is ever listed.
      const inside = listed.filter((p) => p.startsWith(t.root) && p !== t.root);
      expect(inside.every((p) => /^(_delta_log\/0|metadata\/|snapshot\/snapshot-)$/.test(p.slice(t.root.length))), `${t.root}: ${inside.join(', ')}`).toBe(true);
    }
    // 22 tables × (folder listing + one confirmation) + a handful of plain folders.
    expect(scan.requests).toBe(storage.calls.length);
    expect(scan.requests).toBeLessThan(22 * 2 + 12);
  });

  it('gives the same answer when every listing comes in pages of 3 entries', async () => {
    const small = await scanWarehouse(fixturesStorage(3));
    const normal = await scanWarehouse(fixturesStorage());
    expect(small.tables).toEqual(normal.tables);
  });

  it('reports progress with growing totals and stops at maxDepth', async () => {
    const events: Progress[] = [];
    const scan = await scanWarehouse(fixturesStorage(), { onProgress: (p) => events.push(p) });
    expect(events.length).toBe(scan.tables.length + scan.folders.filter((f) => !f.notDescended).length);
    expect(events.at(-1)?.done).toBe(events.at(-1)?.total);
    expect(events.every((e) => e.phase === 'scan' && e.done <= (e.total ?? 0))).toBe(true);

    const shallow = await scanWarehouse(fixturesStorage(), { maxDepth: 1 });
    expect(shallow.tables).toEqual([]);
    expect(shallow.folders.filter((f) => f.notDescended).map((f) => f.prefix)).toContain('iceberg/v2_spark_position_deletes/');
    const two = await scanWarehouse(fixturesStorage(), { maxDepth: 2 });
    expect(two.tables).toHaveLength(21); // all but the Delta table one level deeper
  });

  it('starts from a sub-folder and rejects with Aborted mid-way', async () => {
    const sub = await scanWarehouse(fixturesStorage(), { root: 'paimon' });
    expect(sub.tables.map((t) => t.format)).toEqual(['paimon', 'paimon', 'paimon', 'paimon']);
    const ac = new AbortController();
    const err = await scanWarehouse(fixturesStorage(), {
      signal: ac.signal,
      onProgress: (p) => { if (p.done === 3) ac.abort(); },
    }).catch((e: unknown) => e);
    expect(isLakeError(err, 'Aborted')).toBe(true);
  });
});
